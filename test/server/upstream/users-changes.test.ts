/**
 * Changing account users (/users): the role (only a role of the same account), disable and enable.
 * A disabled user's sessions end and sign-in is refused; nobody disables themself; the account keeps
 * an active user holding Users_rw; a user manager cannot hand out or take away more than they hold.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { assertError, ok } from "./admin-fixture.ts";
import { type Client, type Json, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";
import { DEMO_PASSWORD, inviteAndSignIn, passwordLogin, roleId } from "./users-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let staff: Client;
let roles: { owner: number; analyst: number; viewer: number };
before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
  staff = await signIn(upstream, "staffAdmin");
  roles = {
    owner: await roleId(owner, "Account Owner"),
    analyst: await roleId(owner, "Analyst"),
    viewer: await roleId(owner, "Viewer"),
  };
});
after(async () => upstream.close());

const userByEmail = async (email: string): Promise<Json> =>
  ok(await owner.get(`/api/Users?search=${encodeURIComponent(email)}`)).items[0];

test("change role: takes effect on the user's next call; bad or foreign roles are refused", async () => {
  const viewer = await userByEmail("viewer@northwind.example");
  const session = await signIn(upstream, "viewer");
  assertError(await session.get("/api/Teams"), 403, "PermissionDenied");
  for (const [body, code] of [
    [{ RoleRecId: "2" }, "InvalidRequest"],
    [{}, "InvalidRequest"],
    [{ RoleRecId: 0 }, "InvalidRequest"],
    [{ RoleRecId: roles.viewer, Extra: 1 }, "InvalidRequest"],
    [{ RoleRecId: 999_999 }, "InvalidReference"],
  ] as const) {
    assertError(await owner.put(`/api/Users/${viewer.RecId}/Role`, body), 400, code, JSON.stringify(body));
  }
  assert.equal(ok(await owner.get(`/api/Users/${viewer.RecId}`)).RoleRecId, roles.viewer);

  const teamReaders = ok(
    await owner.post("/api/Roles", { Name: "Team readers", Permissions: "Teams_r;Dashboards_r" }),
    201,
  );
  const changed = ok(await owner.put(`/api/Users/${viewer.RecId}/Role`, { RoleRecId: teamReaders.RecId }));
  assert.equal(changed.RoleName, "Team readers");
  assert.equal((await session.get("/api/Teams")).status, 200, "the new role applies at once");
  ok(await owner.put(`/api/Users/${viewer.RecId}/Role`, { RoleRecId: roles.viewer }));
  assertError(await session.get("/api/Teams"), 403, "PermissionDenied");
});

test("disable ends the sessions and refuses sign-in; enable lets the user back in", async () => {
  const analyst = await userByEmail("analyst@northwind.example");
  const session = await signIn(upstream, "analyst");
  ok(await session.get("/api/Common/LoggedInConfig"));
  const disabled = ok(await owner.post(`/api/Users/${analyst.RecId}/Disable`));
  assert.equal(disabled.Status, "Disabled");
  assertError(await session.get("/api/Common/LoggedInConfig"), 401, "SessionExpired");
  assertError(
    await passwordLogin(upstream, "northwind", "analyst@northwind.example", DEMO_PASSWORD),
    403,
    "AccountDisabled",
  );
  assert.equal(ok(await owner.get("/api/Users?status=Disabled")).total, 1);
  // Disabling twice is harmless; enabling brings the user back.
  assert.equal(ok(await owner.post(`/api/Users/${analyst.RecId}/Disable`)).Status, "Disabled");
  assert.equal(ok(await owner.post(`/api/Users/${analyst.RecId}/Enable`)).Status, "Active");
  ok(await passwordLogin(upstream, "northwind", "analyst@northwind.example", DEMO_PASSWORD));
});

test("a user locked by support stays disabled until staff unlock it", async () => {
  const viewer = await userByEmail("viewer@northwind.example");
  ok(await staff.put(`/api/Admin/Users/${viewer.RecId}`, { Status: "Locked" }));
  const locked = ok(await owner.get(`/api/Users/${viewer.RecId}`));
  assert.equal(locked.Status, "Disabled");
  assert.equal(locked.LockedBySupport, true);
  assertError(await owner.post(`/api/Users/${viewer.RecId}/Enable`), 409, "Conflict");
  ok(await staff.post(`/api/Admin/Users/${viewer.RecId}/Unlock`));
  assert.equal(ok(await owner.get(`/api/Users/${viewer.RecId}`)).Status, "Active");
});

test("nobody disables themself; the last user holding Users_rw can be neither demoted nor disabled", async () => {
  const me = await userByEmail("owner@northwind.example");
  assertError(await owner.post(`/api/Users/${me.RecId}/Disable`), 409, "SelfChangeNotAllowed");
  assertError(
    await owner.put(`/api/Users/${me.RecId}/Role`, { RoleRecId: roles.analyst }),
    409,
    "LastUserAdministrator",
  );
  assert.equal(ok(await owner.get(`/api/Users/${me.RecId}`)).RoleRecId, roles.owner);

  // With a second active owner, either can be demoted — but not the one left after that.
  const second = await inviteAndSignIn(upstream, owner, staff, {
    email: "deputy@northwind.example",
    fullName: "Dee Deputy",
    roleId: roles.owner,
  });
  ok(await second.client.put(`/api/Users/${me.RecId}/Role`, { RoleRecId: roles.analyst }));
  assertError(await owner.get("/api/Users"), 403, "PermissionDenied", "the demoted owner lost Users");
  assertError(
    await second.client.put(`/api/Users/${second.user.RecId}/Role`, { RoleRecId: roles.viewer }),
    409,
    "LastUserAdministrator",
  );
  // A disabled holder does not count: disabling the only other holder is refused, too.
  ok(await second.client.put(`/api/Users/${me.RecId}/Role`, { RoleRecId: roles.owner }));
  owner = await signIn(upstream, "owner");
  ok(await owner.post(`/api/Users/${second.user.RecId}/Disable`));
  assertError(await second.client.get("/api/Users"), 401, "SessionExpired");
  assertError(
    await owner.put(`/api/Users/${me.RecId}/Role`, { RoleRecId: roles.viewer }),
    409,
    "LastUserAdministrator",
  );
  ok(await owner.post(`/api/Users/${second.user.RecId}/Enable`));
});

test("a user manager cannot assign, nor change holders of, permissions beyond their own", async () => {
  const managers = ok(
    await owner.post("/api/Roles", { Name: "User managers", Permissions: "Users_rw;Dashboards_r" }),
    201,
  );
  const manager = await inviteAndSignIn(upstream, owner, staff, {
    email: "manager@northwind.example",
    fullName: "Max Manager",
    roleId: managers.RecId,
  });
  const me = await userByEmail("owner@northwind.example");
  const viewer = await userByEmail("viewer@northwind.example");
  const viewerOnly = ok(
    await owner.post("/api/Roles", { Name: "Dash readers", Permissions: "Dashboards_r" }),
    201,
  );
  const escalations: Array<[string, () => Promise<Json>]> = [
    ["assign owner", () => manager.client.put(`/api/Users/${viewer.RecId}/Role`, { RoleRecId: roles.owner })],
    ["disable owner", () => manager.client.post(`/api/Users/${me.RecId}/Disable`)],
    [
      "demote owner",
      () => manager.client.put(`/api/Users/${me.RecId}/Role`, { RoleRecId: viewerOnly.RecId }),
    ],
    [
      "invite analyst",
      () =>
        manager.client.post("/api/Users", {
          Email: "z@northwind.example",
          FullName: "Z",
          RoleRecId: roles.analyst,
        }),
    ],
  ];
  for (const [what, call] of escalations) assertError(await call(), 403, "PermissionDenied", what);
  const offered = (ok(await manager.client.get("/api/Users/AssignableRoles")) as Json[]).map((r) => r.Name);
  assert.deepEqual(offered.sort(), ["Dash readers", "User managers"]);
  assert.ok(
    ok(await owner.get("/api/Users/AssignableRoles")).length >= 5,
    "the owner may hand out every role",
  );
  assertError(
    await (await signIn(upstream, "analyst")).get("/api/Users/AssignableRoles"),
    403,
    "PermissionDenied",
  );
  assert.equal(ok(await owner.get(`/api/Users/${me.RecId}`)).Status, "Active");
  assert.equal(ok(await owner.get("/api/Users?search=z%40northwind")).total, 0);
  // The viewer's role grants UserProfileAndPreferences, which the manager lacks: hands off.
  assertError(
    await manager.client.put(`/api/Users/${viewer.RecId}/Role`, { RoleRecId: viewerOnly.RecId }),
    403,
    "PermissionDenied",
  );
  // Within their own rights, the manager works normally.
  ok(await owner.put(`/api/Users/${viewer.RecId}/Role`, { RoleRecId: viewerOnly.RecId }));
  assert.equal(
    ok(await manager.client.put(`/api/Users/${viewer.RecId}/Role`, { RoleRecId: managers.RecId })).RoleName,
    "User managers",
  );
  ok(await manager.client.put(`/api/Users/${viewer.RecId}/Role`, { RoleRecId: viewerOnly.RecId }));
  // The Viewer role also grants UserProfileAndPreferences, which the manager lacks.
  assertError(
    await manager.client.put(`/api/Users/${viewer.RecId}/Role`, { RoleRecId: roles.viewer }),
    403,
    "PermissionDenied",
  );
  ok(await owner.put(`/api/Users/${viewer.RecId}/Role`, { RoleRecId: roles.viewer }));
});
