/**
 * Bodies through the relay over real sockets: uploads streamed with their limit enforced (declared
 * and chunked, at the limit and one byte over), JSON bodies with theirs, downloads streamed intact.
 * "Streamed" is shown by order, not by time: each side proves it got the first bytes before the other
 * side sends the rest — a buffering relay would never deliver them (and the test fails on its timeout).
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import {
  echo,
  relayEverything,
  send,
  startGateway,
  startUpstream,
  type TestGateway,
  type TestUpstream,
} from "./relay-fixture.ts";

const MIB = 1024 * 1024;
const UPLOAD_LIMIT_BYTES = 2 * MIB;
const JSON_LIMIT_BYTES = 1024;
const BOUNDARY = "----tessera-relay-test";

/** Deterministic bytes (not all equal, so a shifted or truncated body cannot pass). */
function pattern(length: number, seed = 0): Buffer {
  const bytes = Buffer.alloc(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 31 + seed) % 251;
  return bytes;
}

/** A multipart body (`file[]`, §7) of exactly `totalBytes`, envelope included. */
function multipartOfSize(totalBytes: number): Buffer {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file[]"; filename="chart.png"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return Buffer.concat([head, pattern(totalBytes - head.length - tail.length), tail]);
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

describe("REST relay: bodies", () => {
  let upstream: TestUpstream;
  let gateway: TestGateway;
  before(async () => {
    upstream = await startUpstream((request, response, received) => {
      if (request.url === "/api/echo-hash") {
        request.on("end", () => {
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify({ bytes: received.body.length, sha256: sha256(received.body) }));
        });
        return;
      }
      echo(request, response, received);
    });
    gateway = await startGateway(upstream.url, {
      policy: relayEverything(JSON_LIMIT_BYTES, [
        { method: "PUT", base: "app", path: "echo-hash", maxBodyBytes: UPLOAD_LIMIT_BYTES },
        { method: "PUT", base: "app", path: "supportchat/file", maxBodyBytes: UPLOAD_LIMIT_BYTES },
      ]),
    });
  });
  after(async () => {
    await gateway.close();
    await upstream.kill();
  });

  for (const framing of ["content-length", "chunked"] as const) {
    const headers = (extra: Record<string, string> = {}) =>
      framing === "chunked" ? { "transfer-encoding": "chunked", ...extra } : extra;

    test(`an upload of exactly the limit (2 MiB, ${framing}) reaches the upstream intact`, async () => {
      const body = multipartOfSize(UPLOAD_LIMIT_BYTES);
      const answer = await send(gateway.port, "/api/echo-hash", {
        method: "PUT",
        headers: headers({ "content-type": MULTIPART }),
        body,
      });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json(), { bytes: UPLOAD_LIMIT_BYTES, sha256: sha256(body) });
    });
  }

  test("an upload declaring the limit + 1 byte gets 413 RelayUploadTooLarge; the upstream sees nothing", async () => {
    const before = upstream.received.length;
    const answer = await send(gateway.port, "/api/supportchat/file", {
      method: "PUT",
      headers: { "content-type": MULTIPART },
      body: multipartOfSize(UPLOAD_LIMIT_BYTES + 1),
    });
    assert.equal(answer.status, 413);
    assert.deepEqual(answer.json(), {
      ErrorCode: GatewayErrorCode.RelayUploadTooLarge,
      Message: "The upload is too large.",
    });
    assert.equal(upstream.received.length, before);
  });

  test("a chunked upload of the limit + 1 byte is cut while streaming: 413, the upstream call aborted", async () => {
    const next = upstream.nextRequest();
    const answer = await send(gateway.port, "/api/supportchat/file", {
      method: "PUT",
      headers: { "content-type": MULTIPART, "transfer-encoding": "chunked" },
      body: multipartOfSize(UPLOAD_LIMIT_BYTES + 1),
    });
    assert.equal(answer.status, 413);
    assert.equal(answer.json().ErrorCode, GatewayErrorCode.RelayUploadTooLarge);
    const seen = await next;
    assert.equal(await seen.bodyEnded, "aborted");
    assert.ok(seen.body.length <= UPLOAD_LIMIT_BYTES);
    assert.equal((await send(gateway.port, "/api/v2/User/Ping")).status, 200, "the gateway still serves");
  });

  test("other routes have the default limit: at it → relayed, one byte over → 413 RelayBodyTooLarge", async () => {
    const json = (length: number) => JSON.stringify({ Text: "x".repeat(length - 11) });
    assert.equal(json(JSON_LIMIT_BYTES).length, JSON_LIMIT_BYTES);
    const ok = await send(gateway.port, "/api/supportchat/message", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: json(JSON_LIMIT_BYTES),
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.json().body, json(JSON_LIMIT_BYTES));
    for (const extra of [{}, { "transfer-encoding": "chunked" }] as Record<string, string>[]) {
      const over = await send(gateway.port, "/api/supportchat/message", {
        method: "POST",
        headers: { "content-type": "application/json", ...extra },
        body: json(JSON_LIMIT_BYTES + 1),
      });
      assert.equal(over.status, 413);
      assert.equal(over.json().ErrorCode, GatewayErrorCode.RelayBodyTooLarge);
    }
  });
});

describe("REST relay: streaming", () => {
  const DOWNLOAD_BYTES = 32 * MIB;
  const download = pattern(DOWNLOAD_BYTES, 7);
  let firstUploadBytes: Deferred<void>;
  let sendRestOfDownload: Deferred<void>;
  let upstream: TestUpstream;
  let gateway: TestGateway;
  before(async () => {
    upstream = await startUpstream((request, response, received) => {
      if (request.url === "/api/stream-in") {
        request.once("data", () => firstUploadBytes.resolve());
        request.on("end", () => {
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify({ bytes: received.body.length, sha256: sha256(received.body) }));
        });
        return;
      }
      if (request.url === "/ws/File/Export/F1") {
        response.writeHead(200, {
          "content-type": "application/octet-stream",
          "content-length": DOWNLOAD_BYTES,
          "content-disposition": 'attachment; filename="export.csv"',
        });
        response.write(download.subarray(0, 64 * 1024));
        void sendRestOfDownload.promise.then(() => response.end(download.subarray(64 * 1024)));
        return;
      }
      echo(request, response, received);
    });
    gateway = await startGateway(upstream.url, { policy: relayEverything(64 * MIB) });
  });
  after(async () => {
    await gateway.close();
    await upstream.kill();
  });

  test("an upload is streamed: the upstream has the first bytes before the browser sends the rest", {
    timeout: 30_000,
  }, async () => {
    firstUploadBytes = deferred();
    const first = pattern(64 * 1024, 1);
    const rest = pattern(8 * MIB, 2);
    const request = http.request({
      host: "127.0.0.1",
      port: gateway.port,
      path: "/api/stream-in",
      method: "POST",
      agent: false,
      headers: { "content-type": "application/octet-stream", "transfer-encoding": "chunked" },
    });
    const response = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.on("response", resolve).on("error", reject);
    });
    request.write(first);
    await firstUploadBytes.promise;
    request.end(rest);
    const answer = JSON.parse((await readAll(await response)).toString("utf8"));
    assert.deepEqual(answer, {
      bytes: first.length + rest.length,
      sha256: sha256(Buffer.concat([first, rest])),
    });
  });

  test("a download is streamed and arrives intact: the browser has the first bytes before the upstream sends the rest", {
    timeout: 30_000,
  }, async () => {
    sendRestOfDownload = deferred();
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          { host: "127.0.0.1", port: gateway.port, path: "/webservices/File/Export/F1", agent: false },
          resolve,
        )
        .on("error", reject);
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers["content-length"], String(DOWNLOAD_BYTES));
    assert.equal(response.headers["content-disposition"], 'attachment; filename="export.csv"');
    const chunks: Buffer[] = [];
    let released = false;
    for await (const chunk of response) {
      chunks.push(chunk as Buffer);
      if (!released) {
        released = true;
        sendRestOfDownload.resolve();
      }
    }
    const body = Buffer.concat(chunks);
    assert.equal(body.length, DOWNLOAD_BYTES);
    assert.ok(body.equals(download));
  });
});

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
