/**
 * Helpers of the users-*.test.ts suites (member user management) and account-invoices.test.ts: the
 * invitation link read from the outbox through the staff e-mail API, accepting it through the real
 * token endpoint, and password sign-in.
 */
import assert from "node:assert/strict";
import { DEMO_PASSWORD } from "../../../server/upstream/seed/demo-accounts.ts";
import { ok } from "./admin-fixture.ts";
import { Client, type Json, type RunningUpstream } from "./upstream-fixture.ts";

/** The password invited users choose in these tests. */
export const NEW_PASSWORD = "a-long-enough-passphrase";

/** The newest invitation mail to `email`, with the link's token and domain. */
export async function invitationMail(
  staff: Client,
  email: string,
): Promise<{ mail: Json; token: string; domain: string; path: string }> {
  const mails = ok(await staff.get(`/api/Admin/EmailOutbound?to=${encodeURIComponent(email)}`)).items;
  const mail = mails.find((candidate: Json) => candidate.Kind === "Invitation");
  assert.ok(mail, `no invitation mail to ${email}`);
  const url = new URL(/https?:\/\/\S+/.exec(mail.Body)?.[0] ?? "http://invalid/");
  const token = url.searchParams.get("token") ?? "";
  assert.match(token, /^[A-Za-z0-9_-]{43}$/, `no token in the mail to ${email}`);
  return { mail, token, domain: url.searchParams.get("domain") ?? "", path: url.pathname };
}

/** How many mails the outbox holds for `email`. */
export async function mailCount(staff: Client, email: string): Promise<number> {
  return ok(await staff.get(`/api/Admin/EmailOutbound?pageSize=1&to=${encodeURIComponent(email)}`))
    .total as number;
}

/** Chooses the first password with an invitation token (what /newaccountuser sends). */
export function accept(upstream: RunningUpstream, token: string, password = NEW_PASSWORD) {
  return new Client(upstream.baseUrl).post("/api/Login/ResetPassword", { Token: token, Password: password });
}

/** A password sign-in (no client token). */
export function passwordLogin(upstream: RunningUpstream, domain: string, email: string, password: string) {
  return new Client(upstream.baseUrl).post("/api/Login", {
    Domain: domain,
    Email: email,
    Password: password,
  });
}

/** Invites `email` with `roleId`, accepts the invitation and signs the new user in. */
export async function inviteAndSignIn(
  upstream: RunningUpstream,
  inviter: Client,
  staff: Client,
  invite: { email: string; fullName: string; roleId: number; domain?: string },
): Promise<{ user: Json; client: Client }> {
  const user = ok(
    await inviter.post("/api/Users", {
      Email: invite.email,
      FullName: invite.fullName,
      RoleRecId: invite.roleId,
    }),
    201,
    "invite",
  );
  const { token } = await invitationMail(staff, invite.email);
  ok(await accept(upstream, token), 204, "accept");
  const login = ok(
    await passwordLogin(upstream, invite.domain ?? "northwind", invite.email, NEW_PASSWORD),
    200,
    "login",
  );
  return { user, client: new Client(upstream.baseUrl, login.Token) };
}

/** The record id of the role named `name` in the caller's account. */
export async function roleId(client: Client, name: string): Promise<number> {
  const role = (ok(await client.get("/api/Roles")) as Json[]).find((candidate) => candidate.Name === name);
  assert.ok(role, `no role ${name}`);
  return role.RecId;
}

/** The demo password, for the seeded users. */
export { DEMO_PASSWORD };
