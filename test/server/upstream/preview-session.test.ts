/**
 * The configuration plane's read-only preview session (DESIGN.md §3 "previewed as a given
 * role/account"; auth/preview-session-routes.ts) over real HTTP: staff with Configuration Read get a
 * session as one member of one account, which reads exactly what that member may read (§6) and is
 * refused every change, the hubs and a staff identity; members, staff without Configuration and
 * other accounts' users are refused; the start is audited, and the session ends with the staff one.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
const ids = new Map<string, { user: number; account: number }>();

async function idsOf(who: "viewer" | "owner" | "contoso" | "staffAuditor") {
  const known = ids.get(who);
  if (known) return known;
  const { User } = (await (await signIn(upstream, who)).get("/api/Common/LoggedInConfig")).body;
  const found = { user: User.RecId as number, account: User.AccountRecId as number };
  ids.set(who, found);
  return found;
}

/** A preview session of `staff` as `who`, as a client. */
async function previewAs(staff: Client, who: "viewer" | "owner"): Promise<Client> {
  const { user, account } = await idsOf(who);
  const started = await staff.post("/api/Admin/Configuration/PreviewSession", {
    AccountRecId: account,
    UserRecId: user,
  });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  assert.match(started.body.Token, /^[A-Za-z0-9_-]{43}$/);
  return staff.as(started.body.Token);
}

before(async () => {
  upstream = await startUpstream();
});
after(async () => upstream.close());

test("a preview session reads as the member, with the member's rights only (§6)", async () => {
  const asViewer = await previewAs(await signIn(upstream, "staffAuditor"), "viewer");
  const config = (await asViewer.get("/api/Common/LoggedInConfig")).body;
  assert.equal(config.User.Email, "viewer@northwind.example");
  assert.equal(config.User.IsAdmin, false);
  assert.deepEqual(config.User.AdminPermissions, []);
  const viewer = await signIn(upstream, "viewer");
  // The viewer's own dashboards list, and the same refusal of what a viewer cannot read.
  const own = await viewer.get("/api/Content/Dashboards/Objects");
  const previewed = await asViewer.get("/api/Content/Dashboards/Objects");
  assert.equal(previewed.status, 200);
  assert.deepEqual(previewed.body, own.body);
  for (const path of ["/api/Users", "/api/Content/TableAndViews/Objects"]) {
    const refused = await asViewer.get(path);
    assert.equal(refused.status, (await viewer.get(path)).status, path);
    assert.equal(refused.status, 403, path);
  }
  // Staff calls are not the member's: the staff identity stays out of the preview.
  assert.equal((await asViewer.get("/api/Admin/ApplicationLogs?category=Audit")).status, 403);
  const asOwner = await previewAs(await signIn(upstream, "staffAuditor"), "owner");
  assert.equal((await asOwner.get("/api/Users")).status, 200, "the owner holds Users");
});

test("a preview session changes nothing: every method but GET and HEAD is refused, and the hubs", async () => {
  const asOwner = await previewAs(await signIn(upstream, "staffAdmin"), "owner");
  const before = (await asOwner.get("/api/Notifications/")).body;
  const calls: [string, string, unknown][] = [
    ["PUT", "/api/Notifications/", { NotificationRecIds: [] }],
    ["DELETE", "/api/Notifications/", undefined],
    ["POST", "/api/Content/Dashboards/Folders", { Name: "Preview", ParentRecId: 1 }],
    ["PUT", "/api/User/Interface", { Theme: "dark" }],
    ["POST", "/api/v2/User/StopImpersonate", undefined],
    ["POST", "/api/Logout", undefined],
  ];
  for (const [method, path, body] of calls) {
    const refused = await asOwner.request(method, path, body);
    assert.equal(refused.status, 403, `${method} ${path}`);
    assert.equal(refused.body.ErrorCode, ErrorCode.PreviewReadOnly, `${method} ${path}`);
  }
  assert.deepEqual((await asOwner.get("/api/Notifications/")).body, before, "nothing changed");
  assert.equal((await asOwner.request("HEAD", "/api/Notifications/")).status, 200);
  for (const hub of [
    "/hubs/user/negotiate?negotiateVersion=1",
    "/hubs/supportchat/negotiate?negotiateVersion=1",
  ]) {
    const negotiate = await asOwner.request("POST", hub);
    assert.ok(negotiate.status === 401 || negotiate.status === 403, `${hub}: ${negotiate.status}`);
  }
  // The session is still live: only the changes were refused.
  assert.equal((await asOwner.get("/api/v2/User/Ping")).status, 200);
});

test("only staff with Configuration Read, only members of the account named", async () => {
  const path = "/api/Admin/Configuration/PreviewSession";
  const viewer = await idsOf("viewer");
  const body = { AccountRecId: viewer.account, UserRecId: viewer.user };
  assert.equal((await new Client(upstream.baseUrl).post(path, body)).status, 401);
  const member = await (await signIn(upstream, "owner")).post(path, body);
  assert.equal(member.status, 403);
  assert.equal(member.body.ErrorCode, ErrorCode.StaffOnly);
  // The support agent holds Support and SupportSessions, not Configuration.
  const agent = await (await signIn(upstream, "supportAgent")).post(path, body);
  assert.equal(agent.status, 403);
  assert.equal(agent.body.ErrorCode, ErrorCode.AdminPermissionDenied);
  const staff = await signIn(upstream, "staffAuditor");
  const contoso = await idsOf("contoso");
  const otherAccount = await staff.post(path, { AccountRecId: contoso.account, UserRecId: viewer.user });
  assert.equal(otherAccount.status, 404, "the viewer is not a user of Contoso");
  const auditor = await idsOf("staffAuditor");
  const staffTarget = await staff.post(path, { AccountRecId: auditor.account, UserRecId: auditor.user });
  assert.equal(staffTarget.status, 403);
  assert.equal(staffTarget.body.ErrorCode, ErrorCode.ImpersonationNotAllowed);
  assert.equal((await staff.post(path, { AccountRecId: viewer.account })).status, 400);
  // A preview session cannot start another one (nor anything else that is not a read).
  const asViewer = await previewAs(staff, "viewer");
  assert.equal((await asViewer.post(path, body)).body.ErrorCode, ErrorCode.PreviewReadOnly);
});

test("a preview session is audited and ends with the staff session behind it", async () => {
  const staff = await signIn(upstream, "staffAuditor");
  const asViewer = await previewAs(staff, "viewer");
  const log = await staff.get("/api/Admin/ApplicationLogs?category=Audit&pageSize=5");
  const [latest] = log.body.Items as { Action: string; TargetUserRecId: number; Message: string }[];
  assert.equal(latest?.Action, "PreviewSessionStarted");
  assert.equal(latest?.TargetUserRecId, (await idsOf("viewer")).user);
  assert.match(latest?.Message ?? "", /auditor@tessera\.example .* viewer@northwind\.example/);
  assert.equal((await asViewer.get("/api/v2/User/Ping")).status, 200);
  await staff.post("/api/Logout");
  assert.equal((await asViewer.get("/api/v2/User/Ping")).status, 401);
});
