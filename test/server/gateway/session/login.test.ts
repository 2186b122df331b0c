/**
 * The gateway session over real sockets against the real upstream: password login (with and
 * without a second factor), token login (`st`), logout, the session probe, expiry following the
 * upstream grant, and the browser holding nothing but cookies.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { ErrorCode } from "../../../../server/upstream/http/error-codes.ts";
import { DEFAULT_LIFETIMES } from "../../../../server/upstream/options.ts";
import { DEMO_TOTP_SECRET } from "../../../../server/upstream/seed/demo-accounts.ts";
import { Client, type RunningUpstream, signIn } from "../../upstream/upstream-fixture.ts";
import {
  Browser,
  browser,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  signInAs,
  startGateway,
  startRealUpstream,
  type TestGateway,
  totpAt,
} from "./gateway-fixture.ts";

let upstream: RunningUpstream;
let gateway: TestGateway;
const ended: string[] = [];

before(async () => {
  upstream = await startRealUpstream();
  gateway = await startGateway(upstream, { onSessionEnded: (id) => ended.push(id) });
});
after(async () => {
  await gateway.close();
  await upstream.close();
});

/** The upstream bearer token the gateway relays with for a browser (what the relays see). */
async function bearerOf(client: Browser): Promise<string | null> {
  const cookie = [...client.jar].map(([n, v]) => `${n}=${v}`).join("; ");
  const identity = await gateway.session.identityOf({ headers: { cookie } } as never);
  return identity?.bearerToken ?? null;
}

describe("session probe", () => {
  test("a visitor gets 401 NotSignedIn and a CSRF cookie (readable, SameSite=Strict), never cached", async () => {
    const visitor = new Browser(gateway.url);
    const reply = await visitor.get("/gw/session");
    assert.equal(reply.status, 401);
    assert.equal(reply.body.ErrorCode, GatewayErrorCode.NotSignedIn);
    assert.equal(reply.headers.get("cache-control"), "no-store");
    const csrf = reply.headers.getSetCookie().find((c) => c.startsWith("tessera_csrf="));
    assert.ok(csrf);
    assert.match(csrf, /^tessera_csrf=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Strict$/);
    const again = await visitor.get("/gw/session");
    assert.equal(again.headers.getSetCookie().length, 0, "an existing CSRF cookie is kept");
  });
});

describe("password login", () => {
  test("signs in: httpOnly Lax cookie, the upstream user in the body, no token anywhere in the browser", async () => {
    const client = await browser(gateway);
    const csrfBefore = client.cookie("tessera_csrf");
    const reply = await client.post("/gw/session/login", {
      domain: "northwind",
      email: DEMO_LOGINS.analyst.email,
      password: DEMO_PASSWORD,
      redirect: "/data?x=1",
    });
    assert.equal(reply.status, 200);
    assert.equal(reply.body.user.User.Email, DEMO_LOGINS.analyst.email);
    assert.equal(reply.body.impersonating, false);
    assert.equal(reply.body.redirect, "/data?x=1");
    const cookie = reply.headers.getSetCookie().find((c) => c.startsWith("tessera_session="));
    assert.match(
      cookie ?? "",
      /^tessera_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
    );
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie ?? "")?.[1]);
    assert.equal(maxAge, DEFAULT_LIFETIMES.sessionAbsoluteMs / 1000, "expiry follows the upstream grant");
    assert.notEqual(client.cookie("tessera_csrf"), csrfBefore, "the CSRF token is rotated at login");
    const token = await bearerOf(client);
    assert.ok(token);
    assert.ok(!JSON.stringify(reply.body).includes(token), "the grant stays in the gateway");
    assert.ok(![...client.jar.values()].includes(token));

    const probe = await client.get("/gw/session");
    assert.equal(probe.status, 200);
    assert.equal(probe.body.user.User.Email, DEMO_LOGINS.analyst.email);
    assert.equal(probe.body.user.User.Impersonating, false);
    const relayed = await client.get("/api/v2/User/Ping");
    assert.equal(relayed.status, 200, "the relay carries the session's upstream identity");
  });

  test("wrong credentials: the upstream's 401 and code pass through, no session starts", async () => {
    const client = await browser(gateway);
    const reply = await client.post("/gw/session/login", {
      email: DEMO_LOGINS.viewer.email,
      password: "wrong",
    });
    assert.equal(reply.status, 401);
    assert.equal(reply.body.ErrorCode, ErrorCode.InvalidCredentials);
    assert.equal(client.cookie("tessera_session"), undefined);
  });

  test("a session id planted before login is replaced (no fixation)", async () => {
    const client = await browser(gateway);
    const planted = "A".repeat(43);
    client.jar.set("tessera_session", planted);
    const reply = await client.post("/gw/session/login", {
      domain: "northwind",
      email: DEMO_LOGINS.viewer.email,
      password: DEMO_PASSWORD,
    });
    assert.equal(reply.status, 200);
    assert.notEqual(client.cookie("tessera_session"), planted);
  });

  test("the session ends with the upstream grant's absolute expiry", async () => {
    const client = await signInAs(gateway, "viewer");
    assert.equal((await client.get("/gw/session")).status, 200);
    upstream.clock.advance(DEFAULT_LIFETIMES.sessionAbsoluteMs + 1);
    try {
      const reply = await client.get("/gw/session");
      assert.equal(reply.status, 401);
      assert.equal(reply.body.ErrorCode, GatewayErrorCode.NotSignedIn);
    } finally {
      upstream.clock.advance(-(DEFAULT_LIFETIMES.sessionAbsoluteMs + 1));
    }
  });

  test("a session the upstream revoked is ended at the next probe", async () => {
    const client = await signInAs(gateway, "viewer");
    const token = await bearerOf(client);
    assert.equal((await new Client(upstream.baseUrl, token ?? "").post("/api/Logout")).status, 204);
    const reply = await client.get("/gw/session");
    assert.equal(reply.status, 401);
    assert.equal(client.cookie("tessera_session"), undefined, "the cookie is cleared");
    assert.equal(await bearerOf(client), null);
  });
});

describe("second factor", () => {
  test("password step keeps the step token in the gateway; a wrong code restarts; the right code signs in", async () => {
    const client = await browser(gateway);
    const credentials = { domain: "northwind", email: DEMO_LOGINS.secure.email, password: DEMO_PASSWORD };
    const step = await client.post("/gw/session/login", credentials);
    assert.equal(step.status, 200);
    assert.deepEqual(step.body, { twoFactorRequired: true });
    assert.equal((await client.get("/gw/session")).status, 401, "a pending step is not a session");
    assert.equal(await bearerOf(client), null, "nothing is relayed with a pending step");

    const wrongCode = totpAt(DEMO_TOTP_SECRET, upstream.clock.ms + 5 * 60_000);
    const wrong = await client.post("/gw/session/login/two-factor", { code: wrongCode });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.ErrorCode, ErrorCode.InvalidTwoFactorCode);
    const stale = await client.post("/gw/session/login/two-factor", {
      code: totpAt(DEMO_TOTP_SECRET, upstream.clock.ms),
    });
    assert.equal(stale.status, 401);
    assert.equal(stale.body.ErrorCode, GatewayErrorCode.TwoFactorNotPending);

    assert.deepEqual((await client.post("/gw/session/login", credentials)).body, { twoFactorRequired: true });
    const pendingId = client.cookie("tessera_session");
    const done = await client.post("/gw/session/login/two-factor", {
      code: totpAt(DEMO_TOTP_SECRET, upstream.clock.ms),
      redirect: "/dashboards",
    });
    assert.equal(done.status, 200);
    assert.equal(done.body.user.User.Email, DEMO_LOGINS.secure.email);
    assert.equal(done.body.redirect, "/dashboards");
    assert.notEqual(client.cookie("tessera_session"), pendingId, "a new session id once signed in");
    assert.equal((await client.get("/gw/session")).status, 200);
  });

  test("a code without a pending step is refused", async () => {
    const client = await browser(gateway);
    const reply = await client.post("/gw/session/login/two-factor", { code: "123456" });
    assert.equal(reply.status, 401);
    assert.equal(reply.body.ErrorCode, GatewayErrorCode.TwoFactorNotPending);
  });
});

describe("token login (st)", () => {
  test("a single-use token signs the user in; replaying it fails with the upstream's code", async () => {
    const direct = await signIn(upstream, "analyst");
    const issued = await direct.post("/api/Login/GenerateRDSToken");
    assert.equal(issued.status, 200);
    const client = await browser(gateway);
    const reply = await client.post("/gw/session/token", { token: issued.body.Token });
    assert.equal(reply.status, 200);
    assert.equal(reply.body.user.User.Email, DEMO_LOGINS.analyst.email);
    assert.equal((await client.get("/gw/session")).status, 200);
    const replay = await (await browser(gateway)).post("/gw/session/token", { token: issued.body.Token });
    assert.equal(replay.status, 401);
    assert.equal(replay.body.ErrorCode, ErrorCode.InvalidToken);
  });
});

describe("logout", () => {
  test("ends the gateway and the upstream session, clears the cookie, tells the hub relay", async () => {
    const client = await signInAs(gateway, "owner");
    const token = await bearerOf(client);
    assert.ok(token);
    const before = ended.length;
    const reply = await client.post("/gw/session/logout");
    assert.equal(reply.status, 204);
    assert.equal(client.cookie("tessera_session"), undefined);
    assert.ok(client.cookie("tessera_csrf"), "a fresh CSRF cookie for the next login");
    assert.equal((await client.get("/gw/session")).status, 401);
    assert.equal((await new Client(upstream.baseUrl, token).get("/api/v2/User/Ping")).status, 401);
    assert.equal(ended.length, before + 1);
    assert.equal((await client.post("/gw/session/logout")).status, 204, "logging out twice is harmless");
  });
});
