/**
 * Impersonation (§4.1 step 4, §6): staff with Write on the Users admin module get a short-lived,
 * single-use token for one member (`/admin/users/impersonate/{id}` opens a window with `?it=`), the
 * window exchanges it at `Admin/Users/Impersonate` for a session as that member, and
 * `v2/User/StopImpersonate` ends it and restores the staff identity. Every step is audited.
 */
import type { FastifyInstance } from "fastify";
import { audit } from "../admin/audit.ts";
import type { UpstreamContext } from "../context.ts";
import { conflict, forbidden, notFound, unauthorized } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams, tokenSchema } from "../http/schemas.ts";
import { generateToken, hashToken } from "../identity/secrets.ts";
import { grantBody } from "./grant-response.ts";

const tokenBody = {
  type: "object",
  properties: { Token: tokenSchema },
  required: ["Token"],
  additionalProperties: false,
} as const;

/** Registers the impersonation routes under the application base. */
export function registerImpersonationRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { store, sessions, settings } = context;
  const usersWrite = [guards.session, guards.admin("Users", "Write")];

  api.post(
    "/Admin/Users/:recId/ImpersonationToken",
    { onRequest: usersWrite, schema: { params: recIdParams } },
    async (request) => {
      const staff = callerOf(request);
      const { recId } = request.params as { recId: number };
      const target = await store.staff.getUserForAdmin(recId);
      if (!target) throw notFound("User");
      if (target.account.isSystem || target.user.isStaff) {
        throw forbidden("ImpersonationNotAllowed", "Staff users cannot be impersonated.");
      }
      if (target.user.disabled || target.account.disabled)
        throw conflict("Conflict", "The user or the account is disabled.");
      const token = generateToken();
      const expiresAt = context.now() + settings.lifetimes.impersonationTokenMs;
      await store.tokens.issue(
        {
          kind: "Impersonation",
          tokenHash: hashToken(token),
          accountId: target.account.recId,
          userId: target.user.recId,
          issuedByUserId: staff.user.recId,
          expiresAt,
        },
        context.now(),
      );
      await audit(context, {
        action: "ImpersonationTokenIssued",
        message: `${staff.user.email} may impersonate ${target.user.email} (${target.account.domain}).`,
        actor: staff.user,
        target: target.user,
      });
      return { Token: token, ExpiresAt: new Date(expiresAt).toISOString() };
    },
  );

  api.post(
    "/Admin/Users/Impersonate",
    { onRequest: usersWrite, schema: { body: tokenBody } },
    async (request) => {
      const staff = callerOf(request);
      const { Token } = request.body as { Token: string };
      const token = await store.tokens.resolveAndConsume("Impersonation", hashToken(Token), context.now());
      // Only the staff member the token was issued to can use it: a leaked token alone is worthless.
      if (!token || token.issuedByUserId !== staff.user.recId) {
        throw unauthorized("InvalidToken", "The impersonation link has expired or was already used.");
      }
      const user = await store.users.get(token.accountId, token.userId);
      if (!user || user.disabled) throw notFound("User");
      const grant = await sessions.issue(user, { staff: staff.user, staffSession: staff.session });
      await audit(context, {
        action: "ImpersonationStarted",
        message: `${staff.user.email} started impersonating ${user.email}.`,
        actor: staff.user,
        target: user,
        details: { sessionId: grant.session.id },
      });
      return grantBody(context, grant);
    },
  );

  api.post("/v2/User/StopImpersonate", { onRequest: [guards.session] }, async (request) => {
    const caller = callerOf(request);
    const staffSessionId = caller.session.impersonatorSessionId;
    if (!caller.impersonator || staffSessionId === null) {
      throw conflict("NotImpersonating", "This session is not an impersonation.");
    }
    const staffSession = await store.sessions.get(caller.impersonator.account.recId, staffSessionId);
    if (!staffSession || !sessions.isLive(staffSession))
      throw unauthorized("SessionExpired", "The staff session has expired.");
    await sessions.end(caller.session, "impersonationStopped");
    context.events.emit("sessionEnded", {
      accountId: caller.session.accountId,
      userId: caller.session.userId,
      sessionId: caller.session.id,
      reason: "impersonationStopped",
    });
    await audit(context, {
      action: "ImpersonationStopped",
      message: `${caller.impersonator.user.email} stopped impersonating ${caller.user.email}.`,
      actor: caller.impersonator.user,
      target: caller.user,
      details: { sessionId: caller.session.id },
    });
    // The staff identity comes back as a fresh token that ends when the original staff session ends.
    return grantBody(context, await sessions.resume(staffSession));
  });
}
