/**
 * One connection from the gateway to one upstream hub: negotiate, socket, handshake, then events in,
 * invocations out, keep-alive Pings and a server timeout (the upstream leg's heartbeat, DESIGN.md §4)
 * on the shared heartbeat wheel.
 * It never reconnects by itself; `UpstreamHubLink` does.
 */
import type WebSocket from "ws";
import type { WheelMember } from "./heartbeat-wheel.ts";
import {
  HANDSHAKE_REQUEST,
  HubProtocolViolation,
  PING_MESSAGE,
  parseHandshakeResponse,
  parseUpstreamMessage,
  RecordReader,
  serializeCompletionError,
  serializeInvocation,
  type UpstreamHubMessage,
} from "./signalr-codec.ts";
import { TEXT_FRAME, textFrameBytes } from "./text-frame.ts";
import {
  type InvocationWaiter,
  UPSTREAM_HANDSHAKE_TIMEOUT_MS,
  UPSTREAM_INVOCATION_TIMEOUT_MS,
  type UpstreamCloseOutcome,
  type UpstreamConnectOptions,
  UpstreamInvocationError,
} from "./upstream-hub-types.ts";
import {
  negotiate,
  openSocket,
  socketUrlOf,
  UPSTREAM_MAX_MESSAGE_BYTES,
  UpstreamConnectError,
} from "./upstream-negotiate.ts";

export {
  type InvocationFailure,
  type InvocationWaiter,
  UPSTREAM_HANDSHAKE_TIMEOUT_MS,
  UPSTREAM_INVOCATION_TIMEOUT_MS,
  type UpstreamCloseOutcome,
  type UpstreamConnectOptions,
  UpstreamInvocationError,
} from "./upstream-hub-types.ts";

interface Pending {
  waiter: InvocationWaiter;
  /** performance.now() after which the invocation counts as unanswered. */
  deadline: number;
}

/** Connects to a hub; rejects with an {@link UpstreamConnectError}. */
export async function connectUpstreamHub(options: UpstreamConnectOptions): Promise<UpstreamHubConnection> {
  const connectionToken = await negotiate(
    options.hubUrl,
    options.bearerToken,
    options.signal,
    options.dispatcher,
  );
  const socket = await openSocket(
    socketUrlOf(options.hubUrl, connectionToken),
    options.bearerToken,
    options.signal,
  );
  const connection = new UpstreamHubConnection(socket, options);
  await connection.handshaken;
  return connection;
}

/**
 * A handshaken connection to one upstream hub. Once handshaken it keeps no timer of its own: the
 * shared wheel calls `onTick`, which sends the keep-alive Ping, drops a silent connection and fails
 * overdue invocations.
 */
export class UpstreamHubConnection implements WheelMember {
  /** Settles when the handshake succeeds; rejects with an UpstreamConnectError otherwise. */
  readonly handshaken: Promise<void>;
  /** Resolves once, when the connection is over. */
  readonly closed: Promise<UpstreamCloseOutcome>;
  readonly #socket: WebSocket;
  readonly #keepAliveMs: number;
  readonly #serverTimeoutMs: number;
  readonly #wheel: UpstreamConnectOptions["wheel"];
  readonly #onEvent: UpstreamConnectOptions["onEvent"];
  readonly #onClose: UpstreamConnectOptions["onClose"];
  /** Cancels the connection until it is handshaken; then only stop() does (the signal is let go). */
  #signal: AbortSignal | undefined;
  readonly #invocationTimeoutMs: number;
  readonly #reader = new RecordReader(UPSTREAM_MAX_MESSAGE_BYTES);
  /** Invocations waiting for their Completion; created with the first one (most connections never invoke). */
  #pending: Map<string, Pending> | undefined;
  #nextInvocationId = 0;
  #ready = false;
  #outcome: UpstreamCloseOutcome | undefined;
  #resolveClosed!: (outcome: UpstreamCloseOutcome) => void;
  #handshake: { resolve(): void; reject(error: Error): void } | undefined;
  #handshakeTimer: NodeJS.Timeout | undefined;
  #lastSent = 0;
  #lastReceived = 0;

  constructor(socket: WebSocket, options: UpstreamConnectOptions) {
    this.#socket = socket;
    this.#keepAliveMs = options.keepAliveMs;
    this.#serverTimeoutMs = options.serverTimeoutMs;
    this.#wheel = options.wheel;
    this.#onEvent = options.onEvent;
    this.#onClose = options.onClose;
    this.#signal = options.signal;
    this.#invocationTimeoutMs = options.invocationTimeoutMs ?? UPSTREAM_INVOCATION_TIMEOUT_MS;
    this.closed = new Promise((resolve) => {
      this.#resolveClosed = resolve;
    });
    this.handshaken = new Promise((resolve, reject) => {
      this.#handshake = { resolve, reject };
    });
    // The connection is its own abort listener (handleEvent): no closure kept per connection.
    options.signal.addEventListener("abort", this, { once: true });
    socket.on("message", (data, isBinary) => this.#onFrame(data as Buffer, isBinary));
    socket.on("close", (code) => this.#finish({ kind: "dropped", reason: `socket closed (${code})` }));
    socket.on("error", () => undefined); // 'close' follows and reports it
    this.#handshakeTimer = setTimeout(
      () => this.#fail("handshake timed out"),
      options.handshakeTimeoutMs ?? UPSTREAM_HANDSHAKE_TIMEOUT_MS,
    );
    this.#handshakeTimer.unref();
    this.#send(HANDSHAKE_REQUEST);
  }

  /**
   * Invokes a hub method; `waiter` gets its Completion result or an UpstreamInvocationError (at once
   * when the connection is not ready).
   */
  invoke(target: string, args: readonly unknown[], waiter: InvocationWaiter): void {
    if (!this.#ready || this.#outcome) {
      waiter.reject(new UpstreamInvocationError("unavailable", "upstream hub not connected"));
      return;
    }
    const invocationId = String(++this.#nextInvocationId);
    this.#pending ??= new Map();
    this.#pending.set(invocationId, { waiter, deadline: performance.now() + this.#invocationTimeoutMs });
    this.#send(serializeInvocation(invocationId, target, args));
  }

  /** The attempt's signal aborted (EventListener interface): stop. */
  handleEvent(): void {
    this.stop();
  }

  /** Closes the connection (normal closure); `closed` resolves with "stopped". */
  stop(): void {
    this.#finish({ kind: "stopped" });
  }

  /** The wheel's tick: keep-alive Ping, server timeout, overdue invocations. */
  onTick(now: number): void {
    if (this.#outcome) return;
    if (now - this.#lastReceived >= this.#serverTimeoutMs) {
      this.#fail("server timeout", 1000, true);
      return;
    }
    if (now - this.#lastSent >= this.#keepAliveMs) this.#send(PING_MESSAGE);
    if (this.#pending === undefined || this.#pending.size === 0) return;
    for (const [invocationId, pending] of this.#pending) {
      if (pending.deadline > now) continue;
      this.#pending.delete(invocationId);
      pending.waiter.reject(new UpstreamInvocationError("noAnswer", "upstream hub did not answer in time"));
    }
  }

  #send(text: string): void {
    if (this.#socket.readyState !== this.#socket.OPEN) return;
    this.#socket.send(textFrameBytes(text), TEXT_FRAME);
    this.#lastSent = performance.now();
  }

  #onFrame(data: Buffer, isBinary: boolean): void {
    if (this.#outcome) return;
    this.#lastReceived = performance.now();
    try {
      if (isBinary) throw new HubProtocolViolation("binary frame from a JSON hub");
      for (const record of this.#reader.read(data.toString("utf8"))) {
        if (this.#outcome) return;
        if (this.#ready) this.#onMessage(parseUpstreamMessage(record));
        else this.#onHandshake(record);
      }
    } catch (error) {
      if (!(error instanceof HubProtocolViolation)) throw error;
      this.#fail(`protocol violation: ${error.message}`, 1002);
    }
  }

  #onHandshake(record: string): void {
    const { error } = parseHandshakeResponse(record);
    if (error !== undefined) {
      this.#fail(`handshake refused: ${error}`);
      return;
    }
    this.#ready = true;
    // Cleared here, or it would drop the connection UPSTREAM_HANDSHAKE_TIMEOUT_MS after connecting.
    clearTimeout(this.#handshakeTimer);
    this.#handshakeTimer = undefined;
    this.#signal?.removeEventListener("abort", this);
    this.#signal = undefined;
    this.#wheel.add(this);
    this.#handshake?.resolve();
    this.#handshake = undefined;
  }

  #onMessage(message: UpstreamHubMessage): void {
    switch (message.type) {
      case 1:
        // A server invocation expecting a client result: the relay cannot answer for the tabs.
        if (message.invocationId !== undefined) {
          this.#send(serializeCompletionError(message.invocationId, "Client results are not supported."));
          return;
        }
        this.#onEvent(message.target, message.arguments);
        return;
      case 3: {
        const pending = this.#pending?.get(message.invocationId);
        if (!pending) return; // timed out earlier: the late answer is dropped
        this.#pending?.delete(message.invocationId);
        if (message.error !== undefined)
          pending.waiter.reject(new UpstreamInvocationError("method", message.error));
        else pending.waiter.resolve(message.result);
        return;
      }
      case 7: {
        const reason = message.error ?? "closed by the upstream";
        this.#finish(message.allowReconnect ? { kind: "dropped", reason } : { kind: "ended", reason });
        return;
      }
      default:
        return; // Ping (the receive time was noted) or a type the relay does not use
    }
  }

  #fail(reason: string, code = 1000, terminate = false): void {
    if (terminate) this.#socket.terminate();
    this.#finish({ kind: "dropped", reason }, code);
  }

  #finish(outcome: UpstreamCloseOutcome, code = 1000): void {
    if (this.#outcome) return;
    this.#outcome = outcome;
    clearTimeout(this.#handshakeTimer);
    this.#wheel.delete(this);
    this.#signal?.removeEventListener("abort", this);
    this.#signal = undefined;
    if (this.#ready) this.#onClose?.(outcome);
    for (const pending of this.#pending?.values() ?? []) {
      pending.waiter.reject(new UpstreamInvocationError("noAnswer", "upstream hub connection lost"));
    }
    this.#pending = undefined;
    if (this.#handshake) {
      const reason = outcome.kind === "stopped" ? "connection attempt cancelled" : outcome.reason;
      this.#handshake.reject(new UpstreamConnectError("failed", reason));
      this.#handshake = undefined;
    }
    if (this.#socket.readyState === this.#socket.OPEN) this.#socket.close(code);
    this.#resolveClosed(outcome);
  }
}
