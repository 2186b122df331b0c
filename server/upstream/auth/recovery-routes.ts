/**
 * Recovery flows of the public pages (§2.1): forgot password → /resetpassword, /forgotdomain, and
 * /disable2fa for a user who lost their authenticator. Answers never tell whether an e-mail exists.
 */
import type { FastifyInstance } from "fastify";
import { audit } from "../admin/audit.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, forbidden, unauthorized } from "../http/errors.ts";
import { domainSchema, emailSchema, passwordSchema, tokenSchema } from "../http/schemas.ts";
import { hashPassword, passwordWeakness } from "../identity/passwords.ts";
import { generateToken, hashToken } from "../identity/secrets.ts";
import type { AccountRecord, OneTimeTokenKind, UserRecord } from "../store/records.ts";
import { identifyByPassword } from "./grant-response.ts";
import { sendDisableTwoFactor, sendForgotDomain, sendPasswordChanged, sendPasswordReset } from "./mail.ts";

const forgotPasswordBody = {
  type: "object",
  properties: { Domain: domainSchema, Email: emailSchema },
  required: ["Email"],
  additionalProperties: false,
} as const;

const resetPasswordBody = {
  type: "object",
  properties: { Token: tokenSchema, Password: passwordSchema },
  required: ["Token", "Password"],
  additionalProperties: false,
} as const;

const forgotDomainBody = {
  type: "object",
  properties: { Email: emailSchema },
  required: ["Email"],
  additionalProperties: false,
} as const;

const disableRequestBody = {
  type: "object",
  properties: { Domain: domainSchema, Email: emailSchema, Password: passwordSchema },
  required: ["Email", "Password"],
  additionalProperties: false,
} as const;

const tokenBody = {
  type: "object",
  properties: { Token: tokenSchema },
  required: ["Token"],
  additionalProperties: false,
} as const;

/** Throws 400 PasswordTooWeak unless the new password is acceptable. */
export function assertAcceptablePassword(password: string): void {
  const weakness = passwordWeakness(password);
  if (weakness) throw badRequest("PasswordTooWeak", weakness);
}

/** Registers the recovery routes under the application base. */
export function registerRecoveryRoutes(api: FastifyInstance, context: UpstreamContext): void {
  const { store, settings } = context;

  async function issueMailToken(
    kind: OneTimeTokenKind,
    user: UserRecord,
    account: AccountRecord,
  ): Promise<string> {
    const token = generateToken();
    await store.tokens.issue(
      {
        kind,
        tokenHash: hashToken(token),
        accountId: account.recId,
        userId: user.recId,
        expiresAt: context.now() + settings.lifetimes.mailLinkMs,
      },
      context.now(),
    );
    return token;
  }

  api.post("/Login/ForgotPassword", { schema: { body: forgotPasswordBody } }, async (request, reply) => {
    const body = request.body as { Domain?: string; Email: string };
    const candidates = await store.users.resolveLoginCandidates(body.Email, body.Domain?.toLowerCase());
    // Without a domain, every account of the address gets its own mail, each naming its domain.
    for (const { user, account } of candidates) {
      if (user.disabled || account.disabled) continue;
      await sendPasswordReset(context, user, account, await issueMailToken("PasswordReset", user, account));
    }
    return reply.status(204).send();
  });

  api.post("/Login/ResetPassword", { schema: { body: resetPasswordBody } }, async (request, reply) => {
    const body = request.body as { Token: string; Password: string };
    assertAcceptablePassword(body.Password);
    const hash = await hashPassword(body.Password, settings.passwordCost);
    const user = await store.credentials.resetPassword(hashToken(body.Token), hash, context.now());
    if (!user) throw badRequest("InvalidToken", "The reset link has expired or was already used.");
    context.events.emit("userSessionsRevoked", {
      accountId: user.accountId,
      userId: user.recId,
      keptSessionId: null,
    });
    const account = await store.accounts.get(user.accountId);
    if (account) await sendPasswordChanged(context, user, account);
    await audit(context, {
      action: "PasswordReset",
      message: "Password reset by mail link.",
      actor: user,
      target: user,
    });
    return reply.status(204).send();
  });

  api.post("/Login/ForgotDomain", { schema: { body: forgotDomainBody } }, async (request, reply) => {
    const { Email } = request.body as { Email: string };
    const accounts = (await store.users.resolveLoginCandidates(Email))
      .filter(({ user, account }) => !user.disabled && !account.disabled)
      .map(({ account }) => account);
    if (accounts.length > 0) await sendForgotDomain(context, Email, accounts);
    return reply.status(204).send();
  });

  api.post("/Login/Disable2FA/Request", { schema: { body: disableRequestBody } }, async (request, reply) => {
    const body = request.body as { Domain?: string; Email: string; Password: string };
    const found = await identifyByPassword(context, body.Email, body.Password, body.Domain);
    if (found === "invalid")
      throw unauthorized("InvalidCredentials", "The e-mail, domain or password is wrong.");
    if (found === "domainRequired") {
      throw badRequest("DomainRequired", "This e-mail is used in several accounts: enter the domain too.");
    }
    if (found.user.disabled || found.account.disabled)
      throw forbidden("AccountDisabled", "The user or the account is disabled.");
    // Mailing only enrolled users keeps the answer the same either way; the mail proves the inbox.
    if (found.user.totpSecret) {
      await sendDisableTwoFactor(
        context,
        found.user,
        found.account,
        await issueMailToken("DisableTwoFactor", found.user, found.account),
      );
    }
    return reply.status(204).send();
  });

  api.post("/Login/Disable2FA", { schema: { body: tokenBody } }, async (request, reply) => {
    const { Token } = request.body as { Token: string };
    const user = await store.credentials.disableTotpWithToken(hashToken(Token), context.now());
    if (!user) throw badRequest("InvalidToken", "The link has expired or was already used.");
    await audit(context, {
      action: "TwoFactorDisabled",
      message: "Two-factor authentication turned off by mail link.",
      actor: user,
      target: user,
    });
    return reply.status(204).send();
  });
}
