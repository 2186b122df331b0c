/**
 * The fan-out between gateway instances over Redis pub/sub (REDIS_URL; DESIGN.md §7): what one
 * instance changes in the shared stores — a configuration version published, rolled back, promoted
 * or scheduled (maintenance and canaries included), a session ended, the blocked-IP list changed —
 * it announces on that concern's channel, and every other instance reads the store again and pushes
 * to its own browsers. A message carries ids and versions only, never content: the shared store is
 * the truth, so a message forged or replayed on the channel can make an instance read, not serve.
 *
 * Redis is the live moment, not a queue. What is announced while an instance cannot reach it is
 * gone, so an instance reads everything again (`resynchronise`) whenever it (re)joins the channels,
 * tells the others it has (they read again too: it may have changed things while cut off), reads
 * again when a sender's sequence numbers skip one, and — while Redis stays unreachable — reads the
 * store every FANOUT_OUTAGE_SYNC_MS. It keeps serving throughout; `/readyz` reports the `redis`
 * check (server/gateway/config/README.md, "Several instances").
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { type BackoffPolicy, backoffDelayMs } from "../hub-relay/backoff.ts";

/** The concerns, one channel each. */
export const FANOUT_CONCERNS = ["configuration", "session", "blockedIps", "instance"] as const;
export type FanoutConcern = (typeof FANOUT_CONCERNS)[number];

/** What one instance tells the others: ids and versions, never content. */
export type FanoutMessage =
  /** The configuration store changed: the version published or promoted, null for the schedule alone. */
  | { concern: "configuration"; version: number | null }
  /** A session ended (a logout when `loggedOut`): its id as the store and the relays know it. */
  | { concern: "session"; session: string; loggedOut: boolean }
  /** The blocked-IP list changed. */
  | { concern: "blockedIps" }
  /** The sender (re)joined the channels and may have missed, or not announced, changes. */
  | { concern: "instance" };

/** While Redis is unreachable, the instance reads the shared store this often. */
export const FANOUT_OUTAGE_SYNC_MS = 15_000;
/** Reconnects to Redis: 200 ms doubling to 5 s, jittered (hub-relay/backoff.ts). */
export const FANOUT_RECONNECT_POLICY: BackoffPolicy = { initialMs: 200, maxMs: 5_000 };
/** Longest wait for a connection to Redis before the attempt counts as failed. */
export const FANOUT_CONNECT_TIMEOUT_MS = 2_000;
/** Other instances remembered by their last sequence number; a restarted instance is a new one. */
const MAX_REMEMBERED_INSTANCES = 1024;
/** A session's id: the hex SHA-256 of its cookie id (session-sealer.ts). */
const SESSION_ID = /^[0-9a-f]{64}$/;

/** The channels' prefix when REDIS_CHANNEL_PREFIX is unset. */
export const DEFAULT_CHANNEL_PREFIX = "tessera:";

/** Each concern's channel under `prefix` (REDIS_CHANNEL_PREFIX): instances with one prefix hear each other. */
export function fanoutChannels(prefix: string): Record<FanoutConcern, string> {
  return {
    configuration: `${prefix}gateway:configuration`,
    session: `${prefix}gateway:session`,
    blockedIps: `${prefix}gateway:blocked-ips`,
    instance: `${prefix}gateway:instance`,
  };
}

/** The text published for `message`: its sender, the sender's sequence number and the ids. */
export function encodeFanoutMessage(from: string, sequence: number, message: FanoutMessage): string {
  const { concern, ...ids } = message;
  return JSON.stringify({ from, n: sequence, ...ids });
}

/** A message received on a concern's channel, or null when it is not one (it is then dropped). */
export function decodeFanoutMessage(
  concern: FanoutConcern,
  text: string,
): { from: string; sequence: number; message: FanoutMessage } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { from, n, ...ids } = value as Record<string, unknown>;
  if (typeof from !== "string" || from.length === 0 || from.length > 64) return null;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 1) return null;
  const keys = Object.keys(ids).sort().join(",");
  const envelope = { from, sequence: n };
  switch (concern) {
    case "configuration": {
      const { version } = ids;
      const valid =
        version === null || (typeof version === "number" && Number.isSafeInteger(version) && version >= 0);
      return keys === "version" && valid
        ? { ...envelope, message: { concern, version: version as number | null } }
        : null;
    }
    case "session": {
      const { session, loggedOut } = ids;
      return keys === "loggedOut,session" &&
        typeof session === "string" &&
        SESSION_ID.test(session) &&
        typeof loggedOut === "boolean"
        ? { ...envelope, message: { concern, session, loggedOut } }
        : null;
    }
    case "blockedIps":
    case "instance":
      return keys === "" ? { ...envelope, message: { concern } } : null;
  }
}

/** What the instance does on a message, and when it must read everything again. */
export interface FanoutHandlers {
  /** Another instance changed the configuration store: serve what it releases (ConfigPlane.synchronise). */
  configuration(version: number | null): unknown;
  /** Another instance ended a session: forget it and close its sockets here. */
  sessionEnded(sessionId: string, loggedOut: boolean): unknown;
  /** Another instance saw the blocked-IP list change: read it now. */
  blockedIpsChanged(): unknown;
  /**
   * Read every shared state again — configuration, blocked IPs, the revocation of this instance's
   * sessions: messages may have been missed (Redis returned, an instance rejoined, a sequence
   * skipped, or Redis is still away).
   */
  resynchronise(): unknown;
}

/** What `Fanout` takes. */
export interface FanoutOptions {
  /** `redis://…` or `rediss://…` of the server every instance shares. */
  url: string;
  /** REDIS_CHANNEL_PREFIX: the channels' prefix. */
  prefix: string;
  log: FastifyBaseLogger;
  handlers: FanoutHandlers;
  /** Default FANOUT_OUTAGE_SYNC_MS. */
  outageSyncMs?: number;
  /** The clock of `status().downSince`; Date.now by default. */
  now?: () => number;
}

/** The fan-out's connection, for /readyz. */
export interface FanoutStatus {
  connected: boolean;
  /** Since when Redis is unreachable (epoch ms; since start until the first connection); null when connected. */
  downSince: number | null;
}

/** One instance's end of the fan-out: a publishing and a subscribed connection to one Redis server. */
export class Fanout {
  /** This instance's id on the channels; a restart is a new instance. */
  readonly instanceId = randomUUID();
  readonly channels: Record<FanoutConcern, string>;
  readonly #concernOf: Map<string, FanoutConcern>;
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #log: FastifyBaseLogger;
  readonly #handlers: FanoutHandlers;
  readonly #outageSyncMs: number;
  readonly #now: () => number;
  readonly #lastSeen = new Map<string, number>();
  #sequence = 0;
  #subscribed = false;
  #downSince: number;
  #up = false;
  #outageTimer: NodeJS.Timeout | undefined;
  #errorLogged = false;
  #closed = false;

  constructor(options: FanoutOptions) {
    this.channels = fanoutChannels(options.prefix);
    this.#concernOf = new Map(
      Object.entries(this.channels).map(([concern, channel]) => [channel, concern as FanoutConcern]),
    );
    this.#log = options.log.child({ fanout: options.prefix });
    this.#handlers = options.handlers;
    this.#outageSyncMs = options.outageSyncMs ?? FANOUT_OUTAGE_SYNC_MS;
    this.#now = options.now ?? Date.now;
    this.#downSince = this.#now();
    const common = {
      lazyConnect: true,
      connectTimeout: FANOUT_CONNECT_TIMEOUT_MS,
      retryStrategy: (times: number) => backoffDelayMs(times - 1, FANOUT_RECONNECT_POLICY),
      // A message Redis cannot take now is dropped now, not sent after the others read the store
      // again: they resynchronise when this instance rejoins instead.
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      maxRetriesPerRequest: 0,
    };
    this.#publisher = new Redis(options.url, {
      ...common,
      connectionName: `tessera-gateway-pub-${this.instanceId}`,
    });
    // Subscribed on every ready (not by ioredis's resubscribe, which runs after "ready" is emitted),
    // so the instance reads the store again only once it hears the channels.
    this.#subscriber = new Redis(options.url, {
      ...common,
      autoResubscribe: false,
      connectionName: `tessera-gateway-sub-${this.instanceId}`,
    });
    for (const client of [this.#publisher, this.#subscriber]) {
      client.on("error", (error: Error) => {
        // ioredis reports every failed attempt; once per outage is enough.
        if (!this.#errorLogged) this.#log.warn({ reason: error.message }, "fan-out: Redis error");
        this.#errorLogged = true;
      });
      client.on("close", () => this.#lost());
    }
    this.#publisher.on("ready", () => this.#maybeUp());
    this.#subscriber.on("ready", () => void this.#subscribe());
    this.#subscriber.on("message", (channel: string, text: string) => this.#receive(channel, text));
  }

  /** Connects (never waits for Redis: the instance serves without it) and reads the store while it is away. */
  start(): void {
    this.#armOutageSync();
    for (const client of [this.#publisher, this.#subscriber]) client.connect().catch(() => undefined);
  }

  /** Whether this instance hears and reaches the others now. */
  get connected(): boolean {
    return this.#up;
  }

  status(): FanoutStatus {
    return { connected: this.#up, downSince: this.#up ? null : this.#downSince };
  }

  /** Tells the other instances; dropped while Redis is unreachable (they read again when it returns). */
  publish(message: FanoutMessage): void {
    if (this.#closed || !this.#up) return;
    this.#sequence += 1;
    const text = encodeFanoutMessage(this.instanceId, this.#sequence, message);
    this.#publisher.publish(this.channels[message.concern], text).catch((error: unknown) => {
      // The next message's sequence number shows the others the gap.
      this.#log.warn({ err: error, concern: message.concern }, "fan-out: a message could not be published");
    });
  }

  /** Ends both connections; nothing is published or handled afterwards. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#up = false;
    if (this.#outageTimer) clearInterval(this.#outageTimer);
    this.#outageTimer = undefined;
    await Promise.all([this.#publisher, this.#subscriber].map(end));
  }

  async #subscribe(): Promise<void> {
    try {
      await this.#subscriber.subscribe(...Object.values(this.channels));
      this.#subscribed = true;
      this.#maybeUp();
    } catch (error) {
      // The connection went meanwhile; the next "ready" subscribes again.
      this.#log.warn({ err: error }, "fan-out: subscribing failed");
    }
  }

  #maybeUp(): void {
    if (this.#closed || this.#up || !this.#subscribed || this.#publisher.status !== "ready") return;
    this.#up = true;
    this.#errorLogged = false;
    if (this.#outageTimer) clearInterval(this.#outageTimer);
    this.#outageTimer = undefined;
    this.#log.info({ downMs: this.#now() - this.#downSince }, "fan-out: connected to Redis");
    // Everything is read again now: what the others numbered while this one was away is no gap.
    this.#lastSeen.clear();
    // Whatever was announced while this instance was away is read from the store, and the others
    // read again for what this one changed meanwhile.
    this.#run("resynchronise", () => this.#handlers.resynchronise());
    this.publish({ concern: "instance" });
  }

  #lost(): void {
    if (this.#closed) return;
    if (this.#subscriber.status !== "ready") this.#subscribed = false;
    if (!this.#up) return;
    this.#up = false;
    this.#downSince = this.#now();
    this.#log.warn("fan-out: Redis unreachable; serving on, reading the shared store until it returns");
    this.#armOutageSync();
  }

  #armOutageSync(): void {
    if (this.#outageTimer || this.#closed) return;
    this.#outageTimer = setInterval(
      () => this.#run("resynchronise", () => this.#handlers.resynchronise()),
      this.#outageSyncMs,
    );
    this.#outageTimer.unref();
  }

  #receive(channel: string, text: string): void {
    if (this.#closed) return;
    const concern = this.#concernOf.get(channel);
    if (!concern) return;
    const decoded = decodeFanoutMessage(concern, text);
    if (!decoded) {
      this.#log.warn({ concern }, "fan-out: a malformed message was dropped");
      return;
    }
    const { from, sequence, message } = decoded;
    if (from === this.instanceId) return;
    const last = this.#lastSeen.get(from);
    this.#lastSeen.delete(from);
    this.#lastSeen.set(from, Math.max(sequence, last ?? 0));
    if (this.#lastSeen.size > MAX_REMEMBERED_INSTANCES) {
      const oldest = this.#lastSeen.keys().next().value;
      if (oldest !== undefined) this.#lastSeen.delete(oldest);
    }
    if (last !== undefined && sequence <= last) return; // heard already
    // A number skipped since the sender's last message is a message missed: read everything again.
    if ((last !== undefined && sequence > last + 1) || message.concern === "instance") {
      this.#run("resynchronise", () => this.#handlers.resynchronise());
      return;
    }
    switch (message.concern) {
      case "configuration":
        this.#run(concern, () => this.#handlers.configuration(message.version));
        break;
      case "session":
        this.#run(concern, () => this.#handlers.sessionEnded(message.session, message.loggedOut));
        break;
      case "blockedIps":
        this.#run(concern, () => this.#handlers.blockedIpsChanged());
        break;
    }
  }

  #run(what: string, work: () => unknown): void {
    Promise.resolve()
      .then(work)
      .catch((error: unknown) => this.#log.error({ err: error, what }, "fan-out: handling a message failed"));
  }
}

/** Quits a connection politely when it is up, else drops it. */
async function end(client: Redis): Promise<void> {
  if (client.status === "ready") {
    try {
      await client.quit();
      return;
    } catch {
      // fall through: a connection that will not quit is dropped
    }
  }
  client.disconnect();
}
