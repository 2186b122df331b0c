/**
 * The gateway (DESIGN.md §4): `buildApp` assembles the Fastify app and never
 * listens; `main.ts` reads the environment and listens.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { manifestSetVersion } from "./manifests/manifest-cache.ts";
import { loadLocaleKeys, loadManifestSet } from "./manifests/load-manifests.ts";
import { healthEndpoints } from "./plugins/health.ts";
import { manifestEndpoint } from "./plugins/manifest-endpoint.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { sessionEndpoints } from "./plugins/session.ts";
import { staticApp } from "./plugins/static-app.ts";

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
  logger?: FastifyServerOptions["logger"];
}

/** How long the readiness probe waits for the upstream. */
export const UPSTREAM_PROBE_TIMEOUT_MS = 1000;

/** Readiness: the upstream answers HTTP at all (any status) within the probe timeout. */
function upstreamReachable(upstreamUrl: string): () => Promise<boolean> {
  return async () => {
    try {
      const response = await fetch(`${upstreamUrl}/healthz`, { signal: AbortSignal.timeout(UPSTREAM_PROBE_TIMEOUT_MS) });
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
  const localeKeys = await loadLocaleKeys(options.localesDir);
  const manifests = await loadManifestSet(options.manifestsDir, localeKeys);
  const version = manifestSetVersion(manifests as unknown as Record<string, unknown>);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });
  await securityHeaders(app); // not encapsulated: applies to every route
  const readinessChecks: Record<string, () => Promise<boolean> | boolean> = { manifests: () => true };
  if (options.upstreamUrl) readinessChecks.upstream = upstreamReachable(options.upstreamUrl);
  await app.register(healthEndpoints, { readinessChecks });
  await app.register(manifestEndpoint, { manifests, version });
  await app.register(sessionEndpoints);
  if (options.distDir) await app.register(staticApp, { distDir: options.distDir });
  return app;
}
