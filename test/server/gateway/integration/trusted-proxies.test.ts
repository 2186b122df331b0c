/**
 * TRUSTED_PROXIES: behind nginx (deploy/nginx/) every client arrives from the proxy's address, so the
 * gateway believes X-Forwarded-For from the listed proxies only. Against the real upstream's
 * blocked-IP list: a blocked client forwarded by a trusted proxy is refused, the same header from an
 * untrusted peer is the client's own claim and changes nothing.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { GatewayConfigError, trustedProxies } from "../../../../server/gateway/config.ts";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../../../../server/upstream/seed/demo-accounts.ts";
import {
  type RunningGateway,
  type RunningUpstream,
  startGateway,
  startUpstream,
} from "./integration-fixture.ts";

test("TRUSTED_PROXIES: addresses and CIDR blocks of both families; unset trusts none; a bad entry refuses to boot", () => {
  assert.deepEqual(trustedProxies(undefined), []);
  assert.deepEqual(trustedProxies(" "), []);
  assert.deepEqual(trustedProxies("127.0.0.1, 10.0.0.0/8,::1"), ["127.0.0.1", "10.0.0.0/8", "::1"]);
  for (const bad of ["nginx", "10.0.0.0/33", "127.0.0.1,", "1.2.3.4/8/1"]) {
    assert.throws(() => trustedProxies(bad), GatewayConfigError, bad);
  }
});

describe("the client's address behind a proxy", () => {
  const SERVICE_TOKEN = "trusted-proxies-service-token-0123456789";
  const BLOCKED = "192.0.2.77";
  let previousToken: string | undefined;
  let upstream: RunningUpstream;
  let behindProxy: RunningGateway;
  let direct: RunningGateway;

  before(async () => {
    previousToken = process.env.UPSTREAM_SERVICE_TOKEN;
    process.env.UPSTREAM_SERVICE_TOKEN = SERVICE_TOKEN;
    upstream = await startUpstream();
    const login = DEMO_LOGINS.staffAdmin;
    const signIn = await fetch(`${upstream.url}/api/Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Domain: login.domain, Email: login.email, Password: DEMO_PASSWORD }),
    });
    const { Token } = (await signIn.json()) as { Token: string };
    const block = await fetch(`${upstream.url}/api/Admin/BlockedIps`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${Token}` },
      body: JSON.stringify({ IpAddress: BLOCKED, Reason: "Manual" }),
    });
    assert.ok(block.ok, `blocking ${BLOCKED}: ${block.status}`);
    const more = { upstreamServiceToken: SERVICE_TOKEN };
    behindProxy = await startGateway(upstream.url, { more: { ...more, trustedProxies: ["127.0.0.1"] } });
    direct = await startGateway(upstream.url, { more });
  });
  after(async () => {
    await behindProxy?.app.close();
    await direct?.app.close();
    await upstream?.close();
    if (previousToken === undefined) delete process.env.UPSTREAM_SERVICE_TOKEN;
    else process.env.UPSTREAM_SERVICE_TOKEN = previousToken;
  });

  const session = (gateway: RunningGateway, forwardedFor?: string) =>
    fetch(`${gateway.url}/gw/session`, {
      headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    });

  test("a blocked client forwarded by the trusted proxy is refused; the proxy's other clients pass", async () => {
    const refused = await session(behindProxy, BLOCKED);
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as { ErrorCode: number }).ErrorCode, GatewayErrorCode.IpBlocked);
    // The nearest untrusted hop is the client: a spoofed first entry cannot hide a blocked one.
    assert.equal((await session(behindProxy, `192.0.2.10, ${BLOCKED}`)).status, 403);
    assert.notEqual((await session(behindProxy, "192.0.2.10")).status, 403);
    assert.notEqual((await session(behindProxy)).status, 403);
  });

  test("without TRUSTED_PROXIES the header is the client's claim: the socket's address decides", async () => {
    assert.notEqual((await session(direct, BLOCKED)).status, 403);
  });
});
