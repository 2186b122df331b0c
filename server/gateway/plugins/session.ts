/**
 * The browser's session with the gateway (DESIGN.md §4, backend-for-frontend): the /gw/session
 * endpoints, and the blocked-IP guard. Endpoints and their bodies: server/gateway/session/README.md.
 *
 * `sessionEndpoints` registers in its own scope (strict JSON bodies, its own error handler) and
 * always applies the CSRF guard to its routes; register the same guard at the root as well so the
 * relays get it (a request is checked once). `blockedIpGuard` is not encapsulated: it refuses
 * blocked clients on every route of the app, so register it before any other plugin.
 */
import type { FastifyInstance } from "fastify";
import { GatewayErrorCode } from "../errors/gateway-error-codes.ts";
import { BlockedIps, type BlockedIpsOptions } from "../security/blocked-ips.ts";
import { installBodyHandling } from "../session/body-validation.ts";
import type { GatewaySession } from "../session/gateway-session.ts";
import { registerImpersonationRoutes } from "../session/routes-impersonation.ts";
import { registerLoginRoutes, SESSION_PATH } from "../session/routes-login.ts";
import { registerRecoveryRoutes } from "../session/routes-recovery.ts";
import type { IdentityChangedHook, SessionContext, SessionEndedHook } from "../session/session-flow.ts";

export { SESSION_PATH };

/** Options of `sessionEndpoints`. */
export interface SessionEndpointsOptions {
  session: GatewaySession;
  /** Whether signup is open (§2.1): the upstream's configuration as UpstreamSettings derives it. */
  signupAllowed: () => boolean;
  /** The gateway ended a session (logout, upstream 401): e.g. `hubRelay.endSession(id, "/loggedout")`. */
  onSessionEnded?: SessionEndedHook;
  /** The session relays with another upstream identity (impersonation): `hubRelay.renewUpstream`. */
  onIdentityChanged?: IdentityChangedHook;
  /** Purge expired sessions from the store while the app runs (default true). */
  purgeExpired?: boolean;
}

/**
 * The /gw/session endpoints. The app's close also closes the session (its store and upstream pool).
 * Registered without a session (an app not yet configured with one), only GET /gw/session exists
 * and answers 401 — the true state: nobody can be signed in.
 */
export async function sessionEndpoints(
  app: FastifyInstance,
  options: Partial<SessionEndpointsOptions> = {},
): Promise<void> {
  const { session, signupAllowed } = options;
  if (!session || !signupAllowed) {
    app.get(SESSION_PATH, async (_request, reply) =>
      reply
        .code(401)
        .header("Cache-Control", "no-store")
        .send({ ErrorCode: GatewayErrorCode.NotSignedIn, Message: "Not signed in." }),
    );
    return;
  }
  const context: SessionContext = {
    sessions: session.sessions,
    upstream: session.upstream,
    limits: session.limits,
    cookieSecurity: session.cookieSecurity,
    signupAllowed,
    onSessionEnded: options.onSessionEnded,
    onIdentityChanged: options.onIdentityChanged,
  };
  installBodyHandling(app);
  app.addHook("onRequest", session.csrfGuard);
  registerLoginRoutes(app, context);
  registerImpersonationRoutes(app, context);
  registerRecoveryRoutes(app, context);
  if (options.purgeExpired !== false) {
    app.addHook("onReady", async () => {
      session.sessions.startPurging(undefined, (error) =>
        app.log.error({ err: error }, "session purge failed"),
      );
    });
  }
  app.addHook("onClose", async () => session.close());
}

declare module "fastify" {
  interface FastifyInstance {
    /** The blocked-IP list, once `blockedIpGuard` is registered. */
    blockedIps: BlockedIps;
  }
}

/** Options of `blockedIpGuard`. */
export type BlockedIpGuardOptions = Omit<BlockedIpsOptions, "log">;

/** Where staff edit the list through the REST relay (SPEC §2.4 /admin/blockedips): `/api/Admin/BlockedIps…`. */
const BLOCKED_IPS_EDIT = /^\/api\/admin\/blockedips(?:[/?]|$)/i;

async function blockedIpGuardPlugin(app: FastifyInstance, options: BlockedIpGuardOptions): Promise<void> {
  const list = new BlockedIps({ ...options, log: app.log });
  app.decorate("blockedIps", list);
  app.addHook("onRequest", list.hook);
  // A relayed edit of the list applies here at once, not at the next poll (and, through the fan-out,
  // on the other instances too).
  app.addHook("onResponse", (request, reply, done) => {
    if (
      request.method !== "GET" &&
      request.method !== "HEAD" &&
      reply.statusCode < 300 &&
      BLOCKED_IPS_EDIT.test(request.url)
    ) {
      void list.reread();
    }
    done();
  });
  // The first read finishes before the app serves, so a blocked client is refused from the start.
  app.addHook("onReady", async () => {
    await list.start();
  });
  app.addHook("onClose", async () => list.stop());
}

/**
 * Refuses clients on the upstream's blocked-IP list with 403 (code IpBlocked) on every request,
 * polling the list every BLOCKED_IPS_REFRESH_MS. Not encapsulated (what fastify-plugin sets).
 */
export const blockedIpGuard = Object.assign(blockedIpGuardPlugin, {
  [Symbol.for("skip-override")]: true,
  [Symbol.for("fastify.display-name")]: "blockedIpGuard",
});
