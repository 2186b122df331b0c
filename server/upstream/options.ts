/**
 * Options of `buildUpstream` and the resolved settings the services read. Durations are named with
 * their unit.
 */
import { basename, dirname, extname, join, resolve } from "node:path";
import { DEFAULT_SCRYPT_COST, type ScryptCost } from "./identity/passwords.ts";

/** What `buildUpstream` accepts. */
export interface UpstreamOptions {
  /** Folder of the store; the database is `<dataDir>/upstream.sqlite`. Default ./data. */
  dataDir?: string;
  /** Explicit database file (wins over dataDir). */
  databaseFile?: string;
  /**
   * A postgres:// URL: the whole store in that PostgreSQL database instead of the SQLite file, shared
   * by every upstream instance pointed at it; uploaded media stay under dataDir, which they must share.
   */
  databaseUrl?: string;
  /**
   * With `databaseUrl`: a postgres:// URL of a login role that may read nothing but what the upstream
   * grants it before each run (the query tool's demo views, admin/query-reader-role.ts); without it
   * the query tool does not run staff SQL on PostgreSQL.
   */
  queryToolDatabaseUrl?: string;
  /** Seed the demo content when the store is empty (first start). */
  seed?: boolean;
  /**
   * With `seed`: also seed the analytics demo (seed/demo-analytics.ts: the Northwind data tables,
   * 100,000 sales order lines among them, and the dashboards' definitions), which costs about a
   * second; off by default so test upstreams start fast.
   */
  seedAnalytics?: boolean;
  /** Debug build: enables the debug-only calls of §7 (GenerateRDSToken, Common/Language, ChangeLanguage). */
  debug?: boolean;
  /** Clock, injectable for tests. */
  now?: () => Date;
  /** Fastify logger option; off by default. */
  logger?: boolean | Record<string, unknown>;
  /** scrypt cost for new password hashes; lower only in tests (hashes record their own cost). */
  passwordCost?: ScryptCost;
  /** Session and token lifetimes, overriding the defaults. */
  lifetimes?: Partial<Lifetimes>;
  /** Public URL of the product (the gateway), used for links in mails. Default http://localhost:3000. */
  publicUrl?: string;
  /**
   * `redis://…`: the hubs' backplane, so a send reaches the connections of every upstream instance
   * over the same store (realtime/README.md, "Several instances"). Absent: this process only.
   */
  redisUrl?: string;
  /** Prefix of the backplane's Redis channel; instances with the same one form one backplane. */
  redisChannelPrefix?: string;
}

/**
 * The options both entry points read from the environment — `npm run upstream` (main.ts) and the
 * embedded upstream of `npm start` (server/main.ts): DATA_DIR (./data), UPSTREAM_SEED (seed the
 * demo on first start unless "0"), UPSTREAM_DATABASE_URL (the store on PostgreSQL),
 * UPSTREAM_QUERY_TOOL_DATABASE_URL (the query tool's reader role there), UPSTREAM_SEED_ANALYTICS (its
 * analytics data too, unless "0"),
 * UPSTREAM_DEBUG ("1": the debug-only calls), PUBLIC_URL (links in mails), REDIS_URL (the hubs'
 * backplane when several upstream instances share one store, realtime/README.md) and
 * REDIS_CHANNEL_PREFIX (its channel's prefix).
 */
export function upstreamOptionsFromEnvironment(env: NodeJS.ProcessEnv): UpstreamOptions {
  return {
    dataDir: env.DATA_DIR ?? "./data",
    databaseUrl: env.UPSTREAM_DATABASE_URL || undefined,
    queryToolDatabaseUrl: env.UPSTREAM_QUERY_TOOL_DATABASE_URL || undefined,
    seed: env.UPSTREAM_SEED !== "0",
    seedAnalytics: env.UPSTREAM_SEED_ANALYTICS !== "0",
    debug: env.UPSTREAM_DEBUG === "1",
    publicUrl: env.PUBLIC_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisChannelPrefix: env.REDIS_CHANNEL_PREFIX || undefined,
    logger: { level: env.LOG_LEVEL ?? "info", redact: ["req.headers.authorization"] },
  };
}

/** Lifetimes of sessions and tokens. */
export interface Lifetimes {
  /** A session ends after this long without a request (sliding window). */
  sessionIdleMs: number;
  /** A session ends this long after login whatever the activity. */
  sessionAbsoluteMs: number;
  /** An impersonation session ends this long after it started. */
  impersonationAbsoluteMs: number;
  /** The disconnection warning is due this long before the idle expiry (§4.2). */
  disconnectionWarningBeforeMs: number;
  /** Token login (LoginWithRDS) tokens. */
  loginTokenMs: number;
  /** How long an impersonation (`it`) token stays valid after it is issued. */
  impersonationTokenMs: number;
  /** The step between password and TOTP code. */
  twoFactorStepMs: number;
  /** Password-reset and disable-2FA mail links. */
  mailLinkMs: number;
  /** Cached connector results (smart view parameters, document columns). */
  dataCacheMs: number;
}

export const DEFAULT_LIFETIMES: Lifetimes = {
  sessionIdleMs: 30 * 60_000,
  sessionAbsoluteMs: 12 * 3600_000,
  impersonationAbsoluteMs: 2 * 3600_000,
  disconnectionWarningBeforeMs: 5 * 60_000,
  loginTokenMs: 2 * 60_000,
  impersonationTokenMs: 2 * 60_000,
  twoFactorStepMs: 5 * 60_000,
  mailLinkMs: 60 * 60_000,
  dataCacheMs: 10 * 60_000,
};

/** Resolved settings. */
export interface UpstreamSettings {
  databaseFile: string;
  /** The PostgreSQL store's URL; null: the SQLite file. */
  databaseUrl: string | null;
  /** The query tool's reader role on PostgreSQL; null: none (the tool does not run there). */
  queryToolDatabaseUrl: string | null;
  /** Where uploaded media live: beside the SQLite file, or under dataDir with PostgreSQL. */
  mediaDirectory: string;
  seed: boolean;
  seedAnalytics: boolean;
  debug: boolean;
  passwordCost: ScryptCost;
  lifetimes: Lifetimes;
  publicUrl: string;
  redisUrl: string | null;
  redisChannelPrefix: string;
}

/** The backplane channel's prefix when none is given. */
export const DEFAULT_REDIS_CHANNEL_PREFIX = "tessera:upstream:";

/**
 * UPSTREAM_DATABASE_URL (or another of the variable `name`): a postgres:// (or postgresql://) URL, or
 * unset/empty for none. Anything else refuses to start, without echoing the value (it may carry a
 * password).
 */
export function upstreamDatabaseUrl(
  value: string | undefined,
  name = "UPSTREAM_DATABASE_URL",
): string | null {
  if (value === undefined || value.trim() === "") return null;
  let protocol: string;
  try {
    protocol = new URL(value.trim()).protocol;
  } catch {
    throw new Error(`${name} must be a postgres:// URL (it does not parse as a URL)`);
  }
  if (protocol !== "postgres:" && protocol !== "postgresql:")
    throw new Error(`${name} must be a postgres:// URL (got a ${protocol} URL)`);
  return value.trim();
}

/** Resolves options to settings. */
export function resolveSettings(options: UpstreamOptions): UpstreamSettings {
  const databaseFile = options.databaseFile ?? join(resolve(options.dataDir ?? "./data"), "upstream.sqlite");
  return {
    databaseFile,
    databaseUrl: upstreamDatabaseUrl(options.databaseUrl),
    queryToolDatabaseUrl: upstreamDatabaseUrl(
      options.queryToolDatabaseUrl,
      "UPSTREAM_QUERY_TOOL_DATABASE_URL",
    ),
    // The SQLite store's own place for them (MediaDisk.besideDatabase), so both backends agree.
    mediaDirectory: join(dirname(databaseFile), `${basename(databaseFile, extname(databaseFile))}-media`),
    seed: options.seed ?? false,
    seedAnalytics: options.seedAnalytics ?? false,
    debug: options.debug ?? false,
    passwordCost: options.passwordCost ?? DEFAULT_SCRYPT_COST,
    lifetimes: { ...DEFAULT_LIFETIMES, ...options.lifetimes },
    publicUrl: (options.publicUrl ?? "http://localhost:3000").replace(/\/+$/, ""),
    redisUrl: options.redisUrl ? options.redisUrl : null,
    redisChannelPrefix: options.redisChannelPrefix ?? DEFAULT_REDIS_CHANNEL_PREFIX,
  };
}
