/**
 * Signed-in credential changes: change password (/changepassword) and the second factor
 * (set up, confirm, turn off) that My Settings offers when the 2FA policy allows it (§6).
 */
import type { FastifyInstance } from "fastify";
import { audit } from "../admin/audit.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, conflict, forbidden } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { passwordSchema } from "../http/schemas.ts";
import { hashPassword, verifyPassword } from "../identity/passwords.ts";
import { generateTotpSecret, matchTotpStep, otpAuthUri } from "../identity/totp.ts";
import { sendPasswordChanged } from "./mail.ts";
import { assertAcceptablePassword } from "./recovery-routes.ts";
import type { Caller } from "./session-service.ts";

const changePasswordBody = {
  type: "object",
  properties: {
    CurrentPassword: passwordSchema,
    NewPassword: { ...passwordSchema, description: "The new password." },
  },
  required: ["CurrentPassword", "NewPassword"],
  additionalProperties: false,
} as const;

const codeBody = {
  type: "object",
  properties: {
    Code: { type: "string", pattern: "^[0-9]{6}$", description: "Code from the authenticator app." },
  },
  required: ["Code"],
  additionalProperties: false,
} as const;

const passwordBody = {
  type: "object",
  properties: { Password: passwordSchema },
  required: ["Password"],
  additionalProperties: false,
} as const;

/** Credentials belong to the person: an impersonating staff member cannot change them. */
function assertActingAsSelf(caller: Caller): void {
  if (caller.impersonator)
    throw forbidden("ImpersonationNotAllowed", "Credentials cannot be changed while impersonating.");
}

/** Registers the signed-in credential routes under the application base. */
export function registerCredentialRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { store, settings } = context;
  const signedIn = { onRequest: [guards.session] };

  api.post(
    "/User/ChangePassword",
    { ...signedIn, schema: { body: changePasswordBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      assertActingAsSelf(caller);
      const body = request.body as { CurrentPassword: string; NewPassword: string };
      if (
        !caller.user.passwordHash ||
        !(await verifyPassword(body.CurrentPassword, caller.user.passwordHash))
      ) {
        throw badRequest("CurrentPasswordIncorrect", "The current password is wrong.");
      }
      assertAcceptablePassword(body.NewPassword);
      const hash = await hashPassword(body.NewPassword, settings.passwordCost);
      await store.credentials.setPassword(
        caller.account.recId,
        caller.user.recId,
        hash,
        caller.session.id,
        context.now(),
      );
      context.events.emit("userSessionsRevoked", {
        accountId: caller.account.recId,
        userId: caller.user.recId,
        keptSessionId: caller.session.id,
      });
      await sendPasswordChanged(context, caller.user, caller.account);
      await audit(context, {
        action: "PasswordChanged",
        message: "Password changed.",
        actor: caller.user,
        target: caller.user,
      });
      return reply.status(204).send();
    },
  );

  api.post("/User/TwoFactor/Setup", signedIn, async (request) => {
    const caller = callerOf(request);
    assertActingAsSelf(caller);
    if (caller.account.twoFactorPolicy === "Disabled") {
      throw forbidden("TwoFactorPolicy", "Two-factor authentication is switched off for this account.");
    }
    if (caller.user.totpSecret)
      throw conflict("TwoFactorAlreadyEnabled", "Two-factor authentication is already set up.");
    const secret = generateTotpSecret();
    await store.credentials.setPendingTotpSecret(caller.account.recId, caller.user.recId, secret);
    return { Secret: secret, OtpAuthUri: otpAuthUri(secret, caller.account.name, caller.user.email) };
  });

  api.post("/User/TwoFactor/Enable", { ...signedIn, schema: { body: codeBody } }, async (request, reply) => {
    const caller = callerOf(request);
    assertActingAsSelf(caller);
    const pending = caller.user.totpPendingSecret;
    if (caller.user.totpSecret)
      throw conflict("TwoFactorAlreadyEnabled", "Two-factor authentication is already set up.");
    if (!pending) throw conflict("TwoFactorNotEnabled", "Start the set-up first.");
    const step = matchTotpStep(pending, (request.body as { Code: string }).Code, context.now());
    if (step === undefined) throw badRequest("InvalidTwoFactorCode", "The code is wrong.");
    await store.credentials.enableTotp(caller.account.recId, caller.user.recId, step);
    await audit(context, {
      action: "TwoFactorEnabled",
      message: "Two-factor authentication set up.",
      actor: caller.user,
      target: caller.user,
    });
    return reply.status(204).send();
  });

  api.post(
    "/User/TwoFactor/Disable",
    { ...signedIn, schema: { body: passwordBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      assertActingAsSelf(caller);
      if (!caller.user.totpSecret)
        throw conflict("TwoFactorNotEnabled", "Two-factor authentication is not set up.");
      if (caller.account.twoFactorPolicy === "Required") {
        throw forbidden("TwoFactorPolicy", "The account requires two-factor authentication.");
      }
      const { Password } = request.body as { Password: string };
      if (!caller.user.passwordHash || !(await verifyPassword(Password, caller.user.passwordHash))) {
        throw badRequest("CurrentPasswordIncorrect", "The password is wrong.");
      }
      await store.credentials.disableTotp(caller.account.recId, caller.user.recId);
      await audit(context, {
        action: "TwoFactorDisabled",
        message: "Two-factor authentication turned off.",
        actor: caller.user,
        target: caller.user,
      });
      return reply.status(204).send();
    },
  );
}
