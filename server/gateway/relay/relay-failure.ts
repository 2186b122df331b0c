/**
 * How a relayed call fails towards the browser: a status, a gateway error code and a generic
 * message — never the upstream's address, port, error text or stack (DESIGN.md §4).
 */
import type { FastifyReply } from "fastify";
import {
  type GatewayErrorBody,
  GatewayErrorCode,
  type GatewayErrorCodeName,
} from "../errors/gateway-error-codes.ts";

/** A failure the relay answers with. */
export interface RelayFailure {
  status: number;
  code: GatewayErrorCodeName;
  message: string;
}

/** Every failure of the relay, by its code name. */
export const RELAY_FAILURES = {
  RelayInvalidPath: { status: 400, code: "RelayInvalidPath", message: "The request path is not allowed." },
  RelayBodyNotAllowed: {
    status: 400,
    code: "RelayBodyNotAllowed",
    message: "A GET or HEAD request cannot carry a body.",
  },
  RelayBodyTooLarge: { status: 413, code: "RelayBodyTooLarge", message: "The request body is too large." },
  RelayUploadTooLarge: { status: 413, code: "RelayUploadTooLarge", message: "The upload is too large." },
  RelaySessionCallRefused: {
    status: 403,
    code: "RelaySessionCallRefused",
    message: "Sign-in and session calls go through the gateway's session endpoints.",
  },
  RelayServiceCallRefused: {
    status: 403,
    code: "RelayServiceCallRefused",
    message: "This call is not available to browsers.",
  },
  RelayCallNotRelayed: { status: 404, code: "RelayCallNotRelayed", message: "This call does not exist." },
  UpstreamUnreachable: {
    status: 502,
    code: "UpstreamUnreachable",
    message: "The application service cannot be reached.",
  },
  UpstreamBadResponse: {
    status: 502,
    code: "UpstreamBadResponse",
    message: "The application service sent an invalid response.",
  },
  UpstreamUnavailable: {
    status: 503,
    code: "UpstreamUnavailable",
    message: "The application service is temporarily unavailable.",
  },
  RelayOverloaded: {
    status: 503,
    code: "RelayOverloaded",
    message: "The service is busy; try again shortly.",
  },
  UpstreamTimeout: {
    status: 504,
    code: "UpstreamTimeout",
    message: "The application service did not answer in time.",
  },
} as const satisfies Record<string, RelayFailure>;

const TIMEOUT_CODES = new Set([
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "ETIMEDOUT",
]);

const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_DESTROYED",
]);

/** Codes of a connection reset before the response: the only case an idempotent call is retried. */
const RESET_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

/** The error code of an undici or socket error, looking through AggregateError and `cause`. */
export function errorCodeOf(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; errors?: unknown[]; cause?: unknown } | null;
  if (!candidate || typeof candidate !== "object") return undefined;
  if (typeof candidate.code === "string") return candidate.code;
  if (Array.isArray(candidate.errors) && candidate.errors.length > 0) return errorCodeOf(candidate.errors[0]);
  if (candidate.cause !== undefined) return errorCodeOf(candidate.cause);
  return undefined;
}

/** Whether `error` is a connection reset (the one case worth a single retry of GET/HEAD). */
export function isConnectionReset(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code !== undefined && RESET_CODES.has(code);
}

/** The failure a transport error becomes: timeout → 504, unreachable → 502, anything else → 502. */
export function classifyUpstreamError(error: unknown): RelayFailure {
  const code = errorCodeOf(error);
  if (code !== undefined && TIMEOUT_CODES.has(code)) return RELAY_FAILURES.UpstreamTimeout;
  if (code !== undefined && UNREACHABLE_CODES.has(code)) return RELAY_FAILURES.UpstreamUnreachable;
  return RELAY_FAILURES.UpstreamBadResponse;
}

/** Sends `failure` as `{ ErrorCode, Message }`, uncached. */
export function sendRelayFailure(reply: FastifyReply, failure: RelayFailure): FastifyReply {
  const body: GatewayErrorBody = { ErrorCode: GatewayErrorCode[failure.code], Message: failure.message };
  return reply
    .code(failure.status)
    .header("Cache-Control", "no-store")
    .type("application/json; charset=utf-8")
    .send(body);
}
