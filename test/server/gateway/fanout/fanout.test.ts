/**
 * The fan-out between gateway instances (server/gateway/fanout/fanout.ts; DESIGN.md §7): messages
 * that carry ids and versions only, refused otherwise; and, on the real Redis test server (skipped
 * with the reason when it does not answer; a channel prefix of its own per run), one instance's
 * message reaching the other and never itself, a skipped sequence number or a rejoining instance
 * making the others read everything again, and an instance cut off from Redis (a proxy cut, the
 * server running on) reporting it and reading everything again once it is back. The store read while
 * Redis is away runs on fake interval timers.
 */
import assert from "node:assert/strict";
import { after, before, describe, mock, test } from "node:test";
import { Redis } from "ioredis";
import {
  decodeFanoutMessage,
  encodeFanoutMessage,
  FANOUT_OUTAGE_SYNC_MS,
  Fanout,
  type FanoutHandlers,
  fanoutChannels,
} from "../../../../server/gateway/fanout/fanout.ts";
import { freePort } from "../../../helpers/free-port.ts";
import {
  REDIS_TEST_URL,
  redisSkip,
  redisTestPort,
  uniqueChannelPrefix,
} from "../../../helpers/redis-test.ts";
import { startTcpProxy, type TcpProxy } from "../../../helpers/tcp-proxy.ts";
import { log } from "../config/plane-fixture.ts";
import { eventually } from "../hub-relay/relay-fixture.ts";

const SESSION = "a".repeat(64);

/** Handlers that record what they were called with. */
function recorder() {
  const calls: string[] = [];
  const handlers: FanoutHandlers = {
    configuration: (version) => calls.push(`configuration ${version}`),
    sessionEnded: (session, loggedOut) => calls.push(`session ${session.slice(0, 4)} ${loggedOut}`),
    blockedIpsChanged: () => calls.push("blockedIps"),
    resynchronise: () => calls.push("resynchronise"),
  };
  return { calls, handlers };
}

describe("fan-out messages: ids and versions, nothing else", () => {
  test("each concern round-trips with its sender and sequence number", () => {
    const cases = [
      { concern: "configuration", version: 12 },
      { concern: "configuration", version: null },
      { concern: "session", session: SESSION, loggedOut: true },
      { concern: "blockedIps" },
      { concern: "instance" },
    ] as const;
    for (const message of cases) {
      const text = encodeFanoutMessage("instance-a", 3, message);
      assert.deepEqual(decodeFanoutMessage(message.concern, text), {
        from: "instance-a",
        sequence: 3,
        message,
      });
    }
  });

  test("anything else is dropped: not JSON, no sender or sequence, wrong types, content, ids on a bare concern", () => {
    const refused: [Parameters<typeof decodeFanoutMessage>[0], string][] = [
      ["configuration", "not json"],
      ["configuration", "[1]"],
      ["configuration", JSON.stringify({ n: 1, version: 1 })],
      ["configuration", JSON.stringify({ from: "a", version: 1 })],
      ["configuration", JSON.stringify({ from: "a", n: 0, version: 1 })],
      ["configuration", JSON.stringify({ from: "a", n: 1.5, version: 1 })],
      ["configuration", JSON.stringify({ from: "a", n: 1, version: -1 })],
      ["configuration", JSON.stringify({ from: "a", n: 1, version: "1" })],
      ["configuration", JSON.stringify({ from: "a", n: 1, version: 1, content: { menus: {} } })],
      ["session", JSON.stringify({ from: "a", n: 1, session: "short", loggedOut: true })],
      ["session", JSON.stringify({ from: "a", n: 1, session: SESSION.toUpperCase(), loggedOut: true })],
      ["session", JSON.stringify({ from: "a", n: 1, session: SESSION })],
      ["blockedIps", JSON.stringify({ from: "a", n: 1, list: ["203.0.113.7"] })],
      ["instance", JSON.stringify({ from: "x".repeat(65), n: 1 })],
    ];
    for (const [concern, text] of refused) assert.equal(decodeFanoutMessage(concern, text), null, text);
  });

  test("a channel per concern under the prefix", () => {
    assert.deepEqual(fanoutChannels("p:"), {
      configuration: "p:gateway:configuration",
      session: "p:gateway:session",
      blockedIps: "p:gateway:blocked-ips",
      instance: "p:gateway:instance",
    });
  });
});

describe("fan-out while Redis cannot be reached (fake interval timers)", () => {
  test("serves on, reports it, and reads the shared store every FANOUT_OUTAGE_SYNC_MS", async (t) => {
    t.mock.timers.enable({ apis: ["setInterval"] });
    const { calls, handlers } = recorder();
    const port = await freePort();
    const fanout = new Fanout({
      url: `redis://127.0.0.1:${port}`,
      prefix: uniqueChannelPrefix(),
      log,
      handlers,
      now: () => 1_000,
    });
    fanout.start();
    assert.equal(fanout.connected, false);
    assert.deepEqual(fanout.status(), { connected: false, downSince: 1_000 });
    fanout.publish({ concern: "blockedIps" }); // dropped, not queued: nothing throws
    t.mock.timers.tick(FANOUT_OUTAGE_SYNC_MS - 1);
    await Promise.resolve();
    assert.deepEqual(calls, []);
    t.mock.timers.tick(1);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(calls, ["resynchronise"]);
    t.mock.timers.tick(FANOUT_OUTAGE_SYNC_MS);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(calls, ["resynchronise", "resynchronise"]);
    await fanout.close();
    t.mock.timers.tick(FANOUT_OUTAGE_SYNC_MS);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(calls.length, 2, "closed: no more reads");
    mock.timers.reset();
  });
});

describe("fan-out on the Redis test server", { skip: await redisSkip() }, () => {
  const prefix = uniqueChannelPrefix();
  let proxy: TcpProxy;
  let raw: Redis;
  const a = recorder();
  const b = recorder();
  let fanoutA: Fanout;
  let fanoutB: Fanout;
  before(async () => {
    proxy = await startTcpProxy(redisTestPort(), new URL(REDIS_TEST_URL).hostname);
    raw = new Redis(REDIS_TEST_URL);
    fanoutA = new Fanout({ url: REDIS_TEST_URL, prefix, log, handlers: a.handlers });
    // B reaches Redis through the proxy, so it alone can be cut off.
    fanoutB = new Fanout({ url: `redis://127.0.0.1:${proxy.port}`, prefix, log, handlers: b.handlers });
    fanoutA.start();
    await eventually(() => fanoutA.connected, "A connected");
    fanoutB.start();
    await eventually(() => fanoutB.connected, "B connected");
    // Joining, each reads everything once; B's arrival makes A read again too.
    await eventually(() => a.calls.length === 2 && b.calls.length === 1, "the joins' reads");
    assert.deepEqual(a.calls.splice(0), ["resynchronise", "resynchronise"]);
    assert.deepEqual(b.calls.splice(0), ["resynchronise"]);
  });
  after(async () => {
    await fanoutA?.close();
    await fanoutB?.close();
    raw?.disconnect();
    await proxy?.close();
  });

  test("one instance's messages reach the other, in order, and never itself", async () => {
    fanoutA.publish({ concern: "configuration", version: 4 });
    fanoutA.publish({ concern: "session", session: SESSION, loggedOut: true });
    fanoutA.publish({ concern: "blockedIps" });
    await eventually(() => b.calls.length === 3, "B heard three");
    assert.deepEqual(b.calls.splice(0), ["configuration 4", "session aaaa true", "blockedIps"]);
    fanoutB.publish({ concern: "configuration", version: null });
    await eventually(() => a.calls.length === 1, "A heard one");
    assert.deepEqual(a.calls.splice(0), ["configuration null"]);
    assert.deepEqual(b.calls, [], "B did not hear its own");
  });

  test("a malformed message is dropped; a skipped sequence number makes the instance read everything", async () => {
    const channels = fanoutChannels(prefix);
    await raw.publish(channels.configuration, JSON.stringify({ from: "forger", n: 1, content: "{}" }));
    await raw.publish(
      channels.configuration,
      encodeFanoutMessage("other", 1, { concern: "configuration", version: 9 }),
    );
    await eventually(() => b.calls.length === 1, "B heard the valid one");
    assert.deepEqual(b.calls.splice(0), ["configuration 9"]);
    await raw.publish(channels.blockedIps, encodeFanoutMessage("other", 1, { concern: "blockedIps" }));
    await raw.publish(channels.blockedIps, encodeFanoutMessage("other", 3, { concern: "blockedIps" }));
    await eventually(() => b.calls.length === 1, "B heard the gap");
    assert.deepEqual(
      b.calls.splice(0),
      ["resynchronise"],
      "message 1 replayed is ignored; 3 after 1 is a gap",
    );
    a.calls.splice(0);
  });

  test("cut off from Redis: reported, what is said meanwhile is missed, and both read everything once it is back", async () => {
    await proxy.cut();
    await eventually(() => !fanoutB.connected, "B noticed");
    assert.equal(fanoutB.status().connected, false);
    assert.equal(typeof fanoutB.status().downSince, "number");
    assert.equal(fanoutA.connected, true, "A is not affected");
    fanoutA.publish({ concern: "configuration", version: 5 });
    fanoutB.publish({ concern: "blockedIps" }); // dropped: B cannot reach Redis
    await proxy.restore();
    await eventually(() => fanoutB.connected, "B back");
    await eventually(
      () => b.calls.includes("resynchronise") && a.calls.includes("resynchronise"),
      "both read again",
    );
    assert.deepEqual(b.calls.splice(0), ["resynchronise"], "B missed version 5 and reads the store instead");
    assert.deepEqual(a.calls.splice(0), ["resynchronise"], "A reads again for what B may have changed");
    fanoutA.publish({ concern: "configuration", version: 6 });
    await eventually(() => b.calls.length === 1, "B hears again");
    assert.deepEqual(b.calls.splice(0), ["configuration 6"]);
  });
});
