/**
 * Credential recovery and changes (§2.1 /resetpassword, /forgotdomain, /changepassword,
 * /disable2fa): each validated, rate limited, translated to the upstream's call and answered with
 * the upstream's own outcome (204, or its error). Answers never tell whether an address exists —
 * the upstream answers 204 either way, and so does the gateway.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { accountIdentifier, type RateLimitedAction } from "../security/rate-limit.ts";
import { SESSION_PATH } from "./routes-login.ts";
import {
  callUpstream,
  endSession,
  type SessionContext,
  sendError,
  sendUpstreamError,
  withinLimit,
} from "./session-flow.ts";
import type { ActiveSession } from "./session-manager.ts";
import { SESSION_BODIES } from "./session-schemas.ts";

/** One recovery endpoint: its body schema, rate-limit action and upstream call. */
interface RecoveryEndpoint {
  path: string;
  schema: object;
  action: RateLimitedAction;
  /** The account identifier the request names, for the per-identifier window. */
  identifier?: (body: Record<string, string>) => string;
  upstreamPath: string;
  /** The upstream body for the gateway body. */
  upstreamBody: (body: Record<string, string>) => Record<string, string>;
  /** Calls with the session's grant (signed-in endpoints). */
  signedIn?: boolean;
}

const optionalDomain = (body: Record<string, string>): Record<string, string> =>
  body.domain ? { Domain: body.domain } : {};

const ENDPOINTS: readonly RecoveryEndpoint[] = [
  {
    path: "forgot-password",
    schema: SESSION_BODIES.forgotPassword,
    action: "recoveryMail",
    identifier: (b) => accountIdentifier(b.email as string, b.domain),
    upstreamPath: "Login/ForgotPassword",
    upstreamBody: (b) => ({ ...optionalDomain(b), Email: b.email as string }),
  },
  {
    path: "reset-password",
    schema: SESSION_BODIES.resetPassword,
    action: "resetPassword",
    upstreamPath: "Login/ResetPassword",
    upstreamBody: (b) => ({ Token: b.token as string, Password: b.password as string }),
  },
  {
    path: "forgot-domain",
    schema: SESSION_BODIES.forgotDomain,
    action: "recoveryMail",
    identifier: (b) => accountIdentifier(b.email as string),
    upstreamPath: "Login/ForgotDomain",
    upstreamBody: (b) => ({ Email: b.email as string }),
  },
  {
    path: "disable-2fa/request",
    schema: SESSION_BODIES.disableTwoFactorRequest,
    action: "recoveryMail",
    identifier: (b) => accountIdentifier(b.email as string, b.domain),
    upstreamPath: "Login/Disable2FA/Request",
    upstreamBody: (b) => ({ ...optionalDomain(b), Email: b.email as string, Password: b.password as string }),
  },
  {
    path: "disable-2fa",
    schema: SESSION_BODIES.disableTwoFactor,
    action: "resetPassword",
    upstreamPath: "Login/Disable2FA",
    upstreamBody: (b) => ({ Token: b.token as string }),
  },
  {
    path: "change-password",
    schema: SESSION_BODIES.changePassword,
    action: "changePassword",
    upstreamPath: "User/ChangePassword",
    upstreamBody: (b) => ({
      CurrentPassword: b.currentPassword as string,
      NewPassword: b.newPassword as string,
    }),
    signedIn: true,
  },
];

async function handle(
  context: SessionContext,
  endpoint: RecoveryEndpoint,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const body = request.body as Record<string, string>;
  let bearerToken: string | null = null;
  let identifier = endpoint.identifier?.(body) ?? null;
  let session: ActiveSession | null = null;
  if (endpoint.signedIn) {
    session = await context.sessions.read(request);
    if (!session?.data.grant) return sendError(reply, 401, "NotSignedIn", "Not signed in.");
    bearerToken = session.data.grant.token;
    identifier = session.data.identifier;
  }
  if (!withinLimit(context, request, reply, endpoint.action, identifier)) return reply;
  const answer = await callUpstream(reply, () =>
    context.upstream.call("POST", endpoint.upstreamPath, {
      body: endpoint.upstreamBody(body),
      bearerToken,
      clientIp: request.ip,
    }),
  );
  if (!answer) return reply;
  // A signed-in call answered 401: the upstream session is over, so the gateway's ends too.
  if (session && answer.status === 401) await endSession(context, request, reply, session);
  if (answer.status < 200 || answer.status >= 300) return sendUpstreamError(reply, answer);
  return reply.code(204).header("Cache-Control", "no-store").send();
}

/** Registers the recovery and credential endpoints under /gw/session/. */
export function registerRecoveryRoutes(scope: FastifyInstance, context: SessionContext): void {
  for (const endpoint of ENDPOINTS) {
    scope.post(`${SESSION_PATH}/${endpoint.path}`, { schema: { body: endpoint.schema } }, (request, reply) =>
      handle(context, endpoint, request, reply),
    );
  }
}
