/**
 * GET/POST Users (/users, §2.2 Security): 401 before 403 before success, the list's paging, search,
 * sort and status filter; another account's users are invisible (the same 404 as a missing id) and
 * cannot be changed; bad input answers 4xx with an error code and changes nothing.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { assertError, ok } from "./admin-fixture.ts";
import { assertIndistinguishable } from "./content-fixture.ts";
import { Client, type Json, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";
import { mailCount, roleId } from "./users-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let staff: Client;
before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
  staff = await signIn(upstream, "staffAdmin");
});
after(async () => upstream.close());

const emails = (page: Json) => (page.items as Json[]).map((user) => user.Email);

test("Users: 401 without a session, 403 without the Users permission, then the account's users", async () => {
  assertError(await new Client(upstream.baseUrl).get("/api/Users"), 401, "AuthenticationRequired");
  assertError(await new Client(upstream.baseUrl, "x".repeat(43)).get("/api/Users"), 401, "SessionExpired");
  const analyst = await signIn(upstream, "analyst");
  assertError(await analyst.get("/api/Users"), 403, "PermissionDenied");
  assertError(await analyst.get("/api/Users/1"), 403, "PermissionDenied");
  assertError(
    await analyst.post("/api/Users", { Email: "x@northwind.example", FullName: "X", RoleRecId: 1 }),
    403,
    "PermissionDenied",
  );

  const page = ok(await owner.get("/api/Users"));
  assert.equal(page.total, 5);
  assert.deepEqual(emails(page).sort(), [
    "analyst@northwind.example",
    "consultant@example.com",
    "owner@northwind.example",
    "secure@northwind.example",
    "viewer@northwind.example",
  ]);
  const me = page.items.find((user: Json) => user.Email === "owner@northwind.example");
  assert.equal(me.IsCurrentUser, true);
  assert.equal(me.Status, "Active");
  assert.equal(me.RoleName, "Account Owner");
  assert.match(me.LastLoginAt, /^\d{4}-\d\d-\d\dT/);
  const secure = page.items.find((user: Json) => user.Email === "secure@northwind.example");
  assert.equal(secure.TwoFactorEnabled, true);
  assert.equal(secure.LastLoginAt, null);
  assert.deepEqual(Object.keys(secure).sort(), [
    "CreatedAt",
    "Email",
    "FullName",
    "InvitationExpiresAt",
    "IsCurrentUser",
    "LastLoginAt",
    "LockedBySupport",
    "RecId",
    "RoleName",
    "RoleRecId",
    "Status",
    "TwoFactorEnabled",
    "UserUID",
  ]);
  assert.deepEqual(ok(await owner.get(`/api/Users/${secure.RecId}`)), secure);
});

test("Users list: paging, search on name and e-mail, sort and status", async () => {
  const first = ok(await owner.get("/api/Users?pageSize=2&sort=Email"));
  const second = ok(await owner.get("/api/Users?pageSize=2&page=2&sort=Email"));
  assert.equal(first.total, 5);
  assert.deepEqual(emails(first), ["analyst@northwind.example", "consultant@example.com"]);
  assert.deepEqual(emails(second), ["owner@northwind.example", "secure@northwind.example"]);
  assert.deepEqual(emails(ok(await owner.get("/api/Users?sort=-FullName&pageSize=1"))), [
    "viewer@northwind.example",
  ]);
  assert.deepEqual(emails(ok(await owner.get("/api/Users?search=SASHA"))), ["secure@northwind.example"]);
  assert.deepEqual(emails(ok(await owner.get("/api/Users?search=example.com"))), ["consultant@example.com"]);
  assert.equal(ok(await owner.get("/api/Users?search=%25")).total, 0, "LIKE wildcards are literal");
  assert.equal(ok(await owner.get("/api/Users?status=Invited")).total, 0);
  assert.equal(ok(await owner.get("/api/Users?status=Active")).total, 5);
  assert.equal(ok(await owner.get("/api/Users?sort=LastLoginAt")).total, 5);
  assertError(await owner.get("/api/Users?sort=Password"), 400, "InvalidRequest");
  assertError(await owner.get("/api/Users?status=Gone"), 400, "InvalidRequest");
  assertError(await owner.get("/api/Users?pageSize=0"), 400, "InvalidRequest");
  assertError(await owner.get("/api/Users?role=1"), 400, "InvalidRequest");
});

test("Users across accounts: invisible, unchangeable, and indistinguishable from missing ids", async () => {
  const starter = await signIn(upstream, "starter");
  const theirs = ok(await starter.get("/api/Users"));
  assert.deepEqual(emails(theirs), ["starter@northwind.example"]);
  assert.equal(ok(await starter.get("/api/Users?search=northwind.example")).total, 1);
  const analyst = ok(await owner.get("/api/Users?search=analyst")).items[0];
  const starterRole = await roleId(starter, ok(await starter.get("/api/Roles"))[0].Name);
  const missing = 987_654;
  const pairs: Array<[string, (id: number) => Promise<Json>]> = [
    ["read", (id) => starter.get(`/api/Users/${id}`)],
    ["role", (id) => starter.put(`/api/Users/${id}/Role`, { RoleRecId: starterRole })],
    ["disable", (id) => starter.post(`/api/Users/${id}/Disable`)],
    ["enable", (id) => starter.post(`/api/Users/${id}/Enable`)],
    ["resend", (id) => starter.post(`/api/Users/${id}/Invitation`)],
    ["cancel", (id) => starter.delete(`/api/Users/${id}/Invitation`)],
  ];
  for (const [what, call] of pairs)
    assertIndistinguishable(await call(analyst.RecId), await call(missing), what);
  const after = ok(await owner.get(`/api/Users/${analyst.RecId}`));
  assert.deepEqual(after, analyst, "nothing changed");
  // A role of another account is unknown here, like a role that does not exist.
  assertError(
    await owner.put(`/api/Users/${analyst.RecId}/Role`, { RoleRecId: starterRole }),
    400,
    "InvalidReference",
  );
});

test("invite: bad input answers 4xx with a code and stores nothing, sends nothing", async () => {
  const analystRole = await roleId(owner, "Analyst");
  const before = ok(await owner.get("/api/Users")).total;
  const email = "new.person@northwind.example";
  const valid = { Email: email, FullName: "New Person", RoleRecId: analystRole };
  const bad: Array<[unknown, number, Parameters<typeof assertError>[2]]> = [
    [{ ...valid, RoleRecId: "1" }, 400, "InvalidRequest"],
    [{ ...valid, FullName: 42 }, 400, "InvalidRequest"],
    [{ ...valid, Email: "not-an-email" }, 400, "InvalidRequest"],
    [{ ...valid, Email: "a@b" }, 400, "InvalidRequest"],
    [{ ...valid, FullName: "   " }, 400, "InvalidRequest"],
    [{ ...valid, FullName: "x".repeat(201) }, 400, "InvalidRequest"],
    [{ ...valid, LanguageCode: "xx" }, 400, "InvalidRequest"],
    [{ ...valid, IsAdmin: true }, 400, "InvalidRequest"],
    [{ Email: email, FullName: "New Person" }, 400, "InvalidRequest"],
    [{ ...valid, RoleRecId: 999_999 }, 400, "InvalidReference"],
    [{ ...valid, Email: "ANALYST@northwind.example" }, 409, "EmailTaken"],
    [{ ...valid, FullName: "x".repeat(70_000) }, 413, "BodyTooLarge"],
  ];
  for (const [body, status, code] of bad) {
    assertError(await owner.post("/api/Users", body), status, code, JSON.stringify(body).slice(0, 80));
  }
  assertError(
    await owner.request("POST", "/api/Users", "{not json", { "content-type": "application/json" }),
    400,
    "InvalidJson",
  );
  assert.equal(ok(await owner.get("/api/Users")).total, before);
  assert.equal(await mailCount(staff, email), 0);
  assert.equal(await mailCount(staff, "ANALYST@northwind.example"), 0);
});
