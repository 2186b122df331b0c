/**
 * Body handling of the session endpoints' scope: JSON only, parsed by JSON.parse (which defines
 * `__proto__` as a plain own property, never a prototype) and refused outright when any key is
 * `__proto__`, `constructor` or `prototype`; validated by ajv exactly as sent (no coercion, unknown
 * properties refused rather than silently dropped, as Fastify's defaults would); every failure a
 * `{ ErrorCode, Message }` body with a gateway code.
 */
import Ajv from "ajv";
import addFormats from "ajv-formats";
import type { FastifyError, FastifyInstance } from "fastify";
import { GatewayErrorCode, type GatewayErrorCodeName } from "../errors/gateway-error-codes.ts";
import { findForbiddenKey } from "../../../core/json/prototype-pollution.ts";
import { SESSION_BODY_LIMIT_BYTES } from "./session-schemas.ts";

/** A refused body. */
export class BodyError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: GatewayErrorCodeName,
    message: string,
  ) {
    super(message);
    this.name = "BodyError";
  }
}

/** Fastify's own error codes as gateway answers. */
const FASTIFY_ERRORS: Record<string, { status: number; code: GatewayErrorCodeName; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: "SessionBodyTooLarge",
    message: "The request body is too large.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "SessionUnsupportedMediaType",
    message: "Send the body as application/json.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: "SessionInvalidBody",
    message: "Invalid Content-Length.",
  },
};

/** Installs the JSON parser, the strict validator and the error handler on an encapsulated scope. */
export function installBodyHandling(scope: FastifyInstance): void {
  const ajv = new Ajv({
    strict: true,
    allErrors: false,
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: false,
  });
  addFormats(ajv);
  scope.setValidatorCompiler(({ schema }) => ajv.compile(schema as object));

  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: SESSION_BODY_LIMIT_BYTES },
    (_request, text, done) => {
      // Clients send a JSON content type on body-less POSTs (logout): an empty body is no body.
      if ((text as string).trim() === "") return done(null, undefined);
      let body: unknown;
      try {
        body = JSON.parse(text as string);
      } catch {
        return done(new BodyError(400, "SessionInvalidJson", "The body is not valid JSON."), undefined);
      }
      const forbidden = findForbiddenKey(body);
      if (forbidden !== null) {
        return done(new BodyError(400, "ForbiddenBodyKey", `Forbidden key at ${forbidden}.`), undefined);
      }
      return done(null, body);
    },
  );

  scope.setErrorHandler((error: FastifyError | BodyError, request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (error instanceof BodyError) {
      return reply
        .code(error.statusCode)
        .send({ ErrorCode: GatewayErrorCode[error.code], Message: error.message });
    }
    if (error.validation) {
      const first = error.validation[0];
      const where = `body${first?.instancePath ?? ""}`;
      const extra = (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty;
      const message = `${where} ${first?.message ?? "is invalid"}${extra ? `: ${extra}` : ""}`;
      return reply.code(400).send({ ErrorCode: GatewayErrorCode.SessionInvalidBody, Message: message });
    }
    const known = FASTIFY_ERRORS[error.code ?? ""];
    if (known)
      return reply
        .code(known.status)
        .send({ ErrorCode: GatewayErrorCode[known.code], Message: known.message });
    if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(400)
        .send({ ErrorCode: GatewayErrorCode.SessionInvalidBody, Message: "The request is not valid." });
    }
    request.log.error({ err: error }, "session endpoint failed");
    return reply
      .code(500)
      .send({ ErrorCode: GatewayErrorCode.SessionInternal, Message: "An unexpected error occurred." });
  });
}
