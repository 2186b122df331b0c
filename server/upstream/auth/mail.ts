/**
 * Mails of the authentication flows. They are recorded in the outbox (which staff read at
 * /admin/emailoutbound); delivery is a separate concern of the mail relay. Every mail is signed with
 * the product name its reader knows (§6: a white-label account's title, or none, replaces it).
 */
import { commonProductName, productNameFor } from "../account/white-label.ts";
import type { UpstreamContext } from "../context.ts";
import type { AccountRecord, UserRecord } from "../store/records.ts";

/** Kinds of mail the upstream writes. */
export type MailKind = "PasswordReset" | "PasswordChanged" | "ForgotDomain" | "DisableTwoFactor" | "Welcome";

/**
 * Subject and body of a mail signed with `productName`: the name after the subject (as in the
 * browser tab, "Sign in · Tessera") and as the closing line; a white-label account without a title
 * ("") gets neither.
 */
export function brandedMail(
  productName: string,
  subject: string,
  lines: readonly string[],
): { subject: string; body: string } {
  if (!productName) return { subject, body: lines.join("\n") };
  return { subject: `${subject} · ${productName}`, body: [...lines, "", `— ${productName}`].join("\n") };
}

async function send(
  context: UpstreamContext,
  kind: MailKind,
  to: string,
  accountId: number | null,
  productName: string,
  subject: string,
  lines: string[],
): Promise<void> {
  await context.store.outbox.record({
    accountId,
    kind,
    to,
    ...brandedMail(productName, subject, lines),
    createdAt: context.now(),
  });
}

function link(context: UpstreamContext, path: string, query: Record<string, string>): string {
  return `${context.settings.publicUrl}${path}?${new URLSearchParams(query).toString()}`;
}

/** The reset link for /resetpassword (§2.1). */
export async function sendPasswordReset(
  context: UpstreamContext,
  user: UserRecord,
  account: AccountRecord,
  token: string,
) {
  const minutes = Math.round(context.settings.lifetimes.mailLinkMs / 60_000);
  await send(
    context,
    "PasswordReset",
    user.email,
    account.recId,
    productNameFor(account),
    "Reset your password",
    [
      `Hello ${user.fullName},`,
      `someone asked to reset the password of your user in ${account.name} (domain ${account.domain}).`,
      `Choose a new password here within ${minutes} minutes: ${link(context, "/resetpassword", { token, domain: account.domain })}`,
      "If it was not you, ignore this mail; your password stays as it is.",
    ],
  );
}

/** Tells the user their password changed. */
export async function sendPasswordChanged(
  context: UpstreamContext,
  user: UserRecord,
  account: AccountRecord,
) {
  await send(
    context,
    "PasswordChanged",
    user.email,
    account.recId,
    productNameFor(account),
    "Your password was changed",
    [
      `Hello ${user.fullName},`,
      `the password of your user in ${account.name} (domain ${account.domain}) was changed and your other sessions were signed out.`,
      "If it was not you, contact your account administrator at once.",
    ],
  );
}

/** The domains an e-mail address has users in (/forgotdomain, §2.1). */
export async function sendForgotDomain(context: UpstreamContext, email: string, accounts: AccountRecord[]) {
  await send(context, "ForgotDomain", email, null, commonProductName(accounts), "Your sign-in domains", [
    "Hello,",
    "you asked which domains you can sign in to with this e-mail address:",
    ...accounts.map(
      (account) =>
        `- ${account.domain} (${account.name}): ${link(context, "/login", { domain: account.domain })}`,
    ),
  ]);
}

/** The link for /disable2fa (§2.1). */
export async function sendDisableTwoFactor(
  context: UpstreamContext,
  user: UserRecord,
  account: AccountRecord,
  token: string,
) {
  await send(
    context,
    "DisableTwoFactor",
    user.email,
    account.recId,
    productNameFor(account),
    "Turn off two-factor authentication",
    [
      `Hello ${user.fullName},`,
      "follow this link to turn off two-factor authentication for your user; you can set it up again in My Settings:",
      link(context, "/disable2fa", { token, domain: account.domain }),
      "If it was not you, change your password now.",
    ],
  );
}

/** Welcomes the owner of a new account. */
export async function sendWelcome(context: UpstreamContext, user: UserRecord, account: AccountRecord) {
  await send(
    context,
    "Welcome",
    user.email,
    account.recId,
    productNameFor(account),
    `Welcome to ${account.name}`,
    [
      `Hello ${user.fullName},`,
      `your account ${account.name} is ready. Sign in at ${link(context, "/login", { domain: account.domain })}`,
    ],
  );
}
