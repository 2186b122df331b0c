/**
 * The upstream's error type and the handler that turns every failure — ours, Fastify's validation
 * and parser errors, unexpected exceptions — into a `{ ErrorCode, Message }` body.
 */
import type { FastifyError, FastifyInstance } from "fastify";
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

/** Fastify's own error codes mapped to ours; anything else is an internal error. */
const FASTIFY_ERRORS: Record<string, { status: number; code: ErrorCodeName; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: "BodyTooLarge",
    message: "The request body is too large.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: "UnsupportedMediaType" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "InvalidRequest" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "InvalidJson", message: "The JSON body is empty." },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "InvalidJson", message: "The body is not valid JSON." },
  FST_ERR_CTP_EMPTY_TYPE: { status: 415, code: "UnsupportedMediaType" },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, code: "UnsupportedMediaType" },
  FST_ERR_VALIDATION: { status: 400, code: "InvalidRequest" },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: "BodyTooLarge", message: "The uploaded file is too large." },
  FST_FILES_LIMIT: { status: 400, code: "FileMissing", message: "Send exactly one file." },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: "UnsupportedMediaType" },
};

/** Installs the error and not-found handlers on the root instance. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | UpstreamError | SyntaxError, request, reply) => {
    if (error instanceof UpstreamError) {
      return reply.status(error.statusCode).send(error.body());
    }
    const code = "code" in error && typeof error.code === "string" ? error.code : "";
    const known = FASTIFY_ERRORS[code];
    if (known) {
      const message = known.message ?? error.message;
      return reply
        .status(known.status)
        .send({ ErrorCode: ErrorCode[known.code], Message: message } satisfies ErrorBody);
    }
    if (error instanceof SyntaxError || (error as FastifyError).statusCode === 400) {
      return reply.status(400).send({
        ErrorCode: ErrorCode.InvalidJson,
        Message: "The body is not valid JSON.",
      } satisfies ErrorBody);
    }
    request.log.error({ err: error }, "unhandled upstream error");
    return reply
      .status(500)
      .send({ ErrorCode: ErrorCode.Internal, Message: "An unexpected error occurred." } satisfies ErrorBody);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      ErrorCode: ErrorCode.RouteNotFound,
      Message: `No route ${request.method} ${request.url.split("?")[0]}.`,
    }),
  );
}
