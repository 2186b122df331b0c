/**
 * The headers of a relayed response. The browser's only cookie is the gateway's session cookie, so
 * the upstream's Set-Cookie never passes; neither do hop-by-hop headers, nor anything that names the
 * upstream's software or internal address (DESIGN.md §4).
 */
import type { IncomingHttpHeaders } from "node:http";
import type { UpstreamBase } from "./relay-path.ts";
import type { RelayBase } from "./relay-policy.ts";
import { connectionNamedBeyondKeepAlive } from "./request-headers.ts";

const DROPPED_EXACT = new Set([
  "set-cookie",
  "set-cookie2",
  // Hop-by-hop (RFC 9110 §7.6.1); Node frames the browser's response itself.
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authentication-info",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  // Written by the gateway's own stack or its security-headers policy, not the upstream's.
  "date",
  "strict-transport-security",
  "alt-svc",
  // Names of the upstream's software.
  "server",
  "x-powered-by",
  "x-aspnet-version",
  "x-aspnetmvc-version",
  "x-sourcefiles",
]);

/** Where relayed responses may point the browser back at: each base with its browser prefix. */
export interface RelayMount {
  prefix: string;
  base: UpstreamBase;
  /** Which of the two bases this is, for the relay policy. */
  kind: RelayBase;
}

/** Where the kept headers go: the relay's Fastify reply (its `header`). */
export interface HeaderSink {
  header(name: string, value: string | string[]): unknown;
}

/**
 * Sets the browser response headers on `sink`, one by one: the upstream's minus Set-Cookie,
 * hop-by-hop, every header its `Connection` names, and software banners.
 * Content-Type/-Length/-Disposition/-Encoding, Cache-Control, ETag, Last-Modified and the upstream's
 * own application headers pass unchanged. Location and Content-Location pointing into the upstream
 * are rewritten to the browser's prefix; pointing elsewhere on the upstream's origin, they are
 * dropped (an internal address).
 */
export function copyResponseHeaders(
  sink: HeaderSink,
  upstream: IncomingHttpHeaders,
  requestOrigin: string,
  requestPath: string,
  mounts: readonly RelayMount[],
): void {
  const named = connectionNamedBeyondKeepAlive(upstream.connection);
  for (const name of Object.keys(upstream)) {
    const value = upstream[name];
    if (value === undefined || DROPPED_EXACT.has(name) || named?.has(name)) continue;
    if (name === "location" || name === "content-location") {
      const rewritten = rewriteLocation(String(value), requestOrigin, requestPath, mounts);
      if (rewritten !== null) sink.header(name, rewritten);
      continue;
    }
    sink.header(name, value);
  }
}

/** A location as the browser must see it, or null when it would reveal an internal address. */
export function rewriteLocation(
  location: string,
  requestOrigin: string,
  requestPath: string,
  mounts: readonly RelayMount[],
): string | null {
  let url: URL;
  try {
    url = new URL(location, `${requestOrigin}${requestPath}`);
  } catch {
    return null;
  }
  const origins = new Set(mounts.map((mount) => mount.base.origin));
  origins.add(requestOrigin);
  if (!origins.has(url.origin)) return location; // another site (e.g. the help site): not ours to hide
  for (const mount of mounts) {
    if (url.origin === mount.base.origin && url.pathname.startsWith(mount.base.pathname)) {
      return `${mount.prefix}${url.pathname.slice(mount.base.pathname.length)}${url.search}${url.hash}`;
    }
  }
  return null;
}
