/**
 * The gateway session as a whole (DESIGN.md §4): store, sealing, upstream client, rate limits and
 * CSRF guard, and what the other parts of the gateway take from it — `identityOf` for the REST and
 * hub relays, `audienceOf` for the manifest endpoint, `endSession` for the hub relay's
 * "the upstream ended this session" signal.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { GatewayDatabase } from "../database/postgres.ts";
import { accessFactsFrom, accessFingerprint } from "../manifests/filter-access.ts";
import type { ManifestAudience } from "../manifests/resolve-manifest.ts";
import type { CookieSecurity } from "../security/cookies.ts";
import { createCsrfGuard } from "../security/csrf.ts";
import { AuthRateLimits, type RateLimitedAction, type RateLimitPolicy } from "../security/rate-limit.ts";
import { PostgresSessionStore } from "./postgres-session-store.ts";
import { withFacts } from "./session-data.ts";
import { GatewaySessions, type NowOrLater, type SessionIdentity } from "./session-manager.ts";
import type { SessionStore } from "./session-store.ts";
import { SqliteSessionStore } from "./sqlite-session-store.ts";
import { UpstreamAuthClient } from "./upstream-auth-client.ts";

/** Options of createGatewaySession. */
export interface GatewaySessionOptions {
  /** The upstream application base, e.g. `http://127.0.0.1:5180/api/`. */
  upstreamAppBase: string;
  /** SESSION_SECRET, as resolveSessionSecret returned it. */
  secret: string;
  /**
   * A store, the SQLite file to open (IN_MEMORY for tests), or the gateway's PostgreSQL database
   * (GATEWAY_DATABASE_URL; its opener closes it) to keep the sessions in.
   */
  store: SessionStore | { sqliteFile: string } | { database: GatewayDatabase };
  /** Secure attribute of the cookies (default "auto": when the request came over https). */
  cookieSecurity?: CookieSecurity;
  /** The product's public origins for the CSRF Origin check (default: the request's own origin). */
  allowedOrigins?: readonly string[];
  /** Rate-limit policies overriding the defaults, per action. */
  rateLimits?: Partial<Record<RateLimitedAction, RateLimitPolicy>>;
  /** Send the browser's address to the upstream as X-Forwarded-For on auth calls (default false). */
  forwardClientIp?: boolean;
  /** Most unsealed sessions cached in memory (default SESSION_CACHE_MAX_ENTRIES; 0: none). */
  cacheEntries?: number;
  now?: () => number;
}

/** The assembled session and its integration points. */
export interface GatewaySession {
  sessions: GatewaySessions;
  upstream: UpstreamAuthClient;
  limits: AuthRateLimits;
  cookieSecurity: CookieSecurity;
  /** onRequest hook: the CSRF rule for every state-changing request (register it at the root). */
  csrfGuard: ReturnType<typeof createCsrfGuard>;
  /** `{ sessionId, bearerToken }` of the request's signed-in session, or null. */
  identityOf(request: FastifyRequest): NowOrLater<SessionIdentity | null>;
  /** The manifest audience of the request (anonymous without a signed-in session). */
  audienceOf(request: FastifyRequest): Promise<ManifestAudience>;
  /** Ends a session by id (e.g. the upstream ended it: hub relay's onUpstreamSessionEnded). */
  endSession(sessionId: string): Promise<void>;
  /**
   * The upstream answered a relayed call made with `identity` with 401: the upstream ended that
   * session, so the gateway ends its own (unless it meanwhile relays with another identity) and
   * clears the cookie on `reply`. True when the session was ended here.
   */
  endRejectedSession(
    request: FastifyRequest,
    reply: FastifyReply,
    identity: SessionIdentity,
  ): Promise<boolean>;
  close(): Promise<void>;
}

const ANONYMOUS: ManifestAudience = { kind: "anonymous" };

/** Builds the gateway session from its options. */
export function createGatewaySession(options: GatewaySessionOptions): GatewaySession {
  const store =
    "sqliteFile" in options.store
      ? new SqliteSessionStore(options.store.sqliteFile)
      : "database" in options.store
        ? new PostgresSessionStore(options.store.database)
        : options.store;
  const cookieSecurity = options.cookieSecurity ?? "auto";
  const sessions = new GatewaySessions({
    store,
    secret: options.secret,
    cookieSecurity,
    cacheEntries: options.cacheEntries,
    now: options.now,
  });
  const upstream = new UpstreamAuthClient(options.upstreamAppBase, {
    forwardClientIp: options.forwardClientIp,
  });
  const limits = new AuthRateLimits(options.rateLimits, options.now);

  async function audienceOf(request: FastifyRequest): Promise<ManifestAudience> {
    const session = await sessions.read(request);
    if (!session?.data.grant) return ANONYMOUS;
    if (session.data.facts && session.data.fingerprint) {
      return { kind: "user", facts: session.data.facts, fingerprint: session.data.fingerprint };
    }
    // No facts yet (their read failed at login): read them now; on failure the safe answer is anonymous.
    try {
      const answer = await upstream.call("GET", "Common/LoggedInConfig", {
        bearerToken: session.data.grant.token,
      });
      const facts =
        answer.status === 200 ? accessFactsFrom(answer.body, session.data.staffGrant !== null) : null;
      if (!facts) return ANONYMOUS;
      await sessions.update(request, null, session, withFacts(session.data, facts));
      return { kind: "user", facts, fingerprint: accessFingerprint(facts) };
    } catch (error) {
      request.log.warn({ err: error }, "manifest: cannot read the user; serving the anonymous manifest");
      return ANONYMOUS;
    }
  }

  return {
    sessions,
    upstream,
    limits,
    cookieSecurity,
    csrfGuard: createCsrfGuard({ allowedOrigins: options.allowedOrigins }),
    identityOf: sessions.identityOf,
    audienceOf,
    endSession: async (sessionId) => {
      await sessions.end(sessionId);
    },
    endRejectedSession: async (request, reply, identity) => {
      if (!(await sessions.endIfRelayingWith(identity.sessionId, identity.bearerToken))) return false;
      sessions.clearCookie(request, reply);
      request.log.info("session: the upstream ended the session (401 on a relayed call)");
      return true;
    },
    close: async () => {
      await upstream.close();
      await sessions.close();
    },
  };
}
