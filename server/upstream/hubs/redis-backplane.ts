/**
 * The hubs' backplane over Redis pub/sub (hub-backplane.ts): every instance publishes its hubs'
 * sends on one channel and delivers what the others published to its own connections. One channel
 * for every scope keeps one instance's messages in the order it sent them, whatever the hub.
 *
 * Redis is a cache of the live moment, not a queue: what is published while an instance cannot
 * reach it is gone (the store keeps notifications and chat messages, and clients read them back
 * after a reconnect). So each message carries its sender's sequence number, and an instance that
 * missed any — its own subscription dropped, or another instance's publication failed or was lost —
 * resynchronises: `onResync` listeners close the hubs' connections allowing reconnect, and the
 * clients read back what they missed (realtime/README.md, "Several instances").
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { HubBackplane } from "./hub-backplane.ts";

/** Why an instance resynchronises its clients. */
export type BackplaneResyncReason = "resubscribed" | "missed";

/** What `RedisBackplane` takes. */
export interface RedisBackplaneOptions {
  /** `redis://…` of the server every instance shares. */
  readonly url: string;
  /** Prefix of the channel (`<prefix>hubs`): instances with the same prefix form one backplane. */
  readonly channelPrefix: string;
  readonly log: FastifyBaseLogger;
  /** This instance's id on the channel; a fresh UUID by default (a restart is another instance). */
  readonly instanceId?: string;
}

/** Counters of one instance's backplane, for tests and diagnostics. */
export interface BackplaneStats {
  published: number;
  /** Publications Redis did not take (it was unreachable); the others resynchronise on the next one. */
  failed: number;
  /** Messages of other instances delivered here. */
  received: number;
  resyncs: number;
}

/** One message on the channel: sender, its sequence number, the scope and the message (none: a sync). */
interface Envelope {
  readonly i: string;
  readonly n: number;
  readonly s?: string;
  readonly m?: unknown;
}

/** Other instances remembered by their last sequence number; a restarted instance is a new one. */
const MAX_REMEMBERED_INSTANCES = 1024;

/** The hubs' backplane over one Redis server: a publishing and a subscribed connection. */
export class RedisBackplane implements HubBackplane {
  readonly instanceId: string;
  readonly channel: string;
  readonly stats: BackplaneStats = { published: 0, failed: 0, received: 0, resyncs: 0 };
  readonly #log: FastifyBaseLogger;
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #scopes = new Map<string, (message: unknown) => void>();
  readonly #lastSeen = new Map<string, number>();
  readonly #resyncListeners = new Set<(reason: BackplaneResyncReason) => void>();
  #sequence = 0;
  /** Whether a publication failed since the publisher was last ready (a sync then follows its return). */
  #publishFailed = false;
  #subscribedOnce = false;
  #subscribed: Promise<void>;
  #markSubscribed: () => void = () => {};
  #closed = false;

  constructor(options: RedisBackplaneOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.channel = `${options.channelPrefix}hubs`;
    this.#log = options.log.child({ backplane: this.channel });
    this.#subscribed = new Promise((resolve) => {
      this.#markSubscribed = resolve;
    });
    // No offline queue and no resend: a publication Redis cannot take now fails now (counted, and
    // the sequence number moves on so the others see the gap) instead of arriving after clients
    // already read the state back.
    this.#publisher = new Redis(options.url, {
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      connectionName: `tessera-upstream-pub-${this.instanceId}`,
    });
    // The subscription is made on every ready (not ioredis's resubscribe, which runs after "ready"
    // is emitted), so a resync starts only once this instance hears the channel again.
    this.#subscriber = new Redis(options.url, {
      autoResubscribe: false,
      maxRetriesPerRequest: null,
      connectionName: `tessera-upstream-sub-${this.instanceId}`,
    });
    this.#watch(this.#publisher, "publisher", () => {
      if (!this.#publishFailed) return;
      this.#publishFailed = false;
      // Tell the others at once that they missed messages, rather than with the next send.
      this.#publish(undefined, undefined);
    });
    this.#watch(this.#subscriber, "subscriber", () => void this.#subscribe());
    this.#subscriber.on("message", (channel: string, text: string) => {
      if (channel === this.channel) this.#receive(text);
    });
  }

  attach<T>(scope: string, receive: (message: T) => void): (message: T) => void {
    if (this.#scopes.has(scope)) throw new Error(`backplane scope ${scope} attached twice`);
    this.#scopes.set(scope, receive as (message: unknown) => void);
    return (message) => this.#publish(scope, message);
  }

  /** Resolves once this instance first hears the channel (tests and boot wait for it). */
  subscribed(): Promise<void> {
    return this.#subscribed;
  }

  /** Whether both connections are up now. */
  get connected(): boolean {
    return this.#publisher.status === "ready" && this.#subscriber.status === "ready";
  }

  /** Calls `listener` whenever this instance may have missed messages; returns the unsubscribe. */
  onResync(listener: (reason: BackplaneResyncReason) => void): () => void {
    this.#resyncListeners.add(listener);
    return () => this.#resyncListeners.delete(listener);
  }

  /** Ends both connections; nothing is published or delivered afterwards. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#markSubscribed();
    await Promise.all([this.#publisher, this.#subscriber].map(end));
  }

  #publish(scope: string | undefined, message: unknown): void {
    if (this.#closed) return;
    this.#sequence += 1;
    const envelope: Envelope =
      scope === undefined
        ? { i: this.instanceId, n: this.#sequence }
        : { i: this.instanceId, n: this.#sequence, s: scope, m: message };
    this.#publisher.publish(this.channel, JSON.stringify(envelope)).then(
      () => {
        this.stats.published += 1;
      },
      (error: unknown) => {
        this.stats.failed += 1;
        if (!this.#publishFailed) {
          this.#log.warn(
            { err: error },
            "hub backplane: publishing failed; deliveries stay local until Redis returns",
          );
        }
        this.#publishFailed = true;
      },
    );
  }

  #receive(text: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      this.#log.warn("hub backplane: a message that is not JSON was dropped");
      return;
    }
    if (typeof envelope?.i !== "string" || !Number.isSafeInteger(envelope.n)) {
      this.#log.warn("hub backplane: a message without sender or sequence was dropped");
      return;
    }
    if (envelope.i === this.instanceId) return; // its own: delivered here before it was published
    const last = this.#lastSeen.get(envelope.i);
    if (last !== undefined && envelope.n <= last) return; // already heard
    this.#remember(envelope.i, envelope.n);
    // The first message of an instance opens its count; a number skipped since is a message missed.
    if (last !== undefined && envelope.n > last + 1) this.#resync("missed");
    if (envelope.s === undefined) return;
    const receive = this.#scopes.get(envelope.s);
    if (!receive) return; // a scope this version does not have (a newer instance's)
    this.stats.received += 1;
    try {
      receive(envelope.m);
    } catch (error) {
      this.#log.error({ err: error, scope: envelope.s }, "hub backplane: delivering a message failed");
    }
  }

  #remember(instance: string, sequence: number): void {
    this.#lastSeen.delete(instance);
    this.#lastSeen.set(instance, sequence);
    if (this.#lastSeen.size > MAX_REMEMBERED_INSTANCES) {
      const oldest = this.#lastSeen.keys().next().value;
      if (oldest !== undefined) this.#lastSeen.delete(oldest);
    }
  }

  async #subscribe(): Promise<void> {
    try {
      await this.#subscriber.subscribe(this.channel);
    } catch (error) {
      // The connection dropped again before the answer; the next ready subscribes.
      this.#log.warn({ err: error }, "hub backplane: subscribing failed");
      return;
    }
    if (this.#subscribedOnce) {
      // Whatever was published while this instance was not subscribed never reached it.
      this.#lastSeen.clear();
      this.#resync("resubscribed");
    }
    this.#subscribedOnce = true;
    this.#markSubscribed();
  }

  #resync(reason: BackplaneResyncReason): void {
    this.stats.resyncs += 1;
    this.#log.info({ reason }, "hub backplane: resynchronising this instance's hub clients");
    for (const listener of this.#resyncListeners) {
      try {
        listener(reason);
      } catch (error) {
        this.#log.error({ err: error }, "hub backplane: a resync listener failed");
      }
    }
  }

  /** Logs an outage once (its first error) and its end; `ready` runs on every (re)connection. */
  #watch(client: Redis, role: string, ready: () => void): void {
    let down = false;
    client.on("error", (error: Error) => {
      if (down || this.#closed) return;
      down = true;
      this.#log.warn({ err: error, role }, "hub backplane: Redis unreachable; reconnecting");
    });
    client.on("close", () => {
      if (this.#closed || down) return;
      down = true;
      this.#log.warn({ role }, "hub backplane: Redis connection lost; reconnecting");
    });
    client.on("ready", () => {
      if (down) this.#log.info({ role }, "hub backplane: Redis reachable again");
      down = false;
      ready();
    });
  }
}

/** Quits a connection that is up; drops one that is not (a quit would wait for it). */
async function end(client: Redis): Promise<void> {
  if (client.status === "ready") {
    try {
      await client.quit();
      return;
    } catch {
      // fall through: the connection went away meanwhile
    }
  }
  client.disconnect();
}
