/**
 * One hub connection over an upgraded WebSocket: handshake, message dispatch, keep-alive and closing
 * (DESIGN.md §4, "Upstream hub protocol"). Invocations and hooks are delegated to an InvocationRunner.
 */
import type { FastifyBaseLogger } from "fastify";
import { type RawData, WebSocket } from "ws";
import { ConnectionTimers } from "./connection-timers.ts";
import { InvocationRunner } from "./hub-invocations.ts";
import {
  CloseCode,
  HubProtocolError,
  HubRecordReader,
  handshakeRejection,
  parseHandshakeRequest,
  parseHubMessage,
  serializeHandshakeResponse,
  serializeHubMessage,
} from "./hub-protocol.ts";
import type { HubSettings } from "./hub-settings.ts";
import type { HubCloseOptions, HubConnection, HubMethodHandler, HubPrincipal } from "./hub-types.ts";

/** What a session needs from its hub. */
export interface SessionContext<P extends HubPrincipal> {
  readonly settings: HubSettings;
  readonly methods: ReadonlyMap<string, HubMethodHandler<P>>;
  readonly log: FastifyBaseLogger;
  /** Called once the handshake succeeded, before `onConnect`. */
  readonly opened: (session: HubSession<P>) => void;
  /** Called once when the session ends, before `onDisconnect`. */
  readonly closed: (session: HubSession<P>) => void;
  readonly onConnect?: (connection: HubConnection<P>) => void | Promise<void>;
  readonly onDisconnect?: (connection: HubConnection<P>, error?: Error) => void | Promise<void>;
}

const PING = serializeHubMessage({ type: 6 });
const CONNECTION_FAILED = "Connection closed with an error.";

/** A hub connection; the public face handlers see is {@link HubConnection}. */
export class HubSession<P extends HubPrincipal> implements HubConnection<P> {
  readonly groups = new Set<string>();
  readonly items = new Map<string, unknown>();
  connectedAt = new Date(0);
  /** Settles when the socket is fully closed. */
  readonly socketClosed: Promise<void>;
  /**
   * Settles once the socket is closed and the invocations it had started have run to their end (and
   * onDisconnect): what they stored is then told to the other instances before the backplane closes.
   */
  readonly finished: Promise<void>;
  #state: "handshaking" | "open" | "closed" = "handshaking";
  #lastSentAt = Date.now();
  #lastReceivedAt = Date.now();
  readonly #timers = new ConnectionTimers();
  readonly #reader: HubRecordReader;
  readonly #log: FastifyBaseLogger;
  readonly #runner: InvocationRunner<P>;

  constructor(
    readonly id: string,
    readonly principal: P,
    private readonly socket: WebSocket,
    private readonly context: SessionContext<P>,
  ) {
    this.#reader = new HubRecordReader(context.settings.maxMessageBytes);
    this.#log = context.log.child({ hub: context.settings.path, connectionId: id });
    this.#runner = new InvocationRunner({
      connection: this,
      methods: context.methods,
      maxPendingInvocations: context.settings.maxPendingInvocations,
      log: this.#log,
      isOpen: () => this.#state === "open",
      write: (text) => this.#write(text),
      fail: (error, code) => this.#fail(error, code),
    });
    this.socketClosed = new Promise((resolve) => socket.once("close", () => resolve()));
    // Read after the close: the queue then holds onDisconnect too.
    this.finished = this.socketClosed.then(() => this.#runner.settled());
    socket.on("message", (data, isBinary) => this.#receive(data, isBinary));
    socket.on("close", (code) => this.#finish(peerCloseError(code)));
    this.#timers.after("handshake", context.settings.handshakeTimeoutMs, () =>
      this.#fail("Handshake was not received in time.", CloseCode.PolicyViolation),
    );
  }

  /** Whether the handshake completed and the connection has not ended. */
  get isOpen(): boolean {
    return this.#state === "open";
  }

  send(target: string, ...args: unknown[]): boolean {
    return this.sendSerialized(serializeHubMessage({ type: 1, target, arguments: args }));
  }

  /** Sends an already serialised message (one serialisation per broadcast). */
  sendSerialized(text: string): boolean {
    return this.#state === "open" && this.#write(text);
  }

  close(options: HubCloseOptions = {}, code: number = CloseCode.Normal): void {
    if (this.#state === "open") {
      const { error, allowReconnect } = options;
      this.#write(
        serializeHubMessage({
          type: 7,
          ...(error === undefined ? {} : { error }),
          ...(allowReconnect ? { allowReconnect: true } : {}),
        }),
      );
    }
    this.#closeSocket(code, options.error === undefined ? undefined : new Error(options.error));
  }

  /** Drops the socket without ceremony (a shutdown whose grace period ran out). */
  terminate(): void {
    this.socket.terminate();
  }

  #receive(data: RawData, isBinary: boolean): void {
    if (this.#state === "closed") return;
    this.#lastReceivedAt = Date.now();
    if (isBinary) {
      // §4: the Text transfer format only; negotiate never offers Binary.
      this.#fail("Binary messages are not supported.", CloseCode.UnsupportedData);
      return;
    }
    const records = this.#decode(() => this.#reader.read(textOf(data))) ?? [];
    for (const record of records) {
      if (this.#state === "handshaking") this.#handshake(record);
      else if (this.#state === "open") this.#dispatch(record);
    }
  }

  #handshake(record: string): void {
    const request = this.#decode(() => parseHandshakeRequest(record));
    if (request === undefined) return;
    const rejection = handshakeRejection(request);
    if (rejection !== undefined) {
      this.#fail(rejection, CloseCode.ProtocolError);
      return;
    }
    this.#timers.clear("handshake");
    this.#write(serializeHandshakeResponse());
    this.#state = "open";
    this.connectedAt = new Date();
    const { pingIntervalMs, clientTimeoutMs } = this.context.settings;
    this.#timers.whenIdle(
      "ping",
      pingIntervalMs,
      () => this.#lastSentAt,
      () => this.#write(PING),
    );
    this.#timers.whenIdle(
      "timeout",
      clientTimeoutMs,
      () => this.#lastReceivedAt,
      () => this.close({ error: "The client sent nothing within the timeout.", allowReconnect: true }),
    );
    this.context.opened(this);
    this.#runner.enqueue(
      "onConnect",
      () => this.context.onConnect?.(this),
      () => this.#fail(CONNECTION_FAILED, CloseCode.InternalError),
    );
  }

  #dispatch(record: string): void {
    const message = this.#decode(() => parseHubMessage(record));
    switch (message?.type) {
      case 1:
        if (message.streamIds?.length) {
          this.#fail("Client-to-server streaming is not supported.", CloseCode.UnsupportedData);
        } else this.#runner.accept(message);
        break;
      case 3:
        this.#fail("Unexpected completion: the server awaits no client result.", CloseCode.ProtocolError);
        break;
      case 4:
        this.#runner.complete(message.invocationId, { error: "Streaming invocations are not supported." });
        break;
      case 7:
        this.#closeSocket(CloseCode.Normal, message.error ? new Error(message.error) : undefined);
        break;
      // 6 Ping only refreshes the client timeout (done on receipt); 5 CancelInvocation is ignored
      // because a non-streaming invocation runs to completion and still sends its Completion.
    }
  }

  /** Runs a decoder; a protocol error ends the connection and yields undefined. */
  #decode<T>(decode: () => T): T | undefined {
    try {
      return decode();
    } catch (error) {
      if (error instanceof HubProtocolError) {
        const code = error.code === "MessageTooLarge" ? CloseCode.MessageTooBig : CloseCode.ProtocolError;
        this.#fail(error.message, code);
      } else {
        this.#log.error({ err: error }, "hub message decoding failed");
        this.#fail(CONNECTION_FAILED, CloseCode.InternalError);
      }
      return undefined;
    }
  }

  /** Ends the connection because of an error, in the form the current phase allows. */
  #fail(error: string, code: number): void {
    if (this.#state === "handshaking") this.#write(serializeHandshakeResponse(error));
    if (this.#state === "open") this.#write(serializeHubMessage({ type: 7, error }));
    this.#closeSocket(code, new Error(error));
  }

  #closeSocket(code: number, error: Error | undefined): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(code);
    this.#finish(error);
  }

  #finish(error: Error | undefined): void {
    if (this.#state === "closed") return;
    const wasOpen = this.#state === "open";
    this.#state = "closed";
    this.#timers.stop();
    if (!wasOpen) return;
    this.context.closed(this);
    this.#runner.enqueue("onDisconnect", () => this.context.onDisconnect?.(this, error));
  }

  #write(text: string): boolean {
    if (this.socket.readyState !== WebSocket.OPEN) return false;
    if (this.socket.bufferedAmount > this.context.settings.maxBufferedBytes) {
      this.#log.warn("hub client is not reading its messages; dropping it");
      this.socket.terminate();
      this.#finish(new Error("The client did not read its messages."));
      return false;
    }
    this.socket.send(text);
    this.#lastSentAt = Date.now();
    return true;
  }
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.from(data).toString("utf8");
}

function peerCloseError(code: number): Error | undefined {
  // 1005: a close frame without status code, which is how many clients close normally.
  if (code === CloseCode.Normal || code === CloseCode.GoingAway || code === 1005) return undefined;
  return new Error(`The WebSocket closed with status code ${code}.`);
}
