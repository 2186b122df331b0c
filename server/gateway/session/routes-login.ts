/**
 * The session itself: GET /gw/session, password login with its second factor, token login (`st`,
 * §4.1 step 5), signup, logout. A second factor's step token stays in the gateway: the password
 * step answers `{ twoFactorRequired: true }` and a short-lived pending session, and the code step
 * completes it — the browser never holds anything but cookies.
 */
import type { FastifyInstance } from "fastify";
import { CSRF_COOKIE_NAME, cookieToken } from "../security/cookies.ts";
import { issueCsrfCookie } from "../security/csrf.ts";
import { accountIdentifier } from "../security/rate-limit.ts";
import { grantFrom, pendingData, twoFactorTokenFrom } from "./session-data.ts";
import {
  callUpstream,
  endSession,
  loadUser,
  redirectAcceptable,
  type SessionContext,
  sendError,
  sendUpstreamError,
  signedInBody,
  startSession,
  withinLimit,
} from "./session-flow.ts";
import { type LoginBody, SESSION_BODIES, type SignupBody } from "./session-schemas.ts";

/** The session endpoints' base path. */
export const SESSION_PATH = "/gw/session";

/** Registers GET /gw/session, login, login/two-factor, token, signup and logout. */
export function registerLoginRoutes(scope: FastifyInstance, context: SessionContext): void {
  const { sessions, upstream } = context;

  scope.get(SESSION_PATH, async (request, reply) => {
    // The CSRF cookie a visitor's first state-changing call (the login) must repeat.
    if (!cookieToken(request, CSRF_COOKIE_NAME)) issueCsrfCookie(request, reply, context.cookieSecurity);
    const session = await sessions.read(request);
    if (!session?.data.grant) return sendError(reply, 401, "NotSignedIn", "Not signed in.");
    const user = await loadUser(context, request, reply, session);
    if (user === null) return reply;
    return reply.header("Cache-Control", "no-store").send(signedInBody(user, session));
  });

  scope.post(`${SESSION_PATH}/login`, { schema: { body: SESSION_BODIES.login } }, async (request, reply) => {
    const body = request.body as LoginBody;
    const identifier = accountIdentifier(body.email, body.domain);
    if (!withinLimit(context, request, reply, "login", identifier)) return reply;
    if (!redirectAcceptable(reply, body.redirect)) return reply;
    const answer = await callUpstream(reply, () =>
      upstream.call("POST", "Login", {
        body: { ...(body.domain ? { Domain: body.domain } : {}), Email: body.email, Password: body.password },
        clientIp: request.ip,
      }),
    );
    if (!answer) return reply;
    if (answer.status !== 200) return sendUpstreamError(reply, answer);
    const stepToken = twoFactorTokenFrom(answer.body);
    if (stepToken) {
      const previous = await sessions.read(request);
      if (previous) await endSession(context, request, reply, previous, false);
      await sessions.create(request, reply, pendingData(stepToken, identifier, sessions.now()));
      return reply.header("Cache-Control", "no-store").send({ twoFactorRequired: true });
    }
    const grant = grantFrom(answer.body);
    if (!grant) return sendUpstreamError(reply, { status: 502, body: null });
    return startSession(context, request, reply, grant, { identifier, redirect: body.redirect });
  });

  scope.post(
    `${SESSION_PATH}/login/two-factor`,
    { schema: { body: SESSION_BODIES.twoFactor } },
    async (request, reply) => {
      const body = request.body as { code: string; redirect?: string };
      const session = await sessions.read(request);
      const pending = session?.data.pendingTwoFactor;
      if (!session || !pending || pending.expiresAt <= sessions.now()) {
        return sendError(reply, 401, "TwoFactorNotPending", "The sign-in step has expired; sign in again.");
      }
      if (!withinLimit(context, request, reply, "twoFactor", pending.identifier)) return reply;
      if (!redirectAcceptable(reply, body.redirect)) return reply;
      const answer = await callUpstream(reply, () =>
        upstream.call("POST", "Login/TwoFactor", {
          body: { TwoFactorToken: pending.token, Code: body.code },
          clientIp: request.ip,
        }),
      );
      if (!answer) return reply;
      const grant = answer.status === 200 ? grantFrom(answer.body) : null;
      if (!grant) {
        // The upstream's step token is single-use: after a wrong code the password step starts over.
        await endSession(context, request, reply, session);
        return sendUpstreamError(reply, answer.status === 200 ? { status: 502, body: null } : answer);
      }
      return startSession(context, request, reply, grant, {
        identifier: pending.identifier,
        redirect: body.redirect,
        previous: session,
      });
    },
  );

  scope.post(`${SESSION_PATH}/token`, { schema: { body: SESSION_BODIES.token } }, async (request, reply) => {
    const body = request.body as { token: string; redirect?: string };
    if (!withinLimit(context, request, reply, "token")) return reply;
    if (!redirectAcceptable(reply, body.redirect)) return reply;
    const answer = await callUpstream(reply, () =>
      upstream.call("POST", "Login/LoginWithRDS", { body: { Token: body.token }, clientIp: request.ip }),
    );
    if (!answer) return reply;
    const grant = answer.status === 200 ? grantFrom(answer.body) : null;
    if (!grant) return sendUpstreamError(reply, answer.status === 200 ? { status: 502, body: null } : answer);
    return startSession(context, request, reply, grant, { identifier: null, redirect: body.redirect });
  });

  scope.post(
    `${SESSION_PATH}/signup`,
    { schema: { body: SESSION_BODIES.signup } },
    async (request, reply) => {
      if (!context.signupAllowed()) return sendError(reply, 403, "SignupNotAllowed", "Signup is not open.");
      const body = request.body as SignupBody;
      const identifier = accountIdentifier(body.email, body.domain);
      if (!withinLimit(context, request, reply, "signup", identifier)) return reply;
      if (!redirectAcceptable(reply, body.redirect)) return reply;
      const answer = await callUpstream(reply, () =>
        upstream.call("POST", "Signup", {
          body: {
            AccountName: body.accountName,
            Domain: body.domain,
            FullName: body.fullName,
            Email: body.email,
            Password: body.password,
            ...(body.languageCode ? { LanguageCode: body.languageCode } : {}),
          },
          clientIp: request.ip,
        }),
      );
      if (!answer) return reply;
      const grant = answer.status === 200 || answer.status === 201 ? grantFrom(answer.body) : null;
      if (!grant) return sendUpstreamError(reply, answer.status < 300 ? { status: 502, body: null } : answer);
      return startSession(context, request, reply, grant, {
        identifier,
        redirect: body.redirect,
        status: 201,
      });
    },
  );

  scope.post(`${SESSION_PATH}/logout`, async (request, reply) => {
    const session = await sessions.read(request);
    // Both upstream sessions end: the one relayed with and, while impersonating, the staff one.
    for (const grant of [session?.data.grant, session?.data.staffGrant]) {
      if (!grant) continue;
      const answer = await upstream
        .call("POST", "Logout", { bearerToken: grant.token, clientIp: request.ip })
        .catch(() => null);
      if (!answer || (answer.status >= 300 && answer.status !== 401)) {
        request.log.warn(
          { status: answer?.status ?? null },
          "logout: the upstream session may outlive the gateway's",
        );
      }
    }
    await endSession(context, request, reply, session);
    issueCsrfCookie(request, reply, context.cookieSecurity);
    return reply.code(204).header("Cache-Control", "no-store").send();
  });
}
