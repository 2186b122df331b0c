/**
 * Who may open the relay's socket and what it may send, over real sockets against the real
 * embedded upstream: Origin, session, plain HTTP, frame size, binary and malformed frames, rate,
 * heartbeat and shutdown.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  eventually,
  type Frame,
  type GatewayUnderTest,
  ORIGIN,
  openTab,
  startGateway,
  UpgradeRefused,
} from "./relay-fixture.ts";
import {
  startUpstreamWithHubs,
  tempDataDir,
  type UpstreamWithHubs,
  upstreamToken,
} from "./upstream-with-hubs.ts";

const connected = (frame: Frame) => frame.t === "status" && frame.upstream === "connected";

async function refusal(
  promise: Promise<unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const error = await promise.then(
    () => assert.fail("the upgrade was accepted"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof UpgradeRefused, String(error));
  return { status: error.status, body: JSON.parse(error.body) };
}

describe("hub relay: admission and limits", () => {
  const data = tempDataDir();
  let upstream: UpstreamWithHubs;
  let gateway: GatewayUnderTest;
  let cookie: string;
  before(async () => {
    upstream = await startUpstreamWithHubs(data.dir);
    gateway = await startGateway(upstream.hubBase, { maxMessageBytes: 1024, maxMessagesPerSecond: 5 });
    cookie = gateway.addSession(await upstreamToken(upstream.baseUrl)).cookie;
  });
  after(async () => {
    await gateway.close();
    await upstream.stop();
    data.remove();
  });

  const upstreamConnections = () =>
    upstream.hubs.user.connections().length + upstream.hubs.chat.connections().length;

  test("a foreign Origin is refused before the upgrade, and nothing is opened upstream", async () => {
    for (const origin of [
      "https://evil.example",
      "http://app.tessera.test",
      "https://app.tessera.test:8443",
      "null",
    ]) {
      const { status, body } = await refusal(openTab(gateway.wsUrl, { cookie, origin }));
      assert.equal(status, 403, origin);
      assert.deepEqual(body, { ErrorCode: 5070, Message: "Origin not allowed." });
    }
    assert.equal((await refusal(openTab(gateway.wsUrl, { cookie, origin: null }))).status, 403);
    assert.equal(upstreamConnections(), 0);
  });

  test("without a signed-in session the upgrade is refused with 401", async () => {
    for (const without of [undefined, "tsid=unknown-session"]) {
      const { status, body } = await refusal(openTab(gateway.wsUrl, { cookie: without }));
      assert.equal(status, 401);
      assert.equal(body.ErrorCode, 5071);
    }
    assert.equal(upstreamConnections(), 0);
  });

  test("a failing session lookup is a 503, not a crash or a leak", async () => {
    const failing = await startGateway(upstream.hubBase, {
      identityOf: async () => {
        throw new Error("session store at 10.0.0.7 is down");
      },
    });
    try {
      const { status, body } = await refusal(openTab(failing.wsUrl, { cookie }));
      assert.equal(status, 503);
      assert.deepEqual(body, { ErrorCode: 5079, Message: "Try again later." });
    } finally {
      await failing.close();
    }
  });

  test("a plain HTTP request gets 426", async () => {
    const response = await fetch(`${gateway.baseUrl}/gw/hub`, { headers: { origin: ORIGIN, cookie } });
    assert.equal(response.status, 426);
    assert.equal(((await response.json()) as { ErrorCode: number }).ErrorCode, 5072);
  });

  test("an oversized frame closes the socket with 1009", async () => {
    const tab = await openTab(gateway.wsUrl, { cookie });
    await tab.take(connected);
    tab.send({
      t: "invoke",
      id: "big",
      hub: "chat",
      target: "SendMessage",
      args: ["/", "x".repeat(2000), "u-00000001"],
    });
    assert.equal((await tab.closed).code, 1009);
  });

  test("binary frames close with 1003, malformed frames with 1008", async () => {
    const binary = await openTab(gateway.wsUrl, { cookie });
    binary.socket.send(Buffer.from([1, 2, 3]));
    assert.equal((await binary.closed).code, 1003);
    for (const text of [
      "not json",
      '{"t":"subscribe"}',
      '{"t":"invoke","id":"a b","hub":"chat","target":"x"}',
      "[1]",
    ]) {
      const tab = await openTab(gateway.wsUrl, { cookie });
      tab.send(text);
      assert.equal((await tab.closed).code, 1008, text);
    }
  });

  test("more frames than the rate allows close the socket with 1008", async () => {
    const tab = await openTab(gateway.wsUrl, { cookie });
    for (let i = 0; i < 12; i++) tab.send({ t: "ping" });
    const { code } = await tab.closed;
    assert.equal(code, 1008);
    // At 5 per second, 12 frames sent at once cannot all be answered; a busy machine may spread
    // their arrival over a window boundary, so "some were refused" is the exact claim, not "≤ 5".
    assert.ok(tab.frames.filter((frame) => frame.t === "pong").length < 12);
  });

  test("a ping is answered with a pong", async () => {
    const tab = await openTab(gateway.wsUrl, { cookie });
    tab.send({ t: "ping" });
    await tab.take((frame) => frame.t === "pong");
    tab.socket.close();
  });
});

describe("hub relay: heartbeat and shutdown", () => {
  const data = tempDataDir();
  let upstream: UpstreamWithHubs;
  before(async () => {
    upstream = await startUpstreamWithHubs(data.dir);
  });
  after(async () => {
    await upstream.stop();
    data.remove();
  });

  test("the gateway pings every tab and drops one that stays silent", async () => {
    const gateway = await startGateway(upstream.hubBase, { heartbeatMs: 50 });
    const { cookie } = gateway.addSession(await upstreamToken(upstream.baseUrl));
    const tab = await openTab(gateway.wsUrl, { cookie });
    // The raw tab never answers: after two pings, the gateway gives up on it (terminated: no close frame).
    assert.equal((await tab.closed).code, 1006);
    assert.equal(tab.frames.filter((frame) => frame.t === "ping").length, 2);
    await gateway.close();
  });

  test("shutting the gateway down closes every tab with 1001 and the upstream connections", async () => {
    const gateway = await startGateway(upstream.hubBase);
    const { cookie } = gateway.addSession(await upstreamToken(upstream.baseUrl));
    const tabs = [await openTab(gateway.wsUrl, { cookie }), await openTab(gateway.wsUrl, { cookie })];
    for (const tab of tabs) await tab.take(connected);
    await gateway.close();
    for (const tab of tabs) assert.equal((await tab.closed).code, 1001);
    const remaining = () => upstream.hubs.user.connections().length + upstream.hubs.chat.connections().length;
    await eventually(() => remaining() === 0, "upstream connections closed");
  });
});
