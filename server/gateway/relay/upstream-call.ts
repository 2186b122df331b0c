/**
 * One relayed call to the upstream over undici: at most one retry, of an idempotent call without a
 * body, on a connection reset before any byte of the response — never on a timeout or an answer, so
 * a struggling upstream never sees a retry storm (DESIGN.md §4).
 *
 * The call goes through undici's `dispatch` with a handler of its own (UpstreamExchange) rather than
 * `request`: a small answer is collected straight into a Buffer, and only a large or unsized one gets
 * a stream, so the common call costs no stream, no extra promise chain and no per-call closures
 * (ARCHITECTURE.md, "The REST relay dispatches to undici with a handler of its own").
 */
import { Readable } from "node:stream";
import { type Dispatcher, errors } from "undici";
import type { RelayTimeouts } from "./relay-dispatcher.ts";
import { isConnectionReset } from "./relay-failure.ts";

/**
 * Answers declaring at most this many bytes are read whole before the browser gets them (one
 * write with the headers, and a failure before the end is still a clean 502/504); larger or
 * unsized ones are streamed.
 */
export const RELAY_BUFFERED_BODY_MAX_BYTES = 64 * 1024;

/** Cancels a relayed call when the browser goes away. */
export class RelayCancellation {
  aborted = false;
  #exchange: UpstreamExchange | null = null;

  /** Cancels the upstream call in progress, now or as soon as it starts. */
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.#exchange?.cancel();
  }

  /** The attempt in progress (each retry brings its own). */
  follow(exchange: UpstreamExchange): void {
    this.#exchange = exchange;
    if (this.aborted) exchange.cancel();
  }
}

/** What to send upstream. */
export interface UpstreamCall {
  dispatcher: Dispatcher;
  origin: string;
  /** Path and query, already checked to stay under the base. */
  path: string;
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body: Readable | null;
  /** Aborted when the browser goes away: the upstream request is cancelled. */
  signal: RelayCancellation;
  timeouts: RelayTimeouts;
}

/** The upstream's answer, its body not yet read beyond the first chunk. */
export interface UpstreamAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** Null when the response has no body (HEAD, 204, 304); a Buffer when it was read whole. */
  body: Readable | Buffer | null;
  /** 1, or 2 when the first attempt hit a connection reset. */
  attempts: number;
}

const RETRYABLE_METHODS = new Set(["GET", "HEAD"]);
const EMPTY_BODY = Buffer.alloc(0);

/**
 * Sends the call and waits for the response headers and the body's first bytes (or its end), so a
 * body that times out or breaks before its first byte still becomes a clean 504/502 — or, for a
 * body of at most RELAY_BUFFERED_BODY_MAX_BYTES, for the whole body. Rejects with undici's error
 * otherwise.
 */
export async function callUpstream(call: UpstreamCall): Promise<UpstreamAnswer> {
  const retryable = RETRYABLE_METHODS.has(call.method) && call.body === null;
  for (let attempt = 1; ; attempt++) {
    const exchange = new UpstreamExchange(call.method === "HEAD", attempt);
    call.signal.follow(exchange);
    call.dispatcher.dispatch(
      {
        origin: call.origin,
        path: call.path,
        method: call.method,
        headers: call.headers,
        body: call.body,
        headersTimeout: call.timeouts.headersMs,
        bodyTimeout: call.timeouts.bodyMs,
      },
      exchange,
    );
    try {
      return await exchange.answered;
    } catch (error) {
      const beforeAnswer = !exchange.responseStarted;
      if (attempt === 1 && retryable && beforeAnswer && !call.signal.aborted && isConnectionReset(error))
        continue;
      throw error;
    }
  }
}

/** A streamed answer body: reading resumes the upstream connection, destroying it aborts the call. */
class UpstreamBody extends Readable {
  constructor(private readonly controller: Dispatcher.DispatchController) {
    super();
  }

  override _read(): void {
    this.controller.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.readableEnded) this.controller.abort(error ?? new errors.RequestAbortedError());
    callback(error);
  }
}

/**
 * undici's handler for one attempt: settles `answered` after the headers of a bodiless answer,
 * after the whole body of a small one, after the first bytes of a large or unsized one.
 */
class UpstreamExchange implements Dispatcher.DispatchHandler {
  /** True once the upstream sent its status line: from then on, nothing is retried. */
  responseStarted = false;
  readonly answered: Promise<UpstreamAnswer>;
  #resolve!: (answer: UpstreamAnswer) => void;
  #reject!: (error: Error) => void;
  #settled = false;
  #cancelled = false;
  #controller: Dispatcher.DispatchController | null = null;
  #statusCode = 0;
  #headers: UpstreamAnswer["headers"] = {};
  /** Chunks of a body read whole; null when there is none or it is streamed. */
  #chunks: Buffer[] | null = null;
  #stream: UpstreamBody | null = null;

  constructor(
    private readonly isHead: boolean,
    private readonly attempt: number,
  ) {
    this.answered = new Promise<UpstreamAnswer>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  /** The browser went away. */
  cancel(): void {
    this.#cancelled = true;
    this.#controller?.abort(new errors.RequestAbortedError());
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#cancelled) controller.abort(new errors.RequestAbortedError());
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    if (statusCode < 200) return; // 1xx: the answer is still to come
    this.responseStarted = true;
    this.#statusCode = statusCode;
    this.#headers = headers;
    if (this.isHead || statusCode === 204 || statusCode === 304) {
      // Nothing to relay; undici still reads what follows, so the connection stays reusable.
      this.#settle(null);
      return;
    }
    const declared = headers["content-length"];
    if (typeof declared === "string" && Number(declared) <= RELAY_BUFFERED_BODY_MAX_BYTES) this.#chunks = [];
    else this.#stream = new UpstreamBody(controller);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#chunks) {
      this.#chunks.push(chunk);
    } else if (this.#stream) {
      if (!this.#stream.push(chunk)) controller.pause();
      if (!this.#settled) this.#settle(this.#stream);
    }
  }

  onResponseEnd(): void {
    if (this.#chunks) {
      const chunks = this.#chunks;
      this.#settle(
        chunks.length === 1
          ? (chunks[0] as Buffer)
          : chunks.length === 0
            ? EMPTY_BODY
            : Buffer.concat(chunks),
      );
    } else if (this.#stream) {
      this.#stream.push(null);
      if (!this.#settled) this.#settle(this.#stream);
    }
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (!this.#settled) {
      this.#settled = true;
      this.#stream?.destroy();
      this.#reject(error);
    } else if (this.#stream && !this.#stream.destroyed) {
      this.#stream.destroy(error);
    }
  }

  #settle(body: UpstreamAnswer["body"]): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#resolve({ statusCode: this.#statusCode, headers: this.#headers, body, attempts: this.attempt });
  }
}
