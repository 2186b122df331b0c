/**
 * Mails staff cause for a user: the invitation of a new user (who sets their first password from
 * it) and a password reset on request. Both carry a single-use PasswordReset token for
 * /resetpassword (§2.1) and go to the recorded outbox (/admin/emailoutbound).
 */
import { productNameFor } from "../account/white-label.ts";
import { brandedMail, sendPasswordReset } from "../auth/mail.ts";
import type { UpstreamContext } from "../context.ts";
import { generateToken, hashToken } from "../identity/secrets.ts";
import type { AccountRecord, UserRecord } from "../store/records.ts";

async function issueResetToken(
  context: UpstreamContext,
  user: UserRecord,
  staffUserId: number,
): Promise<string> {
  const token = generateToken();
  await context.store.tokens.issue(
    {
      kind: "PasswordReset",
      tokenHash: hashToken(token),
      accountId: user.accountId,
      userId: user.recId,
      issuedByUserId: staffUserId,
      expiresAt: context.now() + context.settings.lifetimes.mailLinkMs,
    },
    context.now(),
  );
  return token;
}

/** Invites a user who has no password yet: the link sets the first password. */
export async function sendInvitation(
  context: UpstreamContext,
  user: UserRecord,
  account: AccountRecord,
  staffUserId: number,
): Promise<void> {
  const token = await issueResetToken(context, user, staffUserId);
  const link = `${context.settings.publicUrl}/resetpassword?${new URLSearchParams({ token, domain: account.domain })}`;
  const hours = Math.round(context.settings.lifetimes.mailLinkMs / 3_600_000);
  await context.store.outbox.record({
    accountId: account.recId,
    kind: "Invitation",
    to: user.email,
    ...brandedMail(productNameFor(account), `You are invited to ${account.name}`, [
      `Hello ${user.fullName},`,
      `a user was created for you in ${account.name} (domain ${account.domain}).`,
      `Choose your password here within ${hours} hour(s): ${link}`,
      "When the link has expired, ask for a new one with 'Forgot password' on the sign-in page.",
    ]),
    createdAt: context.now(),
  });
}

/** Sends a password reset (or, for a user who never set a password, the invitation again). */
export async function sendResetOrInvitation(
  context: UpstreamContext,
  user: UserRecord,
  account: AccountRecord,
  staffUserId: number,
): Promise<"PasswordReset" | "Invitation"> {
  if (user.passwordHash === null) {
    await sendInvitation(context, user, account, staffUserId);
    return "Invitation";
  }
  await sendPasswordReset(context, user, account, await issueResetToken(context, user, staffUserId));
  return "PasswordReset";
}
