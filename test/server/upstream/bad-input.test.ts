/**
 * Bad input over real HTTP gets a clear 4xx with an error code and leaves the store unchanged:
 * wrong types, unknown fields, invalid JSON, oversized bodies, unknown permission keys and levels,
 * malformed permission strings, protected roles.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { JSON_BODY_LIMIT_BYTES } from "../../../server/upstream/app.ts";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { type Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;

before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
});
after(async () => upstream.close());

async function roles(): Promise<unknown> {
  const reply = await owner.get("/api/Roles");
  assert.equal(reply.status, 200);
  return reply.body;
}

test("roles: unknown keys, unknown levels and malformed strings get 400 InvalidPermissionString; nothing is stored", async () => {
  const before = await roles();
  const bad = [
    "Dashboards_rw;Spaceships_r",
    "Dashboards_x",
    "Dashboards_R",
    "Dashboards",
    "Dashboards_rw Reports_r",
    "Dashboards_rw,Reports_r",
    "Reports_r;Reports_rw",
    "DataHook_r;DataHooks_r",
    "__proto___r",
  ];
  for (const permissions of bad) {
    const reply = await owner.post("/api/Roles", {
      Name: `Bad ${permissions}`.slice(0, 80),
      Permissions: permissions,
    });
    assert.equal(reply.status, 400, permissions);
    assert.equal(reply.body.ErrorCode, ErrorCode.InvalidPermissionString, permissions);
    assert.match(reply.body.Message, /Permission entry ".+"/);
  }
  const analyst = ((await owner.get("/api/Roles")).body as { RecId: number; Name: string }[]).find(
    (role) => role.Name === "Analyst",
  );
  assert.ok(analyst);
  const change = await owner.put(`/api/Roles/${analyst.RecId}`, { Permissions: "Dashboards_rw;Nope_r" });
  assert.equal(change.body.ErrorCode, ErrorCode.InvalidPermissionString);
  assert.deepEqual(await roles(), before);
});

test("roles: aliases are stored canonical; names are unique per account; the owner role and assigned roles are protected", async () => {
  const created = await owner.post("/api/Roles", {
    Name: "Hooks",
    Permissions: "DataHook_rw; DataLoader_r;",
  });
  assert.equal(created.status, 201);
  assert.equal(created.body.Permissions, "DataHooks_rw;DataLoaders_r");
  const duplicate = await owner.post("/api/Roles", { Name: "hooks", Permissions: "" });
  assert.equal(duplicate.status, 409);
  assert.equal(duplicate.body.ErrorCode, ErrorCode.NameTaken);
  const before = await roles();
  const list = before as { RecId: number; Name: string; IsOwner: boolean }[];
  const ownerRole = list.find((role) => role.IsOwner);
  const analyst = list.find((role) => role.Name === "Analyst");
  assert.ok(ownerRole && analyst);
  assert.equal((await owner.put(`/api/Roles/${ownerRole.RecId}`, { Permissions: "" })).status, 409);
  assert.equal((await owner.delete(`/api/Roles/${ownerRole.RecId}`)).status, 409);
  const inUse = await owner.delete(`/api/Roles/${analyst.RecId}`);
  assert.equal(inUse.status, 409);
  assert.equal(inUse.body.ErrorCode, ErrorCode.Conflict);
  assert.equal((await owner.put(`/api/Roles/${analyst.RecId}`, { Name: "   " })).status, 400);
  assert.equal((await owner.put(`/api/Roles/${analyst.RecId}`, {})).status, 400);
  assert.deepEqual(await roles(), before);
  assert.equal((await owner.delete(`/api/Roles/${created.body.RecId}`)).status, 204);
});

test("wrong types, unknown fields and invalid JSON get 400 with an error code; nothing changes", async () => {
  const before = await roles();
  const cases: [unknown, number][] = [
    [{ Name: 42, Permissions: "" }, ErrorCode.InvalidRequest],
    [{ Name: "x", Permissions: ["Dashboards_r"] }, ErrorCode.InvalidRequest],
    [{ Name: "x" }, ErrorCode.InvalidRequest],
    [{ Name: "x", Permissions: "", IsOwner: true }, ErrorCode.InvalidRequest],
    [[], ErrorCode.InvalidRequest],
    ["{not json", ErrorCode.InvalidJson],
    ['{"Name":"x","Permissions":"","__proto__":{"IsOwner":true}}', ErrorCode.InvalidJson],
  ];
  for (const [body, code] of cases) {
    const reply =
      typeof body === "string"
        ? await owner.request("POST", "/api/Roles", body, { "content-type": "application/json" })
        : await owner.post("/api/Roles", body);
    assert.equal(reply.status, 400, JSON.stringify(body));
    assert.equal(reply.body.ErrorCode, code, JSON.stringify(body));
    assert.equal(typeof reply.body.Message, "string");
  }
  const login = await owner
    .as(undefined)
    .post("/api/Login", { Email: "owner@northwind.example", Password: 12345678 });
  assert.equal(login.status, 400);
  assert.match(login.body.Message, /body\/Password must be string/);
  assert.equal((await owner.get("/api/Roles/not-a-number")).status, 400);
  assert.equal(
    (
      await owner.request("POST", "/api/Roles", "Name=x", {
        "content-type": "application/x-www-form-urlencoded",
      })
    ).status,
    415,
  );
  assert.deepEqual(await roles(), before);
});

test("oversized bodies get 413 BodyTooLarge", async () => {
  const huge = { Name: "big", Permissions: "x".repeat(JSON_BODY_LIMIT_BYTES) };
  const reply = await owner.post("/api/Roles", huge);
  assert.equal(reply.status, 413);
  assert.equal(reply.body.ErrorCode, ErrorCode.BodyTooLarge);
  const login = await owner
    .as(undefined)
    .post("/api/Login", { Email: "a@b.example", Password: "p".repeat(JSON_BODY_LIMIT_BYTES) });
  assert.equal(login.status, 413);
});

test("unknown routes get 404 RouteNotFound; paths are case-insensitive and ignore a trailing slash", async () => {
  const reply = await owner.get("/api/Nope");
  assert.equal(reply.status, 404);
  assert.equal(reply.body.ErrorCode, ErrorCode.RouteNotFound);
  assert.equal((await owner.get("/api/common/loggedinconfig/")).status, 200);
});

test("errors never carry internals, and responses are not cacheable by default", async () => {
  const reply = await owner.get("/api/Roles/0");
  assert.equal(reply.status, 400);
  assert.deepEqual(Object.keys(reply.body).sort(), ["ErrorCode", "Message"]);
  assert.equal(reply.headers.get("cache-control"), "no-store");
  assert.equal(reply.headers.get("x-content-type-options"), "nosniff");
});
