/**
 * Impersonation (§4.1 step 4, §4.2): the `it` token exchanged by the staff's own gateway session.
 * The session then relays with the member's upstream identity, is marked impersonating, and keeps
 * the staff grant (sealed, server-side) for stop-impersonation, which swaps back to the fresh staff
 * grant the upstream returns. The hub relay is told to reconnect with the new identity each time.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_PATH } from "./routes-login.ts";
import { grantFrom, type SessionData, type UpstreamGrant } from "./session-data.ts";
import {
  callUpstream,
  endSession,
  loadUser,
  redirectAcceptable,
  type SessionContext,
  sendError,
  sendUpstreamError,
  signedInBody,
  withinLimit,
} from "./session-flow.ts";
import type { ActiveSession } from "./session-manager.ts";
import { SESSION_BODIES } from "./session-schemas.ts";

/** Swaps the identity the session relays with, then answers with the new user. */
async function swapIdentity(
  context: SessionContext,
  request: FastifyRequest,
  reply: FastifyReply,
  session: ActiveSession,
  grant: UpstreamGrant,
  staffGrant: UpstreamGrant | null,
  redirect?: string,
) {
  const data: SessionData = { ...session.data, grant, staffGrant, facts: null, fingerprint: null };
  const updated = await context.sessions.update(request, reply, session, data);
  if (!updated)
    return sendError(reply, 409, "SessionUpstreamRefused", "The session changed meanwhile; reload.");
  await context.onIdentityChanged?.(updated.idHash, grant.token);
  const user = await loadUser(context, request, reply, updated);
  if (user === null) return reply;
  return reply.header("Cache-Control", "no-store").send(signedInBody(user, updated, redirect));
}

/** Registers POST /gw/session/impersonation and /gw/session/stop-impersonation. */
export function registerImpersonationRoutes(scope: FastifyInstance, context: SessionContext): void {
  const { sessions, upstream } = context;

  scope.post(
    `${SESSION_PATH}/impersonation`,
    { schema: { body: SESSION_BODIES.impersonation } },
    async (request, reply) => {
      const body = request.body as { token: string; redirect?: string };
      const session = await sessions.read(request);
      if (!session?.data.grant) return sendError(reply, 401, "NotSignedIn", "Sign in as staff first.");
      if (session.data.staffGrant) {
        return sendError(reply, 409, "AlreadyImpersonating", "Stop the current impersonation first.");
      }
      if (!withinLimit(context, request, reply, "impersonation", session.data.identifier)) return reply;
      if (!redirectAcceptable(reply, body.redirect)) return reply;
      const staffGrant = session.data.grant;
      const answer = await callUpstream(reply, () =>
        upstream.call("POST", "Admin/Users/Impersonate", {
          body: { Token: body.token },
          bearerToken: staffGrant.token,
          clientIp: request.ip,
        }),
      );
      if (!answer) return reply;
      const grant = answer.status === 200 ? grantFrom(answer.body) : null;
      if (!grant)
        return sendUpstreamError(reply, answer.status === 200 ? { status: 502, body: null } : answer);
      request.log.info("session: impersonation started");
      return swapIdentity(context, request, reply, session, grant, staffGrant, body.redirect);
    },
  );

  scope.post(`${SESSION_PATH}/stop-impersonation`, async (request, reply) => {
    const session = await sessions.read(request);
    if (!session?.data.grant) return sendError(reply, 401, "NotSignedIn", "Not signed in.");
    if (!session.data.staffGrant)
      return sendError(reply, 409, "NotImpersonating", "This session is not impersonating.");
    const memberGrant = session.data.grant;
    const answer = await callUpstream(reply, () =>
      upstream.call("POST", "v2/User/StopImpersonate", {
        bearerToken: memberGrant.token,
        clientIp: request.ip,
      }),
    );
    if (!answer) return reply;
    if (answer.status === 401) {
      // The staff session (or the impersonation) ended upstream: nothing is left to return to.
      await endSession(context, request, reply, session);
      return sendError(reply, 401, "NotSignedIn", "The staff session has ended; sign in again.");
    }
    const grant = answer.status === 200 ? grantFrom(answer.body) : null;
    if (!grant) return sendUpstreamError(reply, answer.status === 200 ? { status: 502, body: null } : answer);
    request.log.info("session: impersonation stopped");
    return swapIdentity(context, request, reply, session, grant, null);
  });
}
