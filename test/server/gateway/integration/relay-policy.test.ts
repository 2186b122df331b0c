/**
 * The relay's policy against the embedded upstream's route table, over real sockets: every upstream
 * route is either relayed with the caller's identity or refused by the gateway with a code — nothing
 * in between, and a route the policy has not judged fails here. Then the holes this policy closes:
 * credential calls through the relay (raw tokens, no rate limit, signup while closed), service-only
 * calls that signed users out, and bodies the upstream would refuse mid-stream.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { RELAY_FAILURES } from "../../../../server/gateway/relay/relay-failure.ts";
import type { RelayBase } from "../../../../server/gateway/relay/relay-policy.ts";
import { productRelayPolicy } from "../../../../server/gateway/relay/relayed-calls.ts";
import { buildUpstream, type UpstreamRoute, upstreamRouteTable } from "../../../../server/upstream/app.ts";
import { BrowserClient, DEMO_LOGINS, DEMO_PASSWORD } from "./browser-client.ts";
import { type RunningGateway, startGateway } from "./integration-fixture.ts";

/** The routes the relay refuses, as the spec's session flows and the gateway's service calls name them. */
const REFUSED: Record<string, "session" | "service"> = {
  "POST /api/Login": "session",
  "POST /api/Login/TwoFactor": "session",
  "POST /api/Login/LoginWithRDS": "session",
  "POST /api/Login/ForgotPassword": "session",
  "POST /api/Login/ResetPassword": "session",
  "POST /api/Login/ForgotDomain": "session",
  "POST /api/Login/Disable2FA/Request": "session",
  "POST /api/Login/Disable2FA": "session",
  "POST /api/Logout": "session",
  "POST /api/Signup": "session",
  "POST /api/User/ChangePassword": "session",
  "POST /api/Admin/Users/Impersonate": "session",
  "POST /api/Admin/Configuration/PreviewSession": "session",
  "POST /api/v2/User/StopImpersonate": "session",
  "GET /ws/Gateway/Embedding/Account/:accountRecId": "service",
  "GET /ws/Gateway/Embedding/Share/:type/:code": "service",
  "GET /ws/Gateway/Settings": "service",
  "GET /ws/Gateway/RolePermissions": "service",
  "GET /ws/Gateway/UserAccess/:userRecId": "service",
};

/** Sample values for the route parameters. */
const PARAMETERS: Record<string, string> = { area: "Dashboards", type: "Dashboard", kind: "Primary" };

/** The browser path of an upstream route, or null for a route outside both relayed bases. */
function browserPath(route: UpstreamRoute): { base: RelayBase; path: string; relative: string } | null {
  const concrete = route.url.replace(/:(\w+)/g, (_match, name: string) => PARAMETERS[name] ?? "1");
  if (concrete.startsWith("/api/"))
    return { base: "app", path: concrete, relative: concrete.slice("/api/".length) };
  if (concrete.startsWith("/ws/")) {
    const relative = concrete.slice("/ws/".length);
    return { base: "webservices", path: `/webservices/${relative}`, relative };
  }
  return null;
}

describe("the relay policy over the upstream's route table", () => {
  let dataDir: string;
  let upstream: FastifyInstance;
  let gateway: RunningGateway;
  let browser: BrowserClient;
  /** The upstream path currently probed: the upstream records it and answers 204 without running it. */
  let probed: string | null = null;
  const received: { method: string; url: string; authorization: string | undefined }[] = [];

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tessera-relay-policy-"));
    upstream = await buildUpstream({
      dataDir,
      seed: true,
      debug: true,
      passwordCost: { N: 1024, r: 8, p: 1 },
    });
    upstream.addHook("onRequest", async (request, reply) => {
      const path = (request.raw.url ?? "").split("?")[0];
      received.push({
        method: request.method,
        url: path ?? "",
        authorization: request.headers.authorization,
      });
      if (probed !== null && path === probed) return reply.code(204).send();
    });
    const upstreamUrl = await upstream.listen({ host: "127.0.0.1", port: 0 });
    gateway = await startGateway(upstreamUrl);
    browser = await new BrowserClient(gateway.url).signIn("owner");
  });
  after(async () => {
    await gateway.app.close();
    await upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("every upstream route has a decision, and the refused ones are exactly the credential and service calls", () => {
    const policy = productRelayPolicy();
    const refused: Record<string, string> = {};
    const outside: string[] = [];
    for (const route of upstreamRouteTable(upstream)) {
      const name = `${route.method} ${route.url}`;
      const target = browserPath(route);
      if (!target) {
        outside.push(name);
        continue;
      }
      const decision = policy.decide(target.base, route.method, target.relative);
      if (decision.relay) {
        assert.equal(
          decision.maxBodyBytes,
          route.bodyLimit,
          `${name}: the gateway's body limit is the upstream's`,
        );
        continue;
      }
      assert.notEqual(decision.decision, "unknown", `${name} has no decision in relayed-calls.ts`);
      refused[name] = decision.decision;
    }
    assert.deepEqual(refused, REFUSED);
    // Outside /api/ and /ws/: only the hubs, which browsers reach through /gw/hub.
    assert.ok(outside.length > 0 && outside.every((name) => / \/hubs\//.test(name)), outside.join(", "));
  });

  test("over the wire: relayed routes reach the upstream with the session's token, refused ones never do", async () => {
    probed = "/api/Common/LoggedInConfig";
    received.length = 0;
    assert.equal((await browser.get("/api/Common/LoggedInConfig")).status, 204);
    const identity = received.find((seen) => seen.url === probed)?.authorization;
    assert.match(identity ?? "", /^Bearer \S+$/, "the session's upstream token");

    for (const route of upstreamRouteTable(upstream)) {
      const target = browserPath(route);
      if (!target) continue;
      const name = `${route.method} ${route.url}`;
      probed = target.path.replace(/^\/webservices\//, "/ws/");
      received.length = 0;
      const hasBody = route.method !== "GET" && route.method !== "HEAD";
      const answer = await browser.request(route.method, target.path, hasBody ? { json: {} } : {});
      const reached = received.filter((seen) => seen.url === probed && seen.method === route.method);
      const refusal = REFUSED[name];
      if (refusal === undefined) {
        assert.equal(answer.status, 204, `${name} is relayed (${answer.bytes.toString().slice(0, 200)})`);
        assert.equal(reached.length, 1, `${name} reached the upstream once`);
        assert.equal(reached[0]?.authorization, identity, `${name} carries the caller's identity`);
      } else {
        const failure =
          refusal === "session"
            ? RELAY_FAILURES.RelaySessionCallRefused
            : RELAY_FAILURES.RelayServiceCallRefused;
        assert.equal(answer.status, failure.status, name);
        assert.deepEqual(
          answer.json,
          { ErrorCode: GatewayErrorCode[failure.code], Message: failure.message },
          name,
        );
        assert.equal(reached.length, 0, `${name} never reaches the upstream`);
      }
    }
    probed = null;
    assert.equal((await browser.get("/gw/session")).status, 200, "still signed in after every probe");
  });

  test("spellings the upstream routes the same way are refused the same way", async () => {
    received.length = 0;
    for (const path of [
      "/api/login",
      "/api/LOGIN/",
      "/api/%4Cogin",
      "/api/Login/TwoFactor/",
      "/api/sIgNuP",
    ]) {
      const answer = await browser.post(path, {});
      assert.equal(answer.status, 403, path);
      assert.equal(answer.json.ErrorCode, GatewayErrorCode.RelaySessionCallRefused, path);
    }
    const unknown = await browser.get("/api/NoSuchFamily/1");
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.ErrorCode, GatewayErrorCode.RelayCallNotRelayed);
    assert.deepEqual(
      received.filter((seen) => !seen.url.startsWith("/api/Common/")),
      [],
      "the upstream saw none of them",
    );
  });
});

describe("credential, service and oversized calls at the relay", () => {
  let dataDir: string;
  let upstream: FastifyInstance;
  let upstreamUrl: string;
  let gateway: RunningGateway;
  const received: string[] = [];

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tessera-relay-holes-"));
    upstream = await buildUpstream({ dataDir, seed: true, passwordCost: { N: 1024, r: 8, p: 1 } });
    upstream.addHook("onRequest", async (request) => {
      received.push(`${request.method} ${(request.raw.url ?? "").split("?")[0]}`);
    });
    upstreamUrl = await upstream.listen({ host: "127.0.0.1", port: 0 });
    gateway = await startGateway(upstreamUrl);
  });
  after(async () => {
    await gateway.app.close();
    await upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("an anonymous POST /api/Login never answers with the upstream's token, however often it is tried", async () => {
    const anonymous = await new BrowserClient(gateway.url).open();
    const owner = DEMO_LOGINS.owner;
    received.length = 0;
    for (let attempt = 0; attempt < 40; attempt++) {
      const password = attempt === 39 ? DEMO_PASSWORD : `wrong-${attempt}`;
      const answer = await anonymous.post("/api/Login", {
        Domain: owner.domain,
        Email: owner.email,
        Password: password,
      });
      assert.equal(answer.status, 403);
      assert.equal(answer.json.ErrorCode, GatewayErrorCode.RelaySessionCallRefused);
      assert.equal(answer.bytes.toString().includes("Token"), false);
    }
    for (const path of ["/api/Login/TwoFactor", "/api/Login/ForgotPassword"]) {
      const answer = await anonymous.post(path, { TwoFactorToken: "x", Code: "000000", Email: owner.email });
      assert.equal(answer.json.ErrorCode, GatewayErrorCode.RelaySessionCallRefused, path);
    }
    assert.deepEqual(received, [], "the upstream saw none of them");
  });

  test("POST /api/Signup creates no account while the gateway's signup is closed", async () => {
    const anonymous = await new BrowserClient(gateway.url).open();
    const account = {
      AccountName: "Intruder",
      Domain: "intruder",
      FullName: "Intruder",
      Email: "intruder@example.com",
      Password: "a-long-enough-password-1",
    };
    const answer = await anonymous.post("/api/Signup", account);
    assert.equal(answer.status, 403);
    assert.equal(answer.json.ErrorCode, GatewayErrorCode.RelaySessionCallRefused);
    const login = await fetch(`${upstreamUrl}/api/Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Domain: account.Domain, Email: account.Email, Password: account.Password }),
    });
    assert.equal(login.status, 401, "no such account at the upstream");
  });

  test("a signed-in GET of a service-only call is refused and signs nobody out", async () => {
    const browser = await new BrowserClient(gateway.url).signIn("owner");
    for (const path of [
      "/webservices/Gateway/Embedding/Account/1",
      "/webservices/Gateway/Embedding/Share/Dashboard/abcdef",
      "/webservices/Gateway/Settings",
      "/webservices/Gateway/RolePermissions",
      "/webservices/Gateway/UserAccess/1",
    ]) {
      // What a link from another site does: a top-level GET carrying the session cookie.
      const answer = await browser.get(path, { headers: { "sec-fetch-site": "cross-site" } });
      assert.equal(answer.status, 403, path);
      assert.equal(answer.json.ErrorCode, GatewayErrorCode.RelayServiceCallRefused, path);
      assert.equal(answer.headers.getSetCookie().length, 0, "no cookie cleared");
    }
    assert.equal((await browser.get("/gw/session")).status, 200, "still signed in");
  });

  test("a JSON body over the upstream's limit gets 413 from the gateway, never 502, and the upstream sees none of it", async () => {
    const browser = await new BrowserClient(gateway.url).signIn("owner");
    for (const kib of [65, 300, 700, 1000]) {
      received.length = 0;
      const answer = await browser.post("/api/supportchat/message", {
        Page: "/",
        Text: "x".repeat(kib * 1024),
      });
      assert.equal(answer.status, 413, `${kib} KiB`);
      assert.equal(answer.json.ErrorCode, GatewayErrorCode.RelayBodyTooLarge, `${kib} KiB`);
      assert.deepEqual(received, [], `${kib} KiB: the upstream saw nothing`);
    }
    const upload = new FormData();
    upload.append("file[]", new Blob([new Uint8Array(2 * 1024 * 1024 + 64 * 1024 + 1)]), "big.png");
    const tooBig = await browser.request("PUT", "/api/supportchat/file", { form: upload });
    assert.equal(tooBig.status, 413);
    assert.equal(tooBig.json.ErrorCode, GatewayErrorCode.RelayUploadTooLarge);
  });
});
