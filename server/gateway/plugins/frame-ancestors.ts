/**
 * Who may frame the app's pages (DESIGN.md §4 strict CSP): the HTML responses that got
 * the default policy from security-headers.ts get their frame-ancestors from
 * - a public share page /v/:code, /b/:code, /ld/:code: the owning account's allow-list (Share call);
 * - any other page of a signed-in session: the account's allow-list;
 * - else 'none'. Every failure is 'none' (fail closed); the rest of the policy never changes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EMBEDDING_ORIGIN_PATTERN } from "../../../schemas/payloads/account-settings.ts";
import type { ManifestAudience } from "../manifests/resolve-manifest.ts";
import { type EmbeddingAllowList, SHARE_TYPES } from "./embedding-allow-list.ts";
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from "./security-headers.ts";

const SHARE_PAGE = /^\/(v|b|ld)\/([^/]+)\/?$/;
const ORIGIN = new RegExp(EMBEDDING_ORIGIN_PATTERN);

/** What a page is, as far as framing goes. */
export type FramedPage =
  | { kind: "share"; type: (typeof SHARE_TYPES)[keyof typeof SHARE_TYPES]; code: string }
  | { kind: "app" };

/** Classifies a request path (without query). */
export function framedPageOf(path: string): FramedPage {
  const share = SHARE_PAGE.exec(path);
  if (share)
    return { kind: "share", type: SHARE_TYPES[share[1] as keyof typeof SHARE_TYPES], code: share[2] ?? "" };
  return { kind: "app" };
}

/**
 * The frame-ancestors source list: `'none'` when nobody may frame, else the sources. Origins are
 * checked again here: only a well-formed origin ever reaches the header.
 */
export function frameAncestorsSources(origins: readonly string[]): string {
  const sources = origins.filter((origin) => ORIGIN.test(origin));
  return sources.length > 0 ? [...new Set(sources)].join(" ") : "'none'";
}

/** The relayed call that changes an account's allow-list (compared case-insensitively). */
export const ACCOUNT_SETTINGS_SAVE_PATH = "/api/account/settings";

function isSettingsSave(url: string): boolean {
  return (url.split("?")[0] ?? "").replace(/\/+$/, "").toLowerCase() === ACCOUNT_SETTINGS_SAVE_PATH;
}

/** Options of the frame-ancestors hook. */
export interface FrameAncestorsOptions {
  /** Null: no upstream to ask (every page 'none'). */
  allowList: EmbeddingAllowList | null;
  /** The request's audience; anonymous when absent. */
  audienceOf?: (request: FastifyRequest) => Promise<ManifestAudience>;
}

/** Root hook (call after securityHeaders, so it runs after it) setting frame-ancestors on HTML pages. */
export function frameAncestors(app: FastifyInstance, options: FrameAncestorsOptions): void {
  const accountOrigins = async (request: FastifyRequest): Promise<readonly string[]> => {
    if (!options.allowList || !options.audienceOf) return [];
    const audience = await options.audienceOf(request);
    return audience.kind === "user" ? options.allowList.forAccount(audience.facts.accountRecId) : [];
  };

  /** Drops the caller's account allow-list after a relayed settings change. */
  const invalidate = async (request: FastifyRequest): Promise<void> => {
    // A relayed settings change applies to the next page at once (other gateways: within the TTL).
    const audience = options.audienceOf ? await options.audienceOf(request) : null;
    if (audience?.kind === "user") options.allowList?.invalidateAccount(audience.facts.accountRecId);
  };

  /** Sets the page's frame-ancestors (falls back to 'none' when the allow-list cannot be read). */
  const decoratePage = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const page = framedPageOf(request.url.split("?")[0] ?? "/");
    let sources = "'none'";
    try {
      if (page.kind === "share") {
        sources = frameAncestorsSources(
          options.allowList ? await options.allowList.forShare(page.type, page.code) : [],
        );
      } else {
        sources = frameAncestorsSources(await accountOrigins(request));
      }
    } catch (error) {
      request.log.warn({ err: error }, "frame-ancestors: falling back to 'none'");
    }
    reply.header("Content-Security-Policy", contentSecurityPolicy(sources));
  };

  // A callback hook that goes async only for the few responses it changes: relayed API answers (the
  // relay's hot path) pass through without a promise.
  app.addHook("onSend", (request, reply, payload, done) => {
    let work: Promise<void> | null = null;
    if (request.method === "PUT" && reply.statusCode === 200 && isSettingsSave(request.url)) {
      work = invalidate(request);
    } else if (
      String(reply.getHeader("content-type") ?? "").startsWith("text/html") &&
      reply.getHeader("content-security-policy") === CONTENT_SECURITY_POLICY
    ) {
      work = decoratePage(request, reply);
    }
    if (work === null) done(null, payload);
    else
      work.then(
        () => done(null, payload),
        (error: Error) => done(error),
      );
  });
}
