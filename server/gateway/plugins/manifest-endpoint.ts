import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccountMenu } from "../../../schemas/payloads/account-menu.ts";
import type { ServedConfiguration } from "../config/deployment.ts";
import { GatewayErrorCode } from "../errors/gateway-error-codes.ts";
import { accountMenuLayerId, applyAccountMenu } from "../manifests/account-menu-layer.ts";
import { ManifestCache } from "../manifests/manifest-cache.ts";
import type { ManifestSet } from "../manifests/manifest-set.ts";
import { type ManifestAudience, resolveManifest } from "../manifests/resolve-manifest.ts";
import { preferredEncoding } from "./answer-encoding.ts";

/** Where the runtime fetches its resolved manifest. */
export const MANIFEST_PATH = "/gw/manifest";

/** Layered sets kept at once (one per served configuration × account menu in use). */
export const LAYERED_SET_CACHE_ENTRIES = 200;

/** True when an If-None-Match header names `etag` (or is `*`); weak forms match too (RFC 9110 §13.1.2). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/** What the manifest is resolved from for an account (the configuration plane's served deployments). */
export interface ConfigurationSource {
  /** The configuration an account's users get; null: a visitor without a session. */
  servedFor(accountRecId: number | null): ServedConfiguration;
  /** Reads the store again, when a request names a version newer than what is served here. */
  catchUp?(): Promise<void>;
}

/** `atLeast`: the version the tab heard of; absent, or a positive integer. */
const AT_LEAST = /^[1-9][0-9]{0,14}$/;

export interface ManifestEndpointOptions {
  /** Version of the shipped manifest set (manifestSetVersion of the base). */
  version: string;
  configuration: ConfigurationSource;
  /** Who asks: the signed-in user of the request's session, or anonymous (the default). */
  audienceOf?: (request: FastifyRequest) => Promise<ManifestAudience>;
  /** The account's custom menu (account layer), applied after the override layers. */
  accountMenus?: { layoutFor(request: FastifyRequest, accountRecId: number): Promise<AccountMenu | null> };
  /**
   * Whether signup is open, derived from the upstream's SignupAllowed (plugins/upstream-settings.ts):
   * it replaces the shell's own value, which only holds without an upstream.
   */
  signupAllowed?: () => boolean;
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

  /** The version of a layered set: the base's, then a hash of what is layered on it (kept: asked on every request). */
  const versions = new Map<string, string>();
  function layeredVersion(layerIds: readonly string[]): string {
    const key = layerIds.join("\u0000");
    const hit = versions.get(key);
    if (hit) return hit;
    const made = `${options.version}.${createHash("sha256").update(key).digest("base64url").slice(0, 8)}`;
    if (versions.size >= LAYERED_SET_CACHE_ENTRIES) versions.delete(versions.keys().next().value as string);
    versions.set(key, made);
    return made;
  }

  /** The served set with the account's custom menu applied last: it reorders and hides, never adds. */
  function layeredSet(
    served: ServedConfiguration,
    menu: { id: string; layout: AccountMenu | null },
    signup: boolean | null,
  ): ManifestSet {
    const key = `${served.id}\u0000${menu.id}\u0000${signup}`;
    const hit = layeredSets.get(key);
    if (hit) return hit;
    let set = applyAccountMenu(served.set, menu.layout);
    if (signup !== null && set.shell.signupAllowed !== signup) {
      set = { ...set, shell: { ...set.shell, signupAllowed: signup } };
    }
    if (layeredSets.size >= LAYERED_SET_CACHE_ENTRIES)
      layeredSets.delete(layeredSets.keys().next().value as string);
    layeredSets.set(key, set);
    return set;
  }

  app.get(MANIFEST_PATH, async (request, reply) => {
    // A tab applying a publication names its version (runtime/state/fetch-manifest.ts): an instance
    // that does not serve it yet reads the store before answering (ConfigPlane.catchUp).
    const atLeast = (request.query as Record<string, unknown>).atLeast;
    if (atLeast !== undefined && (typeof atLeast !== "string" || !AT_LEAST.test(atLeast))) {
      return reply.code(400).send({
        ErrorCode: GatewayErrorCode.ConfigBadRequest,
        Message: "atLeast must be a configuration version (a positive integer).",
      });
    }
    const audience = await audienceOf(request);
    const accountRecId = audience.kind === "user" ? audience.facts.accountRecId : null;
    let served = options.configuration.servedFor(accountRecId);
    if (atLeast !== undefined && served.configVersion < Number(atLeast) && options.configuration.catchUp) {
      await options.configuration.catchUp();
      served = options.configuration.servedFor(accountRecId);
    }
    const layout =
      accountRecId !== null ? ((await options.accountMenus?.layoutFor(request, accountRecId)) ?? null) : null;
    const menu = { id: accountRecId !== null ? accountMenuLayerId(accountRecId, layout) : "-", layout };
    const signup = options.signupAllowed ? options.signupAllowed() : null;
    const layerIds = [served.id, menu.id, signup === null ? "-" : `signup=${signup ? 1 : 0}`];
    const version =
      served.configVersion > 0 || menu.id !== "-" || signup !== null
        ? layeredVersion(layerIds)
        : options.version;
    const audienceKey =
      audience.kind === "user" ? `user:${audience.facts.accountRecId}:${audience.fingerprint}` : "anonymous";
    const entry = cache.get(`${version}:${layerIds.join(":")}:${audienceKey}`, () =>
      resolveManifest(layeredSet(served, menu, signup), version, audience, served),
    );
    reply
      .header("ETag", entry.etag)
      .header("Cache-Control", "private, no-cache")
      .header("Vary", "Cookie, Accept-Encoding");
    if (ifNoneMatchHits(request.headers["if-none-match"], entry.etag)) return reply.code(304).send();
    // Every tab of a publication fetches the same bytes: compressed once, 55 KB become a few.
    const { bytes, encoding } = await entry.encoded.encoded(
      preferredEncoding(request.headers["accept-encoding"]),
    );
    if (encoding !== "identity") reply.header("Content-Encoding", encoding);
    return reply.type("application/json; charset=utf-8").send(bytes);
  });
}
