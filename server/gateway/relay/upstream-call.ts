/**
 * One relayed call to the upstream over undici: at most one retry, of an idempotent call without a
 * body, on a connection reset before any byte of the response — never on a timeout or an answer, so
 * a struggling upstream never sees a retry storm (DESIGN.md §4).
 */
import { EventEmitter } from "node:events";
import type { Readable } from "node:stream";
import type { Dispatcher } from "undici";
import type { RelayTimeouts } from "./relay-dispatcher.ts";
import { isConnectionReset } from "./relay-failure.ts";

/**
 * Answers declaring at most this many bytes are read whole before the browser gets them (one
 * write with the headers, and a failure before the end is still a clean 502/504); larger or
 * unsized ones are streamed.
 */
export const RELAY_BUFFERED_BODY_MAX_BYTES = 64 * 1024;

/**
 * Cancels a relayed call when the browser goes away: the EventEmitter form of undici's `signal`
 * (an emitter with `aborted` and an `abort` event), far cheaper per request than an AbortController.
 */
export class RelayCancellation extends EventEmitter {
  aborted = false;

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.emit("abort");
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
  /** Aborted when the browser goes away: undici cancels the upstream request. */
  signal: RelayCancellation;
  timeouts: RelayTimeouts;
}

/** The upstream's answer, its body not yet read beyond the first chunk. */
export interface UpstreamAnswer {
  statusCode: number;
  headers: Dispatcher.ResponseData["headers"];
  /** Null when the response has no body (HEAD, 204, 304); a Buffer when it was read whole. */
  body: Dispatcher.ResponseData["body"] | Buffer | null;
  /** 1, or 2 when the first attempt hit a connection reset. */
  attempts: number;
}

const RETRYABLE_METHODS = new Set(["GET", "HEAD"]);

/**
 * Sends the call and waits for the response headers and the body's first bytes (or its end), so a
 * body that times out or breaks before its first byte still becomes a clean 504/502 — or, for a
 * body of at most RELAY_BUFFERED_BODY_MAX_BYTES, for the whole body. Rejects with undici's error
 * otherwise.
 */
export async function callUpstream(call: UpstreamCall): Promise<UpstreamAnswer> {
  const retryable = RETRYABLE_METHODS.has(call.method) && call.body === null;
  for (let attempt = 1; ; attempt++) {
    let response: Dispatcher.ResponseData;
    try {
      response = await call.dispatcher.request({
        origin: call.origin,
        path: call.path,
        method: call.method,
        headers: call.headers,
        body: call.body,
        signal: call.signal,
        headersTimeout: call.timeouts.headersMs,
        bodyTimeout: call.timeouts.bodyMs,
      });
    } catch (error) {
      if (attempt === 1 && retryable && !call.signal.aborted && isConnectionReset(error)) continue;
      throw error;
    }
    const { statusCode, headers, body } = response;
    if (call.method === "HEAD" || statusCode === 204 || statusCode === 304) {
      void body.dump().catch(() => {}); // nothing to read: frees the connection for reuse
      return { statusCode, headers, body: null, attempts: attempt };
    }
    const declared = headers["content-length"];
    if (typeof declared === "string" && Number(declared) <= RELAY_BUFFERED_BODY_MAX_BYTES) {
      const bytes = await body.bytes();
      return {
        statusCode,
        headers,
        body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        attempts: attempt,
      };
    }
    await firstBytes(body);
    return { statusCode, headers, body, attempts: attempt };
  }
}

/** Resolves once `body` has data or has ended; rejects when it fails (or closes early) first. */
function firstBytes(body: Dispatcher.ResponseData["body"]): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      body.off("readable", onReady).off("end", onReady).off("error", settle).off("close", onClose);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => settle();
    const onClose = () => settle(body.readableEnded ? undefined : new Error("upstream body closed early"));
    // An empty body may end without a `readable` event: `end` settles it too.
    body.on("readable", onReady).on("end", onReady).on("error", settle).on("close", onClose);
  });
}
