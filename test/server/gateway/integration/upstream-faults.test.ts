/**
 * Upstream faults through `buildApp`: down at start (readiness says so, calls answer 502 with a
 * code, the gateway recovers once the real upstream starts on that port), killed mid-request,
 * killed mid-stream, slow beyond the relay's timeout (504), answering 503. Each answer is a gateway
 * error `{ErrorCode, Message}` that reveals no address or stack, and the gateway stays up.
 *
 * The timeout is the shipped default (UPSTREAM_HEADERS_TIMEOUT_MS). Its passing is simulated, not
 * waited for: undici's timers run on a coarse clock of their own (lib/util/timers.js), and its
 * `tick(ms)` moves that clock — the fake timer of the relay's connection pool.
 */
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { after, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { UPSTREAM_HEADERS_TIMEOUT_MS } from "../../../../server/gateway/relay/relay-dispatcher.ts";
import { type Answer, BrowserClient } from "./browser-client.ts";
import {
  freePort,
  type RunningGateway,
  startGateway,
  startSmallUpstream,
  startUpstream,
} from "./integration-fixture.ts";

/** undici's own clock (the same module instance the gateway's relay pool uses). */
const undiciTimers = createRequire(import.meta.url)("undici/lib/util/timers.js") as {
  tick(ms: number): void;
};

const cleanups: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function gatewayFor(upstreamUrl: string): Promise<RunningGateway> {
  const gateway = await startGateway(upstreamUrl);
  cleanups.push(() => gateway.app.close());
  return gateway;
}

/** A gateway error: the status, the code, and nothing about the upstream in the body. */
function assertGatewayError(answer: Answer, status: number, code: number, upstreamPort: number): void {
  assert.equal(answer.status, status, answer.bytes.toString());
  assert.deepEqual(Object.keys(answer.json).sort(), ["ErrorCode", "Message"]);
  assert.equal(answer.json.ErrorCode, code);
  for (const secret of [String(upstreamPort), "127.0.0.1", "ECONN", "UND_ERR", "    at "]) {
    assert.ok(!answer.bytes.toString().includes(secret), `the body reveals ${secret}`);
  }
}

async function stillUp(gateway: RunningGateway): Promise<void> {
  assert.equal((await fetch(`${gateway.url}/healthz`)).status, 200);
}

describe("upstream faults through buildApp", () => {
  test("down at start: not ready, 502 with a code; the upstream starts on its port → ready, signed in, relayed", async () => {
    const port = await freePort();
    const gateway = await gatewayFor(`http://127.0.0.1:${port}`);
    const readiness = await fetch(`${gateway.url}/readyz`);
    assert.equal(readiness.status, 503);
    assert.deepEqual(((await readiness.json()) as { checks: unknown }).checks, {
      manifests: true,
      upstream: false,
    });
    const visitor = await new BrowserClient(gateway.url).open();
    assertGatewayError(
      await visitor.get("/api/Common/LoggedInConfig"),
      502,
      GatewayErrorCode.UpstreamUnreachable,
      port,
    );
    const login = await visitor.post("/gw/session/login", {
      email: "owner@northwind.example",
      password: "x",
    });
    assertGatewayError(login, 502, GatewayErrorCode.UpstreamUnreachable, port);
    await stillUp(gateway);

    const upstream = await startUpstream({ port });
    cleanups.push(() => upstream.close());
    assert.equal((await fetch(`${gateway.url}/readyz`)).status, 200);
    const owner = await visitor.signIn("owner");
    const config = await owner.get("/api/Common/LoggedInConfig");
    assert.equal(config.status, 200);
    assert.equal(config.json.User.FullName, "Olivia Owner");
  });

  test("killed mid-request: 502 with a code; it comes back on its port → relayed again", async () => {
    let upstream = await startSmallUpstream((request) => {
      void upstream.kill();
      request.socket.destroy();
    });
    const port = upstream.port;
    const gateway = await gatewayFor(upstream.url);
    const visitor = await new BrowserClient(gateway.url).open();
    const answer = await visitor.post("/api/supportchat/message", { Page: "/", Text: "hello" });
    assertGatewayError(answer, 502, GatewayErrorCode.UpstreamUnreachable, port);
    assertGatewayError(
      await visitor.get("/api/v2/User/Ping"),
      502,
      GatewayErrorCode.UpstreamUnreachable,
      port,
    );
    await stillUp(gateway);
    upstream = await startSmallUpstream((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    }, port);
    cleanups.push(() => upstream.kill());
    const back = await visitor.get("/api/v2/User/Ping");
    assert.equal(back.status, 200);
    assert.deepEqual(back.json, { ok: true });
  });

  test("killed mid-stream: the browser's download breaks off (never a truncated success); the gateway stays up", async () => {
    const upstream = await startSmallUpstream((_request, response) => {
      response.writeHead(200, { "content-type": "text/csv", "content-length": "100000" });
      response.write("Region,Revenue\n".repeat(100), () => response.socket?.destroy());
    });
    cleanups.push(() => upstream.kill());
    const gateway = await gatewayFor(upstream.url);
    const response = await fetch(
      `${gateway.url}/webservices/File/Export/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b`,
    );
    assert.equal(response.status, 200, "the headers had already been relayed");
    await assert.rejects(response.arrayBuffer(), "the body must not end as if complete");
    await stillUp(gateway);
  });

  test("slow beyond the headers timeout: 504 UpstreamTimeout, and the upstream call is cancelled", async () => {
    let arrived!: () => void;
    const received = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let cancelled!: () => void;
    const upstreamSawClose = new Promise<void>((resolve) => {
      cancelled = resolve;
    });
    const upstream = await startSmallUpstream((request) => {
      request.socket.once("close", cancelled);
      arrived(); // and never answers
    });
    cleanups.push(() => upstream.kill());
    const gateway = await gatewayFor(upstream.url);
    const pending = new BrowserClient(gateway.url).get("/api/Common/WidgetThemes");
    await received;
    undiciTimers.tick(0); // the request's timer joins undici's clock
    undiciTimers.tick(UPSTREAM_HEADERS_TIMEOUT_MS + 1_000);
    assertGatewayError(await pending, 504, GatewayErrorCode.UpstreamTimeout, upstream.port);
    await upstreamSawClose;
    await stillUp(gateway);
  });

  test("answering 503: 503 UpstreamUnavailable with its Retry-After, never its body", async () => {
    const upstream = await startSmallUpstream((_request, response) => {
      response
        .writeHead(503, { "content-type": "text/plain", "retry-after": "7" })
        .end(
          "Service Unavailable: pool exhausted at db-3.internal:5432\n    at Pool.acquire (/srv/pool.js:1:1)",
        );
    });
    cleanups.push(() => upstream.kill());
    const gateway = await gatewayFor(upstream.url);
    const answer = await new BrowserClient(gateway.url).get("/api/Notifications/");
    assertGatewayError(answer, 503, GatewayErrorCode.UpstreamUnavailable, upstream.port);
    assert.equal(answer.headers.get("retry-after"), "7");
    assert.ok(!answer.bytes.toString().includes("db-3.internal"));
    await stillUp(gateway);
  });
});
