/**
 * The security baseline of the session endpoints over real sockets: CSRF double-submit with the
 * Origin/Referer check (on login too, and on the relay), strict bodies (unknown fields, sizes,
 * media types, prototype-pollution keys), and redirect targets that must stay on our origin.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import type { RunningUpstream } from "../../upstream/upstream-fixture.ts";
import {
  Browser,
  browser,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  signInAs,
  startGateway,
  startRealUpstream,
  type TestGateway,
} from "./gateway-fixture.ts";

let upstream: RunningUpstream;
let gateway: TestGateway;

before(async () => {
  upstream = await startRealUpstream();
  gateway = await startGateway(upstream, {
    // Generous limits: this file sends many logins from one address on purpose.
    session: { rateLimits: { login: { perIp: { limit: 1000, windowMs: 60_000 } } } },
  });
});
after(async () => {
  await gateway.close();
  await upstream.close();
});

const viewerLogin = { domain: "northwind", email: DEMO_LOGINS.viewer.email, password: DEMO_PASSWORD };

describe("CSRF", () => {
  test("login without the header, with a wrong one, or without the cookie: 403 CsrfTokenInvalid", async () => {
    const client = await browser(gateway);
    const cases = [
      await client.post("/gw/session/login", viewerLogin, { csrf: false }),
      await client.post("/gw/session/login", viewerLogin, { csrf: "B".repeat(43) }),
      await new Browser(gateway.url).post("/gw/session/login", viewerLogin, { csrf: "B".repeat(43) }),
    ];
    for (const reply of cases) {
      assert.equal(reply.status, 403);
      assert.equal(reply.body.ErrorCode, GatewayErrorCode.CsrfTokenInvalid);
    }
    assert.equal(client.cookie("tessera_session"), undefined);
  });

  test("a foreign Origin, a foreign Referer or Origin null: 403 CsrfOriginRefused even with the token", async () => {
    const client = await browser(gateway);
    const foreign = [
      await client.post("/gw/session/login", viewerLogin, { origin: "https://evil.example" }),
      await client.post("/gw/session/login", viewerLogin, { origin: "null" }),
      await client.post("/gw/session/login", viewerLogin, {
        origin: null,
        headers: { referer: "https://evil.example/page" },
      }),
      await client.post("/gw/session/login", viewerLogin, { origin: gateway.url.replace("http:", "https:") }),
    ];
    for (const reply of foreign) {
      assert.equal(reply.status, 403);
      assert.equal(reply.body.ErrorCode, GatewayErrorCode.CsrfOriginRefused);
    }
  });

  test("the same request from our origin, or with a same-origin Referer only, passes", async () => {
    const client = await browser(gateway);
    assert.equal((await client.post("/gw/session/login", viewerLogin)).status, 200);
    const referer = await browser(gateway);
    const reply = await referer.post("/gw/session/login", viewerLogin, {
      origin: null,
      headers: { referer: `${gateway.url}/login?x=1` },
    });
    assert.equal(reply.status, 200);
  });

  test("the relayed API shares the guard: state-changing calls need the token, reads do not", async () => {
    const client = await signInAs(gateway, "owner");
    const refused = await client.send(
      "PUT",
      "/api/Notifications/",
      { NotificationRecIds: [] },
      { csrf: false },
    );
    assert.equal(refused.status, 403);
    assert.equal(refused.body.ErrorCode, GatewayErrorCode.CsrfTokenInvalid);
    const deleteRefused = await client.send("DELETE", "/api/Notifications/", undefined, {
      origin: "https://evil.example",
    });
    assert.equal(deleteRefused.body.ErrorCode, GatewayErrorCode.CsrfOriginRefused);
    assert.equal((await client.get("/api/Notifications/")).status, 200);
    const logout = await client.post("/gw/session/logout", undefined, { csrf: false });
    assert.equal(logout.status, 403, "logout is state-changing too");
  });
});

describe("bodies", () => {
  test("prototype-pollution keys anywhere are refused before anything else runs", async () => {
    const client = await browser(gateway);
    const bodies = [
      `{"email":"a@b.example","password":"x","__proto__":{"isAdmin":true}}`,
      `{"email":"a@b.example","password":"x","constructor":{"prototype":{"isAdmin":true}}}`,
      `{"email":"a@b.example","password":"x","domain":"northwind","redirect":"/","x":[{"prototype":1}]}`,
    ];
    for (const body of bodies) {
      const reply = await client.post("/gw/session/login", undefined, {
        raw: { body, type: "application/json" },
      });
      assert.equal(reply.status, 400, body);
      assert.equal(reply.body.ErrorCode, GatewayErrorCode.ForbiddenBodyKey, body);
    }
    assert.equal(({} as Record<string, unknown>).isAdmin, undefined);
  });

  test("unknown fields, wrong types, missing fields: 400 SessionInvalidBody naming the field", async () => {
    const client = await browser(gateway);
    const unknown = await client.post("/gw/session/login", { ...viewerLogin, role: "admin" });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.ErrorCode, GatewayErrorCode.SessionInvalidBody);
    assert.match(unknown.body.Message, /role/);
    const wrongType = await client.post("/gw/session/login", { ...viewerLogin, password: 12345678 });
    assert.equal(wrongType.body.ErrorCode, GatewayErrorCode.SessionInvalidBody);
    const missing = await client.post("/gw/session/token", {});
    assert.equal(missing.body.ErrorCode, GatewayErrorCode.SessionInvalidBody);
    const badEmail = await client.post("/gw/session/forgot-domain", { email: "not an email" });
    assert.equal(badEmail.body.ErrorCode, GatewayErrorCode.SessionInvalidBody);
  });

  test("oversized bodies, other media types and broken JSON are refused", async () => {
    const client = await browser(gateway);
    const huge = await client.post("/gw/session/login", { ...viewerLogin, password: "x".repeat(20_000) });
    assert.equal(huge.status, 413);
    assert.equal(huge.body.ErrorCode, GatewayErrorCode.SessionBodyTooLarge);
    const form = await client.post("/gw/session/login", undefined, {
      raw: { body: "email=a%40b.example&password=x", type: "application/x-www-form-urlencoded" },
    });
    assert.equal(form.status, 415);
    assert.equal(form.body.ErrorCode, GatewayErrorCode.SessionUnsupportedMediaType);
    const broken = await client.post("/gw/session/login", undefined, {
      raw: { body: "{", type: "application/json" },
    });
    assert.equal(broken.status, 400);
    assert.equal(broken.body.ErrorCode, GatewayErrorCode.SessionInvalidJson);
  });
});

describe("redirect targets", () => {
  const candidates = [
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "evil.example",
    "/\tevil",
    "/%0d%0aSet-Cookie:x=1",
  ];

  test("every open-redirect candidate is refused on login, token, two-factor, impersonation and signup", async () => {
    const staff = await signInAs(gateway, "staffAdmin");
    for (const redirect of candidates) {
      const client = await browser(gateway);
      const replies = [
        await client.post("/gw/session/login", { ...viewerLogin, redirect }),
        await client.post("/gw/session/token", { token: "t".repeat(43), redirect }),
        await staff.post("/gw/session/impersonation", { token: "t".repeat(43), redirect }),
      ];
      for (const reply of replies) {
        assert.equal(reply.status, 400, redirect);
        assert.equal(reply.body.ErrorCode, GatewayErrorCode.UnsafeRedirect, redirect);
      }
      assert.equal(client.cookie("tessera_session"), undefined, "refused before signing in");
    }
    const signupGateway = await startGateway(upstream, { signupAllowed: true });
    try {
      const client = await browser(signupGateway);
      const signup = await client.post("/gw/session/signup", {
        accountName: "Evil",
        domain: "evilcorp",
        fullName: "E",
        email: "e@evil.example",
        password: "long-enough-password",
        redirect: "//evil.example",
      });
      assert.equal(signup.body.ErrorCode, GatewayErrorCode.UnsafeRedirect);
    } finally {
      await signupGateway.close();
    }
  });
});
