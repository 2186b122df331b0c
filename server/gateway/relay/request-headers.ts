/**
 * The headers a relayed request carries upstream. The browser's own identity, forwarding and
 * hop-by-hop headers never pass: the gateway is the trust boundary (DESIGN.md §4), so identity comes
 * only from the session and forwarding facts only from the socket.
 */
import type { IncomingHttpHeaders } from "node:http";

// Identity the browser might try to assert, forwarding facts it might forge, and overrides of
// method or path that ASP.NET-style upstreams honour (X-Original-URL, X-HTTP-Method-Override).
const DROPPED_EXACT = new Set([
  "authorization",
  "cookie",
  "cookie2",
  "x-api-key",
  "x-access-token",
  "x-csrf-token",
  "x-xsrf-token",
  "remote-user",
  "forwarded",
  "via",
  "x-real-ip",
  "x-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "x-cluster-client-ip",
  "client-ip",
  "x-original-url",
  "x-rewrite-url",
  "x-http-method",
  "x-http-method-override",
  "x-method-override",
  // Hop-by-hop (RFC 9110 §7.6.1) and framing: undici writes its own.
  "connection",
  "keep-alive",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "expect",
  "host",
  "content-length",
  "http2-settings",
]);

const DROPPED_PREFIXES = [
  "x-user",
  "x-account",
  "x-impersonat",
  "x-auth",
  "x-tenant",
  "x-session",
  "x-remote-",
  "x-forwarded-",
  "proxy-",
];

function droppedByPrefix(name: string): boolean {
  for (const prefix of DROPPED_PREFIXES) if (name.startsWith(prefix)) return true;
  return false;
}

/** What the relay adds to the browser's remaining headers. */
export interface UpstreamHeaderFacts {
  /** The upstream's `host[:port]`. */
  host: string;
  /** The session's upstream token, or null for a public call. */
  bearerToken: string | null;
  /** Exact body length when known (declared by the browser and enforced by Node's parser). */
  contentLength: number | null;
  /** X-Forwarded-For/-Proto from the socket, set only when the relay is configured to. */
  forwarded: { for: string; proto: "http" | "https" } | null;
}

/**
 * The upstream request headers: the browser's end-to-end headers minus identity, forwarding,
 * hop-by-hop headers and every header `Connection` names, plus Host, Authorization and (optionally)
 * X-Forwarded-For/-Proto set by the gateway.
 */
export function upstreamRequestHeaders(
  incoming: IncomingHttpHeaders,
  facts: UpstreamHeaderFacts,
): Record<string, string> {
  // Runs for every relayed call: own keys only, no Set unless `Connection` names something, no closures.
  const named = connectionNamedBeyondKeepAlive(incoming.connection);
  const headers: Record<string, string> = {};
  for (const name of Object.keys(incoming)) {
    const value = incoming[name];
    if (value === undefined || DROPPED_EXACT.has(name) || named?.has(name) || droppedByPrefix(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  headers.host = facts.host;
  if (facts.bearerToken !== null) headers.authorization = `Bearer ${facts.bearerToken}`;
  if (facts.contentLength !== null) headers["content-length"] = String(facts.contentLength);
  if (facts.forwarded) {
    headers["x-forwarded-for"] = facts.forwarded.for;
    headers["x-forwarded-proto"] = facts.forwarded.proto;
  }
  return headers;
}

/**
 * The header names `Connection` lists, or null when it lists none or only `keep-alive` — the usual
 * value, whose header both relays drop anyway: the hot path then parses nothing.
 */
export function connectionNamedBeyondKeepAlive(value: string | string[] | undefined): Set<string> | null {
  if (value === undefined || value === "keep-alive" || value === "Keep-Alive") return null;
  return connectionNamed(value);
}

/** The lower-cased header names listed in a `Connection` header (RFC 9110 §7.6.1). */
export function connectionNamed(value: string | string[] | undefined): Set<string> {
  const names = new Set<string>();
  if (value === undefined) return names;
  for (const line of Array.isArray(value) ? value : [value]) {
    for (const token of line.split(",")) {
      const name = token.trim().toLowerCase();
      if (name) names.add(name);
    }
  }
  return names;
}
