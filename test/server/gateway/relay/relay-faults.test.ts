/**
 * Upstream faults over real sockets: down at start (then recovery), killed mid-request, killed
 * mid-stream, too slow, answering 503, overloaded gateway; the browser aborting; and retries — one
 * for an idempotent GET on a reset, none for POST, none on timeouts. Small real timeouts (not fake
 * timers: undici's timers run on real sockets); every status is checked, never a duration.
 */
import assert from "node:assert/strict";
import http from "node:http";
import { after, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import {
  echo,
  freePort,
  send,
  startGateway,
  startUpstream,
  type TestGateway,
  type TestUpstream,
} from "./relay-fixture.ts";

const SHORT_TIMEOUTS = { connectMs: 1_000, headersMs: 300, bodyMs: 300 };

/** Asserts a gateway error: status, code, generic message (no address, port or stack). */
function assertFailure(
  answer: { status: number; body: Buffer },
  status: number,
  code: number,
  upstreamPort: number,
): void {
  assert.equal(answer.status, status);
  const body = JSON.parse(answer.body.toString("utf8"));
  assert.deepEqual(Object.keys(body).sort(), ["ErrorCode", "Message"]);
  assert.equal(body.ErrorCode, code);
  for (const secret of [String(upstreamPort), "127.0.0.1", "ECONN", "UND_ERR", "    at "]) {
    assert.ok(!answer.body.toString().includes(secret), `the body must not reveal ${secret}`);
  }
}

describe("REST relay: upstream faults", () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  async function setUp(
    respond: Parameters<typeof startUpstream>[0],
    options = {},
  ): Promise<{ upstream: TestUpstream; gateway: TestGateway }> {
    const upstream = await startUpstream(respond);
    const gateway = await startGateway(upstream.url, { timeouts: SHORT_TIMEOUTS, ...options });
    cleanups.push(
      () => gateway.close(),
      () => upstream.kill(),
    );
    return { upstream, gateway };
  }

  test("upstream down at start → 502 UpstreamUnreachable; it comes up → the same gateway relays", async () => {
    const port = await freePort();
    const gateway = await startGateway(`http://127.0.0.1:${port}`, { timeouts: SHORT_TIMEOUTS });
    cleanups.push(() => gateway.close());
    for (const method of ["GET", "POST"]) {
      const answer = await send(gateway.port, "/api/v2/User/Ping", { method });
      assertFailure(answer, 502, GatewayErrorCode.UpstreamUnreachable, port);
    }
    const upstream = await startUpstream(echo, port);
    cleanups.push(() => upstream.kill());
    const answer = await send(gateway.port, "/api/v2/User/Ping");
    assert.equal(answer.status, 200);
    assert.equal(answer.json().url, "/api/v2/User/Ping");
  });

  test("upstream killed mid-request → 502; restarted on its port → the gateway recovers", async () => {
    let upstream = await startUpstream(() => void upstream.kill());
    const port = upstream.port;
    const gateway = await startGateway(upstream.url, { timeouts: SHORT_TIMEOUTS });
    cleanups.push(() => gateway.close());
    const answer = await send(gateway.port, "/api/Notifications/", {
      method: "PUT",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    assertFailure(answer, 502, GatewayErrorCode.UpstreamUnreachable, port);
    assert.equal(upstream.received.length, 1);
    upstream = await startUpstream(echo, port);
    cleanups.push(() => upstream.kill());
    assert.equal((await send(gateway.port, "/api/Notifications/")).status, 200);
  });

  test("upstream killed mid-stream → the browser's response is aborted; the gateway keeps serving", async () => {
    const { upstream, gateway } = await setUp((request, response, received) => {
      if (request.url !== "/ws/File/Export/F1") return echo(request, response, received);
      response.writeHead(200, { "content-type": "text/csv", "content-length": 1_000_000 });
      response.write("a,b,c\n".repeat(1000), () => response.socket?.destroy());
    });
    const outcome = await new Promise<string>((resolve) => {
      http
        .get(
          { host: "127.0.0.1", port: gateway.port, path: "/webservices/File/Export/F1", agent: false },
          (response) => {
            assert.equal(response.statusCode, 200);
            response.on("data", () => {});
            response.on("end", () => resolve("ended"));
            response.on("aborted", () => resolve("aborted"));
            response.on("error", () => resolve("aborted"));
          },
        )
        .on("error", () => resolve("aborted"));
    });
    assert.equal(outcome, "aborted");
    assert.equal((await send(gateway.port, "/api/v2/User/Ping")).status, 200);
    assert.equal(upstream.received.length, 2);
  });

  test("upstream slower than the headers timeout → 504 UpstreamTimeout, and no retry", async () => {
    const { upstream, gateway } = await setUp(() => {}); // never answers
    const answer = await send(gateway.port, "/api/Common/LoggedInConfig");
    assertFailure(answer, 504, GatewayErrorCode.UpstreamTimeout, upstream.port);
    assert.equal(upstream.received.length, 1, "a timed-out GET is not retried");
  });

  test("a body that stalls before its first byte → 504; after it → the browser's response is aborted", async () => {
    const { upstream, gateway } = await setUp((request, response) => {
      response.writeHead(200, { "content-type": "application/octet-stream" });
      if (request.url === "/api/stall-later") response.write("first bytes");
    });
    assertFailure(
      await send(gateway.port, "/api/stall-first"),
      504,
      GatewayErrorCode.UpstreamTimeout,
      upstream.port,
    );
    await assert.rejects(send(gateway.port, "/api/stall-later"), /aborted|socket hang up|ECONNRESET/);
    assert.equal((await send(gateway.port, "/healthz")).status, 200);
  });

  test("upstream answering 503 → 503 UpstreamUnavailable with Retry-After, its body not relayed", async () => {
    const { upstream, gateway } = await setUp((_request, response) => {
      response.writeHead(503, { "content-type": "text/plain", "retry-after": "30" });
      response.end("maintenance: db-primary at 10.0.3.7 is down");
    });
    const answer = await send(gateway.port, "/api/Notifications/");
    assertFailure(answer, 503, GatewayErrorCode.UpstreamUnavailable, upstream.port);
    assert.equal(answer.headers["retry-after"], "30");
    assert.ok(!answer.body.toString().includes("10.0.3.7"));
    assert.equal(upstream.received.length, 1, "a 503 is not retried");
  });

  test("too many calls in flight → 503 RelayOverloaded at once; served again once they finish", async () => {
    const held: http.ServerResponse[] = [];
    const { upstream, gateway } = await setUp(
      (request, response, received) => {
        if (request.url === "/api/hold") held.push(response);
        else echo(request, response, received);
      },
      { maxInFlight: 2 },
    );
    const first = send(gateway.port, "/api/hold");
    const second = send(gateway.port, "/api/hold");
    while (upstream.received.length < 2) await upstream.nextRequest();
    assertFailure(
      await send(gateway.port, "/api/v2/User/Ping"),
      503,
      GatewayErrorCode.RelayOverloaded,
      upstream.port,
    );
    assert.equal(upstream.received.length, 2);
    for (const response of held) response.end("done");
    assert.equal((await first).status, 200);
    assert.equal((await second).status, 200);
    assert.equal((await send(gateway.port, "/api/v2/User/Ping")).status, 200);
  });

  test("the browser aborting cancels the upstream request", async () => {
    const { upstream, gateway } = await setUp(() => {}); // holds every request open
    for (const method of ["GET", "POST"]) {
      const next = upstream.nextRequest();
      const request = http.request({
        host: "127.0.0.1",
        port: gateway.port,
        path: "/api/DataImport/Connection/7/SmartView/ParametersData",
        method,
        agent: false,
        headers:
          method === "POST" ? { "content-type": "application/json", "transfer-encoding": "chunked" } : {},
      });
      request.on("error", () => {});
      if (method === "POST") request.write('{"data":"');
      else request.end();
      const seen = await next;
      request.destroy();
      assert.equal(await seen.closed, "aborted");
    }
    assert.equal((await send(gateway.port, "/healthz")).status, 200);
  });

  test("a POST whose connection resets is not retried: the upstream counts one request", async () => {
    const { upstream, gateway } = await setUp((request) => request.socket.destroy());
    const answer = await send(gateway.port, "/api/supportchat/message", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Page: "/", Text: "hello" }),
    });
    assertFailure(answer, 502, GatewayErrorCode.UpstreamUnreachable, upstream.port);
    assert.equal(upstream.received.length, 1);
  });

  test("a GET whose connection resets is retried once: success on the second attempt, never a third", async () => {
    let resets = 1;
    const { upstream, gateway } = await setUp((request, response, received) => {
      if (resets-- > 0) request.socket.destroy();
      else echo(request, response, received);
    });
    const answer = await send(gateway.port, "/api/Notifications/");
    assert.equal(answer.status, 200);
    assert.equal(upstream.received.length, 2);

    resets = Number.POSITIVE_INFINITY;
    const failing = await send(gateway.port, "/api/Notifications/");
    assertFailure(failing, 502, GatewayErrorCode.UpstreamUnreachable, upstream.port);
    assert.equal(upstream.received.length, 4, "one retry, not a storm");
  });
});
