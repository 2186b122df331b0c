/**
 * The gateway's lasting link to one upstream hub for one session: connects, and after a drop
 * reconnects with capped, jittered exponential backoff (DESIGN.md §4) until stopped. Its state tells
 * the session what to show the tabs: a drop is "reconnecting", a failed attempt "unreachable", and
 * only a refusal of the session itself (401, Close without allowReconnect) is "ended".
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Dispatcher } from "undici";
import { type BackoffPolicy, backoffDelayMs } from "./backoff.ts";
import { HeartbeatWheel, wheelTickFor } from "./heartbeat-wheel.ts";
import type { RelayHub } from "./options.ts";
import {
  connectUpstreamHub,
  type InvocationWaiter,
  UPSTREAM_INVOCATION_TIMEOUT_MS,
  type UpstreamCloseOutcome,
  type UpstreamHubConnection,
  UpstreamInvocationError,
} from "./upstream-hub-connection.ts";
import { UpstreamConnectError } from "./upstream-negotiate.ts";

/**
 * - connecting: the first attempt is under way;
 * - connected;
 * - reconnecting: the connection dropped, a new attempt is pending;
 * - unreachable: an attempt failed, retrying with backoff;
 * - unavailable: the upstream refuses this hub to the user (403); not retried;
 * - ended: the upstream ended the user's session; not retried;
 * - stopped: stopped by the gateway.
 */
export type LinkState =
  | "connecting"
  | "connected"
  | "reconnecting"
  | "unreachable"
  | "unavailable"
  | "ended"
  | "stopped";

/** What a link needs. */
export interface LinkOptions {
  readonly hub: RelayHub;
  readonly hubUrl: string;
  readonly keepAliveMs: number;
  readonly serverTimeoutMs: number;
  /** Default UPSTREAM_INVOCATION_TIMEOUT_MS. */
  readonly invocationTimeoutMs?: number;
  /** The shared timer of the upstream connections; default: a wheel of this link's own. */
  readonly wheel?: HeartbeatWheel;
  /** The pool negotiate requests go through; default undici's global dispatcher. */
  readonly dispatcher?: Dispatcher;
  readonly reconnect: BackoffPolicy;
  readonly random: () => number;
  /** The bearer token to connect with, read at every attempt (it changes on impersonation). */
  readonly bearerToken: () => string;
  /** The link's new state; the link is named so one listener can serve several links. */
  readonly onState: (state: LinkState, link: UpstreamHubLink) => void;
  /** An invocation from the upstream hub, and the link it came through. */
  readonly onEvent: (target: string, args: unknown[], link: UpstreamHubLink) => void;
  readonly log: FastifyBaseLogger;
}

/** One session's reconnecting connection to one upstream hub. */
export class UpstreamHubLink {
  #state: LinkState = "connecting";
  #connection: UpstreamHubConnection | undefined;
  #stopped = false;
  /** Cancels the connection attempt or the backoff wait under way; none while connected. */
  #attempt: AbortController | undefined;
  readonly #wheel: HeartbeatWheel;
  #running: Promise<void> = Promise.resolve();
  // Bound once per link rather than a closure per connection: every idle relayed tab holds them.
  readonly #eventListener = this.#onConnectionEvent.bind(this);
  readonly #closeListener = this.#onClose.bind(this);

  constructor(readonly options: LinkOptions) {
    this.#wheel =
      options.wheel ??
      new HeartbeatWheel(
        wheelTickFor(
          Math.min(
            options.keepAliveMs,
            options.serverTimeoutMs,
            options.invocationTimeoutMs ?? UPSTREAM_INVOCATION_TIMEOUT_MS,
          ),
        ),
      );
  }

  /** The current state. */
  get state(): LinkState {
    return this.#state;
  }

  /** Starts connecting (once). */
  start(): void {
    this.#running = this.#run().catch((error: unknown) => {
      this.options.log.error({ err: error, hub: this.options.hub }, "hub relay: upstream link failed");
      this.#setState("unreachable");
    });
  }

  /** Closes the connection and stops reconnecting; resolves when the link is idle. */
  async stop(): Promise<void> {
    if (this.#stopped) return this.#running;
    this.#stopped = true;
    this.#setState("stopped");
    this.#attempt?.abort();
    this.#connection?.stop();
    return this.#running;
  }

  /** Invokes a method on the connected hub; `waiter` gets the result or an UpstreamInvocationError. */
  invoke(target: string, args: readonly unknown[], waiter: InvocationWaiter): void {
    if (this.#state !== "connected" || this.#connection === undefined) {
      waiter.reject(new UpstreamInvocationError("unavailable", "upstream hub not connected"));
      return;
    }
    this.#connection.invoke(target, args, waiter);
  }

  #setState(state: LinkState): void {
    // Terminal states stick: a late callback of a dying connection must not revive the link.
    if (this.#state === state || this.#state === "stopped" || this.#state === "ended") return;
    if (this.#state === "unavailable") return;
    this.#state = state;
    this.options.onState(state, this);
  }

  #onConnectionEvent(target: string, args: unknown[]): void {
    this.options.onEvent(target, args, this);
  }

  #onClose(outcome: UpstreamCloseOutcome): void {
    if (outcome.kind === "stopped") return;
    const { hub, log } = this.options;
    if (outcome.kind === "ended") {
      log.info({ hub, reason: outcome.reason }, "hub relay: upstream ended the session");
      this.#setState("ended");
    } else {
      log.warn({ hub, reason: outcome.reason }, "hub relay: upstream connection dropped");
      this.#setState("reconnecting");
    }
  }

  /** A fresh cancellation for the next attempt or wait (stop() aborts it). */
  #nextAttempt(): AbortSignal {
    this.#attempt = new AbortController();
    return this.#attempt.signal;
  }

  async #run(): Promise<void> {
    const { hub, log } = this.options;
    for (let attempt = 0; !this.#stopped; ) {
      // Let go once connected: this frame stays suspended as long as the connection lives, and
      // would keep the spent signal (with its listener tables) with it.
      let signal: AbortSignal | undefined = this.#nextAttempt();
      try {
        const connection = await connectUpstreamHub({
          hubUrl: this.options.hubUrl,
          bearerToken: this.options.bearerToken(),
          keepAliveMs: this.options.keepAliveMs,
          serverTimeoutMs: this.options.serverTimeoutMs,
          invocationTimeoutMs: this.options.invocationTimeoutMs,
          wheel: this.#wheel,
          dispatcher: this.options.dispatcher,
          signal,
          onEvent: this.#eventListener,
          onClose: this.#closeListener,
        });
        if (this.#stopped) {
          // Stopped while the handshake completed: the abort listener came too late for this one.
          connection.stop();
          return;
        }
        // Connected: stop() now stops the connection itself; the attempt's signal is let go.
        this.#attempt = undefined;
        signal = undefined;
        this.#connection = connection;
        attempt = 0;
        this.#setState("connected");
        const outcome = await connection.closed;
        this.#connection = undefined;
        if (outcome.kind !== "dropped") return;
      } catch (error) {
        if (this.#stopped) return;
        if (!(error instanceof UpstreamConnectError)) throw error;
        if (error.failure === "unauthorized") {
          log.info({ hub }, "hub relay: upstream refused the session (401)");
          return this.#setState("ended");
        }
        if (error.failure === "forbidden") {
          log.info({ hub }, "hub relay: upstream refuses this hub to the user (403)");
          return this.#setState("unavailable");
        }
        log.warn({ hub, reason: error.message, attempt }, "hub relay: upstream connection attempt failed");
        this.#setState("unreachable");
      }
      const delayMs = backoffDelayMs(attempt++, this.options.reconnect, this.options.random);
      await sleep(delayMs, undefined, { signal: this.#nextAttempt() }).catch(() => undefined);
    }
  }
}
