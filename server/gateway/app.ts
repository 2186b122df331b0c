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
  logger?: FastifyServerOptions["logger"];
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
  await app.register(healthEndpoints, { readinessChecks: { manifests: () => true } });
  await app.register(manifestEndpoint, { manifests, version });
  await app.register(sessionEndpoints);
  if (options.distDir) await app.register(staticApp, { distDir: options.distDir });
  return app;
}
