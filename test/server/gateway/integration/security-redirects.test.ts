/**
 * Open-redirect candidates in every redirect parameter the gateway accepts (the `redirect` field of
 * password login, second factor, token login `st`, impersonation `it` and signup), through
 * `buildApp` against the real upstream. Each is refused with 400 UnsafeRedirect before anything
 * else happens: no session starts, no single-use token is spent. A same-origin path is echoed.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { BrowserClient, DEMO_LOGINS, DEMO_PASSWORD, signedIn } from "./browser-client.ts";
import { type Stack, startStack } from "./integration-fixture.ts";

/** Targets that would leave the site, as sent and in encoded forms. */
const CANDIDATES = [
  "//evil.example",
  "//evil.example/dashboards",
  "/\\evil.example",
  "\\\\evil.example",
  "https://evil.example",
  "https:evil.example",
  "http:/evil.example",
  "javascript:alert(1)",
  "evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5Cevil.example",
  "%2F%2Fevil.example",
  "/%252F%252Fevil.example",
  "/%25252F%25252Fevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  " //evil.example",
];
const SAFE = "/dashboards?id=7#top";

let stack: Stack;

before(async () => {
  stack = await startStack({ debug: true });
});
after(async () => stack.close());

function assertUnsafe(answer: { status: number; json: { ErrorCode?: number } }, candidate: string): void {
  assert.equal(answer.status, 400, JSON.stringify(candidate));
  assert.equal(answer.json.ErrorCode, GatewayErrorCode.UnsafeRedirect, JSON.stringify(candidate));
}

describe("open-redirect candidates", () => {
  test("password login: refused, and no session starts", async () => {
    const visitor = await new BrowserClient(stack.gateway.url).open();
    const login = DEMO_LOGINS.owner;
    for (const redirect of CANDIDATES) {
      const answer = await visitor.post("/gw/session/login", {
        domain: login.domain,
        email: login.email,
        password: DEMO_PASSWORD,
        redirect,
      });
      assertUnsafe(answer, redirect);
      assert.equal(visitor.jar.get("tessera_session"), undefined);
    }
    const ok = await visitor.post("/gw/session/login", {
      domain: login.domain,
      email: login.email,
      password: DEMO_PASSWORD,
      redirect: SAFE,
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.json.redirect, SAFE);
  });

  test("second factor: refused while the password step waits", async () => {
    const visitor = await new BrowserClient(stack.gateway.url).open();
    const secure = DEMO_LOGINS.secure;
    const step = await visitor.post("/gw/session/login", {
      domain: secure.domain,
      email: secure.email,
      password: DEMO_PASSWORD,
    });
    assert.deepEqual(step.json, { twoFactorRequired: true });
    for (const redirect of CANDIDATES) {
      assertUnsafe(
        await visitor.post("/gw/session/login/two-factor", { code: "123456", redirect }),
        redirect,
      );
    }
  });

  test("token login (st): refused, and the single-use token stays valid", async () => {
    const owner = await signedIn(stack.gateway.url, "owner");
    const minted = await owner.post("/api/Login/GenerateRDSToken");
    assert.equal(minted.status, 200);
    const visitor = await new BrowserClient(stack.gateway.url).open();
    for (const redirect of CANDIDATES) {
      assertUnsafe(await visitor.post("/gw/session/token", { token: minted.json.Token, redirect }), redirect);
    }
    const ok = await visitor.post("/gw/session/token", { token: minted.json.Token, redirect: SAFE });
    assert.equal(ok.status, 200, "the token was not spent by the refusals");
    assert.equal(ok.json.redirect, SAFE);
  });

  test("impersonation (it): refused, and the staff session is not swapped", async () => {
    const viewer = await signedIn(stack.gateway.url, "viewer");
    const viewerRecId = (await viewer.get("/api/Common/LoggedInConfig")).json.User.RecId;
    const staff = await signedIn(stack.gateway.url, "staffAdmin");
    const issued = await staff.post(`/api/Admin/Users/${viewerRecId}/ImpersonationToken`);
    assert.equal(issued.status, 200, issued.bytes.toString());
    for (const redirect of CANDIDATES) {
      assertUnsafe(
        await staff.post("/gw/session/impersonation", { token: issued.json.Token, redirect }),
        redirect,
      );
    }
    assert.equal((await staff.get("/gw/session")).json.impersonating, false);
    const ok = await staff.post("/gw/session/impersonation", { token: issued.json.Token, redirect: SAFE });
    assert.equal(ok.status, 200);
    assert.equal(ok.json.impersonating, true);
    assert.equal(ok.json.redirect, SAFE);
  });

  test("signup: closed (this gateway has no service token to read the switch), so refused before its redirect is read (403)", async () => {
    const visitor = await new BrowserClient(stack.gateway.url).open();
    const answer = await visitor.post("/gw/session/signup", {
      accountName: "Evil Corp",
      domain: "evilcorp",
      fullName: "Eve",
      email: "eve@evil.example",
      password: "correct horse battery staple",
      redirect: CANDIDATES[0],
    });
    assert.equal(answer.status, 403);
    assert.equal(answer.json.ErrorCode, GatewayErrorCode.SignupNotAllowed);
  });
});
