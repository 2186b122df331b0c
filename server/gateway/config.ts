import { join } from "node:path";
import type { GatewayOptions } from "./app.ts";
import { DEFAULT_CHANNEL_PREFIX } from "./fanout/fanout.ts";
import type { HubRelayLimits } from "./hub-relay/options.ts";
import { HelpHostsError, parseHelpHosts } from "./plugins/help-mode.ts";
import { parseIpRange } from "./security/ip-ranges.ts";
import { resolveSessionSecret } from "./session/session-secret.ts";

/** Listening address and the app options, read from the environment. */
export interface GatewayConfig {
  host: string;
  port: number;
  app: GatewayOptions;
}

/** A configuration value the gateway refuses to start with; the message names the variable. */
export class GatewayConfigError extends Error {
  override readonly name = "GatewayConfigError";
}

/**
 * The hub relay's limits an operator may set, each an integer within its bounds (anything else
 * refuses to boot): variable → [option, least, most]. Unset keeps the default (hub-relay/README.md).
 */
export const HUB_LIMIT_VARIABLES = {
  HUB_MAX_MESSAGE_BYTES: ["maxMessageBytes", 256, 16 * 1024 * 1024],
  HUB_MAX_MESSAGES_PER_SECOND: ["maxMessagesPerSecond", 1, 100_000],
  HUB_RATE_BURST_MS: ["rateBurstMs", 1_000, 600_000],
  HUB_HEARTBEAT_MS: ["heartbeatMs", 1_000, 600_000],
  HUB_UPSTREAM_TIMEOUT_MS: ["upstreamServerTimeoutMs", 2_000, 3_600_000],
  HUB_MAX_PENDING_INVOCATIONS: ["maxPendingInvocations", 1, 10_000],
  HUB_MAX_BUFFERED_BYTES: ["maxBufferedBytes", 64 * 1024, 1024 * 1024 * 1024],
  HUB_INVOCATION_TIMEOUT_MS: ["invocationTimeoutMs", 1_000, 600_000],
  HUB_RECONNECT_INITIAL_MS: ["reconnectInitialMs", 100, 600_000],
  HUB_RECONNECT_MAX_MS: ["reconnectMaxMs", 100, 3_600_000],
} as const;

function boundedInteger(name: string, value: string, least: number, most: number): number {
  const parsed = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < least || parsed > most) {
    throw new GatewayConfigError(`${name} must be an integer from ${least} to ${most} (got '${value}')`);
  }
  return parsed;
}

/** The hub relay's limits from HUB_* (see HUB_LIMIT_VARIABLES); undefined when none is set. */
export function hubLimits(env: NodeJS.ProcessEnv): HubRelayLimits | undefined {
  const given: Record<string, number> = {};
  for (const [name, [option, least, most]] of Object.entries(HUB_LIMIT_VARIABLES)) {
    const value = env[name];
    if (value !== undefined && value !== "") given[option] = boundedInteger(name, value, least, most);
  }
  if (Object.keys(given).length === 0) return undefined;
  const { reconnectInitialMs, reconnectMaxMs, ...limits } = given;
  if (reconnectInitialMs === undefined && reconnectMaxMs === undefined) return limits;
  const reconnect = { initialMs: reconnectInitialMs ?? 1_000, maxMs: reconnectMaxMs ?? 30_000 };
  if (reconnect.initialMs > reconnect.maxMs) {
    throw new GatewayConfigError(
      `HUB_RECONNECT_INITIAL_MS (${reconnect.initialMs}) must not exceed HUB_RECONNECT_MAX_MS (${reconnect.maxMs})`,
    );
  }
  return { ...limits, reconnect };
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`invalid port: ${value}`);
  return parsed;
}

/** UPSTREAM_URL must be an absolute http(s) origin; a path, query or credentials are refused. */
export function upstreamUrl(value: string | undefined): string | null {
  if (!value) return null;
  const url = new URL(value);
  if (
    !/^https?:$/.test(url.protocol) ||
    url.username ||
    url.password ||
    url.search ||
    (url.pathname !== "/" && url.pathname !== "")
  ) {
    throw new Error(`UPSTREAM_URL must be an http(s) origin without path, query or credentials: ${value}`);
  }
  return url.origin;
}

/**
 * PUBLIC_ORIGINS (comma-separated origins the product is reached at); by default
 * the listening address under 127.0.0.1 and localhost.
 */
export function publicOrigins(env: NodeJS.ProcessEnv): string[] {
  if (env.PUBLIC_ORIGINS) return env.PUBLIC_ORIGINS.split(",").map((origin) => new URL(origin.trim()).origin);
  const portNumber = port(env.PORT, 8080);
  const host = env.HOST || "127.0.0.1";
  return [
    ...new Set([
      `http://${host}:${portNumber}`,
      `http://127.0.0.1:${portNumber}`,
      `http://localhost:${portNumber}`,
    ]),
  ];
}

/**
 * GATEWAY_DATABASE_URL: a postgres:// (or postgresql://) URL puts the gateway's stores on PostgreSQL;
 * unset or empty keeps SQLite. Anything else refuses to boot, without echoing the value (it may
 * carry a password).
 */
export function gatewayDatabaseUrl(value: string | undefined): string | null {
  if (value === undefined || value.trim() === "") return null;
  let protocol: string;
  try {
    protocol = new URL(value.trim()).protocol;
  } catch {
    throw new GatewayConfigError(
      "GATEWAY_DATABASE_URL must be a postgres:// URL (it does not parse as a URL)",
    );
  }
  if (protocol !== "postgres:" && protocol !== "postgresql:") {
    throw new GatewayConfigError(`GATEWAY_DATABASE_URL must be a postgres:// URL (got a ${protocol} URL)`);
  }
  return value.trim();
}

/**
 * TRUSTED_PROXIES (comma-separated addresses or CIDR blocks, e.g. `127.0.0.1,10.0.0.0/8`): the hops
 * whose X-Forwarded-For and X-Forwarded-Proto the gateway believes — the nginx in front of several
 * instances (deploy/nginx/). Unset trusts none: the socket's peer is the client, so a client cannot
 * claim another address to slip past a blocked range or a rate limit. A malformed entry refuses to boot.
 */
export function trustedProxies(value: string | undefined): string[] {
  if (value === undefined || value.trim() === "") return [];
  return value.split(",").map((entry) => {
    const text = entry.trim();
    if (parseIpRange(text) === null) {
      throw new GatewayConfigError(
        `TRUSTED_PROXIES entries must be addresses or CIDR blocks (got '${text}')`,
      );
    }
    return text;
  });
}

/**
 * REDIS_URL: a redis:// (or rediss://, TLS) URL turns the fan-out between gateway instances on
 * (fanout/fanout.ts); unset or empty: one instance, no fan-out. Anything else refuses to boot, without
 * echoing the value (it may carry a password).
 */
export function redisUrl(value: string | undefined): string | null {
  if (value === undefined || value.trim() === "") return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new GatewayConfigError("REDIS_URL must be a redis:// URL (it does not parse as a URL)");
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new GatewayConfigError(`REDIS_URL must be a redis:// or rediss:// URL (got a ${url.protocol} URL)`);
  }
  if (!url.hostname) throw new GatewayConfigError("REDIS_URL must name a host");
  return value.trim();
}

/**
 * REDIS_CHANNEL_PREFIX: the prefix of the fan-out's channels, so deployments sharing one Redis server
 * do not hear each other (pub/sub channels are global to a server, whatever its database number);
 * 1–64 letters, digits and `:_.-`.
 */
export function redisChannelPrefix(value: string | undefined): string {
  if (value === undefined || value === "") return DEFAULT_CHANNEL_PREFIX;
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(value)) {
    throw new GatewayConfigError(
      `REDIS_CHANNEL_PREFIX must be 1 to 64 letters, digits or ":_.-" (got '${value.slice(0, 80)}')`,
    );
  }
  return value;
}

/** CONFIG_FOUR_EYES: `1` makes every configuration publication wait for a second staff member's approval; `0` or unset does not. */
export function fourEyes(value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "0") return false;
  if (value === "1") return true;
  throw new GatewayConfigError(`CONFIG_FOUR_EYES must be 0 or 1 (got '${value}')`);
}

/** HELP_HOSTS (plugins/help-mode.ts): the hosts served in help mode; a malformed entry refuses to boot. */
export function helpHosts(env: NodeJS.ProcessEnv) {
  try {
    return parseHelpHosts(env.HELP_HOSTS);
  } catch (error) {
    if (error instanceof HelpHostsError) throw new GatewayConfigError(error.message);
    throw error;
  }
}

/**
 * Reads PORT (default 8080), HOST (default 127.0.0.1), MANIFESTS_DIR, LOCALES_DIR
 * and DIST_DIR (defaults under `root`), UPSTREAM_URL (see upstreamUrl), SESSION_SECRET, DATA_DIR,
 * GATEWAY_DATABASE_URL (gatewayDatabaseUrl), REDIS_URL (redisUrl), REDIS_CHANNEL_PREFIX
 * (redisChannelPrefix), UPSTREAM_SERVICE_TOKEN,
 * PUBLIC_ORIGINS, COOKIE_SECURE (1/0, default auto), LOG_LEVEL (default info), and the hub relay's
 * limits HUB_* (HUB_LIMIT_VARIABLES), HELP_HOSTS (helpHosts), CONFIG_FOUR_EYES (fourEyes), TRUSTED_PROXIES (trustedProxies). Throws
 * GatewayConfigError for a value it cannot start with.
 */
export function readGatewayConfig(env: NodeJS.ProcessEnv, root: string): GatewayConfig {
  return {
    host: env.HOST || "127.0.0.1",
    port: port(env.PORT, 8080),
    app: {
      manifestsDir: env.MANIFESTS_DIR || join(root, "manifests"),
      localesDir: env.LOCALES_DIR || join(root, "locales"),
      distDir: env.DIST_DIR || join(root, "dist"),
      upstreamUrl: upstreamUrl(env.UPSTREAM_URL),
      // Refuses production with a missing, short or default secret (SessionSecretError).
      sessionSecret: resolveSessionSecret(env).secret,
      dataDir: env.DATA_DIR || join(root, "data"),
      databaseUrl: gatewayDatabaseUrl(env.GATEWAY_DATABASE_URL),
      redisUrl: redisUrl(env.REDIS_URL),
      redisChannelPrefix: redisChannelPrefix(env.REDIS_CHANNEL_PREFIX),
      upstreamServiceToken: env.UPSTREAM_SERVICE_TOKEN || null,
      publicOrigins: publicOrigins(env),
      cookieSecurity: env.COOKIE_SECURE === "1" ? true : env.COOKIE_SECURE === "0" ? false : "auto",
      hubLimits: hubLimits(env),
      helpHosts: helpHosts(env),
      configFourEyes: fourEyes(env.CONFIG_FOUR_EYES),
      trustedProxies: trustedProxies(env.TRUSTED_PROXIES),
      logger: {
        level: env.LOG_LEVEL || "info",
        redact: {
          paths: ["req.headers.authorization", "req.headers.cookie", 'req.headers["x-tessera-csrf"]'],
          censor: "[redacted]",
        },
        serializers: {
          // Query strings carry tokens (st, it, share codes): log the path only.
          req: (request: { method: string; url: string }) => ({
            method: request.method,
            path: request.url.split("?")[0],
          }),
        },
      },
    },
  };
}
