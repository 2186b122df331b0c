import type { FastifyInstance } from "fastify";
import { ManifestCache } from "../manifests/manifest-cache.ts";
import type { ManifestSet } from "../manifests/manifest-set.ts";
import { resolveManifest } from "../manifests/resolve-manifest.ts";

/** Where the runtime fetches its resolved manifest. */
export const MANIFEST_PATH = "/gw/manifest";

/** True when an If-None-Match header names `etag` (or is `*`); weak forms match too (RFC 9110 §13.1.2). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/** Serves the manifest resolved for the caller, cached as bytes, with ETag and 304. */
export async function manifestEndpoint(
  app: FastifyInstance,
  options: { manifests: ManifestSet; version: string },
): Promise<void> {
  const cache = new ManifestCache();
  app.get(MANIFEST_PATH, async (request, reply) => {
    const audience = { kind: "anonymous" } as const;
    const entry = cache.get(`${options.version}:anonymous`, () =>
      resolveManifest(options.manifests, options.version, audience),
    );
    reply.header("ETag", entry.etag).header("Cache-Control", "private, no-cache").header("Vary", "Cookie");
    if (ifNoneMatchHits(request.headers["if-none-match"], entry.etag)) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(entry.body);
  });
}
