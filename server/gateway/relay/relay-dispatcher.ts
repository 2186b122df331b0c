/**
 * The relay's connection pool to the upstream: undici with keep-alive and explicit timeouts
 * (DESIGN.md §4: "explicit connect/header/body timeouts").
 */
import { Agent } from "undici";

/** Time to establish a TCP (and TLS) connection to the upstream. */
export const UPSTREAM_CONNECT_TIMEOUT_MS = 5_000;
/** Time from sending a request to receiving the complete response headers. */
export const UPSTREAM_HEADERS_TIMEOUT_MS = 30_000;
/** Longest silence between two chunks of a response body. */
export const UPSTREAM_BODY_TIMEOUT_MS = 30_000;
/**
 * How long an idle keep-alive connection is kept. Below Node's default server keep-alive (5 s), so
 * the gateway does not reuse a connection the upstream is just closing; a `Keep-Alive: timeout=`
 * hint from the upstream lowers it further.
 */
export const UPSTREAM_KEEP_ALIVE_TIMEOUT_MS = 4_000;
/** The most an upstream's `Keep-Alive: timeout=` hint may raise the idle keep-alive to. */
export const UPSTREAM_KEEP_ALIVE_MAX_TIMEOUT_MS = 60_000;
/** Most connections to one upstream origin; further calls queue in the pool. */
export const UPSTREAM_MAX_CONNECTIONS = 128;

/** The relay's three timeouts. */
export interface RelayTimeouts {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

/** Fills the timeouts not given with the defaults above; each must be a positive integer. */
export function resolveTimeouts(given: Partial<RelayTimeouts> = {}): RelayTimeouts {
  const timeouts = {
    connectMs: given.connectMs ?? UPSTREAM_CONNECT_TIMEOUT_MS,
    headersMs: given.headersMs ?? UPSTREAM_HEADERS_TIMEOUT_MS,
    bodyMs: given.bodyMs ?? UPSTREAM_BODY_TIMEOUT_MS,
  };
  for (const [name, value] of Object.entries(timeouts)) {
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`relay timeout ${name} must be a positive integer`);
  }
  return timeouts;
}

/**
 * A keep-alive pool per upstream origin with the relay's timeouts. Pipelining stays at 1: a request
 * queued behind another on the same connection would share its failure (and could not be retried).
 */
export function createRelayDispatcher(timeouts: RelayTimeouts): Agent {
  return new Agent({
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    keepAliveTimeout: UPSTREAM_KEEP_ALIVE_TIMEOUT_MS,
    keepAliveMaxTimeout: UPSTREAM_KEEP_ALIVE_MAX_TIMEOUT_MS,
    connections: UPSTREAM_MAX_CONNECTIONS,
    pipelining: 1,
  });
}
