/**
 * Options of the hub relay plugin and the settings resolved from them (defaults applied, nonsense
 * refused at registration rather than at the first connection).
 */
import type { FastifyRequest } from "fastify";
import { assertBackoffPolicy, type BackoffPolicy, DEFAULT_RECONNECT_POLICY } from "./backoff.ts";
import { MAX_PENDING_INVOCATIONS_PER_TAB, MAX_TAB_BUFFERED_BYTES } from "./tab.ts";
import type { TabAcknowledgement } from "./tab-reports.ts";
import { UPSTREAM_INVOCATION_TIMEOUT_MS } from "./upstream-hub-connection.ts";

/** The two upstream hubs a session holds (DESIGN.md §4). */
export type RelayHub = "user" | "chat";

/** Every relayed hub, in the order connections are opened. */
export const RELAY_HUBS: readonly RelayHub[] = ["user", "chat"];

/** Who a browser socket belongs to: the gateway session and the upstream bearer token it relays with. */
export interface RelayIdentity {
  readonly sessionId: string;
  readonly bearerToken: string;
}

/** Options of the `hubRelay` plugin. */
export interface HubRelayOptions {
  readonly upstream: {
    /** Base URL of the upstream hubs, e.g. `http://127.0.0.1:5000/hubs` (user hub at `/user`). */
    readonly hubBase: string;
    /** Path of each hub under hubBase. Default `{ user: "user", chat: "supportchat" }`. */
    readonly paths?: Partial<Record<RelayHub, string>>;
    /** Silence after which an upstream connection counts as dropped. Default 30 000 (SignalR's). */
    readonly serverTimeoutMs?: number;
  };
  /** The signed-in session behind an upgrade request, or null (refused with 401). */
  readonly identityOf: (request: FastifyRequest) => RelayIdentity | null | Promise<RelayIdentity | null>;
  /** Origins (scheme://host[:port]) allowed to open the socket; others get 403 before the upgrade. */
  readonly allowedOrigins: readonly string[];
  /** Largest browser frame in bytes; larger closes the socket with 1009. Default 64 KiB. */
  readonly maxMessageBytes?: number;
  /** Frames a tab may send per second; more closes it with 1008. Default 20. */
  readonly maxMessagesPerSecond?: number;
  /**
   * The per-tab frame rate's burst, as time: a tab that was quiet (or whose frames a gateway stall
   * held back) this long may send this long's frames at once. At least 1 000. Default 30 000.
   */
  readonly rateBurstMs?: number;
  /** Interval of the heartbeats on both legs. Default 15 000. */
  readonly heartbeatMs?: number;
  /** Upstream reconnect backoff. Default `{ initialMs: 1000, maxMs: 30000 }`. */
  readonly reconnect?: BackoffPolicy;
  /** Invocations one tab may have waiting for the upstream; more are refused (retryable). Default 32. */
  readonly maxPendingInvocations?: number;
  /** Bytes a tab may leave unread before it is dropped. Default 4 MiB. */
  readonly maxBufferedBytes?: number;
  /** An upstream invocation without an answer within this is answered "no answer". Default 30 000. */
  readonly invocationTimeoutMs?: number;
  /** Hub methods tabs may invoke, per hub (exact, case-sensitive names). Default: none. */
  readonly invocable?: Partial<Record<RelayHub, readonly string[]>>;
  /** Called once when the upstream ended a session (Close without reconnect, 401, Disconnect/Disconnected). */
  readonly onUpstreamSessionEnded?: (sessionId: string) => void | Promise<void>;
  /**
   * Called when the upstream tells a session to reload its session data (`refresh-base-page-user`,
   * §7); the event reaches the session's tabs once it has settled, so what the gateway caches for
   * the session (its account's custom menu) is dropped before the tabs read it again.
   */
  readonly onSessionRefresh?: (sessionId: string) => void | Promise<void>;
  /**
   * The account of a session's current identity (the impersonated user's while impersonating), or
   * null when the gateway does not know it yet. Looked up when the session's first tab connects, again
   * after `renewUpstream`, and again while it is null when an event for some accounts is broadcast,
   * a tab sends a report, applied or rejected frame, or `tabReports` is read (hub-relay/README.md,
   * "Gateway events").
   * Without it no session has an account: `broadcastGatewayEvent` with an audience reaches no tab.
   */
  readonly accountOf?: (sessionId: string) => Promise<number | null>;
  /** Called for each `applied` and `rejected` frame a tab sends, with the tab's account. */
  readonly onTabAcknowledged?: (ack: TabAcknowledgement) => void;
  /** Source of the reconnect jitter, in [0, 1). Default Math.random. */
  readonly random?: () => number;
}

/**
 * The limits an operator tunes (GatewayOptions.hubLimits, HUB_* in config.ts): the options above
 * with the upstream server timeout at the top level.
 */
export interface HubRelayLimits {
  readonly maxMessageBytes?: number;
  readonly maxMessagesPerSecond?: number;
  readonly rateBurstMs?: number;
  readonly heartbeatMs?: number;
  readonly upstreamServerTimeoutMs?: number;
  readonly reconnect?: BackoffPolicy;
  readonly maxPendingInvocations?: number;
  readonly maxBufferedBytes?: number;
  readonly invocationTimeoutMs?: number;
}

/** Default largest browser frame. */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024;
/** Default frames per second per tab. */
export const DEFAULT_MAX_MESSAGES_PER_SECOND = 20;
/**
 * Default burst of the per-tab frame rate: 30 s of it (600 frames at the default rate).
 *
 * Frames a tab sends while the gateway stalls (SIGSTOP, a long GC) queue in the kernel and reach the
 * relay together when it resumes; the relay cannot tell when they were sent, only how long it has
 * been since the tab's previous frame, so the bucket must hold the rate times the longest stall a
 * tab lives through. The runtime (runtime/realtime/) gives a socket up after two heartbeat intervals
 * without a frame — 2 × its DEFAULT_HEARTBEAT_MS of 15 s, reconnecting-socket.ts — and frames it
 * queued on that socket are never delivered after that; hence 30 s. What the runtime itself queues
 * in a stall is far less: pongs only answer the gateway's pings (none come while it stalls), and
 * invocations are paced at 10 a second (send-pacer.ts) with at most MAX_IN_FLIGHT_INVOCATIONS (16)
 * unanswered (outbox.ts) — none is answered during a stall — so some 17 frames, and its outbox after
 * a reconnect goes out through the pacer on a new socket. But the relay's contract is a rate
 * (README "Limits and heartbeats"), and a client keeping to it by its own clock must not be cut off
 * by a stall of the gateway's own.
 *
 * What the larger bucket costs is bounded: a new socket starts with one second's worth (RateLimiter),
 * so reconnecting does not refill it; over any T seconds a tab gets at most rate × (T + 30 s)
 * frames; a flood is closed once the bucket is spent — within about a second from a new socket,
 * and at twice the rate within 30 s even from a full bucket; and the upstream sees at most
 * `maxPendingInvocations` of a tab's invocations at a time regardless.
 */
export const DEFAULT_RATE_BURST_MS = 30_000;
/** The shortest burst: one second of the rate (the bucket must hold at least one second's frames). */
export const MIN_RATE_BURST_MS = 1_000;
/** Default heartbeat interval, the SignalR keep-alive. */
export const DEFAULT_HEARTBEAT_MS = 15_000;
/** Default upstream server timeout, twice SignalR's keep-alive. */
export const DEFAULT_UPSTREAM_SERVER_TIMEOUT_MS = 30_000;
/** Default invocations one tab may have waiting. */
export const DEFAULT_MAX_PENDING_INVOCATIONS = MAX_PENDING_INVOCATIONS_PER_TAB;
/** Default bytes a tab may leave unread before it is dropped. */
export const DEFAULT_MAX_BUFFERED_BYTES = MAX_TAB_BUFFERED_BYTES;
/** Default wait for an upstream invocation's answer. */
export const DEFAULT_INVOCATION_TIMEOUT_MS = UPSTREAM_INVOCATION_TIMEOUT_MS;
/** Default hub paths under the upstream hub base. */
export const DEFAULT_HUB_PATHS: Readonly<Record<RelayHub, string>> = { user: "user", chat: "supportchat" };

/** The options with every default applied. */
export interface RelaySettings {
  readonly hubUrls: Readonly<Record<RelayHub, string>>;
  readonly serverTimeoutMs: number;
  readonly allowedOrigins: ReadonlySet<string>;
  readonly maxMessageBytes: number;
  readonly maxMessagesPerSecond: number;
  readonly rateBurstMs: number;
  readonly heartbeatMs: number;
  readonly reconnect: BackoffPolicy;
  readonly maxPendingInvocations: number;
  readonly maxBufferedBytes: number;
  readonly invocationTimeoutMs: number;
  readonly invocable: Readonly<Record<RelayHub, ReadonlySet<string>>>;
  readonly random: () => number;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new TypeError(`hubRelay: ${name} must be a positive integer`);
  return value;
}

function rateBurstMs(value: number): number {
  if (positiveInteger("rateBurstMs", value) < MIN_RATE_BURST_MS)
    throw new TypeError(`hubRelay: rateBurstMs must be at least ${MIN_RATE_BURST_MS}`);
  return value;
}

/** `scheme://host[:port]` of an allowed origin; throws for anything else (a path, a wildcard, "null"). */
export function normalizeOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new TypeError(`hubRelay: allowed origin '${origin}' is not a URL`);
  }
  if (
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.origin !== origin.replace(/\/$/, "").toLowerCase()
  ) {
    throw new TypeError(`hubRelay: allowed origin '${origin}' must be exactly scheme://host[:port]`);
  }
  return url.origin;
}

/** Applies the defaults and validates the options. */
export function resolveRelaySettings(options: HubRelayOptions): RelaySettings {
  const base = new URL(options.upstream.hubBase);
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new TypeError("hubRelay: upstream.hubBase must be an http(s) URL");
  }
  const baseUrl = base.href.replace(/\/+$/, "");
  const paths = { ...DEFAULT_HUB_PATHS, ...options.upstream.paths };
  const hubUrl = (hub: RelayHub) => `${baseUrl}/${paths[hub].replace(/^\/+/, "")}`;
  const reconnect = options.reconnect ?? DEFAULT_RECONNECT_POLICY;
  assertBackoffPolicy(reconnect, "hubRelay: reconnect");
  const methodSet = (hub: RelayHub) => new Set(options.invocable?.[hub] ?? []);
  return {
    hubUrls: { user: hubUrl("user"), chat: hubUrl("chat") },
    serverTimeoutMs: positiveInteger(
      "upstream.serverTimeoutMs",
      options.upstream.serverTimeoutMs ?? DEFAULT_UPSTREAM_SERVER_TIMEOUT_MS,
    ),
    allowedOrigins: new Set(options.allowedOrigins.map(normalizeOrigin)),
    maxMessageBytes: positiveInteger("maxMessageBytes", options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES),
    maxMessagesPerSecond: positiveInteger(
      "maxMessagesPerSecond",
      options.maxMessagesPerSecond ?? DEFAULT_MAX_MESSAGES_PER_SECOND,
    ),
    rateBurstMs: rateBurstMs(options.rateBurstMs ?? DEFAULT_RATE_BURST_MS),
    heartbeatMs: positiveInteger("heartbeatMs", options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS),
    reconnect,
    maxPendingInvocations: positiveInteger(
      "maxPendingInvocations",
      options.maxPendingInvocations ?? DEFAULT_MAX_PENDING_INVOCATIONS,
    ),
    maxBufferedBytes: positiveInteger(
      "maxBufferedBytes",
      options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
    ),
    invocationTimeoutMs: positiveInteger(
      "invocationTimeoutMs",
      options.invocationTimeoutMs ?? DEFAULT_INVOCATION_TIMEOUT_MS,
    ),
    invocable: { user: methodSet("user"), chat: methodSet("chat") },
    random: options.random ?? Math.random,
  };
}
