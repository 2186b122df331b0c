/**
 * The upstream answering a relayed call with 401 ended the user's session (§4.2): the gateway ends
 * its own — the store row, the cookie (cleared on that very answer), the hub tabs (`ended`, no
 * redirect: the runtime's /logout?ws=0 path) — so the next call is anonymous and /gw/session says
 * "not signed in". A 401 on a login call (a wrong second factor, a stale `st` or `it`) is a refused
 * credential and ends nothing. Over real sockets: `buildApp` in front of a small upstream whose
 * tokens the test revokes (its hubs are absent, so a tab stays open, "unreachable").
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type http from "node:http";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../../server/gateway/app.ts";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { LOCALES_DIR, MANIFESTS_DIR } from "../../../helpers/manifest-fixtures.ts";
import { openTab } from "../hub-relay/relay-fixture.ts";
import { BrowserClient } from "../integration/browser-client.ts";
import { PUBLIC_ORIGIN, type SmallUpstream, startSmallUpstream } from "../integration/integration-fixture.ts";

const GRANT_LIFETIME_MS = 3600_000;

/** Tokens the small upstream issued, and the Authorization of every call it received, by path. */
const live = new Set<string>();
const seen: { path: string; authorization: string | undefined }[] = [];

function answer(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** RFC 6750's answer to a token that is no longer valid: what ends a session. */
const INVALID_TOKEN = { "www-authenticate": 'Bearer error="invalid_token"' };

function upstreamHandler(request: http.IncomingMessage, response: http.ServerResponse) {
  const path = (request.url ?? "").split("?")[0] ?? "";
  const authorization = request.headers.authorization;
  seen.push({ path, authorization });
  request.resume();
  const token = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
  const signedIn = token !== undefined && live.has(token);
  if (path === "/api/Login" && request.method === "POST") {
    const issued = randomBytes(32).toString("base64url");
    live.add(issued);
    const expiresAt = new Date(Date.now() + GRANT_LIFETIME_MS).toISOString();
    return answer(response, 200, { Token: issued, ExpiresAt: expiresAt, AbsoluteExpiresAt: expiresAt });
  }
  if (path === "/api/Admin/BlockedIps/Active") {
    // A call that wants another credential (the service token): a plain challenge, no invalid_token.
    return answer(
      response,
      401,
      { ErrorCode: 2001, Message: "Sign in first." },
      { "www-authenticate": "Bearer" },
    );
  }
  if (path === "/api/Common/LoggedInConfig" || path === "/api/Notifications/") {
    if (!signedIn)
      return answer(response, 401, { ErrorCode: 2002, Message: "The session has expired." }, INVALID_TOKEN);
    return answer(response, 200, { User: { AccountRecId: 1, RecId: 1, Email: "u@example.com" } });
  }
  answer(response, 404, { ErrorCode: 1, Message: "Not found." });
}

let upstream: SmallUpstream;
let gateway: FastifyInstance;
let gatewayUrl: string;

before(async () => {
  upstream = await startSmallUpstream(upstreamHandler);
  gateway = await buildApp({
    manifestsDir: MANIFESTS_DIR,
    localesDir: LOCALES_DIR,
    distDir: null,
    upstreamUrl: upstream.url,
    sessionSecret: "relay-401-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
    dataDir: ":memory:",
    publicOrigins: [PUBLIC_ORIGIN],
    hubLimits: { reconnect: { initialMs: 5_000, maxMs: 5_000 } },
  });
  gatewayUrl = await gateway.listen({ host: "127.0.0.1", port: 0 });
});
after(async () => {
  await gateway.close();
  await upstream.kill();
});

async function signedIn(): Promise<{ browser: BrowserClient; token: string }> {
  const browser = await new BrowserClient(gatewayUrl).signIn("owner");
  const login = await browser.get("/api/Notifications/");
  assert.equal(login.status, 200);
  const token = /^Bearer (.+)$/.exec(seen.at(-1)?.authorization ?? "")?.[1];
  assert.ok(token && live.has(token));
  return { browser, token };
}

describe("an upstream 401 on a relayed call", () => {
  test("ends the gateway session: cookie cleared, tabs told `ended`, the next call anonymous", async () => {
    const { browser, token } = await signedIn();
    const hubUrl = `${gatewayUrl.replace(/^http/, "ws")}/gw/hub`;
    const tab = await openTab(hubUrl, { cookie: browser.cookieHeader(), origin: PUBLIC_ORIGIN });
    live.delete(token); // the upstream ended the user's session

    const refused = await browser.get("/api/Notifications/");
    assert.equal(refused.status, 401, "the upstream's answer is relayed");
    assert.equal(refused.json.ErrorCode, 2002);
    assert.equal(browser.jar.has("tessera_session"), false, "the session cookie is cleared");

    const ended = await tab.take((frame) => frame.t === "ended", "ended frame");
    assert.deepEqual(ended, { t: "ended", reason: "sessionEnded" });
    assert.equal((await tab.closed).code, 1000);

    const session = await browser.get("/gw/session");
    assert.equal(session.status, 401);
    assert.equal(session.json.ErrorCode, GatewayErrorCode.NotSignedIn);
    seen.length = 0;
    assert.equal((await browser.get("/api/Notifications/")).status, 401);
    assert.deepEqual(
      seen,
      [{ path: "/api/Notifications/", authorization: undefined }],
      "relayed without a token",
    );
  });

  test("the ended session's cookie, replayed, is not signed in either", async () => {
    const { browser, token } = await signedIn();
    const cookie = browser.cookieHeader();
    live.delete(token);
    assert.equal((await browser.get("/api/Notifications/")).status, 401);
    const replayed = await fetch(`${gatewayUrl}/gw/session`, { headers: { cookie } });
    assert.equal(replayed.status, 401);
    assert.equal(((await replayed.json()) as { ErrorCode: number }).ErrorCode, GatewayErrorCode.NotSignedIn);
  });

  test("a 401 that does not say the token is invalid ends nothing: the session stays", async () => {
    const { browser } = await signedIn();
    const refused = await browser.get("/api/Admin/BlockedIps/Active");
    assert.equal(refused.status, 401, "the upstream's answer is relayed");
    assert.equal(refused.json.ErrorCode, 2001);
    assert.equal(refused.headers.getSetCookie().length, 0, "no cookie is cleared");
    assert.equal(browser.jar.has("tessera_session"), true);
    assert.equal((await browser.get("/api/Notifications/")).status, 200);
    assert.equal((await browser.get("/gw/session")).status, 200);
  });

  test("a 401 to an anonymous call ends nothing and sets no cookie", async () => {
    const anonymous = await new BrowserClient(gatewayUrl).open();
    const answer = await anonymous.get("/api/Notifications/");
    assert.equal(answer.status, 401);
    assert.equal(answer.headers.getSetCookie().length, 0);
  });
});
