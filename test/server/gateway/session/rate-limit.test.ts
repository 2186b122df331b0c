/**
 * Rate limits: the sliding window and its bounded map as units (a hand-moved clock, no timing), and
 * the login limits per IP and per account identifier over real sockets against the real upstream.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { rateLimitKeyOfIp } from "../../../../server/gateway/security/ip-address.ts";
import {
  AuthRateLimits,
  accountIdentifier,
  SlidingWindowLimiter,
} from "../../../../server/gateway/security/rate-limit.ts";
import type { RunningUpstream } from "../../upstream/upstream-fixture.ts";
import {
  browser,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  startGateway,
  startRealUpstream,
  type TestGateway,
} from "./gateway-fixture.ts";

describe("sliding window", () => {
  test("allows `limit` attempts in any window and says exactly when the next one is allowed", () => {
    const limiter = new SlidingWindowLimiter({ limit: 3, windowMs: 1000 });
    for (const at of [0, 100, 200]) {
      assert.equal(limiter.retryAfterMs("k", at), 0);
      limiter.record("k", at);
    }
    assert.equal(limiter.retryAfterMs("k", 500), 500, "the oldest attempt leaves the window at 1000");
    assert.equal(limiter.retryAfterMs("k", 1000), 0, "a sliding window, not a fixed one");
    limiter.record("k", 1000);
    assert.equal(limiter.retryAfterMs("k", 1050), 50);
    assert.equal(limiter.retryAfterMs("other", 1050), 0, "keys are independent");
  });

  test("the map is bounded: the least recently used key goes first", () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 10_000 }, 2);
    limiter.record("a", 0);
    limiter.record("b", 1);
    limiter.record("a", 2);
    limiter.record("c", 3);
    assert.equal(limiter.size, 2);
    assert.equal(limiter.retryAfterMs("b", 4), 0, "b was evicted");
    assert.ok(limiter.retryAfterMs("a", 4) > 0, "a was used recently and stays");
  });

  test("refused attempts are not counted, and both windows must allow", () => {
    let now = 0;
    const limits = new AuthRateLimits(
      { login: { perIp: { limit: 3, windowMs: 1000 }, perIdentifier: { limit: 2, windowMs: 1000 } } },
      () => now,
    );
    assert.equal(limits.attempt("login", "203.0.113.1", "northwind/a@x.example").allowed, true);
    assert.equal(limits.attempt("login", "203.0.113.1", "NORTHWIND/A@X.EXAMPLE").allowed, true);
    const third = limits.attempt("login", "203.0.113.1", "northwind/a@x.example");
    assert.deepEqual(third, { allowed: false, retryAfterSeconds: 1 });
    assert.equal(
      limits.attempt("login", "203.0.113.1", "northwind/b@x.example").allowed,
      true,
      "the refusal was not counted",
    );
    assert.equal(
      limits.attempt("login", "203.0.113.1", "northwind/c@x.example").allowed,
      false,
      "the IP window is full",
    );
    now = 1000;
    assert.equal(limits.attempt("login", "203.0.113.1", "northwind/a@x.example").allowed, true);
  });

  test("IPv6 clients count per /64, IPv4-mapped addresses as IPv4", () => {
    assert.equal(rateLimitKeyOfIp("2001:db8:1:2:aaaa::1"), rateLimitKeyOfIp("2001:db8:1:2:bbbb::2"));
    assert.notEqual(rateLimitKeyOfIp("2001:db8:1:2::1"), rateLimitKeyOfIp("2001:db8:1:3::1"));
    assert.equal(rateLimitKeyOfIp("::ffff:198.51.100.7"), "198.51.100.7");
    assert.equal(
      accountIdentifier(" Viewer@Northwind.Example ", "NorthWind"),
      "northwind/viewer@northwind.example",
    );
  });
});

describe("login rate limits over real sockets", () => {
  let upstream: RunningUpstream;
  let gateway: TestGateway;
  const windowMs = 60_000;

  before(async () => {
    upstream = await startRealUpstream();
    gateway = await startGateway(upstream, {
      session: {
        rateLimits: {
          login: { perIp: { limit: 5, windowMs }, perIdentifier: { limit: 3, windowMs } },
          recoveryMail: { perIp: { limit: 100, windowMs }, perIdentifier: { limit: 2, windowMs } },
        },
      },
    });
  });
  after(async () => {
    await gateway.close();
    await upstream.close();
  });

  test("per identifier: the 4th attempt for one account is refused with 429 and Retry-After, even with the right password", async () => {
    const client = await browser(gateway);
    const viewer = { domain: "northwind", email: DEMO_LOGINS.viewer.email };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const email = attempt === 1 ? viewer.email.toUpperCase() : viewer.email;
      assert.equal(
        (await client.post("/gw/session/login", { ...viewer, email, password: "wrong" })).status,
        401,
      );
    }
    const limited = await client.post("/gw/session/login", { ...viewer, password: DEMO_PASSWORD });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.ErrorCode, GatewayErrorCode.RateLimited);
    assert.equal(limited.headers.get("retry-after"), String(windowMs / 1000));
    assert.equal(client.cookie("tessera_session"), undefined);

    // Another account from the same address still may (the IP window holds 5).
    const owner = { domain: "northwind", email: DEMO_LOGINS.owner.email, password: DEMO_PASSWORD };
    assert.equal((await client.post("/gw/session/login", owner)).status, 200);
    assert.equal((await client.post("/gw/session/login", owner)).status, 200);
    const ipLimited = await client.post("/gw/session/login", { ...owner, email: DEMO_LOGINS.analyst.email });
    assert.equal(ipLimited.status, 429, "the IP window is full now");

    upstream.clock.advance(windowMs);
    assert.equal(
      (await client.post("/gw/session/login", { ...viewer, password: DEMO_PASSWORD })).status,
      200,
    );
  });

  test("recovery mails are limited per identifier", async () => {
    const client = await browser(gateway);
    const body = { domain: "northwind", email: DEMO_LOGINS.analyst.email };
    assert.equal((await client.post("/gw/session/forgot-password", body)).status, 204);
    assert.equal((await client.post("/gw/session/forgot-password", body)).status, 204);
    const limited = await client.post("/gw/session/forgot-password", body);
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
  });
});
