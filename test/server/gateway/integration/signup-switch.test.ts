/**
 * One switch for signup (§2.1, §5: /signup only when configuration allows it): the upstream's
 * SignupAllowed, which staff switch on /admin/configuration, opens and closes the gateway's
 * `/gw/session/signup` — at once through the gateway that relayed the change, at the next refresh
 * on another gateway; unknown (no service token, the upstream down) is closed; with no upstream the
 * shell manifest's value is served. The real seeded upstream and gateways from `buildApp`, on
 * loopback, with fake timers driving the refresh.
 */
import assert from "node:assert/strict";
import { after, before, describe, mock, test } from "node:test";
import { buildApp } from "../../../../server/gateway/app.ts";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import type { GatewaySessionOptions } from "../../../../server/gateway/session/gateway-session.ts";
import { UPSTREAM_SETTINGS_REFRESH_MS } from "../../../../server/gateway/plugins/upstream-settings.ts";
import { corruptedManifests, LOCALES_DIR } from "../../../helpers/manifest-fixtures.ts";
import { BrowserClient, signedIn } from "./browser-client.ts";
import {
  type RunningGateway,
  type RunningUpstream,
  startGateway,
  startUpstream,
} from "./integration-fixture.ts";

const SERVICE_TOKEN = "signup-switch-suite-service-token-0123456789abcdef";
const SETTINGS_PATH = "/ws/Gateway/Settings";
const SETTING = "/api/Admin/Configuration/SignupAllowed";

/** Successful signups count against the signup limit; this suite creates several from 127.0.0.1. */
const GENEROUS = {
  perIp: { limit: 1000, windowMs: 60_000 },
  perIdentifier: { limit: 1000, windowMs: 60_000 },
};
const RATE_LIMITS: GatewaySessionOptions["rateLimits"] = { signup: GENEROUS, login: GENEROUS };

let upstream: RunningUpstream;
let settingsReads = 0;
let previousToken: string | undefined;

let accounts = 0;
/** A signup through `gateway` for a new account. */
async function signUp(gateway: RunningGateway) {
  accounts += 1;
  const visitor = await new BrowserClient(gateway.url).open();
  return visitor.post("/gw/session/signup", {
    accountName: `Switch ${accounts}`,
    domain: `switch-${accounts}`,
    fullName: "Sam Switch",
    email: `sam@switch-${accounts}.example`,
    password: "switch-password-0123",
  });
}

function assertRefused(answer: { status: number; json: { ErrorCode?: number } }, what: string): void {
  assert.equal(answer.status, 403, what);
  assert.equal(answer.json.ErrorCode, GatewayErrorCode.SignupNotAllowed, what);
}

function assertCreated(answer: { status: number; bytes: Buffer }, what: string): void {
  assert.equal(answer.status, 201, `${what}: ${answer.bytes.toString()}`);
}

/** Ticks the gateways' refresh and waits until `gateways` reads reached the upstream and were applied. */
async function nextRefresh(...gateways: RunningGateway[]): Promise<void> {
  const reads = settingsReads;
  mock.timers.tick(UPSTREAM_SETTINGS_REFRESH_MS);
  while (settingsReads < reads + gateways.length) await new Promise((resolve) => setImmediate(resolve));
  // Joins each interval's read in flight (or, already applied, reads once more).
  for (const gateway of gateways) await gateway.app.upstreamSettings.refresh();
}

describe("signup follows the upstream's configuration", () => {
  let first: RunningGateway;
  let second: RunningGateway;

  before(async () => {
    previousToken = process.env.UPSTREAM_SERVICE_TOKEN;
    process.env.UPSTREAM_SERVICE_TOKEN = SERVICE_TOKEN;
    upstream = await startUpstream({
      onRequest: (request) => {
        if (request.url === SETTINGS_PATH) settingsReads += 1;
      },
    });
    mock.timers.enable({ apis: ["setInterval"] });
    const more = { upstreamServiceToken: SERVICE_TOKEN, rateLimits: RATE_LIMITS };
    first = await startGateway(upstream.url, { more });
    second = await startGateway(upstream.url, { more });
  });
  after(async () => {
    mock.timers.reset();
    await first.app.close();
    await second.app.close();
    await upstream.close();
    if (previousToken === undefined) delete process.env.UPSTREAM_SERVICE_TOKEN;
    else process.env.UPSTREAM_SERVICE_TOKEN = previousToken;
  });

  test("the demo: /admin/configuration says allowed, and both gateways create the account", async () => {
    const staff = await signedIn(first.url, "staffAdmin");
    const setting = await staff.get(SETTING);
    assert.equal(setting.status, 200, setting.bytes.toString());
    assert.equal(setting.json.Value, "true");
    assertCreated(await signUp(first), "first gateway");
    assertCreated(await signUp(second), "second gateway");
  });

  test("staff close it on /admin/configuration: the gateway that relayed it refuses the next signup at once", async () => {
    const staff = await signedIn(first.url, "staffAdmin");
    const closed = await staff.put(SETTING, { Value: "false" });
    assert.equal(closed.status, 200, closed.bytes.toString());
    assertRefused(await signUp(first), "right after the change");
  });

  test("another gateway applies it within one refresh interval, not before", async () => {
    assert.equal(second.app.upstreamSettings.signupAllowed(), true, "not yet: it did not relay the change");
    await nextRefresh(first, second);
    assert.equal(second.app.upstreamSettings.signupAllowed(), false);
    assertRefused(await signUp(second), "after the refresh");
  });

  test("staff open it again: signup creates accounts again, at once and after a refresh", async () => {
    const staff = await signedIn(second.url, "staffAdmin");
    const opened = await staff.put(SETTING, { Value: "true" });
    assert.equal(opened.status, 200, opened.bytes.toString());
    assertCreated(await signUp(second), "the relaying gateway, at once");
    await nextRefresh(first, second);
    assertCreated(await signUp(first), "the other gateway, after its refresh");
  });

  test("a gateway without the service token refuses, though the upstream allows it (unknown is closed)", async () => {
    const blind = await startGateway(upstream.url, { more: { rateLimits: RATE_LIMITS } });
    try {
      assertRefused(await signUp(blind), "no service token");
    } finally {
      await blind.app.close();
    }
  });

  test("while the upstream cannot answer signup is refused by the gateway; when it is back, open again", async () => {
    await upstream.stop();
    await first.app.upstreamSettings.refresh();
    assertRefused(await signUp(first), "upstream down");
    upstream = await startUpstream({
      dataDir: upstream.dataDir,
      port: upstream.port,
      onRequest: (request) => {
        if (request.url === SETTINGS_PATH) settingsReads += 1;
      },
    });
    await nextRefresh(first);
    assertCreated(await signUp(first), "upstream back");
  });
});

describe("no upstream configured: the shell manifest's value is served", () => {
  for (const value of [true, false]) {
    test(`manifests/shell.json signupAllowed ${value} → /gw/manifest says ${value}`, async () => {
      const manifestsDir = await corruptedManifests("shell", (shell) => {
        shell.signupAllowed = value;
      });
      const app = await buildApp({ manifestsDir, localesDir: LOCALES_DIR, distDir: null });
      try {
        const answer = await app.inject({ method: "GET", url: "/gw/manifest" });
        assert.equal(answer.statusCode, 200);
        assert.equal(answer.json().shell.signupAllowed, value);
      } finally {
        await app.close();
      }
    });
  }
});
