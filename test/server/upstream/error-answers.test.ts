/**
 * The upstream's answers to errors that are not its own (server/upstream/http/errors.ts) as data:
 * every Fastify and @fastify/multipart error a request can cause, every error of Node's HTTP parser,
 * and the fallbacks — each a status and a catalogue code (§8), never a framework code or the
 * request's text.
 */
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";
import { ErrorCode, type ErrorCodeName } from "../../../server/upstream/http/error-codes.ts";
import {
  clientErrorAnswer,
  type ErrorAnswer,
  fastifyErrorAnswer,
  rawErrorResponse,
} from "../../../server/upstream/http/errors.ts";

/** Fastify's error constructors by code (node_modules/fastify/lib/errors.js). */
const fastifyErrors = createRequire(import.meta.url)("fastify/lib/errors.js") as Record<
  string,
  new (
    ...args: unknown[]
  ) => Error & { code: string; statusCode?: number }
>;

/** A Fastify error as a request raises it, its `%s` filled with text a client chose. */
const raised = (code: string) => new fastifyErrors[code]!("/api/Zq7Mark", "Zq7Mark", "Zq7Mark");

/** An error of @fastify/multipart (its codes, its statuses). */
const multipartError = (code: string, statusCode: number) =>
  Object.assign(new Error("Zq7Mark"), { code, statusCode });

const summary = (answer: ErrorAnswer | null) => answer && { status: answer.status, code: answer.code };

test("every Fastify and multipart error a request can cause: a status and a catalogue code", () => {
  const expected: [Error & { code: string }, number, ErrorCodeName][] = [
    [raised("FST_ERR_BAD_URL"), 400, "InvalidUrl"],
    [raised("FST_ERR_MAX_PARAM_LENGTH"), 414, "InvalidUrl"],
    [raised("FST_ERR_ASYNC_CONSTRAINT"), 500, "Internal"],
    [raised("FST_ERR_NOT_FOUND"), 404, "RouteNotFound"],
    [raised("FST_ERR_CTP_INVALID_MEDIA_TYPE"), 415, "UnsupportedMediaType"],
    [raised("FST_ERR_CTP_BODY_TOO_LARGE"), 413, "BodyTooLarge"],
    [raised("FST_ERR_CTP_INVALID_JSON_BODY"), 400, "InvalidJson"],
    [raised("FST_ERR_CTP_EMPTY_JSON_BODY"), 400, "InvalidJson"],
    [raised("FST_ERR_CTP_INVALID_CONTENT_LENGTH"), 400, "MalformedRequest"],
    [raised("FST_ERR_ROUTE_MISSING_CONTENT_TYPE"), 400, "UnsupportedMediaType"],
    [raised("FST_ERR_VALIDATION"), 400, "InvalidRequest"],
    [raised("FST_ERR_HANDLER_TIMEOUT"), 500, "Internal"],
    [multipartError("FST_REQ_FILE_TOO_LARGE", 413), 413, "BodyTooLarge"],
    [multipartError("FST_PARTS_LIMIT", 413), 413, "BodyTooLarge"],
    [multipartError("FST_FIELDS_LIMIT", 413), 413, "BodyTooLarge"],
    [multipartError("FST_FILES_LIMIT", 413), 400, "FileMissing"],
    [multipartError("FST_PROTO_VIOLATION", 400), 400, "InvalidRequest"],
    [multipartError("FST_INVALID_JSON_FIELD_ERROR", 406), 400, "InvalidJson"],
    [multipartError("FST_INVALID_MULTIPART_CONTENT_TYPE", 406), 415, "UnsupportedMediaType"],
  ];
  for (const [error, status, code] of expected) {
    assert.deepEqual(summary(fastifyErrorAnswer(error)), { status, code }, error.code);
  }
});

test("no Fastify error answers with its code or its message's client text (validation names fields only)", () => {
  for (const code of Object.keys(fastifyErrors).filter((key) => key.startsWith("FST_"))) {
    const answer = fastifyErrorAnswer(raised(code));
    assert.ok(answer.code in ErrorCode, code);
    assert.doesNotMatch(answer.message, /FST_/, code);
    // A validation message is formatValidationErrors' text (field names, never values): passed on.
    if (code !== "FST_ERR_VALIDATION") assert.doesNotMatch(answer.message, /Zq7Mark/, code);
  }
  for (const code of ["FST_PARTS_LIMIT", "FST_PROTO_VIOLATION", "FST_INVALID_JSON_FIELD_ERROR"]) {
    assert.doesNotMatch(fastifyErrorAnswer(multipartError(code, 400)).message, /Zq7Mark/, code);
  }
});

test("errors without a known code: client statuses are kept, a JSON SyntaxError is invalid JSON, the rest internal", () => {
  const cases: [unknown, { status: number; code: ErrorCodeName }][] = [
    [Object.assign(new Error("Zq7Mark"), { statusCode: 400 }), { status: 400, code: "InvalidRequest" }],
    [Object.assign(new Error("Zq7Mark"), { statusCode: 406 }), { status: 406, code: "InvalidRequest" }],
    [
      new SyntaxError(`Unexpected token 'Z', "Zq7Mark" is not valid JSON`),
      { status: 400, code: "InvalidJson" },
    ],
    [Object.assign(new Error("boom"), { statusCode: 503 }), { status: 500, code: "Internal" }],
    [new Error("boom"), { status: 500, code: "Internal" }],
    [null, { status: 500, code: "Internal" }],
  ];
  for (const [error, expected] of cases) {
    const answer = fastifyErrorAnswer(error);
    assert.deepEqual(summary(answer), expected);
    assert.doesNotMatch(answer.message, /Zq7Mark/);
  }
});

test("Node's HTTP parser errors: 431 for a header block over the limit, 408 for a timeout, else 400; none on a reset", () => {
  const cases: [string, { status: number; code: ErrorCodeName } | null][] = [
    ["HPE_HEADER_OVERFLOW", { status: 431, code: "HeadersTooLarge" }],
    ["ERR_HTTP_REQUEST_TIMEOUT", { status: 408, code: "RequestTimeout" }],
    ["HPE_INVALID_METHOD", { status: 400, code: "MalformedRequest" }],
    ["HPE_INVALID_CONTENT_LENGTH", { status: 400, code: "MalformedRequest" }],
    ["HPE_INVALID_HEADER_TOKEN", { status: 400, code: "MalformedRequest" }],
    ["ECONNRESET", null],
    ["EPIPE", null],
  ];
  for (const [code, expected] of cases) assert.deepEqual(summary(clientErrorAnswer(code)), expected, code);
});

test("a raw answer is one well-formed HTTP/1.1 response with the §8 body, closing the connection", () => {
  const text = rawErrorResponse(clientErrorAnswer("ERR_HTTP_REQUEST_TIMEOUT")!);
  const [head = "", body = ""] = text.split("\r\n\r\n");
  assert.match(head, /^HTTP\/1\.1 408 Request Timeout\r\n/);
  assert.match(head, /\r\ncontent-type: application\/json; charset=utf-8(\r\n|$)/);
  assert.equal(Number(/content-length: (\d+)/.exec(head)?.[1]), Buffer.byteLength(body));
  assert.match(head, /\r\nconnection: close(\r\n|$)/);
  assert.deepEqual(JSON.parse(body), {
    ErrorCode: ErrorCode.RequestTimeout,
    Message: "The request did not arrive in time.",
  });
});
