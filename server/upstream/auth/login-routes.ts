/**
 * Password login with the optional TOTP second step, logout, and token login
 * (`/Login/LoginWithRDS`, with the debug-only `Login/GenerateRDSToken`) — §7.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest, forbidden, unauthorized } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { domainSchema, emailSchema, passwordSchema, tokenSchema } from "../http/schemas.ts";
import { generateToken, hashToken } from "../identity/secrets.ts";
import { matchTotpStep } from "../identity/totp.ts";
import type { AccountRecord, UserRecord } from "../store/records.ts";
import { grantBody, identifyByPassword } from "./grant-response.ts";

const loginBody = {
  type: "object",
  properties: { Domain: domainSchema, Email: emailSchema, Password: passwordSchema },
  required: ["Email", "Password"],
  additionalProperties: false,
} as const;

const secondStepBody = {
  type: "object",
  properties: {
    TwoFactorToken: tokenSchema,
    Code: { type: "string", pattern: "^[0-9]{6}$", description: "Code from the authenticator app." },
  },
  required: ["TwoFactorToken", "Code"],
  additionalProperties: false,
} as const;

const tokenBody = {
  type: "object",
  properties: { Token: tokenSchema },
  required: ["Token"],
  additionalProperties: false,
} as const;

/** Whether the login must go through the second step: the user enrolled and the policy does not switch 2FA off. */
export function needsSecondFactor(user: UserRecord, account: AccountRecord): boolean {
  return user.totpSecret !== null && account.twoFactorPolicy !== "Disabled";
}

/** Registers the login routes under the application base. */
export function registerLoginRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { store, sessions, settings } = context;

  api.post("/Login", { schema: { body: loginBody } }, async (request) => {
    const body = request.body as { Domain?: string; Email: string; Password: string };
    const found = await identifyByPassword(context, body.Email, body.Password, body.Domain);
    if (found === "invalid")
      throw unauthorized("InvalidCredentials", "The e-mail, domain or password is wrong.");
    if (found === "domainRequired") {
      throw badRequest("DomainRequired", "This e-mail is used in several accounts: enter the domain too.");
    }
    const { user, account } = found;
    if (user.disabled || account.disabled)
      throw forbidden("AccountDisabled", "The user or the account is disabled.");
    if (needsSecondFactor(user, account)) {
      const token = generateToken();
      await store.tokens.issue(
        {
          kind: "TwoFactorLogin",
          tokenHash: hashToken(token),
          accountId: account.recId,
          userId: user.recId,
          expiresAt: context.now() + settings.lifetimes.twoFactorStepMs,
        },
        context.now(),
      );
      return { TwoFactorRequired: true, TwoFactorToken: token };
    }
    return grantBody(context, await sessions.issue(user));
  });

  api.post("/Login/TwoFactor", { schema: { body: secondStepBody } }, async (request) => {
    const body = request.body as { TwoFactorToken: string; Code: string };
    // The step token is single-use: a wrong code sends the user back to the password step.
    const token = await store.tokens.resolveAndConsume(
      "TwoFactorLogin",
      hashToken(body.TwoFactorToken),
      context.now(),
    );
    if (!token) throw unauthorized("InvalidToken", "The sign-in step has expired; sign in again.");
    const user = await store.users.get(token.accountId, token.userId);
    if (!user?.totpSecret) throw unauthorized("InvalidToken", "The sign-in step has expired; sign in again.");
    const step = matchTotpStep(user.totpSecret, body.Code, context.now());
    if (step === undefined || !(await store.credentials.acceptTotpStep(user.accountId, user.recId, step))) {
      throw unauthorized("InvalidTwoFactorCode", "The code is wrong or was already used.");
    }
    return grantBody(context, await sessions.issue(user));
  });

  api.post("/Logout", { onRequest: [guards.session] }, async (request, reply) => {
    const caller = callerOf(request);
    await sessions.end(caller.session, "logout");
    context.events.emit("sessionEnded", {
      accountId: caller.session.accountId,
      userId: caller.session.userId,
      sessionId: caller.session.id,
      reason: "logout",
    });
    return reply.status(204).send();
  });

  api.post("/Login/LoginWithRDS", { schema: { body: tokenBody } }, async (request) => {
    const { Token } = request.body as { Token: string };
    const token = await store.tokens.resolveAndConsume("LoginWithRDS", hashToken(Token), context.now());
    if (!token) throw unauthorized("InvalidToken", "The sign-in link has expired or was already used.");
    const user = await store.users.get(token.accountId, token.userId);
    const account = await store.accounts.get(token.accountId);
    if (!user || !account || user.disabled || account.disabled) {
      throw forbidden("AccountDisabled", "The user or the account is disabled.");
    }
    return grantBody(context, await sessions.issue(user));
  });

  if (settings.debug) {
    // §7: debug builds only. The token signs the caller's own user in elsewhere (a second window).
    api.post("/Login/GenerateRDSToken", { onRequest: [guards.session] }, async (request) => {
      const caller = callerOf(request);
      if (caller.impersonator) throw forbidden("ImpersonationNotAllowed", "Not while impersonating.");
      const token = generateToken();
      const expiresAt = context.now() + settings.lifetimes.loginTokenMs;
      await store.tokens.issue(
        {
          kind: "LoginWithRDS",
          tokenHash: hashToken(token),
          accountId: caller.account.recId,
          userId: caller.user.recId,
          expiresAt,
        },
        context.now(),
      );
      return { Token: token, ExpiresAt: new Date(expiresAt).toISOString() };
    });
  }
}
