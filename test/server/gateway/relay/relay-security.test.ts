/**
 * The relay as a trust boundary, over real sockets: identity only from the session, forged identity,
 * forwarding and hop-by-hop headers stripped, header injection through `Connection:`, and every path
 * that could leave the upstream base refused before the upstream sees anything.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import {
  echo,
  rawJson,
  send,
  sendRaw,
  startGateway,
  startUpstream,
  type TestGateway,
  type TestUpstream,
} from "./relay-fixture.ts";

const FORGED = {
  Authorization: "Bearer stolen-admin-token",
  "Proxy-Authorization": "Basic YWRtaW46YWRtaW4=",
  "X-User-Id": "1",
  "X-UserId": "1",
  "X-Account-Id": "42",
  "X-Impersonating": "true",
  "X-Impersonator-Id": "9",
  "X-Auth-User": "admin",
  "X-Tenant": "other",
  "X-Forwarded-For": "10.0.0.1",
  "X-Forwarded-Host": "admin.internal",
  "X-Forwarded-Proto": "https",
  "X-Forwarded-Prefix": "/admin",
  Forwarded: "for=10.0.0.1;proto=https",
  "X-Real-IP": "10.0.0.1",
  "True-Client-IP": "10.0.0.1",
  Via: "1.1 trusted-proxy",
  "X-Original-URL": "/api/Admin/Users",
  "X-Rewrite-URL": "/api/Admin/Users",
  "X-HTTP-Method-Override": "DELETE",
};

describe("REST relay: security", () => {
  let upstream: TestUpstream;
  let gateway: TestGateway;
  before(async () => {
    upstream = await startUpstream(echo);
    gateway = await startGateway(upstream.url);
  });
  after(async () => {
    await gateway.close();
    await upstream.kill();
  });

  const lastHeaders = () => upstream.received.at(-1)!.headers;

  test("sets Authorization from the session only, and strips every forged identity and forwarding header", async () => {
    const answer = await send(gateway.port, "/api/Common/LoggedInConfig", {
      headers: { ...FORGED, Cookie: "session=alice; theme=dark", "Accept-Language": "de" },
    });
    assert.equal(answer.status, 200);
    const seen = lastHeaders();
    assert.equal(seen.authorization, "Bearer token-alice");
    assert.equal(seen.cookie, undefined, "the gateway's cookie stays at the gateway");
    for (const name of Object.keys(FORGED).filter((name) => name !== "Authorization")) {
      assert.equal(seen[name.toLowerCase()], undefined, `${name} must not reach the upstream`);
    }
    assert.equal(seen.host, `127.0.0.1:${upstream.port}`);
    assert.equal(seen["accept-language"], "de", "end-to-end headers pass");
  });

  test("relays a call without a session with no Authorization at all, even when the browser sent one", async () => {
    await send(gateway.port, "/api/Common/LoggedInConfig", {
      headers: { Authorization: "Bearer stolen-admin-token" },
    });
    assert.equal(lastHeaders().authorization, undefined);
  });

  test("sets X-Forwarded-For/-Proto from the socket when configured, never the browser's", async () => {
    const forwarding = await startGateway(upstream.url, { forwardedHeaders: true });
    try {
      await send(forwarding.port, "/api/v2/User/Ping", { headers: FORGED });
      const seen = lastHeaders();
      assert.equal(seen["x-forwarded-for"], "127.0.0.1");
      assert.equal(seen["x-forwarded-proto"], "http");
      assert.equal(seen.forwarded, undefined);
      assert.equal(seen["x-forwarded-host"], undefined);
    } finally {
      await forwarding.close();
    }
  });

  test("drops hop-by-hop headers and every header `Connection:` names (header injection)", async () => {
    const answer = await sendRaw(
      gateway.port,
      [
        "GET /api/v2/User/Ping HTTP/1.1",
        "Host: gw",
        "Connection: close, X-Secret, Authorization, X-Api-Version",
        "X-Secret: injected",
        "X-Api-Version: 2",
        "Keep-Alive: timeout=600",
        "TE: trailers",
        "Trailer: X-Checksum",
        "Proxy-Connection: keep-alive",
        "Cookie: session=bob",
        "",
        "",
      ].join("\r\n"),
    );
    assert.equal(answer.status, 200);
    const seen = lastHeaders();
    for (const name of ["x-secret", "x-api-version", "keep-alive", "te", "trailer", "proxy-connection"]) {
      assert.equal(seen[name], undefined, `${name} must not reach the upstream`);
    }
    assert.equal(
      seen.authorization,
      "Bearer token-bob",
      "Connection cannot remove the gateway's own headers",
    );
    assert.ok(
      !String(seen.connection ?? "")
        .toLowerCase()
        .includes("x-secret"),
    );
  });

  const REFUSED_TARGETS = [
    "/api/../secret",
    "/api/Common/../../secret",
    "/api/./Common",
    "/api/%2e%2e/secret",
    "/api/%2E%2e/secret",
    "/api/.%2e/secret",
    "/api/%2e/secret",
    "/api/Common/%2e%2e%2f%2e%2e%2fsecret",
    "/api/a%2fb",
    "/api/a%2F..%2Fb",
    "/api/a%5cb",
    "/api/a%5C..%5Cb",
    "/api/a\\b",
    "/api/..\\secret",
    "/api/%252e%252e/secret",
    "/api/a%252fb",
    "/api/%00",
    "/api/a%0d%0aX-Injected:%201",
    "/api/a%09b",
    "/api//evil.example/x",
    "/api///evil.example/x",
    "/api/Common//LoggedInConfig",
    "/webservices/../api/Admin",
    "/webservices//evil.example/logo",
    "http://evil.example/api/Common/LoggedInConfig",
    "http://127.0.0.1/api/../admin",
  ];

  for (const target of REFUSED_TARGETS) {
    test(`refuses ${JSON.stringify(target)} with 400 and RelayInvalidPath, upstream untouched`, async () => {
      const before = upstream.received.length;
      const answer = await sendRaw(
        gateway.port,
        `GET ${target} HTTP/1.1\r\nHost: gw\r\nConnection: close\r\n\r\n`,
      );
      assert.equal(answer.status, 400);
      assert.deepEqual(rawJson(answer.raw), {
        ErrorCode: GatewayErrorCode.RelayInvalidPath,
        Message: "The request path is not allowed.",
      });
      assert.equal(upstream.received.length, before);
    });
  }

  test("a malformed escape is refused by Fastify's router (400) before the relay, upstream untouched", async () => {
    const before = upstream.received.length;
    const answer = await sendRaw(
      gateway.port,
      "GET /api/%zz HTTP/1.1\r\nHost: gw\r\nConnection: close\r\n\r\n",
    );
    assert.equal(answer.status, 400);
    assert.equal(upstream.received.length, before);
  });

  test("an error body never names the upstream's address", async () => {
    const answer = await sendRaw(
      gateway.port,
      "GET /api/%2e%2e/x HTTP/1.1\r\nHost: gw\r\nConnection: close\r\n\r\n",
    );
    assert.ok(!answer.raw.includes(String(upstream.port)));
    assert.ok(!answer.raw.includes("127.0.0.1"));
  });

  test("refuses a body on GET (400, RelayBodyNotAllowed) without calling the upstream", async () => {
    const before = upstream.received.length;
    const answer = await send(gateway.port, "/api/Notifications/", {
      headers: { "content-type": "application/json" },
      body: '{"x":1}',
    });
    assert.equal(answer.status, 400);
    assert.equal(answer.json().ErrorCode, GatewayErrorCode.RelayBodyNotAllowed);
    assert.equal(upstream.received.length, before);
  });
});
