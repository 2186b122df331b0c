import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccountMenu } from "../../../schemas/payloads/account-menu.ts";
import { accountMenuLayerId, applyAccountMenu } from "../manifests/account-menu-layer.ts";
import { ManifestCache } from "../manifests/manifest-cache.ts";
import type { ManifestSet } from "../manifests/manifest-set.ts";
import {
  applyLayers,
  type ManifestAudience,
  type ManifestLayer,
  resolveManifest,
} from "../manifests/resolve-manifest.ts";

/** Where the runtime fetches its resolved manifest. */
export const MANIFEST_PATH = "/gw/manifest";

/** Layered sets kept at once (one per operator × account layer combination in use). */
export const LAYERED_SET_CACHE_ENTRIES = 200;

/** True when an If-None-Match header names `etag` (or is `*`); weak forms match too (RFC 9110 §13.1.2). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/** Where the override layers come from (the manifest store); each may be absent. */
export interface ManifestLayerSource {
  /** The operator layer, applied for everyone. */
  operator(): Promise<ManifestLayer | null>;
  /** The account's white-label layer. */
  account(accountRecId: number): Promise<ManifestLayer | null>;
}

export interface ManifestEndpointOptions {
  manifests: ManifestSet;
  version: string;
  /** Who asks: the signed-in user of the request's session, or anonymous (the default). */
  audienceOf?: (request: FastifyRequest) => Promise<ManifestAudience>;
  layers?: ManifestLayerSource;
  /** The account's custom menu (account layer), applied after the override layers. */
  accountMenus?: { layoutFor(request: FastifyRequest, accountRecId: number): Promise<AccountMenu | null> };
}

/**
 * Serves the manifest resolved for the caller, cached as bytes per (version, layers, account,
 * permission fingerprint), with ETag, 304 and `Vary: Cookie` (the session cookie decides the body).
 */
export async function manifestEndpoint(
  app: FastifyInstance,
  options: ManifestEndpointOptions,
): Promise<void> {
  const cache = new ManifestCache();
  const layeredSets = new Map<string, ManifestSet>();
  const audienceOf = options.audienceOf ?? (async () => ({ kind: "anonymous" }) as const);

  /** The base set with the layers; a refused layer is logged and left out (the last good set stays). */
  function layeredSet(
    request: FastifyRequest,
    operator: ManifestLayer | null,
    account: ManifestLayer | null,
    menu: { id: string; layout: AccountMenu | null },
  ): ManifestSet {
    const key = `${operator?.id ?? ""}\u0000${account?.id ?? ""}\u0000${menu.id}`;
    const hit = layeredSets.get(key);
    if (hit) return hit;
    let set = options.manifests;
    for (const candidate of [[operator, account], [operator]] as const) {
      try {
        set = applyLayers(options.manifests, candidate);
        break;
      } catch (error) {
        request.log.error(
          { err: error, layers: candidate.map((l) => l?.id ?? null) },
          "manifest layer refused",
        );
      }
    }
    // The account's custom menu last: it reorders and hides what the layers left, never adds.
    set = applyAccountMenu(set, menu.layout);
    if (layeredSets.size >= LAYERED_SET_CACHE_ENTRIES)
      layeredSets.delete(layeredSets.keys().next().value as string);
    layeredSets.set(key, set);
    return set;
  }

  app.get(MANIFEST_PATH, async (request, reply) => {
    const audience = await audienceOf(request);
    const operator = (await options.layers?.operator()) ?? null;
    const account =
      audience.kind === "user"
        ? ((await options.layers?.account(audience.facts.accountRecId)) ?? null)
        : null;
    const layout =
      audience.kind === "user"
        ? ((await options.accountMenus?.layoutFor(request, audience.facts.accountRecId)) ?? null)
        : null;
    const menu = {
      id: audience.kind === "user" ? accountMenuLayerId(audience.facts.accountRecId, layout) : "-",
      layout,
    };
    const layerIds = [operator?.id ?? "-", account?.id ?? "-", menu.id];
    const version =
      operator || account || menu.id !== "-"
        ? `${options.version}.${createHash("sha256").update(layerIds.join("\u0000")).digest("base64url").slice(0, 8)}`
        : options.version;
    const audienceKey =
      audience.kind === "user" ? `user:${audience.facts.accountRecId}:${audience.fingerprint}` : "anonymous";
    const entry = cache.get(`${version}:${layerIds.join(":")}:${audienceKey}`, () =>
      resolveManifest(layeredSet(request, operator, account, menu), version, audience),
    );
    reply.header("ETag", entry.etag).header("Cache-Control", "private, no-cache").header("Vary", "Cookie");
    if (ifNoneMatchHits(request.headers["if-none-match"], entry.etag)) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(entry.body);
  });
}
