/**
 * The steps the session endpoints share: rate limiting, answering with upstream errors, loading
 * the user (Common/LoggedInConfig) into the session, starting and ending sessions. Tokens and
 * passwords only ever travel in bodies and are never logged.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { isSafeRedirectTarget } from "../../../core/navigation/safe-redirect.ts";
import { GatewayErrorCode, type GatewayErrorCodeName } from "../errors/gateway-error-codes.ts";
import { accessFactsFrom } from "../manifests/filter-access.ts";
import { sendRelayFailure } from "../relay/relay-failure.ts";
import type { CookieSecurity } from "../security/cookies.ts";
import { issueCsrfCookie } from "../security/csrf.ts";
import { type AuthRateLimits, accountIdentifier, type RateLimitedAction } from "../security/rate-limit.ts";
import { type SessionData, signedInData, type UpstreamGrant, withFacts } from "./session-data.ts";
import type { ActiveSession, GatewaySessions } from "./session-manager.ts";
import { type UpstreamAuthClient, UpstreamCallError, type UpstreamReply } from "./upstream-auth-client.ts";

/** Called when the gateway ends a session, e.g. to close its hub sockets (hubRelay.endSession). */
export type SessionEndedHook = (sessionId: string) => void | Promise<void>;
/** Called when a session relays with another upstream identity (hubRelay.renewUpstream). */
export type IdentityChangedHook = (sessionId: string, bearerToken: string) => void | Promise<void>;

/** Everything the session routes share. */
export interface SessionContext {
  sessions: GatewaySessions;
  upstream: UpstreamAuthClient;
  limits: AuthRateLimits;
  cookieSecurity: CookieSecurity;
  signupAllowed: () => boolean;
  onSessionEnded?: SessionEndedHook;
  onIdentityChanged?: IdentityChangedHook;
}

/** Longest upstream error message passed on to the browser. */
const MAX_UPSTREAM_MESSAGE_LENGTH = 500;

/** Sends a gateway error. */
export function sendError(reply: FastifyReply, status: number, code: GatewayErrorCodeName, message: string) {
  return reply
    .code(status)
    .header("Cache-Control", "no-store")
    .send({ ErrorCode: GatewayErrorCode[code], Message: message });
}

/** Passes an upstream error on: 4xx with its own `{ErrorCode, Message}`, 5xx as a gateway failure. */
export function sendUpstreamError(reply: FastifyReply, answer: UpstreamReply) {
  const body = answer.body as { ErrorCode?: unknown; Message?: unknown } | null;
  if (answer.status === 503)
    return sendError(
      reply,
      503,
      "UpstreamUnavailable",
      "The application service is temporarily unavailable.",
    );
  if (answer.status >= 500 || answer.status < 400) {
    return sendError(reply, 502, "UpstreamBadResponse", "The application service sent an invalid response.");
  }
  if (body && Number.isInteger(body.ErrorCode) && typeof body.Message === "string") {
    return reply
      .code(answer.status)
      .header("Cache-Control", "no-store")
      .send({ ErrorCode: body.ErrorCode, Message: body.Message.slice(0, MAX_UPSTREAM_MESSAGE_LENGTH) });
  }
  return sendError(
    reply,
    answer.status,
    "SessionUpstreamRefused",
    "The application service refused the request.",
  );
}

/** Runs an upstream call; a transport failure is answered (502/504) and yields null. */
export async function callUpstream(
  reply: FastifyReply,
  call: () => Promise<UpstreamReply>,
): Promise<UpstreamReply | null> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof UpstreamCallError)) throw error;
    sendRelayFailure(reply, error.failure);
    return null;
  }
}

/** Counts an attempt; answers 429 with Retry-After and returns false when over the limit. */
export function withinLimit(
  context: SessionContext,
  request: FastifyRequest,
  reply: FastifyReply,
  action: RateLimitedAction,
  identifier?: string | null,
): boolean {
  const decision = context.limits.attempt(action, request.ip, identifier);
  if (decision.allowed) return true;
  request.log.info({ action }, "session: rate limited");
  reply.header("Retry-After", String(decision.retryAfterSeconds));
  sendError(reply, 429, "RateLimited", "Too many attempts; try again later.");
  return false;
}

/** False (after answering 400) when a redirect target is present and not a same-origin relative path. */
export function redirectAcceptable(reply: FastifyReply, redirect: string | undefined): boolean {
  if (redirect === undefined || isSafeRedirectTarget(redirect)) return true;
  sendError(reply, 400, "UnsafeRedirect", "The redirect target must be a path of this site.");
  return false;
}

/** Ends a session for good: store row, hub sockets and (unless a new one replaces it) the cookie. */
export async function endSession(
  context: SessionContext,
  request: FastifyRequest,
  reply: FastifyReply,
  session: ActiveSession | null,
  clearCookie = true,
): Promise<void> {
  if (clearCookie) context.sessions.clearCookie(request, reply);
  if (!session) return;
  await context.sessions.end(session.idHash);
  if (session.data.grant) await context.onSessionEnded?.(session.idHash);
}

/**
 * Reads Common/LoggedInConfig with the session's grant and stores the access facts. Answers the
 * request itself when that fails (upstream 401: the session is ended) and then returns null.
 */
export async function loadUser(
  context: SessionContext,
  request: FastifyRequest,
  reply: FastifyReply,
  session: ActiveSession,
): Promise<unknown | null> {
  const grant = session.data.grant as UpstreamGrant;
  const answer = await callUpstream(reply, () =>
    context.upstream.call("GET", "Common/LoggedInConfig", { bearerToken: grant.token }),
  );
  if (!answer) return null;
  if (answer.status === 401) {
    await endSession(context, request, reply, session);
    sendError(reply, 401, "NotSignedIn", "The session has ended; sign in again.");
    return null;
  }
  const facts = answer.status === 200 ? accessFactsFrom(answer.body, session.data.staffGrant !== null) : null;
  if (!facts) {
    sendUpstreamError(reply, answer.status === 200 ? { status: 502, body: null } : answer);
    return null;
  }
  let data: SessionData = withFacts(session.data, facts);
  const user = (answer.body as { User: { Email?: unknown; Domain?: unknown } }).User;
  if (data.identifier === null && typeof user.Email === "string") {
    data = {
      ...data,
      identifier: accountIdentifier(user.Email, typeof user.Domain === "string" ? user.Domain : null),
    };
  }
  // A lost race (the session changed meanwhile) only means the facts are stored on the next read.
  if (data.fingerprint !== session.data.fingerprint || data.identifier !== session.data.identifier) {
    await context.sessions.update(request, reply, session, data);
  }
  return answer.body;
}

/** The body of every signed-in answer. */
export function signedInBody(user: unknown, session: ActiveSession, redirect?: string) {
  const body: { user: unknown; impersonating: boolean; redirect?: string } = {
    user,
    impersonating: session.data.staffGrant !== null,
  };
  if (redirect !== undefined) body.redirect = redirect;
  return body;
}

/**
 * Starts a signed-in session for a new grant (any earlier session of the browser ends first, and
 * the CSRF token is rotated), loads the user and answers `status` with the signed-in body.
 */
export async function startSession(
  context: SessionContext,
  request: FastifyRequest,
  reply: FastifyReply,
  grant: UpstreamGrant,
  options: { identifier: string | null; redirect?: string; status?: number; previous?: ActiveSession | null },
) {
  const previous = options.previous === undefined ? await context.sessions.read(request) : options.previous;
  if (previous) await endSession(context, request, reply, previous, false);
  const session = await context.sessions.create(
    request,
    reply,
    signedInData(grant, options.identifier, context.sessions.now()),
  );
  issueCsrfCookie(request, reply, context.cookieSecurity);
  const user = await loadUser(context, request, reply, session);
  if (user === null) return reply;
  return reply
    .code(options.status ?? 200)
    .header("Cache-Control", "no-store")
    .send(signedInBody(user, session, options.redirect));
}
