/**
 * Inviting account users (/users → /newaccountuser, §2.1): the invitation mail in the outbox links
 * to /newaccountuser with a single-use token; accepting it through the real token endpoint sets the
 * password and activates the user, who can then sign in. Links expire (fake clock), a resend voids
 * the previous link, cancelling removes the invited user and their link.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { INVITATION_TOKEN_TTL_MS } from "../../../server/upstream/users/invitation-mail.ts";
import { assertError, ok } from "./admin-fixture.ts";
import { type Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";
import { accept, invitationMail, NEW_PASSWORD, passwordLogin, roleId } from "./users-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let staff: Client;
let analystRole: number;
before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
  staff = await signIn(upstream, "staffAdmin");
  analystRole = await roleId(owner, "Analyst");
});
after(async () => upstream.close());

const invite = (email: string, fullName = "Ivy Invited") =>
  owner.post("/api/Users", { Email: email, FullName: fullName, RoleRecId: analystRole });

test("invite → outbox mail → accept with the token → Active → sign-in works; the token is single-use", async () => {
  const email = "ivy@northwind.example";
  const user = ok(await invite(email, "  Ivy Invited  "), 201);
  assert.equal(user.Status, "Invited");
  assert.equal(user.FullName, "Ivy Invited");
  assert.equal(user.RoleName, "Analyst");
  assert.equal(user.LastLoginAt, null);
  assert.equal(Date.parse(user.InvitationExpiresAt), upstream.clock.ms + INVITATION_TOKEN_TTL_MS);
  assert.equal(ok(await owner.get("/api/Users?status=Invited")).total, 1);

  const { mail, token, domain, path } = await invitationMail(staff, email);
  assert.equal(path, "/newaccountuser");
  assert.equal(domain, "northwind");
  assert.match(mail.Subject, /Olivia Owner invited you to Northwind Analytics/);
  // Before accepting, the user has no password: sign-in fails like any wrong password.
  assertError(await passwordLogin(upstream, "northwind", email, NEW_PASSWORD), 401, "InvalidCredentials");
  assertError(await accept(upstream, token, "short"), 400, "PasswordTooWeak");

  ok(await accept(upstream, token), 204);
  const active = ok(await owner.get(`/api/Users/${user.RecId}`));
  assert.equal(active.Status, "Active");
  assert.equal(active.InvitationExpiresAt, null);
  const login = ok(await passwordLogin(upstream, "northwind", email, NEW_PASSWORD));
  assert.equal(typeof login.Token, "string");
  assert.match(ok(await owner.get(`/api/Users/${user.RecId}`)).LastLoginAt, /^\d{4}-/);

  assertError(await accept(upstream, token, "another-long-password"), 400, "InvalidToken");
  assertError(
    await passwordLogin(upstream, "northwind", email, "another-long-password"),
    401,
    "InvalidCredentials",
  );
  // Accepted: nothing left to resend or cancel.
  assertError(await owner.post(`/api/Users/${user.RecId}/Invitation`), 409, "NotInvited");
  assertError(await owner.delete(`/api/Users/${user.RecId}/Invitation`), 409, "NotInvited");
});

test("an invitation link expires; a resend voids the old link and sends a working one", async () => {
  const email = "late@northwind.example";
  const user = ok(await invite(email, "Lee Late"), 201);
  const first = await invitationMail(staff, email);
  upstream.clock.advance(INVITATION_TOKEN_TTL_MS + 1);
  // A week later every session has ended too.
  owner = await signIn(upstream, "owner");
  staff = await signIn(upstream, "staffAdmin");
  assert.equal(ok(await owner.get(`/api/Users/${user.RecId}`)).InvitationExpiresAt, null);
  assertError(await accept(upstream, first.token), 400, "InvalidToken");

  const resent = ok(await owner.post(`/api/Users/${user.RecId}/Invitation`));
  assert.equal(resent.Status, "Invited");
  const second = await invitationMail(staff, email);
  assert.notEqual(second.token, first.token);
  const third = ok(await owner.post(`/api/Users/${user.RecId}/Invitation`));
  assert.equal(third.Status, "Invited");
  const newest = await invitationMail(staff, email);
  assertError(await accept(upstream, second.token), 400, "InvalidToken", "a resend voids the previous link");
  ok(await accept(upstream, newest.token), 204);
  ok(await passwordLogin(upstream, "northwind", email, NEW_PASSWORD));
});

test("cancelling an invitation removes the invited user and kills the link", async () => {
  const email = "cancel.me@northwind.example";
  const user = ok(await invite(email, "Cary Cancelled"), 201);
  const { token } = await invitationMail(staff, email);
  ok(await owner.delete(`/api/Users/${user.RecId}/Invitation`), 204);
  assertError(await owner.get(`/api/Users/${user.RecId}`), 404, "NotFound");
  assertError(await owner.delete(`/api/Users/${user.RecId}/Invitation`), 404, "NotFound");
  assertError(await accept(upstream, token), 400, "InvalidToken");
  // The address is free again.
  ok(await invite(email, "Cary Again"), 201);
});

test("a user with Users at r only reads the list but cannot invite, resend or cancel", async () => {
  const readers = ok(await owner.post("/api/Roles", { Name: "User readers", Permissions: "Users_r" }), 201);
  const email = "reader@northwind.example";
  ok(
    await owner.post("/api/Users", { Email: email, FullName: "Rita Reader", RoleRecId: readers.RecId }),
    201,
  );
  ok(await accept(upstream, (await invitationMail(staff, email)).token), 204);
  const reader = owner.as(ok(await passwordLogin(upstream, "northwind", email, NEW_PASSWORD)).Token);
  const pending = ok(await invite("pending@northwind.example", "Pat Pending"), 201);
  assert.ok(ok(await reader.get("/api/Users")).total >= 6);
  assertError(
    await reader.post("/api/Users", { Email: "x@northwind.example", FullName: "X", RoleRecId: analystRole }),
    403,
    "PermissionDenied",
  );
  assertError(await reader.post(`/api/Users/${pending.RecId}/Invitation`), 403, "PermissionDenied");
  assertError(await reader.delete(`/api/Users/${pending.RecId}/Invitation`), 403, "PermissionDenied");
  assert.equal(ok(await owner.get(`/api/Users/${pending.RecId}`)).Status, "Invited");
});
