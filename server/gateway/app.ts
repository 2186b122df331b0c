/**
 * The gateway (DESIGN.md §4): `buildApp` assembles the Fastify app and never
 * listens; `main.ts` reads the environment and listens.
 */
import { join } from "node:path";
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { redactedLoggerOptions } from "../../core/log-redaction.ts";
import { loadBaseConfiguration } from "./config/base-configuration.ts";
import { type ConfigClock, ConfigPlane } from "./config/config-plane.ts";
import { type ConfigStaff, configRoutes } from "./config/config-routes.ts";
import { maintenanceGate } from "./config/maintenance-gate.ts";
import { PostgresConfigStore } from "./config/postgres-config-store.ts";
import { PreviewData } from "./config/preview-data.ts";
import { SqliteConfigStore } from "./config/sqlite-config-store.ts";
import { GatewayDatabase } from "./database/postgres.ts";
import { errorAnswerServerOptions, installErrorAnswers } from "./errors/error-answers.ts";
import { DEFAULT_CHANNEL_PREFIX, Fanout } from "./fanout/fanout.ts";
import { followOtherInstances, LOGGED_OUT_PATH } from "./fanout/instance-sync.ts";
import type { HubRelayLimits } from "./hub-relay/options.ts";
import { manifestSetVersion } from "./manifests/manifest-cache.ts";
import { AccountMenus, invalidateOnMenuSave } from "./plugins/account-menus.ts";
import { EmbeddingAllowList } from "./plugins/embedding-allow-list.ts";
import { frameAncestors } from "./plugins/frame-ancestors.ts";
import { healthEndpoints } from "./plugins/health.ts";
import type { HelpHost } from "./plugins/help-mode.ts";
import { hubRelay } from "./plugins/hub-relay.ts";
import { manifestEndpoint } from "./plugins/manifest-endpoint.ts";
import { restRelay } from "./plugins/rest-relay.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { blockedIpGuard, sessionEndpoints } from "./plugins/session.ts";
import { staticApp } from "./plugins/static-app.ts";
import { textsEndpoint } from "./plugins/texts-endpoint.ts";
import { UpstreamRoles } from "./plugins/upstream-roles.ts";
import { upstreamSettings } from "./plugins/upstream-settings.ts";
import { UpstreamUserAccess } from "./plugins/upstream-user-access.ts";
import { productRelayPolicy } from "./relay/relayed-calls.ts";
import type { CookieSecurity } from "./security/cookies.ts";
import { createGatewaySession, type GatewaySessionOptions } from "./session/gateway-session.ts";
import type { GatewaySessions } from "./session/session-manager.ts";

/** Everything the gateway needs; main.ts fills it from the environment. */
export interface GatewayOptions {
  manifestsDir: string;
  localesDir: string;
  /** The built runtime (index.html + assets/); null serves no SPA (API-only tests). */
  distDir: string | null;
  /**
   * The upstream application service's origin (e.g. http://127.0.0.1:5180); its application base is
   * `<url>/api/`, its webservices base `<url>/ws/`, its hubs `<url>/hubs/…`. Null: no upstream (tests).
   */
  upstreamUrl?: string | null;
  /** SESSION_SECRET (already checked by resolveSessionSecret). Required with an upstream. */
  sessionSecret?: string;
  /**
   * Where the gateway keeps its SQLite stores, sessions and configuration (`<dataDir>/gateway.sqlite`);
   * ":memory:" for tests. Unused with a databaseUrl.
   */
  dataDir?: string;
  /**
   * GATEWAY_DATABASE_URL: a postgres:// URL of the database that holds the gateway's sessions and
   * configuration instead of SQLite, shared by every instance (DESIGN.md §7); unset: SQLite in dataDir.
   */
  databaseUrl?: string | null;
  /**
   * REDIS_URL: the Redis server of the fan-out between instances (fanout/fanout.ts), which keeps
   * instances on one database serving the same configuration, sessions and blocked IPs; unset: none.
   */
  redisUrl?: string | null;
  /** REDIS_CHANNEL_PREFIX: the fan-out channels' prefix (default DEFAULT_CHANNEL_PREFIX). */
  redisChannelPrefix?: string;
  /**
   * Bearer token for the upstream's service calls (the blocked-IP list, the settings of
   * plugins/upstream-settings.ts); unset: the list is not enforced and signup stays closed.
   */
  upstreamServiceToken?: string | null;
  /** The product's public origins (CSRF Origin check, WebSocket Origin check). */
  publicOrigins?: readonly string[];
  /** Secure attribute of the cookies: "auto" (when the request came over https) or forced. */
  cookieSecurity?: CookieSecurity;
  /** Rate-limit policies of the session endpoints overriding the defaults (e.g. a test suite signing in often). */
  rateLimits?: GatewaySessionOptions["rateLimits"];
  /** Hub methods the browser may invoke, per hub (the support chat's client methods). */
  hubInvocable?: { user?: readonly string[]; chat?: readonly string[] };
  /** The hub relay's limits (frame size and rate, heartbeat, reconnect…); defaults in hub-relay/options.ts. */
  hubLimits?: HubRelayLimits;
  /** Most unsealed sessions kept in memory (default SESSION_CACHE_MAX_ENTRIES; 0 disables the cache). */
  sessionCacheEntries?: number;
  logger?: FastifyServerOptions["logger"];
  /** Hosts whose pages run help mode (HELP_HOSTS, §1); none by default. */
  helpHosts?: readonly HelpHost[];
  /** The four-eyes rule of the configuration plane (CONFIG_FOUR_EYES): publications need another's approval. */
  configFourEyes?: boolean;
  /**
   * Proxies whose X-Forwarded-For/-Proto are believed (TRUSTED_PROXIES): `request.ip` and
   * `request.protocol` are then the client's as the proxy saw it; none by default.
   */
  trustedProxies?: readonly string[];
  /** The configuration plane's clock and schedule timer (tests replace it); the real one by default. */
  configClock?: ConfigClock;
}

/** The upstream hub methods a browser may invoke (the embedded upstream's client methods). */
export const DEFAULT_HUB_INVOCABLE = {
  user: ["Ping"],
  chat: ["SendMessage", "EditMessage", "DeleteMessage"],
} as const;

/** How long the readiness probe waits for the upstream. */
export const UPSTREAM_PROBE_TIMEOUT_MS = 1000;
/** How long the readiness probe waits for the gateway's PostgreSQL database. */
export const DATABASE_PROBE_TIMEOUT_MS = 1000;

/** Readiness: the upstream answers HTTP at all (any status) within the probe timeout. */
function upstreamReachable(upstreamUrl: string): () => Promise<boolean> {
  return async () => {
    try {
      const response = await fetch(`${upstreamUrl}/healthz`, {
        signal: AbortSignal.timeout(UPSTREAM_PROBE_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return true;
    } catch {
      return false;
    }
  };
}

/**
 * Builds the gateway. Loads and validates every manifest first: an invalid set
 * rejects with a ManifestError naming file, pointer and reason, and nothing starts.
 */
export async function buildApp(options: GatewayOptions): Promise<FastifyInstance> {
  const base = await loadBaseConfiguration(options.manifestsDir, options.localesDir);
  const manifests = base.manifests;
  const version = manifestSetVersion(manifests as unknown as Record<string, unknown>);
  // Tokens (st, it, share codes), cookies and authorization never reach a log line.
  const app = Fastify({
    logger: redactedLoggerOptions(options.logger ?? false),
    bodyLimit: 1024 * 1024,
    // Only the named proxies' forwarding headers count; anyone else's are the client's own claim.
    trustProxy: options.trustedProxies?.length ? [...options.trustedProxies] : false,
    // Router and HTTP parser errors get §8 answers too (they happen outside any Fastify scope).
    ...errorAnswerServerOptions,
  });
  await securityHeaders(app); // not encapsulated: applies to every route
  // Before any plugin, which inherits the handler; the SPA's plugin owns the not-found handler when served.
  installErrorAnswers(app, { notFound: !options.distDir });
  // With a database URL the stores are PostgreSQL's, shared with the other instances (DESIGN.md §7).
  const database = options.databaseUrl ? await openDatabase(app, options.databaseUrl) : null;
  // The configuration plane serves the newest valid published version over this base (DESIGN.md §3).
  const store = database
    ? new PostgresConfigStore(database)
    : new SqliteConfigStore(
        options.dataDir === ":memory:" ? ":memory:" : join(options.dataDir ?? "data", "gateway.sqlite"),
      );
  // §6: the warning on entries no role can see reads the upstream's roles with the service token.
  const roles =
    options.upstreamUrl && options.upstreamServiceToken
      ? new UpstreamRoles({
          webservicesBase: `${options.upstreamUrl}/ws/`,
          serviceToken: options.upstreamServiceToken,
          log: app.log,
        })
      : null;
  const plane = await ConfigPlane.open({
    store,
    base,
    // With an upstream, signup is its SignupAllowed (plugins/upstream-settings.ts), never a shell edit.
    derivedShellFields: options.upstreamUrl ? ["signupAllowed"] : [],
    log: app.log,
    fourEyes: options.configFourEyes === true,
    ...(options.configClock ? { clock: options.configClock } : {}),
    clientReports: () => (app.hasDecorator("hubRelay") ? app.hubRelay.tabReports() : []),
    ...(roles ? { rolePermissionSets: () => roles.permissionSets() } : {}),
  });
  app.addHook("onClose", async () => {
    await plane.close();
    await store.close();
  });
  // With Redis, what another instance changes in the shared stores is read here too (DESIGN.md §7).
  const instance: { sessions: GatewaySessions | null } = { sessions: null };
  const fanout = options.redisUrl
    ? new Fanout({
        url: options.redisUrl,
        prefix: options.redisChannelPrefix ?? DEFAULT_CHANNEL_PREFIX,
        log: app.log,
        handlers: followOtherInstances({
          plane,
          sessions: () => instance.sessions,
          hubRelay: () => (app.hasDecorator("hubRelay") ? app.hubRelay : null),
          blockedIps: () => (app.hasDecorator("blockedIps") ? app.blockedIps : null),
        }),
      })
    : null;
  if (fanout) {
    plane.onStoreChanged((change) => fanout.publish({ concern: "configuration", version: change.version }));
    app.addHook("onReady", async () => fanout.start());
    // Registered after the plane's: onClose hooks run last-registered first, so nothing is heard
    // once the plane closes.
    app.addHook("onClose", async () => fanout.close());
  }
  const readinessChecks: Record<string, () => Promise<boolean> | boolean> = { manifests: () => true };
  if (options.upstreamUrl) readinessChecks.upstream = upstreamReachable(options.upstreamUrl);
  if (database) readinessChecks.database = () => database.reachable(DATABASE_PROBE_TIMEOUT_MS);
  await app.register(healthEndpoints, {
    readinessChecks,
    // Redis away leaves the instance ready: it serves on and reads the store until Redis returns
    // (server/gateway/config/README.md, "Several instances").
    ...(fanout ? { advisoryChecks: { redis: () => fanout.connected } } : {}),
    degraded: () => {
      const { degraded } = plane.status();
      const redis = fanout?.status();
      const details: Record<string, unknown> = {};
      if (degraded) details.configuration = degraded;
      if (redis && !redis.connected && redis.downSince !== null)
        details.redis = { since: new Date(redis.downSince).toISOString() };
      return Object.keys(details).length > 0 ? details : null;
    },
  });
  await app.register(textsEndpoint, { source: plane });
  const manifest = { version, configuration: plane };
  if (options.upstreamUrl) {
    instance.sessions = await registerUpstreamFacing(
      app,
      options,
      options.upstreamUrl,
      manifest,
      plane,
      database,
      fanout,
    );
  } else {
    frameAncestors(app, { allowList: null });
    await app.register(manifestEndpoint, manifest);
    await app.register(sessionEndpoints);
  }
  if (options.distDir) {
    await app.register(staticApp, {
      distDir: options.distDir,
      helpHosts: options.helpHosts,
      routes: manifests.routes,
    });
  }
  return app;
}

/**
 * Opens (and migrates) the gateway's PostgreSQL database; the app's close ends its pool after every
 * store over it has closed (onClose hooks run last-registered first, and this one is registered
 * before the stores' and the session plugin's).
 */
async function openDatabase(app: FastifyInstance, url: string): Promise<GatewayDatabase> {
  const database = await GatewayDatabase.open(url, {
    onIdleError: (error) => app.log.warn({ err: error }, "gateway database: an idle connection failed"),
  });
  app.log.info({ migrationsApplied: database.applied }, "gateway database: PostgreSQL");
  app.addHook("onClose", async () => database.close());
  return database;
}

/** Session, CSRF, blocked IPs, per-user manifests, REST and hub relays: everything that faces the upstream. */
async function registerUpstreamFacing(
  app: FastifyInstance,
  options: GatewayOptions,
  upstreamUrl: string,
  manifest: Parameters<typeof manifestEndpoint>[1],
  plane: ConfigPlane,
  database: GatewayDatabase | null,
  fanout: Fanout | null,
): Promise<GatewaySessions> {
  if (!options.sessionSecret) throw new Error("buildApp: a sessionSecret is required with an upstream");
  const appBase = `${upstreamUrl}/api/`;
  if (options.upstreamServiceToken) {
    await app.register(blockedIpGuard, {
      appBase,
      serviceToken: options.upstreamServiceToken,
      onChanged: () => fanout?.publish({ concern: "blockedIps" }),
    });
  }
  /** Tells the other instances a session ended here, so they close its tabs and forget it. */
  const endedHere = (sessionId: string, loggedOut: boolean) =>
    fanout?.publish({ concern: "session", session: sessionId, loggedOut });
  const session = createGatewaySession({
    upstreamAppBase: appBase,
    secret: options.sessionSecret,
    store: database
      ? { database }
      : {
          sqliteFile:
            options.dataDir === ":memory:" ? ":memory:" : join(options.dataDir ?? "data", "gateway.sqlite"),
        },
    cookieSecurity: options.cookieSecurity ?? "auto",
    allowedOrigins: options.publicOrigins,
    rateLimits: options.rateLimits,
    cacheEntries: options.sessionCacheEntries,
  });
  // At the root, so the relays share the CSRF rule.
  app.addHook("onRequest", session.csrfGuard);
  // §1 maintenance, before the relays and the SPA: members get the page and 503s, staff pass.
  maintenanceGate(app, {
    anyMaintenance: () => plane.anyMaintenance(),
    maintenanceFor: (accountRecId) => plane.maintenanceFor(accountRecId),
    endsAt: () => plane.maintenanceEndsAt(),
    requesterOf: async (request) => {
      const facts = (await session.sessions.read(request))?.data.facts ?? null;
      return {
        accountRecId: facts?.accountRecId ?? null,
        staff: facts?.isAdmin === true && !facts.impersonating,
      };
    },
  });
  // At the root too, before the relays and the SPA: frame-ancestors per account, the account menu's invalidation.
  const webservicesBase = `${upstreamUrl}/ws/`;
  frameAncestors(app, {
    allowList: new EmbeddingAllowList(webservicesBase, options.upstreamServiceToken ?? null, app.log),
    audienceOf: session.audienceOf,
  });
  const accountMenus = new AccountMenus(appBase, session);
  invalidateOnMenuSave(app, accountMenus);
  // Signup is the upstream's SignupAllowed, derived here (ARCHITECTURE.md Decisions: one switch per setting).
  const settings = upstreamSettings(app, {
    webservicesBase,
    serviceToken: options.upstreamServiceToken ?? null,
  });
  const { upstreamServerTimeoutMs, ...hubLimits } = options.hubLimits ?? {};
  await app.register(hubRelay, {
    ...hubLimits,
    upstream: { hubBase: `${upstreamUrl}/hubs`, serverTimeoutMs: upstreamServerTimeoutMs },
    identityOf: session.identityOf,
    accountOf: (id) => session.sessions.accountOf(id),
    allowedOrigins: options.publicOrigins ?? [],
    invocable: {
      user: options.hubInvocable?.user ?? DEFAULT_HUB_INVOCABLE.user,
      chat: options.hubInvocable?.chat ?? DEFAULT_HUB_INVOCABLE.chat,
    },
    onUpstreamSessionEnded: async (sessionId) => {
      await session.endSession(sessionId);
      endedHere(sessionId, false);
    },
    // §7 refresh-base-page-user (the account's menu or settings changed, maybe through another
    // gateway): the account's custom menu is read again before the session's tabs reload it.
    onSessionRefresh: async (sessionId) => {
      const accountRecId = await session.sessions.accountOf(sessionId);
      if (accountRecId !== null) accountMenus.invalidate(accountRecId);
    },
  });
  await app.register(sessionEndpoints, {
    session,
    signupAllowed: () => settings.signupAllowed(),
    onSessionEnded: async (sessionId: string) => {
      endedHere(sessionId, true);
      await app.hubRelay.endSession(sessionId, LOGGED_OUT_PATH);
    },
    onIdentityChanged: (sessionId: string, token: string) => app.hubRelay.renewUpstream(sessionId, token),
  });
  await app.register(manifestEndpoint, {
    ...manifest,
    audienceOf: session.audienceOf,
    accountMenus,
    signupAllowed: () => settings.signupAllowed(),
  });
  // A publication reaches the open browsers of the accounts it affects (DESIGN.md §4 gateway events).
  plane.onPublished((event) => {
    const args = [{ version: event.version, urgency: event.urgency }];
    app.hubRelay.broadcastGatewayEvent(
      "manifestPublished",
      args,
      event.accounts ? { accounts: event.accounts } : undefined,
    );
  });
  /** The Configuration admin module of a signed-in staff member (never while impersonating). */
  const staffOf = async (request: FastifyRequest): Promise<ConfigStaff | null> => {
    const active = await session.sessions.read(request);
    const facts = active?.data.grant ? active.data.facts : null;
    if (!active || !facts) return null;
    if (!facts.isAdmin || facts.impersonating)
      return { name: active.data.identifier ?? "?", read: false, write: false };
    const module = facts.adminPermissions.find(([key]) => key === "Configuration");
    return {
      name: active.data.identifier ?? `session:${active.data.createdAt}`,
      read: module?.[1] === true,
      write: module?.[2] === true,
      ...(active.data.grant
        ? { upstream: { sessionKey: active.idHash, bearerToken: active.data.grant.token } }
        : {}),
    };
  };
  // DESIGN.md §3: a preview as a given user reads what their session would carry, with the service token.
  const userAccess = options.upstreamServiceToken
    ? new UpstreamUserAccess({ webservicesBase, serviceToken: options.upstreamServiceToken, log: app.log })
    : null;
  await app.register(configRoutes, {
    plane,
    staffOf,
    ...(userAccess ? { userAccessOf: (userRecId: number) => userAccess.of(userRecId) } : {}),
    // DESIGN.md §3: the previewed user's first screen reads as them, through a read-only upstream session.
    previewData: new PreviewData({ appBase, policy: productRelayPolicy(), log: app.log }),
  });
  await app.register(restRelay, {
    upstream: { appBase, webservicesBase: `${upstreamUrl}/ws/` },
    identityOf: session.identityOf,
    policy: productRelayPolicy(),
    // The upstream refused a session's token: its session is over, so the gateway's ends too (§4.2).
    onUpstreamUnauthorized: async (request, reply, identity) => {
      if (!identity.sessionId) return;
      const rejected = { sessionId: identity.sessionId, bearerToken: identity.bearerToken };
      if (await session.endRejectedSession(request, reply, rejected)) {
        endedHere(identity.sessionId, false);
        await app.hubRelay.endSession(identity.sessionId);
      }
    },
  });
  return session.sessions;
}
