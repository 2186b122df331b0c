/**
 * The gateway's answers to every failure no route answers itself — Fastify's router errors (a
 * malformed %-escape, a path segment over the router's limit, found before any hook runs), its body
 * parser errors, unknown routes, Node's HTTP parser errors (a malformed request line or header, a
 * header block over the limit, a request that never completes) and refused WebSocket handshakes —
 * in the one shape of §8, `{ ErrorCode, Message }` with a catalogue code. No answer repeats the
 * request: the messages are fixed texts, never the path, a header value or the body, so nothing a
 * client sends is reflected, and no framework error code (FST_…) leaves the gateway.
 *
 * `buildApp` (app.ts) installs all of it: the server options at construction (`errorAnswerServerOptions`:
 * router errors and parser errors happen outside any Fastify scope), then `installErrorAnswers`.
 * The session endpoints keep their own scope's handler (session/body-validation.ts) with the
 * session's codes; the hub relay hands refused handshakes to `answerRefusedHandshake`.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { JSON_CONTENT_SECURITY_POLICY } from "../plugins/security-headers.ts";
import { type GatewayErrorBody, GatewayErrorCode, type GatewayErrorCodeName } from "./gateway-error-codes.ts";

/** What the gateway answers to one failure: HTTP status, catalogue code and a fixed message. */
export interface ErrorAnswer {
  status: number;
  code: GatewayErrorCodeName;
  message: string;
}

/** No route answers the method and path. */
const ROUTE_NOT_FOUND: ErrorAnswer = {
  status: 404,
  code: "RouteNotFound",
  message: "No route answers this method and path.",
};

/** The fallback: an unexpected failure (details are logged, never sent). */
const INTERNAL_ERROR: ErrorAnswer = {
  status: 500,
  code: "Internal",
  message: "An unexpected error occurred.",
};

/** A WebSocket upgrade whose handshake headers are not valid (RFC 6455 §4.2.1). */
const HANDSHAKE_REFUSED: ErrorAnswer = {
  status: 400,
  code: "MalformedRequest",
  message: "The WebSocket handshake is not valid.",
};

const MALFORMED_REQUEST: ErrorAnswer = {
  status: 400,
  code: "MalformedRequest",
  message: "The request is not valid HTTP.",
};
const INVALID_JSON: ErrorAnswer = {
  status: 400,
  code: "BodyNotAccepted",
  message: "The body is not valid JSON.",
};

/**
 * Every Fastify error code a request can cause (node_modules/fastify/lib/errors.js), by its answer.
 * The others are raised while the app is built (route, hook, decorator, schema and plugin errors) or
 * by a programming error while answering (FST_ERR_REP_*, FST_ERR_SEND_*), and fall to INTERNAL_ERROR;
 * so does FST_ERR_HANDLER_TIMEOUT, which only a route's `handlerTimeout` raises (none sets one).
 * The root routes take no body (health, manifest, hub, unknown routes): any body refused there is
 * BodyNotAccepted. The session endpoints and the relays have their own body handling.
 */
const FASTIFY_ERRORS: Readonly<Record<string, ErrorAnswer>> = {
  // Router errors (through `frameworkErrors`, before any hook).
  FST_ERR_BAD_URL: { status: 400, code: "InvalidUrl", message: "The URL has a malformed %-escape." },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: "InvalidUrl", message: "A path segment is too long." },
  FST_ERR_ASYNC_CONSTRAINT: INTERNAL_ERROR,
  FST_ERR_NOT_FOUND: ROUTE_NOT_FOUND,
  // Body parsing (content-type-parser.js, handle-request.js).
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "BodyNotAccepted",
    message: "This address takes no body of this content type.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: "BodyNotAccepted",
    message: "The request body is too large.",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: INVALID_JSON,
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "BodyNotAccepted", message: "The JSON body is empty." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: "MalformedRequest",
    message: "The body does not match its Content-Length.",
  },
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: {
    status: 400,
    code: "BodyNotAccepted",
    message: "The body needs a Content-Type.",
  },
  FST_ERR_VALIDATION: { status: 400, code: "MalformedRequest", message: "The request is not valid." },
};

/**
 * The answer to an error a route, hook, parser or plugin raised. Errors without a known code keep
 * a client-error status of their own (e.g. @fastify/static's 403 and 416) under MalformedRequest;
 * a JSON parser's SyntaxError (whose message quotes the body) is INVALID_JSON; anything else is
 * INTERNAL_ERROR.
 */
export function fastifyErrorAnswer(error: unknown): ErrorAnswer {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && Object.hasOwn(FASTIFY_ERRORS, code)) return FASTIFY_ERRORS[code]!;
  if (error instanceof SyntaxError) return INVALID_JSON;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 404) return ROUTE_NOT_FOUND;
  if (typeof status === "number" && Number.isInteger(status) && status >= 400 && status < 500) {
    return { status, code: "MalformedRequest", message: "The request cannot be served." };
  }
  return INTERNAL_ERROR;
}

/**
 * The answer to an error of Node's HTTP parser or server (`clientError`), by its code; null: the
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
      return MALFORMED_REQUEST;
  }
}

/** The §8 body of an answer. */
function errorBody(answer: ErrorAnswer): GatewayErrorBody {
  return { ErrorCode: GatewayErrorCode[answer.code], Message: answer.message };
}

/**
 * Headers of answers written outside the app's hooks (router errors, raw socket answers): what
 * plugins/security-headers.ts adds to every JSON answer, and no caching.
 */
const OUTSIDE_HOOK_HEADERS: Readonly<Record<string, string>> = {
  "cache-control": "no-store",
  "content-security-policy": JSON_CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
};

/** Sends an answer through Fastify's reply (no-store: an error is never cached). */
function sendErrorAnswer(reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  return reply.code(answer.status).header("cache-control", "no-store").send(errorBody(answer));
}

/**
 * A whole HTTP/1.1 response carrying an answer, for a socket Fastify no longer (or not yet) drives;
 * the connection closes after it.
 */
export function rawErrorResponse(answer: ErrorAnswer, extraHeaders: Record<string, string> = {}): string {
  const body = JSON.stringify(errorBody(answer));
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

/** Writes an answer on a raw socket (unless the peer is gone) and closes it once written. */
function writeAndClose(socket: Duplex, response: string | null): void {
  if (response === null || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.once("finish", () => socket.destroy());
  socket.end(response);
}

/**
 * Node's `clientError` (a request the parser refuses, a header block over the limit, a request
 * timeout): the §8 answer on the socket. As Node's own handler, nothing is written when a response
 * on this connection has begun already: its bytes would corrupt it.
 */
function answerClientError(error: { code?: unknown }, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  const answer = inFlight?.headersSent ? null : clientErrorAnswer(error.code);
  writeAndClose(socket, answer ? rawErrorResponse(answer) : null);
}

/**
 * A WebSocket upgrade `ws` refuses after admission (bad key, version or Upgrade header; its
 * `wsClientError` event): the §8 answer instead of ws's text/html one.
 */
export function answerRefusedHandshake(_error: Error, socket: Duplex): void {
  writeAndClose(socket, rawErrorResponse(HANDSHAKE_REFUSED, { "sec-websocket-version": "13" }));
}

/** Router errors: Fastify calls this instead of writing its own body (no hook runs for them). */
function answerFrameworkError(error: unknown, _request: FastifyRequest, reply: FastifyReply): void {
  const answer = fastifyErrorAnswer(error);
  reply.headers(OUTSIDE_HOOK_HEADERS);
  void sendErrorAnswer(reply, answer);
}

/** The Fastify server options that route router and parser errors here; spread into `Fastify({…})`. */
export const errorAnswerServerOptions = {
  frameworkErrors: answerFrameworkError,
  clientErrorHandler: answerClientError,
} satisfies Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler">;

/** The not-found handler of the root (without the SPA; plugins/static-app.ts uses it for non-pages). */
export function answerNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendErrorAnswer(reply, ROUTE_NOT_FOUND);
}

/**
 * Installs the root error handler (inherited by every plugin registered after it) and, unless the
 * SPA's plugin owns the not-found handler (it serves in-app pages there), the root not-found handler.
 */
export function installErrorAnswers(app: FastifyInstance, options: { notFound: boolean }): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = fastifyErrorAnswer(error);
    if (answer.status >= 500) request.log.error({ err: error }, "request failed");
    return sendErrorAnswer(reply, answer);
  });
  if (options.notFound) app.setNotFoundHandler(answerNotFound);
}
