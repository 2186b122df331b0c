/**
 * The browser's one WebSocket to the gateway's hub relay (DESIGN.md §4; protocol in
 * server/gateway/hub-relay/README.md). Events of the user hub, the chat hub and the gateway reach
 * `on` handlers, which survive reconnects; invocations go through an outbox, so one made while
 * disconnected is sent once after the reconnect. The socket reconnects with capped, jittered
 * backoff; `status` tells the shell what to show: "unreachable" is 'Experiencing network issues'
 * (§8), "ended" is the §4.2 logout path, never a dropped connection. On every (re)connect the tab
 * first tells the gateway what it runs (the report frame); its answers to published configurations
 * go out at once, or after the next report when the socket is down.
 */
import { type BackoffPolicy, backoffDelayMs, DEFAULT_BACKOFF_POLICY } from "./backoff.ts";
import {
  type ConfigOutcomeFrame,
  type EventHub,
  type GatewayFrame,
  type InvocableHub,
  type InvokeFrame,
  PONG_FRAME,
  parseGatewayFrame,
  type ReportFrame,
  serializeInvokeFrame,
  type UpstreamStatus,
  utf8Length,
} from "./frames.ts";
import { ObservableValue, type ReadonlyObservable } from "./observable-value.ts";
import { Outbox } from "./outbox.ts";
import { type HubSocketConstructor, hubUrlFor, ReconnectingSocket } from "./reconnecting-socket.ts";
import { DEFAULT_MAX_SENDS_PER_SECOND, SendPacer } from "./send-pacer.ts";

export { type HubSocket, type HubSocketConstructor, hubUrlFor } from "./reconnecting-socket.ts";

/** The gateway's heartbeat interval; two of them without any frame mean the socket is dead. */
export const DEFAULT_HEARTBEAT_MS = 15_000;
/** The gateway's default frame limit; larger invocations are refused before sending. */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024;
/** Configuration answers kept while the socket is down (the newest; the report carries the version anyway). */
export const MAX_QUEUED_OUTCOMES = 8;

/** connecting → connected; a drop is reconnecting, a failed attempt unreachable; ended and closed are final. */
export type HubClientStatus =
  | "connecting"
  | "connected"
  | "reconnecting"
  | "unreachable"
  | "ended"
  | "closed";

/** Options of {@link createHubClient}. */
export interface HubClientOptions {
  /** `ws(s)://…/gw/hub`, or a path resolved against the page's location. */
  readonly url: string;
  readonly WebSocketImpl?: HubSocketConstructor;
  readonly heartbeatMs?: number;
  readonly reconnect?: BackoffPolicy;
  readonly maxMessageBytes?: number;
  /** Invocations sent per second at most (the gateway closes a tab that exceeds its own limit). Default 10. */
  readonly maxSendsPerSecond?: number;
  /** The pacer's clock in milliseconds (default Date.now; tests drive it). */
  readonly clock?: () => number;
  /** Jitter source in [0, 1). */
  readonly random?: () => number;
  /** What the tab reports on every (re)connect, read when the socket opens; nothing is reported without it. */
  readonly report?: () => ReportFrame;
}

/** Why an invocation failed: refused by the gateway or upstream, too large, or the client is over. */
export class HubInvocationError extends Error {
  override readonly name = "HubInvocationError";
  constructor(
    readonly reason: "refused" | "tooLarge" | "ended" | "closed",
    message: string,
    /** The gateway ErrorCode for "refused" (§8 mapping), else null. */
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

/** The realtime connection of a tab. */
export interface HubClient {
  readonly status: ReadonlyObservable<HubClientStatus>;
  /** Subscribes to an event (target names are case-insensitive, as in SignalR); returns the unsubscribe. */
  on(hub: EventHub, target: string, handler: (...args: unknown[]) => void): () => void;
  /** Called once when the upstream or the gateway ended the session, with the in-app destination if any. */
  onEnded(listener: (redirect: string | undefined) => void): () => void;
  /** Invokes an allow-listed hub method; resolves with its result. Rejects with a HubInvocationError. */
  invoke(hub: InvocableHub, target: string, ...args: unknown[]): Promise<unknown>;
  /** Answers a published configuration: sent now, or after the next report while the socket is down. */
  answerConfig(frame: ConfigOutcomeFrame): void;
  /** Closes the socket for good (the tab signs out or unloads). */
  close(): void;
}

/** Opens the tab's realtime connection at once. */
export function createHubClient(options: HubClientOptions): HubClient {
  return new RelayHubClient(options);
}

type Timer = ReturnType<typeof setTimeout>;

class RelayHubClient implements HubClient {
  readonly status = new ObservableValue<HubClientStatus>("connecting");
  readonly #socket: ReconnectingSocket;
  readonly #policy: BackoffPolicy;
  readonly #maxBytes: number;
  readonly #random: () => number;
  readonly #outbox = new Outbox();
  readonly #pacer: SendPacer;
  readonly #handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  readonly #endedListeners = new Set<(redirect: string | undefined) => void>();
  readonly #idPrefix = Math.floor(Math.random() * 36 ** 6).toString(36);
  #nextId = 0;
  /** What the gateway last said of the upstream on the current socket. */
  #upstream: UpstreamStatus | undefined;
  #flushTimer: Timer | undefined;
  readonly #report: (() => ReportFrame) | undefined;
  /** Configuration answers waiting for an open socket, oldest first. */
  readonly #outcomes: string[] = [];

  constructor(options: HubClientOptions) {
    const page = (globalThis as { location?: { href: string } }).location?.href;
    this.#policy = options.reconnect ?? DEFAULT_BACKOFF_POLICY;
    this.#maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.#random = options.random ?? Math.random;
    this.#pacer = new SendPacer(options.maxSendsPerSecond ?? DEFAULT_MAX_SENDS_PER_SECOND, options.clock);
    this.#report = options.report;
    this.#socket = new ReconnectingSocket({
      url: options.url.startsWith("/") && page ? hubUrlFor(options.url, page) : options.url,
      Socket: options.WebSocketImpl ?? (globalThis.WebSocket as unknown as HubSocketConstructor),
      heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
      policy: this.#policy,
      random: this.#random,
      // Invocations wait for the gateway to report the upstream connected; the report is the gateway's own.
      onOpen: () => this.#onOpen(),
      onMessage: (data) => {
        const frame = parseGatewayFrame(data);
        if (frame) this.#onFrame(frame);
      },
      onLost: (wasOpen) => this.#onLost(wasOpen),
    });
  }

  get #over(): boolean {
    const status = this.status.get();
    return status === "ended" || status === "closed";
  }

  on(hub: EventHub, target: string, handler: (...args: unknown[]) => void): () => void {
    const key = `${hub}:${target.toLowerCase()}`;
    const set = this.#handlers.get(key) ?? new Set();
    this.#handlers.set(key, set.add(handler));
    return () => {
      set.delete(handler);
    };
  }

  onEnded(listener: (redirect: string | undefined) => void): () => void {
    this.#endedListeners.add(listener);
    return () => {
      this.#endedListeners.delete(listener);
    };
  }

  invoke(hub: InvocableHub, target: string, ...args: unknown[]): Promise<unknown> {
    const status = this.status.get();
    if (status === "ended" || status === "closed") {
      return Promise.reject(new HubInvocationError(status, `hub client ${status}`));
    }
    const frame: InvokeFrame = { t: "invoke", id: `${this.#idPrefix}-${++this.#nextId}`, hub, target, args };
    const text = serializeInvokeFrame(frame);
    if (utf8Length(text) > this.#maxBytes) {
      return Promise.reject(
        new HubInvocationError("tooLarge", `invocation larger than ${this.#maxBytes} bytes`),
      );
    }
    return new Promise((resolve, reject) => {
      this.#outbox.add(frame, text, resolve, reject);
      this.#flush();
    });
  }

  answerConfig(frame: ConfigOutcomeFrame): void {
    if (this.#over) return;
    const text = JSON.stringify(frame);
    if (this.#socket.send(text)) return;
    this.#outcomes.push(text);
    if (this.#outcomes.length > MAX_QUEUED_OUTCOMES) this.#outcomes.shift();
  }

  close(): void {
    this.#finish("closed", undefined);
  }

  #onOpen(): void {
    if (this.#report) {
      try {
        const text = JSON.stringify(this.#report());
        // Over the gateway's frame limit it would close the socket (1009): better no report.
        if (utf8Length(text) <= this.#maxBytes) this.#socket.send(text);
        else console.error(`tab report larger than ${this.#maxBytes} bytes, not sent`);
      } catch (error) {
        console.error("tab report failed", error);
      }
    }
    for (const text of this.#outcomes.splice(0)) this.#socket.send(text);
  }

  #onFrame(frame: GatewayFrame): void {
    switch (frame.t) {
      case "ping":
        this.#socket.send(PONG_FRAME);
        return;
      case "status":
        this.#upstream = frame.upstream;
        this.status.set(frame.upstream);
        this.#flush();
        return;
      case "ended":
        this.#finish("ended", frame.redirect);
        return;
      case "event":
        this.#dispatch(frame.hub, frame.target, frame.args);
        return;
      case "result":
        this.#onResult(frame);
        return;
      default:
        return;
    }
  }

  #onResult(frame: Extract<GatewayFrame, { t: "result" }>): void {
    if (frame.ok) {
      this.#outbox.settle(frame.id)?.resolve(frame.result);
    } else if (frame.error.retryable && this.#outbox.requeue(frame.id)) {
      // Not delivered, or outcome unknown: sent again once the upstream is back, or after a backoff step.
      this.#scheduleFlush(backoffDelayMs(0, this.#policy, this.#random));
      return;
    } else {
      const { ErrorCode, Message } = frame.error;
      this.#outbox.settle(frame.id)?.reject(new HubInvocationError("refused", Message, ErrorCode));
    }
    // An answer frees a place in the in-flight window: what waits behind it goes out now (without
    // this, invocations queued past MAX_IN_FLIGHT_INVOCATIONS waited for the next unrelated event).
    this.#flush();
  }

  #dispatch(hub: EventHub, target: string, args: unknown[]): void {
    for (const handler of [...(this.#handlers.get(`${hub}:${target.toLowerCase()}`) ?? [])]) {
      try {
        handler(...args);
      } catch (error) {
        console.error(`hub event handler for ${hub}:${target} failed`, error);
      }
    }
  }

  #onLost(wasOpen: boolean): void {
    this.#upstream = undefined;
    // Sent but unanswered: the answer can no longer come on this socket, so they go out again later.
    this.#outbox.requeueInFlight();
    if (!this.#over) this.status.set(wasOpen ? "reconnecting" : "unreachable");
  }

  #flush(): void {
    if (!this.#socket.open || this.#upstream !== "connected") return;
    for (const entry of this.#outbox.takeSendable(this.#pacer.available())) {
      this.#pacer.take();
      this.#socket.send(entry.text);
    }
    // Invocations still waiting with room in the in-flight window: come back when the pacer allows
    // (a full window is flushed by its answers). Not "when the budget read 0": the clock may move
    // between two reads, and a flush that neither sent nor re-armed left the outbox stuck.
    if (this.#outbox.hasQueued && this.#outbox.inFlight < this.#outbox.maxInFlight)
      this.#scheduleFlush(this.#pacer.msUntilNext());
  }

  #scheduleFlush(delayMs: number): void {
    if (this.#flushTimer !== undefined) return;
    this.#flushTimer = setTimeout(() => {
      this.#flushTimer = undefined;
      this.#flush();
    }, delayMs);
  }

  #finish(status: "ended" | "closed", redirect: string | undefined): void {
    if (this.#over) return;
    this.#socket.stop();
    clearTimeout(this.#flushTimer);
    for (const entry of this.#outbox.drain())
      entry.reject(new HubInvocationError(status, `hub client ${status}`));
    this.status.set(status);
    if (status === "ended") for (const listener of [...this.#endedListeners]) listener(redirect);
  }
}
