/**
 * The upstream's error type and the handlers that turn every failure — ours, Fastify's router,
 * validation and parser errors, unknown routes, Node's HTTP parser errors, refused WebSocket
 * handshakes, unexpected exceptions — into a `{ ErrorCode, Message }` body of the catalogue (§8)
 * that repeats nothing of the request. `buildUpstream` spreads `errorAnswerServerOptions` into the
 * Fastify options (router and parser errors happen outside any Fastify scope) and calls
 * `installErrorHandling`; realtime/index.ts hands refused handshakes to `answerRefusedHandshake`.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import { type ErrorBody, ErrorCode, type ErrorCodeName } from "./error-codes.ts";

/** A failure with an HTTP status and a catalogue error code. */
export class UpstreamError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCodeName;

  constructor(statusCode: number, code: ErrorCodeName, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }

  /** The response body. */
  body(): ErrorBody {
    return { ErrorCode: ErrorCode[this.code], Message: this.message };
  }
}

/** 400: bad input. */
export const badRequest = (code: ErrorCodeName, message: string) => new UpstreamError(400, code, message);
/** 401: no or expired session, or wrong credentials. */
export const unauthorized = (code: ErrorCodeName, message: string) => new UpstreamError(401, code, message);
/** 403: a right is missing. */
export const forbidden = (code: ErrorCodeName, message: string) => new UpstreamError(403, code, message);
/** 404: no such record for this caller (also for other tenants' records, so existence never leaks). */
export const notFound = (what = "Record") => new UpstreamError(404, "NotFound", `${what} not found.`);
/** 409: the record's state forbids the change. */
export const conflict = (code: ErrorCodeName, message: string) => new UpstreamError(409, code, message);

/** An answer to a failure: HTTP status, catalogue code and message. */
export interface ErrorAnswer {
  status: number;
  code: ErrorCodeName;
  message: string;
}

const INTERNAL_ERROR: ErrorAnswer = {
  status: 500,
  code: "Internal",
  message: "An unexpected error occurred.",
};
const INVALID_JSON: ErrorAnswer = {
  status: 400,
  code: "InvalidJson",
  message: "The body is not valid JSON.",
};
/** No route matches: the path is not repeated, so nothing a client sends is reflected. */
const ROUTE_NOT_FOUND: ErrorAnswer = {
  status: 404,
  code: "RouteNotFound",
  message: "No route matches the method and path.",
};

/**
 * Every error code a request can cause in Fastify (node_modules/fastify/lib/errors.js) or
 * @fastify/multipart, mapped to ours. Every message is a fixed text — never the path, a header or
 * the body — except a validation failure's, which names the field (formatValidationErrors). The
 * other Fastify codes are raised while the app is built or by a programming error while answering,
 * and fall to INTERNAL_ERROR.
 */
const FASTIFY_ERRORS: Readonly<Record<string, Omit<ErrorAnswer, "message"> & { message?: string }>> = {
  // Router errors (through `frameworkErrors`, before any hook).
  FST_ERR_BAD_URL: { status: 400, code: "InvalidUrl", message: "The URL has a malformed %-escape." },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: "InvalidUrl", message: "A path segment is too long." },
  FST_ERR_ASYNC_CONSTRAINT: INTERNAL_ERROR,
  FST_ERR_NOT_FOUND: ROUTE_NOT_FOUND,
  // Body parsing.
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: "BodyTooLarge",
    message: "The request body is too large.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "UnsupportedMediaType",
    message: "This route takes no body of this content type.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: "MalformedRequest",
    message: "The body does not match its Content-Length.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "InvalidJson", message: "The JSON body is empty." },
  FST_ERR_CTP_INVALID_JSON_BODY: INVALID_JSON,
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: {
    status: 400,
    code: "UnsupportedMediaType",
    message: "The body needs a Content-Type.",
  },
  // The validation message names the field, never its value (formatValidationErrors).
  FST_ERR_VALIDATION: { status: 400, code: "InvalidRequest" },
  // Uploads (@fastify/multipart).
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: "BodyTooLarge", message: "The uploaded file is too large." },
  FST_FILES_LIMIT: { status: 400, code: "FileMissing", message: "Send exactly one file." },
  FST_PARTS_LIMIT: { status: 413, code: "BodyTooLarge", message: "The upload has too many parts." },
  FST_FIELDS_LIMIT: { status: 413, code: "BodyTooLarge", message: "The upload has too many fields." },
  FST_PROTO_VIOLATION: { status: 400, code: "InvalidRequest", message: "A field name is not allowed." },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, code: "InvalidJson", message: "A field is not valid JSON." },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: "UnsupportedMediaType",
    message: "Send the body as multipart/form-data.",
  },
};

/**
 * The answer to an error that is not an UpstreamError. A JSON parser's SyntaxError (whose message
 * quotes the body) is InvalidJson; other client errors keep their status as InvalidRequest;
 * anything else is Internal.
 */
export function fastifyErrorAnswer(error: unknown): ErrorAnswer {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && Object.hasOwn(FASTIFY_ERRORS, code)) {
    const known = FASTIFY_ERRORS[code]!;
    return { ...known, message: known.message ?? (error as Error).message };
  }
  if (error instanceof SyntaxError) return INVALID_JSON;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === "number" && Number.isInteger(status) && status >= 400 && status < 500) {
    return { status, code: "InvalidRequest", message: "The request is not valid." };
  }
  return INTERNAL_ERROR;
}

/**
 * The RFC 6750 challenge of a 401: `error="invalid_token"` only when the bearer token itself is no
 * longer valid (expired, revoked, its user or account disabled), so a client — the gateway — ends its
 * session on exactly those and not on a call that wanted another credential or on a wrong password.
 */
export function bearerChallenge(code: ErrorCodeName): string {
  return code === "SessionExpired" || code === "AccountDisabled" ? 'Bearer error="invalid_token"' : "Bearer";
}

/** Installs the error and not-found handlers on the root instance. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | UpstreamError | SyntaxError, request, reply) => {
    if (error instanceof UpstreamError) {
      if (error.statusCode === 401) reply.header("WWW-Authenticate", bearerChallenge(error.code));
      return reply.status(error.statusCode).send(error.body());
    }
    const answer = fastifyErrorAnswer(error);
    if (answer.status >= 500) request.log.error({ err: error }, "unhandled upstream error");
    return reply.status(answer.status).send(answerBody(answer));
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(answerBody(ROUTE_NOT_FOUND)));
}

/** The §8 body of an answer. */
function answerBody(answer: ErrorAnswer): ErrorBody {
  return { ErrorCode: ErrorCode[answer.code], Message: answer.message };
}

/**
 * The answer to an error of Node's HTTP parser or server (`clientError`: a malformed request line or
 * header, a header block over the limit, a request that never completes), by its code; null: the
 * connection is gone (reset), nothing is written.
 */
export function clientErrorAnswer(code: unknown): ErrorAnswer | null {
  switch (code) {
    case "ECONNRESET":
    case "EPIPE":
      return null;
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, code: "HeadersTooLarge", message: "The request's headers are too large." };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, code: "RequestTimeout", message: "The request did not arrive in time." };
    default:
      return { status: 400, code: "MalformedRequest", message: "The request is not valid HTTP." };
  }
}

/** A WebSocket upgrade whose handshake headers are not valid (RFC 6455 §4.2.1). */
const HANDSHAKE_REFUSED: ErrorAnswer = {
  status: 400,
  code: "MalformedRequest",
  message: "The WebSocket handshake is not valid.",
};

/** What the app's onSend hook adds to every answer, for answers written outside the hooks. */
const OUTSIDE_HOOK_HEADERS: Readonly<Record<string, string>> = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};

/** A whole HTTP/1.1 response carrying an answer, for a socket Fastify does not drive; it closes after. */
export function rawErrorResponse(answer: ErrorAnswer, extraHeaders: Record<string, string> = {}): string {
  const body = JSON.stringify(answerBody(answer));
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    ...OUTSIDE_HOOK_HEADERS,
    ...extraHeaders,
    connection: "close",
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? "Error"}\r\n${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** Writes a response on a raw socket (none: the peer is gone) and closes the socket once written. */
function writeAndClose(socket: Duplex, response: string | null): void {
  if (response === null || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.once("finish", () => socket.destroy());
  socket.end(response);
}

/**
 * Node's `clientError`: the §8 answer on the socket instead of Fastify's own body. As Node's own
 * handler, nothing is written once a response on this connection has begun (it would corrupt it).
 */
function answerClientError(error: { code?: unknown }, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  const answer = inFlight?.headersSent ? null : clientErrorAnswer(error.code);
  writeAndClose(socket, answer ? rawErrorResponse(answer) : null);
}

/**
 * A WebSocket upgrade `ws` refuses after the hub admitted it (bad key, version or Upgrade header;
 * the `wsClientError` event of @fastify/websocket's server): the §8 answer, not ws's text/html one.
 */
export function answerRefusedHandshake(_error: Error, socket: Duplex): void {
  writeAndClose(socket, rawErrorResponse(HANDSHAKE_REFUSED, { "sec-websocket-version": "13" }));
}

/** Router errors (a malformed %-escape, an over-long path parameter): Fastify runs no hook for them. */
function answerFrameworkError(error: unknown, _request: FastifyRequest, reply: FastifyReply): void {
  const answer = fastifyErrorAnswer(error);
  void reply.status(answer.status).headers(OUTSIDE_HOOK_HEADERS).send(answerBody(answer));
}

/**
 * The Fastify server options that route router and HTTP parser errors to the answers above; spread
 * into `Fastify({…})` (they exist only as construction options).
 */
export const errorAnswerServerOptions = {
  frameworkErrors: answerFrameworkError,
  clientErrorHandler: answerClientError,
} satisfies Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler">;
