/**
 * The gateway's answers to failures no route answers (server/gateway/errors/error-answers.ts) as
 * data: every Fastify error a request can cause, every error of Node's HTTP parser, and the fallbacks
 * — each a status and a catalogue code (§8), never a framework code or the request's text.
 */
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";
import {
  clientErrorAnswer,
  type ErrorAnswer,
  fastifyErrorAnswer,
  rawErrorResponse,
} from "../../../server/gateway/errors/error-answers.ts";
import {
  GatewayErrorCode,
  type GatewayErrorCodeName,
} from "../../../server/gateway/errors/gateway-error-codes.ts";

/** Fastify's error constructors by code (node_modules/fastify/lib/errors.js). */
const fastifyErrors = createRequire(import.meta.url)("fastify/lib/errors.js") as Record<
  string,
  new (
    ...args: unknown[]
  ) => Error & { code: string; statusCode?: number }
>;

/** A Fastify error as a request raises it, its `%s` filled with text a client chose. */
const raised = (code: string) => new fastifyErrors[code]!("/api/Zq7Mark", "Zq7Mark", "Zq7Mark");

const summary = (answer: ErrorAnswer | null) => answer && { status: answer.status, code: answer.code };

test("every Fastify error a request can cause: its status and a gateway code", () => {
  const expected: [string, number, GatewayErrorCodeName][] = [
    ["FST_ERR_BAD_URL", 400, "InvalidUrl"],
    ["FST_ERR_MAX_PARAM_LENGTH", 414, "InvalidUrl"],
    ["FST_ERR_ASYNC_CONSTRAINT", 500, "Internal"],
    ["FST_ERR_NOT_FOUND", 404, "RouteNotFound"],
    ["FST_ERR_CTP_INVALID_MEDIA_TYPE", 415, "BodyNotAccepted"],
    ["FST_ERR_CTP_BODY_TOO_LARGE", 413, "BodyNotAccepted"],
    ["FST_ERR_CTP_INVALID_JSON_BODY", 400, "BodyNotAccepted"],
    ["FST_ERR_CTP_EMPTY_JSON_BODY", 400, "BodyNotAccepted"],
    ["FST_ERR_CTP_INVALID_CONTENT_LENGTH", 400, "MalformedRequest"],
    ["FST_ERR_ROUTE_MISSING_CONTENT_TYPE", 400, "BodyNotAccepted"],
    ["FST_ERR_VALIDATION", 400, "MalformedRequest"],
    ["FST_ERR_HANDLER_TIMEOUT", 500, "Internal"],
  ];
  for (const [code, status, name] of expected) {
    assert.deepEqual(summary(fastifyErrorAnswer(raised(code))), { status, code: name }, code);
  }
});

test("no Fastify error, reachable or not, answers with its code or its message's client text", () => {
  for (const code of Object.keys(fastifyErrors).filter((key) => key.startsWith("FST_"))) {
    const answer = fastifyErrorAnswer(raised(code));
    assert.ok(answer.code in GatewayErrorCode, code);
    assert.doesNotMatch(answer.message, /FST_|Zq7Mark/, code);
    assert.ok(answer.status >= 400 && answer.status < 600, code);
  }
});

test("errors without a known code: client statuses are kept, a JSON SyntaxError is invalid JSON, the rest internal", () => {
  const cases: [unknown, { status: number; code: GatewayErrorCodeName }][] = [
    [Object.assign(new Error("Forbidden"), { statusCode: 403 }), { status: 403, code: "MalformedRequest" }],
    [Object.assign(new Error("Range"), { statusCode: 416 }), { status: 416, code: "MalformedRequest" }],
    [Object.assign(new Error("gone"), { statusCode: 404 }), { status: 404, code: "RouteNotFound" }],
    [
      new SyntaxError(`Unexpected token 'Z', "Zq7Mark" is not valid JSON`),
      { status: 400, code: "BodyNotAccepted" },
    ],
    [Object.assign(new Error("boom"), { statusCode: 503 }), { status: 500, code: "Internal" }],
    [new Error("boom"), { status: 500, code: "Internal" }],
    ["not even an error", { status: 500, code: "Internal" }],
    [null, { status: 500, code: "Internal" }],
  ];
  for (const [error, expected] of cases) assert.deepEqual(summary(fastifyErrorAnswer(error)), expected);
  assert.doesNotMatch(fastifyErrorAnswer(new SyntaxError(`"Zq7Mark"`)).message, /Zq7Mark/);
});

test("Node's HTTP parser errors: 431 for a header block over the limit, 408 for a timeout, else 400; none on a reset", () => {
  const cases: [string, { status: number; code: GatewayErrorCodeName } | null][] = [
    ["HPE_HEADER_OVERFLOW", { status: 431, code: "HeadersTooLarge" }],
    ["ERR_HTTP_REQUEST_TIMEOUT", { status: 408, code: "RequestTimeout" }],
    ["HPE_INVALID_METHOD", { status: 400, code: "MalformedRequest" }],
    ["HPE_INVALID_URL", { status: 400, code: "MalformedRequest" }],
    ["HPE_INVALID_CONTENT_LENGTH", { status: 400, code: "MalformedRequest" }],
    ["HPE_UNEXPECTED_CONTENT_LENGTH", { status: 400, code: "MalformedRequest" }],
    ["HPE_INVALID_HEADER_TOKEN", { status: 400, code: "MalformedRequest" }],
    ["ECONNRESET", null],
    ["EPIPE", null],
  ];
  for (const [code, expected] of cases) assert.deepEqual(summary(clientErrorAnswer(code)), expected, code);
});

test("a raw answer is one well-formed HTTP/1.1 response with the §8 body, closing the connection", () => {
  const text = rawErrorResponse(clientErrorAnswer("HPE_HEADER_OVERFLOW")!);
  const [head = "", body = ""] = text.split("\r\n\r\n");
  assert.match(head, /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
  assert.match(head, /\r\ncontent-type: application\/json; charset=utf-8(\r\n|$)/);
  assert.match(head, /\r\ncontent-length: (\d+)(\r\n|$)/);
  assert.equal(Number(/content-length: (\d+)/.exec(head)?.[1]), Buffer.byteLength(body));
  assert.match(head, /\r\nconnection: close(\r\n|$)/);
  assert.match(head, /\r\nx-content-type-options: nosniff(\r\n|$)/);
  assert.deepEqual(JSON.parse(body), {
    ErrorCode: GatewayErrorCode.HeadersTooLarge,
    Message: "The request's headers are too large.",
  });
});
