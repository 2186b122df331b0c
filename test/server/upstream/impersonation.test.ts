/**
 * Impersonation over real HTTP (§4.1 step 4, §6): staff with Users Write get a short-lived,
 * single-use token, exchange it for a member session, act as the member, and stop — each step
 * audited.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { DEFAULT_LIFETIMES } from "../../../server/upstream/options.ts";
import { Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let viewerRecId: number;

before(async () => {
  upstream = await startUpstream();
  const viewer = await signIn(upstream, "viewer");
  viewerRecId = (await viewer.get("/api/Common/LoggedInConfig")).body.User.RecId;
});
after(async () => upstream.close());

test("issuing an impersonation token: 401 without session, 403 for members and read-only staff, 200 with Users Write", async () => {
  const path = `/api/Admin/Users/${viewerRecId}/ImpersonationToken`;
  const anonymous = new Client(upstream.baseUrl);
  assert.equal((await anonymous.post(path)).status, 401);
  const member = await (await signIn(upstream, "owner")).post(path);
  assert.equal(member.status, 403);
  assert.equal(member.body.ErrorCode, ErrorCode.StaffOnly);
  const auditor = await (await signIn(upstream, "staffAuditor")).post(path);
  assert.equal(auditor.status, 403);
  assert.equal(auditor.body.ErrorCode, ErrorCode.AdminPermissionDenied);
  const admin = await (await signIn(upstream, "staffAdmin")).post(path);
  assert.equal(admin.status, 200);
  assert.match(admin.body.Token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(
    new Date(admin.body.ExpiresAt).getTime(),
    upstream.clock.ms + DEFAULT_LIFETIMES.impersonationTokenMs,
  );
});

test("impersonating: the session is the member's with Impersonating set, then StopImpersonate restores the staff identity", async () => {
  const staff = await signIn(upstream, "staffAdmin");
  const staffConfig = (await staff.get("/api/Common/LoggedInConfig")).body;
  assert.equal(staffConfig.User.IsAdmin, true);
  const { body: issued } = await staff.post(`/api/Admin/Users/${viewerRecId}/ImpersonationToken`);
  const started = await staff.post("/api/Admin/Users/Impersonate", { Token: issued.Token });
  assert.equal(started.status, 200);
  const asViewer = staff.as(started.body.Token);
  const config = (await asViewer.get("/api/Common/LoggedInConfig")).body;
  assert.equal(config.User.Email, "viewer@northwind.example");
  assert.equal(config.User.Impersonating, true);
  assert.equal(config.User.IsAdmin, false, "no admin rights while acting as a member");
  assert.deepEqual(config.User.AdminPermissions, []);
  assert.equal(config.User.ImpersonatorLanguageCode, staffConfig.User.LanguageCode);
  assert.deepEqual(config.User.RolePermissions, ["Dashboards_r", "UserProfileAndPreferences_r"]);
  assert.equal(config.ShowLoginAnnouncement, false);
  // Staff acting as a member cannot reach staff calls or change the member's credentials.
  assert.equal((await asViewer.get("/ws/Client/Admin/Constants")).status, 403);
  const password = await asViewer.post("/api/User/ChangePassword", {
    CurrentPassword: "x",
    NewPassword: "whatever-long",
  });
  assert.equal(password.body.ErrorCode, ErrorCode.ImpersonationNotAllowed);

  const stopped = await asViewer.post("/api/v2/User/StopImpersonate");
  assert.equal(stopped.status, 200);
  const back = (await staff.as(stopped.body.Token).get("/api/Common/LoggedInConfig")).body;
  assert.equal(back.User.Email, "admin@tessera.example");
  assert.equal(back.User.IsAdmin, true);
  assert.equal((await asViewer.get("/api/v2/User/Ping")).status, 401, "the impersonation session ended");
  const notImpersonating = await staff.post("/api/v2/User/StopImpersonate");
  assert.equal(notImpersonating.status, 409);
  assert.equal(notImpersonating.body.ErrorCode, ErrorCode.NotImpersonating);
});

test("impersonation tokens are single-use, short-lived and bound to the staff member who asked", async () => {
  const staff = await signIn(upstream, "staffAdmin");
  const otherStaff = await signIn(upstream, "staffAdmin");
  const first = (await staff.post(`/api/Admin/Users/${viewerRecId}/ImpersonationToken`)).body.Token;
  assert.equal((await staff.post("/api/Admin/Users/Impersonate", { Token: first })).status, 200);
  const reused = await staff.post("/api/Admin/Users/Impersonate", { Token: first });
  assert.equal(reused.status, 401);
  assert.equal(reused.body.ErrorCode, ErrorCode.InvalidToken);

  const late = (await staff.post(`/api/Admin/Users/${viewerRecId}/ImpersonationToken`)).body.Token;
  upstream.clock.advance(DEFAULT_LIFETIMES.impersonationTokenMs + 1);
  assert.equal(
    (await staff.post("/api/Admin/Users/Impersonate", { Token: late })).body.ErrorCode,
    ErrorCode.InvalidToken,
  );

  // Another staff session of the same person may use it; a member's session may not even try.
  const shared = (await staff.post(`/api/Admin/Users/${viewerRecId}/ImpersonationToken`)).body.Token;
  assert.equal(
    (await (await signIn(upstream, "owner")).post("/api/Admin/Users/Impersonate", { Token: shared })).status,
    403,
  );
  assert.equal((await otherStaff.post("/api/Admin/Users/Impersonate", { Token: shared })).status, 200);
});

test("impersonation ends with the staff session behind it; staff cannot be impersonated; unknown users are 404", async () => {
  const staff = await signIn(upstream, "staffAdmin");
  const token = (await staff.post(`/api/Admin/Users/${viewerRecId}/ImpersonationToken`)).body.Token;
  const asViewer = staff.as((await staff.post("/api/Admin/Users/Impersonate", { Token: token })).body.Token);
  assert.equal((await asViewer.get("/api/v2/User/Ping")).status, 200);
  await staff.post("/api/Logout");
  assert.equal((await asViewer.get("/api/v2/User/Ping")).status, 401);

  const admin = await signIn(upstream, "staffAdmin");
  const auditorRecId = (await (await signIn(upstream, "staffAuditor")).get("/api/Common/LoggedInConfig")).body
    .User.RecId;
  const staffTarget = await admin.post(`/api/Admin/Users/${auditorRecId}/ImpersonationToken`);
  assert.equal(staffTarget.status, 403);
  assert.equal(staffTarget.body.ErrorCode, ErrorCode.ImpersonationNotAllowed);
  assert.equal((await admin.post("/api/Admin/Users/999999/ImpersonationToken")).status, 404);
  assert.equal((await admin.post("/api/Admin/Users/abc/ImpersonationToken")).status, 400);
});

test("every impersonation step is in the audit log", async () => {
  const staff = await signIn(upstream, "staffAdmin");
  const token = (await staff.post(`/api/Admin/Users/${viewerRecId}/ImpersonationToken`)).body.Token;
  const asViewer = staff.as((await staff.post("/api/Admin/Users/Impersonate", { Token: token })).body.Token);
  await asViewer.post("/api/v2/User/StopImpersonate");
  const log = await (await signIn(upstream, "staffAuditor")).get(
    "/api/Admin/ApplicationLogs?category=Audit&pageSize=10",
  );
  assert.equal(log.status, 200);
  const actions = (log.body.Items as { Action: string; TargetUserRecId: number }[])
    .slice(0, 3)
    .map((entry) => entry.Action);
  assert.deepEqual(actions, ["ImpersonationStopped", "ImpersonationStarted", "ImpersonationTokenIssued"]);
  assert.ok(
    (log.body.Items as { TargetUserRecId: number }[])
      .slice(0, 3)
      .every((entry) => entry.TargetUserRecId === viewerRecId),
  );
});
