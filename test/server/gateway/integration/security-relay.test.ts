/**
 * The gateway as the trust boundary, through `buildApp` against the real upstream: CSRF on relayed
 * state-changing calls, what reaches the upstream of the browser's identity, forwarding and
 * hop-by-hop headers (seen by the upstream itself), traversal and encoded-slash paths, and
 * prototype-pollution bodies.
 */
import assert from "node:assert/strict";
import type { IncomingHttpHeaders } from "node:http";
import { after, before, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { type BrowserClient, rawRequest, signedIn } from "./browser-client.ts";
import { type Stack, startStack } from "./integration-fixture.ts";

/** What the upstream received: method, target and headers, in order. */
const received: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];

let stack: Stack;
let owner: BrowserClient;

before(async () => {
  stack = await startStack({
    onRequest: (request) =>
      received.push({ method: request.method, url: request.url, headers: request.headers }),
  });
  owner = await signedIn(stack.gateway.url, "owner");
});
after(async () => stack.close());

async function messageCount(): Promise<number> {
  return (await owner.get("/api/supportchat/active")).json.Messages.length;
}

/** Requests the upstream received while `work` ran. */
async function upstreamSaw(work: () => Promise<unknown>) {
  const from = received.length;
  await work();
  return received.slice(from);
}

describe("CSRF on relayed calls", () => {
  const message = { Page: "/", Text: "must not be stored", UID: "csrf-test-0000-01" };

  test("a relayed POST without X-Tessera-CSRF → 403 CsrfTokenInvalid; the upstream never sees it", async () => {
    const before = await messageCount();
    const seen = await upstreamSaw(async () => {
      const answer = await owner.post("/api/supportchat/message", message, { csrf: false });
      assert.equal(answer.status, 403);
      assert.equal(answer.json.ErrorCode, GatewayErrorCode.CsrfTokenInvalid);
    });
    assert.deepEqual(seen, []);
    assert.equal(await messageCount(), before);
  });

  test("a forged header, and PUT and DELETE without one, are refused the same way", async () => {
    const forged = await owner.post("/api/supportchat/message", message, { csrf: "forged-token" });
    assert.equal(forged.json.ErrorCode, GatewayErrorCode.CsrfTokenInvalid);
    const put = await owner.put("/api/Notifications/", { NotificationRecIds: [1] }, { csrf: false });
    assert.equal(put.status, 403);
    const cleared = await owner.delete("/api/Notifications/", { csrf: false });
    assert.equal(cleared.status, 403);
    assert.ok((await owner.get("/api/Notifications/")).json.length > 0, "nothing was cleared");
  });

  test("the right token from a foreign Origin → 403 CsrfOriginRefused", async () => {
    const answer = await owner.post("/api/supportchat/message", message, { origin: "https://evil.example" });
    assert.equal(answer.status, 403);
    assert.equal(answer.json.ErrorCode, GatewayErrorCode.CsrfOriginRefused);
  });
});

describe("what the upstream sees", () => {
  test("spoofed identity and X-Forwarded-* headers never reach it; its Authorization is the gateway's", async () => {
    const viewer = await fetch(`${stack.upstream.url}/api/Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        Domain: "northwind",
        Email: "viewer@northwind.example",
        Password: "tessera-demo",
      }),
    });
    const viewerToken = ((await viewer.json()) as { Token: string }).Token;
    const spoofed = {
      authorization: `Bearer ${viewerToken}`,
      "x-forwarded-for": "203.0.113.7",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      forwarded: "for=203.0.113.7;host=evil.example",
      "x-real-ip": "203.0.113.7",
      "x-user-id": "1",
      "x-account-id": "1",
      "x-impersonate": "viewer@northwind.example",
      "x-original-url": "/api/Admin/Users",
      "x-http-method-override": "DELETE",
    };
    let answer: Awaited<ReturnType<BrowserClient["get"]>> | undefined;
    const [seen] = await upstreamSaw(async () => {
      answer = await owner.get("/api/Common/LoggedInConfig", { headers: spoofed });
    });
    assert.equal(
      answer?.json.User.FullName,
      "Olivia Owner",
      "the session's identity, not the browser's token",
    );
    assert.ok(seen);
    assert.match(seen.headers.authorization ?? "", /^Bearer \S+$/);
    assert.notEqual(seen.headers.authorization, spoofed.authorization);
    for (const name of Object.keys(spoofed).filter((n) => n !== "authorization")) {
      assert.equal(seen.headers[name], undefined, `${name} reached the upstream`);
    }
    assert.equal(seen.headers.cookie, undefined, "the gateway's cookies stay at the gateway");
    assert.equal(seen.headers["x-tessera-csrf"], undefined);
    assert.equal(seen.method, "GET");
  });

  test("a header named in Connection: is dropped, and naming Authorization cannot strip the gateway's", async () => {
    const [seen] = await upstreamSaw(async () => {
      const answer = await rawRequest(stack.gateway.port, "/api/Common/LoggedInConfig", {
        headers: {
          cookie: owner.cookieHeader(),
          connection: "keep-alive, x-smuggled, authorization, host",
          "x-smuggled": "1",
        },
      });
      assert.equal(answer.status, 200);
    });
    assert.ok(seen);
    assert.equal(seen.headers["x-smuggled"], undefined);
    assert.match(seen.headers.authorization ?? "", /^Bearer \S+$/);
    assert.equal(seen.headers.host, new URL(stack.upstream.url).host);
  });
});

describe("paths that would leave the relay's base", () => {
  const targets = [
    "/api/../ws/Client/Admin/Config",
    "/api/Common/../../ws/Client/Admin/Config",
    "/api/%2e%2e/ws/Client/Admin/Config",
    "/api/%252e%252e/ws/Client/Admin/Config",
    "/api/Common%2fLoggedInConfig",
    "/api/Common%2FLoggedInConfig",
    "/api/Common%5cLoggedInConfig",
    "/api/Common\\LoggedInConfig",
    "/api//Common/LoggedInConfig",
    "/webservices/..%2f..%2fapi/Common/LoggedInConfig",
    "/webservices/%2e%2e%2fapi/Common/LoggedInConfig",
    "/api/Common/LoggedInConfig%00",
  ];
  for (const target of targets) {
    test(`${target} → 400 RelayInvalidPath, nothing relayed`, async () => {
      const seen = await upstreamSaw(async () => {
        const answer = await rawRequest(stack.gateway.port, target, {
          headers: { cookie: owner.cookieHeader() },
        });
        assert.equal(answer.status, 400, answer.body);
        assert.equal(JSON.parse(answer.body).ErrorCode, GatewayErrorCode.RelayInvalidPath);
      });
      assert.deepEqual(seen, []);
    });
  }
});

describe("prototype-pollution bodies", () => {
  // The gateway and the upstream run in this process: a polluted Object.prototype shows on any new object.
  const polluted = () => ({}) as Record<string, unknown>;
  const bodies = [
    '{"__proto__":{"polluted":true},"email":"owner@northwind.example","password":"x"}',
    '{"constructor":{"prototype":{"polluted":true}},"email":"owner@northwind.example","password":"x"}',
    '{"email":"owner@northwind.example","password":"x","nested":{"__proto__":{"polluted":true}}}',
  ];

  test("session endpoints refuse them with 400 ForbiddenBodyKey; nothing is polluted", async () => {
    for (const body of bodies) {
      const answer = await owner.request("POST", "/gw/session/login", {
        raw: { body, type: "application/json" },
      });
      assert.equal(answer.status, 400, body);
      assert.equal(answer.json.ErrorCode, GatewayErrorCode.ForbiddenBodyKey, body);
    }
    assert.equal(polluted().polluted, undefined);
  });

  test("relayed bodies reach the upstream's strict parser: refused with 400, nothing stored or polluted", async () => {
    const before = (await owner.get("/api/Common/LoggedInConfig")).json.User.InterfacePreferences;
    for (const preferences of [
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
    ]) {
      const answer = await owner.request("PUT", "/api/User/Interface", {
        raw: { body: `{"InterfacePreferences":${preferences}}`, type: "application/json" },
      });
      assert.equal(answer.status, 400, preferences);
    }
    assert.equal(polluted().polluted, undefined);
    assert.deepEqual((await owner.get("/api/Common/LoggedInConfig")).json.User.InterfacePreferences, before);
  });
});
