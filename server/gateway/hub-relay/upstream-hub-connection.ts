/**
 * One connection from the gateway to one upstream hub: negotiate, socket, handshake, then events in,
 * invocations out, keep-alive Pings and a server timeout (the upstream leg's heartbeat, DESIGN.md §4).
 * It never reconnects by itself; `UpstreamHubLink` does.
 */
import type WebSocket from "ws";
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
import {
  negotiate,
  openSocket,
  socketUrlOf,
  UPSTREAM_MAX_MESSAGE_BYTES,
  UpstreamConnectError,
} from "./upstream-negotiate.ts";

/** The hub handshake (`{}` after the protocol request) must complete within this. */
export const UPSTREAM_HANDSHAKE_TIMEOUT_MS = 15_000;
/** An invocation without a Completion within this is answered "no answer". */
export const UPSTREAM_INVOCATION_TIMEOUT_MS = 30_000;

/** How a connection ended: the upstream ended the session (Close without allowReconnect), dropped, or stopped by us. */
export type UpstreamCloseOutcome =
  | { kind: "ended"; reason: string }
  | { kind: "dropped"; reason: string }
  | { kind: "stopped" };

/** Why an invocation failed: not sent, sent without an answer, or answered with an error. */
export type InvocationFailure = "unavailable" | "noAnswer" | "method";

/** A failed invocation; for "method", `message` is the upstream's error text, meant for clients. */
export class UpstreamInvocationError extends Error {
  override readonly name = "UpstreamInvocationError";
  constructor(
    readonly failure: InvocationFailure,
    message: string,
  ) {
    super(message);
  }
}

/** What a connection needs. */
export interface UpstreamConnectOptions {
  /** The hub's HTTP(S) URL, e.g. `http://127.0.0.1:5000/hubs/user`. */
  readonly hubUrl: string;
  readonly bearerToken: string;
  /** A Ping is sent after this long without sending anything. */
  readonly keepAliveMs: number;
  /** The connection counts as dropped after this long without receiving anything. */
  readonly serverTimeoutMs: number;
  /** Cancels the attempt (and closes the connection once open). */
  readonly signal: AbortSignal;
  /** Receives every invocation the upstream sends. */
  readonly onEvent: (target: string, args: unknown[]) => void;
  /**
   * Called synchronously when a handshaken connection ends, before its pending invocations are
   * rejected, so the tabs hear of the drop before they hear of the failed invocations.
   */
  readonly onClose?: (outcome: UpstreamCloseOutcome) => void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** Connects to a hub; rejects with an {@link UpstreamConnectError}. */
export async function connectUpstreamHub(options: UpstreamConnectOptions): Promise<UpstreamHubConnection> {
  const connectionToken = await negotiate(options.hubUrl, options.bearerToken, options.signal);
  const socket = await openSocket(
    socketUrlOf(options.hubUrl, connectionToken),
    options.bearerToken,
    options.signal,
  );
  const connection = new UpstreamHubConnection(socket, options);
  await connection.handshaken;
  return connection;
}

/** A handshaken connection to one upstream hub. */
export class UpstreamHubConnection {
  /** Settles when the handshake succeeds; rejects with an UpstreamConnectError otherwise. */
  readonly handshaken: Promise<void>;
  /** Resolves once, when the connection is over. */
  readonly closed: Promise<UpstreamCloseOutcome>;
  readonly #socket: WebSocket;
  readonly #options: UpstreamConnectOptions;
  readonly #reader = new RecordReader(UPSTREAM_MAX_MESSAGE_BYTES);
  readonly #pending = new Map<string, Pending>();
  #nextInvocationId = 0;
  #ready = false;
  #outcome: UpstreamCloseOutcome | undefined;
  #resolveClosed!: (outcome: UpstreamCloseOutcome) => void;
  #handshake: { resolve(): void; reject(error: Error): void } | undefined;
  readonly #timers: NodeJS.Timeout[] = [];
  #keepAlive: NodeJS.Timeout | undefined;
  #serverTimeout: NodeJS.Timeout | undefined;

  constructor(socket: WebSocket, options: UpstreamConnectOptions) {
    this.#socket = socket;
    this.#options = options;
    this.closed = new Promise((resolve) => {
      this.#resolveClosed = resolve;
    });
    this.handshaken = new Promise((resolve, reject) => {
      this.#handshake = { resolve, reject };
    });
    const onAbort = () => this.stop();
    options.signal.addEventListener("abort", onAbort, { once: true });
    void this.closed.then(() => options.signal.removeEventListener("abort", onAbort));
    socket.on("message", (data, isBinary) => this.#onFrame(String(data), isBinary));
    socket.on("close", (code) => this.#finish({ kind: "dropped", reason: `socket closed (${code})` }));
    socket.on("error", () => undefined); // 'close' follows and reports it
    this.#timers.push(
      setTimeout(() => this.#fail("handshake timed out"), UPSTREAM_HANDSHAKE_TIMEOUT_MS).unref(),
    );
    this.#send(HANDSHAKE_REQUEST);
  }

  /** Invokes a hub method and resolves with its Completion result. Rejects with an UpstreamInvocationError. */
  invoke(target: string, args: readonly unknown[]): Promise<unknown> {
    if (!this.#ready || this.#outcome) {
      return Promise.reject(new UpstreamInvocationError("unavailable", "upstream hub not connected"));
    }
    const invocationId = String(++this.#nextInvocationId);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(invocationId);
        reject(new UpstreamInvocationError("noAnswer", "upstream hub did not answer in time"));
      }, UPSTREAM_INVOCATION_TIMEOUT_MS).unref();
      this.#pending.set(invocationId, { resolve, reject, timer });
      this.#send(serializeInvocation(invocationId, target, args));
    });
  }

  /** Closes the connection (normal closure); `closed` resolves with "stopped". */
  stop(): void {
    this.#finish({ kind: "stopped" });
  }

  #send(text: string): void {
    if (this.#socket.readyState !== this.#socket.OPEN) return;
    this.#socket.send(text);
    this.#keepAlive?.refresh();
  }

  #onFrame(text: string, isBinary: boolean): void {
    if (this.#outcome) return;
    this.#serverTimeout?.refresh();
    try {
      if (isBinary) throw new HubProtocolViolation("binary frame from a JSON hub");
      for (const record of this.#reader.read(text)) {
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
    const { keepAliveMs, serverTimeoutMs } = this.#options;
    this.#keepAlive = setTimeout(() => this.#send(PING_MESSAGE), keepAliveMs).unref();
    this.#serverTimeout = setTimeout(() => this.#fail("server timeout", 1000, true), serverTimeoutMs).unref();
    this.#timers.push(this.#keepAlive, this.#serverTimeout);
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
        this.#options.onEvent(message.target, message.arguments);
        return;
      case 3: {
        const pending = this.#pending.get(message.invocationId);
        if (!pending) return; // timed out earlier: the late answer is dropped
        this.#pending.delete(message.invocationId);
        clearTimeout(pending.timer);
        if (message.error !== undefined) pending.reject(new UpstreamInvocationError("method", message.error));
        else pending.resolve(message.result);
        return;
      }
      case 7: {
        const reason = message.error ?? "closed by the upstream";
        this.#finish(message.allowReconnect ? { kind: "dropped", reason } : { kind: "ended", reason });
        return;
      }
      default:
        return; // Ping (the timer was refreshed) or a type the relay does not use
    }
  }

  #fail(reason: string, code = 1000, terminate = false): void {
    if (terminate) this.#socket.terminate();
    this.#finish({ kind: "dropped", reason }, code);
  }

  #finish(outcome: UpstreamCloseOutcome, code = 1000): void {
    if (this.#outcome) return;
    this.#outcome = outcome;
    for (const timer of this.#timers) clearTimeout(timer);
    if (this.#ready) this.#options.onClose?.(outcome);
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new UpstreamInvocationError("noAnswer", "upstream hub connection lost"));
    }
    this.#pending.clear();
    if (this.#handshake) {
      const reason = outcome.kind === "stopped" ? "connection attempt cancelled" : outcome.reason;
      this.#handshake.reject(new UpstreamConnectError("failed", reason));
      this.#handshake = undefined;
    }
    if (this.#socket.readyState === this.#socket.OPEN) this.#socket.close(code);
    this.#resolveClosed(outcome);
  }
}
