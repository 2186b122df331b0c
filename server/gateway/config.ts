import { join } from "node:path";
import type { GatewayOptions } from "./app.ts";

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
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || (url.pathname !== "/" && url.pathname !== "")) {
    throw new Error(`UPSTREAM_URL must be an http(s) origin without path, query or credentials: ${value}`);
  }
  return url.origin;
}

/**
 * Reads PORT (default 8080), HOST (default 127.0.0.1), MANIFESTS_DIR, LOCALES_DIR
 * and DIST_DIR (defaults under `root`), UPSTREAM_URL (see upstreamUrl), LOG_LEVEL (default info).
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
      logger: {
        level: env.LOG_LEVEL || "info",
        redact: { paths: ["req.headers.authorization", "req.headers.cookie"], censor: "[redacted]" },
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
