/**
 * The hub relay's limits as an operator sets them: HUB_* in the environment (config.ts), validated
 * before anything starts — a bad value refuses to boot, naming the variable — and, through
 * `GatewayOptions.hubLimits`, what `buildApp` ships: frame size, frame rate and heartbeat over real
 * sockets against the real upstream. Also: an upstream connection outlives its handshake timeout
 * (it once dropped every connection that long after connecting).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp, type GatewayOptions } from "../../../../server/gateway/app.ts";
import { GatewayConfigError, hubLimits, readGatewayConfig } from "../../../../server/gateway/config.ts";
import { HeartbeatWheel } from "../../../../server/gateway/hub-relay/heartbeat-wheel.ts";
import { connectUpstreamHub } from "../../../../server/gateway/hub-relay/upstream-hub-connection.ts";
import { LOCALES_DIR, MANIFESTS_DIR } from "../../../helpers/manifest-fixtures.ts";
import { signedIn } from "../integration/browser-client.ts";
import { PUBLIC_ORIGIN, type RunningUpstream, startUpstream } from "../integration/integration-fixture.ts";
import { openTab, type TestTab } from "./relay-fixture.ts";
import { upstreamToken } from "./upstream-with-hubs.ts";

const ROOT = new URL("../../../../", import.meta.url).pathname;

describe("HUB_* configuration", () => {
  test("every limit is read, reconnect as one policy; unset keeps the defaults", () => {
    assert.equal(hubLimits({}), undefined);
    assert.deepEqual(
      hubLimits({
        HUB_MAX_MESSAGE_BYTES: "32768",
        HUB_MAX_MESSAGES_PER_SECOND: "50",
        HUB_RATE_BURST_MS: "60000",
        HUB_HEARTBEAT_MS: "20000",
        HUB_UPSTREAM_TIMEOUT_MS: "45000",
        HUB_MAX_PENDING_INVOCATIONS: "8",
        HUB_MAX_BUFFERED_BYTES: "1048576",
        HUB_INVOCATION_TIMEOUT_MS: "10000",
        HUB_RECONNECT_INITIAL_MS: "500",
        HUB_RECONNECT_MAX_MS: "60000",
      }),
      {
        maxMessageBytes: 32768,
        maxMessagesPerSecond: 50,
        rateBurstMs: 60000,
        heartbeatMs: 20000,
        upstreamServerTimeoutMs: 45000,
        maxPendingInvocations: 8,
        maxBufferedBytes: 1048576,
        invocationTimeoutMs: 10000,
        reconnect: { initialMs: 500, maxMs: 60000 },
      },
    );
    assert.deepEqual(hubLimits({ HUB_RECONNECT_MAX_MS: "5000" }), {
      reconnect: { initialMs: 1000, maxMs: 5000 },
    });
    const config = readGatewayConfig({ HUB_HEARTBEAT_MS: "30000" }, ROOT);
    assert.deepEqual(config.app.hubLimits, { heartbeatMs: 30000 });
  });

  test("a value that is not an integer within bounds is refused, naming the variable", () => {
    for (const [name, value] of [
      ["HUB_HEARTBEAT_MS", "abc"],
      ["HUB_HEARTBEAT_MS", "15s"],
      ["HUB_HEARTBEAT_MS", "999"],
      ["HUB_MAX_MESSAGE_BYTES", "-1"],
      ["HUB_MAX_MESSAGE_BYTES", "1.5"],
      ["HUB_MAX_MESSAGES_PER_SECOND", "0"],
      ["HUB_RATE_BURST_MS", "999"],
      ["HUB_RATE_BURST_MS", "600001"],
      ["HUB_UPSTREAM_TIMEOUT_MS", "1e9"],
    ] as const) {
      assert.throws(
        () => hubLimits({ [name]: value }),
        (error: unknown) =>
          error instanceof GatewayConfigError && error.message.startsWith(`${name} must be an integer`),
        `${name}=${value}`,
      );
    }
    assert.throws(
      () => hubLimits({ HUB_RECONNECT_INITIAL_MS: "40000", HUB_RECONNECT_MAX_MS: "30000" }),
      /HUB_RECONNECT_INITIAL_MS \(40000\) must not exceed HUB_RECONNECT_MAX_MS \(30000\)/,
    );
  });

  test("the gateway refuses to boot with a bad value, saying which", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/gateway/main.ts"], {
      cwd: ROOT,
      env: { ...process.env, PORT: "0", UPSTREAM_URL: "", HUB_MAX_MESSAGES_PER_SECOND: "lots" },
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(result.status, 1, result.stderr);
    assert.match(
      result.stderr,
      /HUB_MAX_MESSAGES_PER_SECOND must be an integer from 1 to 100000 \(got 'lots'\)/,
    );
  });

  test("buildApp refuses nonsense limits before listening", async () => {
    await assert.rejects(
      buildApp({ ...gatewayOptions("http://127.0.0.1:9"), hubLimits: { maxMessageBytes: 0 } }),
      /maxMessageBytes must be a positive integer/,
    );
    await assert.rejects(
      buildApp({
        ...gatewayOptions("http://127.0.0.1:9"),
        hubLimits: { reconnect: { initialMs: 9, maxMs: 1 } },
      }),
      /reconnect/,
    );
  });
});

function gatewayOptions(upstreamUrl: string): GatewayOptions {
  return {
    manifestsDir: MANIFESTS_DIR,
    localesDir: LOCALES_DIR,
    distDir: null,
    upstreamUrl,
    sessionSecret: "hub-limits-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
    dataDir: ":memory:",
    publicOrigins: [PUBLIC_ORIGIN],
  };
}

describe("limits through buildApp, over real sockets", () => {
  let upstream: RunningUpstream;
  let gateway: FastifyInstance;
  let gatewayUrl: string;
  const tabs: TestTab[] = [];
  before(async () => {
    upstream = await startUpstream();
    gateway = await buildApp({
      ...gatewayOptions(upstream.url),
      hubLimits: { maxMessageBytes: 1024, maxMessagesPerSecond: 5, heartbeatMs: 100 },
    });
    gatewayUrl = await gateway.listen({ host: "127.0.0.1", port: 0 });
  });
  after(async () => {
    for (const tab of tabs) tab.socket.terminate();
    await gateway.close();
    await upstream.close();
  });

  async function tab(): Promise<TestTab> {
    const browser = await signedIn(gatewayUrl, "owner");
    const opened = await openTab(`${gatewayUrl.replace(/^http/, "ws")}/gw/hub`, {
      cookie: browser.cookieHeader(),
      origin: PUBLIC_ORIGIN,
    });
    tabs.push(opened);
    return opened;
  }

  test("a frame over maxMessageBytes closes the tab with 1009; one at it passes", async () => {
    const socket = await tab();
    const ping = '{"t":"ping"}';
    socket.send(ping.replace("}", `,"pad":"${"x".repeat(1024 - ping.length - 9)}"}`));
    await socket.take((frame) => frame.t === "pong", "pong to a frame of exactly the limit");
    socket.send(`{"t":"ping","pad":"${"x".repeat(1024)}"}`);
    assert.equal((await socket.closed).code, 1009);
  });

  test("more than maxMessagesPerSecond frames close the tab with 1008", async () => {
    const socket = await tab();
    for (let index = 0; index < 8; index++) socket.send({ t: "pong" });
    assert.equal((await socket.closed).code, 1008);
  });

  test("the heartbeat pings every heartbeatMs; a tab that answers stays", async () => {
    const socket = await tab();
    for (let index = 0; index < 4; index++) {
      await socket.take((frame) => frame.t === "ping", `ping ${index + 1}`);
      socket.send({ t: "pong" });
    }
    assert.equal(socket.socket.readyState, socket.socket.OPEN);
  });

  test("an upstream connection outlives its handshake timeout", async () => {
    const wheel = new HeartbeatWheel(20);
    const controller = new AbortController();
    const connection = await connectUpstreamHub({
      hubUrl: `${upstream.url}/hubs/user`,
      bearerToken: await upstreamToken(upstream.url),
      keepAliveMs: 5_000,
      serverTimeoutMs: 5_000,
      handshakeTimeoutMs: 100,
      wheel,
      signal: controller.signal,
      onEvent: () => undefined,
    });
    const outcome = await Promise.race([
      connection.closed,
      new Promise((resolve) => setTimeout(() => resolve("still open"), 400)),
    ]);
    assert.equal(outcome, "still open");
    assert.equal(wheel.size, 1, "on the shared wheel, no timer of its own");
    connection.stop();
    assert.deepEqual(await connection.closed, { kind: "stopped" });
    assert.equal(wheel.size, 0);
  });
});

describe("the frame rate's burst through buildApp, over real sockets", () => {
  // 5 frames a second, a burst of 2 s of them: 10 frames.
  const rate = 5;
  const burstMs = 2_000;
  let upstream: RunningUpstream;
  let gateway: FastifyInstance;
  let gatewayUrl: string;
  const tabs: TestTab[] = [];
  before(async () => {
    upstream = await startUpstream();
    gateway = await buildApp({
      ...gatewayOptions(upstream.url),
      hubLimits: { maxMessagesPerSecond: rate, rateBurstMs: burstMs },
    });
    gatewayUrl = await gateway.listen({ host: "127.0.0.1", port: 0 });
  });
  after(async () => {
    for (const tab of tabs) tab.socket.terminate();
    await gateway.close();
    await upstream.close();
  });

  test("a tab quiet for the burst time may send the whole burst at once; the next frame closes it with 1008", async () => {
    const browser = await signedIn(gatewayUrl, "owner");
    const tab = await openTab(`${gatewayUrl.replace(/^http/, "ws")}/gw/hub`, {
      cookie: browser.cookieHeader(),
      origin: PUBLIC_ORIGIN,
    });
    tabs.push(tab);
    await new Promise((resolve) => setTimeout(resolve, burstMs + 500));
    for (let index = 0; index < 3 * rate * (burstMs / 1000); index++) tab.send({ t: "ping" });
    assert.equal((await tab.closed).code, 1008);
    assert.equal(tab.frames.filter((frame) => frame.t === "pong").length, rate * (burstMs / 1000));
  });
});
