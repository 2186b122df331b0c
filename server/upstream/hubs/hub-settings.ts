/**
 * Defaults and validation of the tunables of `registerHub`. The timing defaults are those of the
 * official SignalR server and client (15 s keep-alive, 30 s timeout), so both sides agree out of the box.
 */
import type { HubOptions, HubPrincipal } from "./hub-types.ts";

/** Default interval after which an idle connection is sent a Ping. */
export const DEFAULT_PING_INTERVAL_MS = 15_000;
/** Default silence after which a client is considered gone (twice the client's own ping interval). */
export const DEFAULT_CLIENT_TIMEOUT_MS = 30_000;
/** Default time a new socket has to complete the handshake. */
export const DEFAULT_HANDSHAKE_TIMEOUT_MS = 15_000;
/** Default lifetime of an unused connection token. */
export const DEFAULT_CONNECTION_TOKEN_TTL_MS = 15_000;
/** Default largest incoming message (64 KiB). */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024;
/** Default number of invocations a client may have queued or running. */
export const DEFAULT_MAX_PENDING_INVOCATIONS = 32;
/** Default unread outgoing bytes tolerated before a slow client is dropped (4 MiB). */
export const DEFAULT_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Default wait for clients to acknowledge a shutdown before their sockets are terminated. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5_000;

/** The tunables of a hub with every default applied. */
export interface HubSettings {
  readonly path: string;
  readonly pingIntervalMs: number;
  readonly clientTimeoutMs: number;
  readonly handshakeTimeoutMs: number;
  readonly connectionTokenTtlMs: number;
  readonly maxMessageBytes: number;
  readonly maxPendingInvocations: number;
  readonly maxBufferedBytes: number;
  readonly shutdownGraceMs: number;
}

// Lower-case static segments, as every route path of the project (no parameters: a hub is one endpoint).
const HUB_PATH = /^(\/[a-z0-9][a-z0-9._-]*)+$/;

/** Applies defaults and rejects nonsensical options at registration time rather than at first use. */
export function resolveHubSettings<P extends HubPrincipal>(options: HubOptions<P>): HubSettings {
  if (!HUB_PATH.test(options.path)) {
    throw new TypeError(`Hub path '${options.path}' must be lower-case static segments like "/hubs/user".`);
  }
  const settings: HubSettings = {
    path: options.path,
    pingIntervalMs: options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS,
    clientTimeoutMs: options.clientTimeoutMs ?? DEFAULT_CLIENT_TIMEOUT_MS,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? DEFAULT_HANDSHAKE_TIMEOUT_MS,
    connectionTokenTtlMs: options.connectionTokenTtlMs ?? DEFAULT_CONNECTION_TOKEN_TTL_MS,
    maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    maxPendingInvocations: options.maxPendingInvocations ?? DEFAULT_MAX_PENDING_INVOCATIONS,
    maxBufferedBytes: options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
    shutdownGraceMs: options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
  };
  for (const [name, value] of Object.entries(settings)) {
    if (name !== "path" && (!Number.isSafeInteger(value) || (value as number) <= 0)) {
      throw new TypeError(`Hub option '${name}' must be a positive integer.`);
    }
  }
  return settings;
}
