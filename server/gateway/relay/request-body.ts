/**
 * What a relayed request sends upstream as its body: nothing, the browser's stream as it arrives,
 * or a refusal. Bodies are never buffered; the size limits hold while streaming (DESIGN.md §4).
 */
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import { RELAY_FAILURES, type RelayFailure } from "./relay-failure.ts";

/** The body decision for one request. */
export type BodyPlan =
  | { kind: "none" }
  | { kind: "refused"; failure: RelayFailure }
  | {
      kind: "stream";
      /** The relay's own stream of the body: undici destroys it on failure, never the browser's socket. */
      stream: Readable;
      /** Declared length (Node's parser delivers exactly this many bytes), or null when chunked. */
      contentLength: number | null;
      /** The failure to answer with once the limit was exceeded while streaming, else null. */
      overLimit: () => RelayFailure | null;
      /** Stops relaying the browser's body and discards what is left of it (keep-alive stays usable). */
      release: () => void;
    };

/**
 * Plans the body of `raw` against the route's limit (`maxBodyBytes`, the upstream's own limit for the
 * route, envelope included for uploads). GET and HEAD carry none (a body there is refused). A
 * declared length over the limit is refused before any upstream call; a chunked body is counted as
 * it streams and cut, with the upstream call, at the first byte over the limit. An upload over it is
 * RelayUploadTooLarge, any other body RelayBodyTooLarge (same status).
 */
export function planRequestBody(raw: IncomingMessage, maxBodyBytes: number): BodyPlan {
  const headers = raw.headers;
  const declared = headers["content-length"] === undefined ? null : Number(headers["content-length"]);
  const chunked = headers["transfer-encoding"] !== undefined;
  const hasBody = chunked || (declared !== null && declared > 0);
  if (raw.method === "GET" || raw.method === "HEAD") {
    return hasBody ? { kind: "refused", failure: RELAY_FAILURES.RelayBodyNotAllowed } : { kind: "none" };
  }
  if (!hasBody) return { kind: "none" };
  const multipart = isMultipart(headers);
  const limit = maxBodyBytes;
  const tooLarge = multipart ? RELAY_FAILURES.RelayUploadTooLarge : RELAY_FAILURES.RelayBodyTooLarge;
  if (!chunked && declared !== null && declared > limit) return { kind: "refused", failure: tooLarge };
  const counter = new ByteLimit(limit);
  const release = () => {
    raw.unpipe(counter);
    if (!raw.complete) raw.resume();
  };
  // The limit may be hit before undici takes the stream (the session lookup comes first): the error
  // is read through overLimit(), never left unhandled.
  counter.on("error", () => {});
  raw.pipe(counter);
  counter.once("limit", release);
  raw.once("close", () => {
    if (!raw.complete) counter.destroy(new Error("the browser aborted the request body"));
  });
  return {
    kind: "stream",
    stream: counter,
    contentLength: chunked ? null : declared,
    overLimit: () => (counter.exceeded ? tooLarge : null),
    release,
  };
}

function isMultipart(headers: IncomingHttpHeaders): boolean {
  const type = headers["content-type"];
  return type !== undefined && type.split(";")[0]!.trim().toLowerCase() === "multipart/form-data";
}

/** Error of a body cut at its limit. */
export class BodyLimitExceeded extends Error {
  readonly code = "RELAY_BODY_LIMIT_EXCEEDED";
  constructor(limitBytes: number) {
    super(`request body over ${limitBytes} bytes`);
  }
}

/**
 * Passes bytes through until more than `limitBytes` arrived, then fails — emitting `limit` first,
 * so the source is unpiped and drained, and the browser's connection stays open for the 413.
 */
export class ByteLimit extends Transform {
  exceeded = false;
  private seenBytes = 0;

  constructor(private readonly limitBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seenBytes += chunk.length;
    if (this.seenBytes > this.limitBytes) {
      this.exceeded = true;
      this.emit("limit");
      callback(new BodyLimitExceeded(this.limitBytes));
      return;
    }
    callback(null, chunk);
  }
}
