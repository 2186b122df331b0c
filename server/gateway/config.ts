import { join } from "node:path";
import type { GatewayOptions } from "./app.ts";
import { resolveSessionSecret } from "./session/session-secret.ts";

/** Listening address and the app options, read from the environment. */
export interface GatewayConfig {
  host: string;
  port: number;
  app: GatewayOptions;
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
 * Reads PORT (default 8080), HOST (default 127.0.0.1), MANIFESTS_DIR, LOCALES_DIR
 * and DIST_DIR (defaults under `root`), UPSTREAM_URL (see upstreamUrl), SESSION_SECRET, DATA_DIR, UPSTREAM_SERVICE_TOKEN,
 * PUBLIC_ORIGINS, COOKIE_SECURE (1/0, default auto), LOG_LEVEL (default info).
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
      upstreamServiceToken: env.UPSTREAM_SERVICE_TOKEN || null,
      publicOrigins: publicOrigins(env),
      cookieSecurity: env.COOKIE_SECURE === "1" ? true : env.COOKIE_SECURE === "0" ? false : "auto",
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
