/**
 * The gateway's user access call `GET /ws/Gateway/UserAccess/{userRecId}` (DESIGN.md §3 "previewed as
 * a given role/account"): only with the service token; for a user, the fields of the LoggedInConfig
 * they get when they sign in that decide access, and their name and e-mail — nothing else; 404 for
 * an unknown or deleted user; a change of their role shows at the next read.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { gatewayUserAccessSchema } from "../../../schemas/payloads/gateway-user-access.ts";
import { OWNER_PERMISSIONS } from "../../../server/upstream/auth/signup-routes.ts";
import { type AdminCallers, assertError, find, ok, startAdmin } from "./admin-fixture.ts";
import { Client, type DemoUser, type Json, signIn } from "./upstream-fixture.ts";

const SERVICE_TOKEN = "user-access-suite-service-token-0123456789abcdef";
const PATH = "/ws/Gateway/UserAccess";
let c: AdminCallers;
let previousToken: string | undefined;
let service: Client;

before(async () => {
  previousToken = process.env.UPSTREAM_SERVICE_TOKEN;
  process.env.UPSTREAM_SERVICE_TOKEN = SERVICE_TOKEN;
  c = await startAdmin();
  service = new Client(c.upstream.baseUrl, SERVICE_TOKEN);
});
after(async () => {
  if (previousToken === undefined) delete process.env.UPSTREAM_SERVICE_TOKEN;
  else process.env.UPSTREAM_SERVICE_TOKEN = previousToken;
  await c.upstream.close();
});

const USER_FIELDS = Object.keys(gatewayUserAccessSchema.properties.User.properties);
const TOP_FIELDS = Object.keys(gatewayUserAccessSchema.properties);

/** A demo user's own LoggedInConfig, from a sign-in of theirs. */
async function loggedInConfigOf(who: DemoUser): Promise<Json> {
  const client = who === "owner" ? c.member : await signIn(c.upstream, who);
  return ok(await client.get("/api/Common/LoggedInConfig"), 200, `${who}'s LoggedInConfig`);
}

/** What the call answers for a user. */
async function accessOf(recId: number, what: string): Promise<Json> {
  const answer = await service.get(`${PATH}/${recId}`);
  assert.equal(answer.headers.get("cache-control"), "no-store", what);
  return ok(answer, 200, what);
}

test("needs the service token: anonymous, a member, staff and a wrong token get 401", async () => {
  const owner = (await loggedInConfigOf("owner")).User.RecId as number;
  for (const [who, client] of [
    ["anonymous", c.anonymous],
    ["member", c.member],
    ["staff", c.admin],
    ["wrong token", c.anonymous.as("wrong-token-wrong-token-wrong-token-0123456")],
  ] as const) {
    assertError(await client.get(`${PATH}/${owner}`), 401, "AuthenticationRequired", who);
  }
  await accessOf(owner, "the service token");
});

test("the user's record id is a number: anything else is 400", async () => {
  for (const id of ["abc", "0", "-1", "1.5"]) {
    assertError(await service.get(`${PATH}/${id}`), 400, "InvalidRequest", id);
  }
});

test("404 for a user that does not exist", async () => {
  assertError(await service.get(`${PATH}/987654`), 404, "NotFound", "unknown");
});

test("each demo user: exactly the access fields of their own LoggedInConfig", async () => {
  for (const who of ["owner", "viewer", "analyst", "starter", "contoso", "staffAuditor"] as const) {
    const config = await loggedInConfigOf(who);
    const access = await accessOf(config.User.RecId, who);
    assert.deepEqual(Object.keys(access), TOP_FIELDS, `${who}: nothing but the schema's fields`);
    assert.deepEqual(Object.keys(access.User), USER_FIELDS, `${who}: nothing but the User's access fields`);
    const expected = {
      ...Object.fromEntries(TOP_FIELDS.map((name) => [name, config[name]])),
      User: Object.fromEntries(USER_FIELDS.map((name) => [name, config.User[name]])),
    };
    assert.deepEqual(access, expected, `${who}: as their sign-in gets it`);
  }
});

test("the demo viewer and the owner: their roles, no admin modules, the account's features", async () => {
  const viewer = await accessOf((await loggedInConfigOf("viewer")).User.RecId, "viewer");
  assert.equal(viewer.User.FullName, "Vera Viewer");
  assert.equal(viewer.User.Email, "viewer@northwind.example");
  assert.deepEqual([...viewer.User.RolePermissions].sort(), ["Dashboards_r", "UserProfileAndPreferences_r"]);
  assert.equal(viewer.User.IsAdmin, false);
  assert.deepEqual(viewer.User.AdminPermissions, []);
  const owner = await accessOf((await loggedInConfigOf("owner")).User.RecId, "owner");
  assert.equal(owner.User.Email, "owner@northwind.example");
  assert.deepEqual([...owner.User.RolePermissions].sort(), OWNER_PERMISSIONS.split(";").sort());
  assert.equal(owner.User.AccountRecId, viewer.User.AccountRecId, "one account");
  assert.equal(owner.FeaturesDashboard, "Included");
  assert.equal(owner.User.Dashboard, "Included");
  const auditor = await accessOf((await loggedInConfigOf("staffAuditor")).User.RecId, "auditor");
  assert.equal(auditor.User.IsAdmin, true);
  assert.ok(
    auditor.User.AdminPermissions.some(
      (entry: Json) => entry.Key === "Configuration" && entry.Value.Read && !entry.Value.Write,
    ),
    JSON.stringify(auditor.User.AdminPermissions),
  );
});

test("a change of the user's role shows at the next read; a deleted user is 404", async () => {
  const analyst = await find(c.admin, "Admin/Users", "analyst@northwind.example");
  const created = ok(
    await c.member.post("/api/Roles", { Name: "Forecasters", Permissions: "Reports_r;Alerts_rw" }),
    201,
    "create a role",
  );
  const before = await accessOf(analyst.RecId, "before");
  assert.ok(before.User.RolePermissions.includes("Dashboards_rw"));
  ok(await c.member.put(`/api/Users/${analyst.RecId}/Role`, { RoleRecId: created.RecId }), 200, "assign");
  const after = await accessOf(analyst.RecId, "after");
  assert.deepEqual([...after.User.RolePermissions].sort(), ["Alerts_rw", "Reports_r"]);
  ok(await c.admin.delete(`/api/Admin/Users/${analyst.RecId}`), 204, "delete");
  assertError(await service.get(`${PATH}/${analyst.RecId}`), 404, "NotFound", "deleted");
});
