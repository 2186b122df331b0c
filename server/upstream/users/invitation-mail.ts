/**
 * The invitation of a new account user: a single-use link to the runtime's /newaccountuser screen
 * (§2.1), where the invited user chooses their first password (POST Login/ResetPassword with the
 * link's token) and thereby becomes Active. Recorded in the outbox like every other mail
 * (auth/mail.ts; staff read it at /admin/emailoutbound).
 */
import { productNameFor } from "../account/white-label.ts";
import { brandedMail } from "../auth/mail.ts";
import type { UpstreamContext } from "../context.ts";
import { generateToken, hashToken } from "../identity/secrets.ts";
import type { AccountRecord, UserRecord } from "../store/records.ts";
import type { InvitationLink } from "../store/types/account-users.ts";

/** How long an invitation link stays usable. */
export const INVITATION_TOKEN_TTL_MS = 7 * 24 * 3_600_000;

/** A fresh invitation token: the plain token goes into the mail, only its hash is stored. */
export function newInvitationLink(
  context: UpstreamContext,
  invitedBy: Pick<UserRecord, "recId">,
): { token: string; link: InvitationLink } {
  const token = generateToken();
  return {
    token,
    link: {
      tokenHash: hashToken(token),
      issuedByUserId: invitedBy.recId,
      expiresAt: context.now() + INVITATION_TOKEN_TTL_MS,
    },
  };
}

/** Records the invitation mail to `invitee` with the link carrying `token`. */
export async function sendMemberInvitation(
  context: UpstreamContext,
  invitee: { email: string; fullName: string },
  account: AccountRecord,
  invitedBy: Pick<UserRecord, "fullName">,
  token: string,
): Promise<void> {
  const query = new URLSearchParams({ token, domain: account.domain });
  const link = `${context.settings.publicUrl}/newaccountuser?${query.toString()}`;
  const days = Math.round(INVITATION_TOKEN_TTL_MS / 86_400_000);
  await context.store.outbox.record({
    accountId: account.recId,
    kind: "Invitation",
    to: invitee.email,
    ...brandedMail(productNameFor(account), `${invitedBy.fullName} invited you to ${account.name}`, [
      `Hello ${invitee.fullName},`,
      `${invitedBy.fullName} invited you to join ${account.name} (domain ${account.domain}).`,
      `Choose your password here within ${days} days; the link works once: ${link}`,
      "If the link has expired, ask the person who invited you to send the invitation again.",
    ]),
    createdAt: context.now(),
  });
}
