/** The relay's pure parts: backoff, options, browser frames, redirects and the per-tab rate limit. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DEFAULT_HEARTBEAT_MS as RUNTIME_HEARTBEAT_MS } from "../../../../runtime/realtime/hub-client.ts";
import { MAX_IN_FLIGHT_INVOCATIONS } from "../../../../runtime/realtime/outbox.ts";
import { MANIFEST_KIND_NAMES } from "../../../../schemas/config-api.ts";
import { assertBackoffPolicy, backoffDelayMs } from "../../../../server/gateway/hub-relay/backoff.ts";
import {
  inAppRedirect,
  parseBrowserFrame,
  serializeGatewayFrame,
  serializeResultFrame,
} from "../../../../server/gateway/hub-relay/browser-frames.ts";
import { InternPool } from "../../../../server/gateway/hub-relay/intern-pool.ts";
import {
  DEFAULT_MAX_MESSAGES_PER_SECOND,
  DEFAULT_RATE_BURST_MS,
  normalizeOrigin,
  resolveRelaySettings,
} from "../../../../server/gateway/hub-relay/options.ts";
import { RECORD_SEPARATOR, serializeInvocation } from "../../../../server/gateway/hub-relay/signalr-codec.ts";
import { burstCapacity, RateLimiter } from "../../../../server/gateway/hub-relay/tab.ts";
import { originAllowed } from "../../../../server/gateway/plugins/hub-relay.ts";

describe("backoff", () => {
  const policy = { initialMs: 100, maxMs: 1_000 };
  test("doubles from the initial step and stays within [step/2, step]", () => {
    for (const [attempt, step] of [
      [0, 100],
      [1, 200],
      [2, 400],
      [3, 800],
      [4, 1_000],
      [60, 1_000],
    ] as const) {
      assert.equal(
        backoffDelayMs(attempt, policy, () => 0),
        step / 2,
        `attempt ${attempt} low`,
      );
      assert.equal(
        backoffDelayMs(attempt, policy, () => 0.999999),
        step,
        `attempt ${attempt} high`,
      );
      assert.equal(
        backoffDelayMs(attempt, policy, () => 0.5),
        (step * 3) / 4,
        `attempt ${attempt} middle`,
      );
    }
  });

  test("a broken random source cannot leave the bounds", () => {
    assert.equal(
      backoffDelayMs(0, policy, () => -3),
      50,
    );
    assert.equal(
      backoffDelayMs(0, policy, () => 7),
      100,
    );
    assert.equal(
      backoffDelayMs(-2, policy, () => 0),
      50,
    );
  });

  test("policies must be positive integers with initialMs ≤ maxMs", () => {
    assert.doesNotThrow(() => assertBackoffPolicy({ initialMs: 1, maxMs: 1 }));
    for (const bad of [
      { initialMs: 0, maxMs: 10 },
      { initialMs: 10, maxMs: 5 },
      { initialMs: 1.5, maxMs: 10 },
    ]) {
      assert.throws(() => assertBackoffPolicy(bad), TypeError);
    }
  });
});

describe("options", () => {
  const base = { upstream: { hubBase: "http://127.0.0.1:5000/hubs/" }, identityOf: async () => null };
  test("defaults, hub URLs and the allow-lists", () => {
    const settings = resolveRelaySettings({
      ...base,
      allowedOrigins: ["https://app.example.com"],
      invocable: { chat: ["SendMessage"] },
    });
    assert.deepEqual(settings.hubUrls, {
      user: "http://127.0.0.1:5000/hubs/user",
      chat: "http://127.0.0.1:5000/hubs/supportchat",
    });
    assert.equal(settings.maxMessageBytes, 64 * 1024);
    assert.equal(settings.maxMessagesPerSecond, 20);
    assert.equal(settings.rateBurstMs, 30_000);
    assert.equal(settings.heartbeatMs, 15_000);
    assert.equal(settings.serverTimeoutMs, 30_000);
    assert.deepEqual(settings.reconnect, { initialMs: 1_000, maxMs: 30_000 });
    assert.deepEqual([...settings.invocable.chat], ["SendMessage"]);
    assert.deepEqual([...settings.invocable.user], []);
  });

  test("refuses nonsense at registration", () => {
    assert.throws(() => resolveRelaySettings({ ...base, allowedOrigins: [], maxMessageBytes: 0 }), TypeError);
    assert.throws(() => resolveRelaySettings({ ...base, allowedOrigins: [], heartbeatMs: 1.5 }), TypeError);
    // A bucket of less than one second's frames would refuse a tab keeping to the rate.
    assert.throws(
      () => resolveRelaySettings({ ...base, allowedOrigins: [], rateBurstMs: 999 }),
      /rateBurstMs must be at least 1000/,
    );
    assert.throws(
      () => resolveRelaySettings({ ...base, upstream: { hubBase: "ftp://x/hubs" }, allowedOrigins: [] }),
      TypeError,
    );
    assert.throws(() =>
      resolveRelaySettings({ ...base, allowedOrigins: [], reconnect: { initialMs: 9, maxMs: 1 } }),
    );
  });

  test("allowed origins are exactly scheme://host[:port]", () => {
    assert.equal(normalizeOrigin("https://App.Example.com"), "https://app.example.com");
    assert.equal(normalizeOrigin("http://localhost:8080/"), "http://localhost:8080");
    for (const bad of ["*", "app.example.com", "https://app.example.com/path", "null", "file:///x"]) {
      assert.throws(() => normalizeOrigin(bad), TypeError, bad);
    }
  });

  test("an Origin header matches only an allowed origin exactly", () => {
    const allowed = new Set(["https://app.example.com"]);
    assert.equal(originAllowed("https://app.example.com", allowed), true);
    assert.equal(originAllowed("https://APP.example.com", allowed), true);
    for (const origin of [
      undefined,
      "",
      "null",
      "http://app.example.com",
      "https://app.example.com:444",
      "https://evil.app.example.com",
      "https://app.example.com.evil",
    ]) {
      assert.equal(originAllowed(origin, allowed), false, String(origin));
    }
  });
});

describe("browser frames", () => {
  test("ping, pong and well-formed invocations", () => {
    assert.deepEqual(parseBrowserFrame('{"t":"ping"}'), { t: "ping" });
    assert.deepEqual(parseBrowserFrame('{"t":"pong"}'), { t: "pong" });
    assert.deepEqual(
      parseBrowserFrame('{"t":"invoke","id":"a-1","hub":"chat","target":"SendMessage","args":[1]}'),
      {
        t: "invoke",
        id: "a-1",
        hub: "chat",
        target: "SendMessage",
        args: [1],
      },
    );
    assert.deepEqual(parseBrowserFrame('{"t":"invoke","id":"b","hub":"user","target":"Ping"}'), {
      t: "invoke",
      id: "b",
      hub: "user",
      target: "Ping",
      args: [],
    });
  });

  test("anything malformed is refused", () => {
    for (const text of [
      "",
      "x",
      "null",
      "[]",
      '{"t":"event","hub":"user","target":"x"}',
      '{"t":"invoke","hub":"chat","target":"x"}',
      '{"t":"invoke","id":"","hub":"chat","target":"x"}',
      `{"t":"invoke","id":"${"a".repeat(65)}","hub":"chat","target":"x"}`,
      '{"t":"invoke","id":"a b","hub":"chat","target":"x"}',
      '{"t":"invoke","id":"a","hub":"gateway","target":"x"}',
      '{"t":"invoke","id":"a","hub":"chat","target":"1x"}',
      '{"t":"invoke","id":"a","hub":"chat","target":"x","args":{}}',
    ]) {
      assert.equal(parseBrowserFrame(text), null, text);
    }
  });

  test("report, applied and rejected frames parse to exactly their fields", () => {
    const report = {
      t: "report",
      build: "2025.01.15 (1a2b)",
      manifestVersion: 0,
      renderers: ["chart.line", "map:world", "A_b-9"],
      dialogs: [],
    };
    assert.deepEqual(parseBrowserFrame(JSON.stringify(report)), report);
    assert.deepEqual(parseBrowserFrame(JSON.stringify({ ...report, manifestVersion: null })), {
      ...report,
      manifestVersion: null,
    });
    // With the build's schema digests: any of the manifest kinds, each a 16 hex character digest.
    const withSchemas = { ...report, schemas: { routes: "0123456789abcdef", widgets: "ffffffffffffffff" } };
    assert.deepEqual(parseBrowserFrame(JSON.stringify(withSchemas)), withSchemas);
    const every = Object.fromEntries(MANIFEST_KIND_NAMES.map((kind) => [kind, "a".repeat(16)]));
    assert.deepEqual(parseBrowserFrame(JSON.stringify({ ...report, schemas: every })), {
      ...report,
      schemas: every,
    });
    assert.deepEqual(parseBrowserFrame(JSON.stringify({ ...report, schemas: {} })), {
      ...report,
      schemas: {},
    });
    assert.deepEqual(parseBrowserFrame('{"t":"applied","version":9007199254740991}'), {
      t: "applied",
      version: Number.MAX_SAFE_INTEGER,
    });
    assert.deepEqual(parseBrowserFrame('{"version":4,"reason":"gauge: unknown renderer","t":"rejected"}'), {
      t: "rejected",
      version: 4,
      reason: "gauge: unknown renderer",
    });
  });

  test("report, applied and rejected frames with a key they do not have are refused", () => {
    for (const text of [
      '{"t":"applied","version":1,"__proto__":{}}',
      '{"t":"applied","version":1,"constructor":1}',
      '{"t":"rejected","version":1,"reason":"x","toString":"y"}',
      '{"t":"report","build":"b","manifestVersion":1,"renderers":[],"dialogs":[],"hasOwnProperty":1}',
      '{"t":"report","build":"b","manifestVersion":1,"renderers":[]}',
    ]) {
      assert.equal(parseBrowserFrame(text), null, text);
    }
  });

  test("a report's schema digests are refused unless each names a manifest kind with a 16 hex digest", () => {
    const report = { t: "report", build: "b", manifestVersion: 1, renderers: [], dialogs: [] };
    const digest = "0123456789abcdef";
    for (const schemas of [
      null,
      [],
      [digest],
      "routes",
      { texts: digest },
      { "texts.en": digest },
      { Routes: digest },
      { routes: digest, unknown: digest },
      { routes: digest.toUpperCase() },
      { routes: digest.slice(1) },
      { routes: `${digest}0` },
      { routes: "0123456789abcdeg" },
      { routes: 123 },
      { routes: null },
      { routes: { digest } },
    ]) {
      assert.equal(parseBrowserFrame(JSON.stringify({ ...report, schemas })), null, JSON.stringify(schemas));
    }
    for (const text of [
      `{"t":"report","build":"b","manifestVersion":1,"renderers":[],"dialogs":[],"schemas":{"__proto__":"${digest}"}}`,
      `{"t":"report","build":"b","manifestVersion":1,"renderers":[],"dialogs":[],"schemas":{"constructor":"${digest}"}}`,
      `{"t":"report","build":"b","manifestVersion":1,"renderers":[],"schemas":{}}`,
    ]) {
      assert.equal(parseBrowserFrame(text), null, text);
    }
  });
});

describe("intern pool", () => {
  test("equal keys share the first value; the last release drops it", () => {
    const pool = new InternPool<readonly string[]>();
    const first = pool.acquire("a,b", ["a", "b"]);
    const second = pool.acquire("a,b", ["a", "b"]);
    assert.equal(second, first);
    assert.equal(second.value, first.value);
    assert.equal(pool.size, 1);
    const other = pool.acquire("c", ["c"]);
    assert.equal(pool.size, 2);
    pool.release(first);
    assert.equal(pool.size, 2, "still held once");
    pool.release(second);
    assert.equal(pool.size, 1);
    // A value acquired again after its last release is a new entry, not the dropped one.
    const again = pool.acquire("a,b", ["a", "b"]);
    assert.notEqual(again, first);
    pool.release(other);
    pool.release(again);
    assert.equal(pool.size, 0);
  });
});

describe("frames written out by hand are the frames JSON.stringify writes", () => {
  // JSON values as the upstream and the browsers send them, with everything that needs escaping.
  const values: unknown[] = [
    undefined,
    null,
    0,
    -1.5e-7,
    true,
    "",
    'quote " backslash \\ slash / newline \n tab \t nul \u0000 line \u2028 é 🎉 lone \ud800',
    [],
    [1, "two", null, [3], { four: 4 }],
    { a: 1, "b c": [true, false], nested: { deeper: ["x"] }, '"key"': "v" },
  ];
  const ids = ["1", "a-1", "Z_9", "x".repeat(64), 'odd "id" \\'];

  test("result frames", () => {
    for (const id of ids) {
      for (const result of values) {
        assert.equal(
          serializeResultFrame(id, result),
          serializeGatewayFrame({ t: "result", id, ok: true, result }),
          `${id} ${JSON.stringify(result)}`,
        );
      }
    }
  });

  test("invocations sent upstream", () => {
    for (const invocationId of ids) {
      for (const target of ["Echo", "SendMessage", 'Odd"Name\\']) {
        const args = values.filter((value) => value !== undefined);
        const expected = JSON.stringify({ type: 1, invocationId, target, arguments: args });
        assert.equal(serializeInvocation(invocationId, target, args), `${expected}${RECORD_SEPARATOR}`);
        assert.equal(
          serializeInvocation(invocationId, target, [undefined]),
          `${JSON.stringify({ type: 1, invocationId, target, arguments: [undefined] })}${RECORD_SEPARATOR}`,
        );
      }
    }
  });
});

describe("redirects handed to the browser", () => {
  const own = new Set(["https://app.example.com"]);
  test("in-app paths pass; the gateway's own absolute URLs become paths", () => {
    assert.equal(inAppRedirect("/loggedout"), "/loggedout");
    assert.equal(inAppRedirect("/login?next=%2Fdashboards"), "/login?next=%2Fdashboards");
    assert.equal(inAppRedirect("https://app.example.com/loggedout?x=1#h", own), "/loggedout?x=1#h");
  });

  test("open-redirect candidates are dropped", () => {
    for (const value of [
      "",
      "loggedout",
      "//evil.example",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/%252F%252Fevil.example",
      "https://evil.example/",
      "https://app.example.com//evil.example",
      "javascript:alert(1)",
      "/a\nb",
      "/%0d%0aSet-Cookie:x",
      `/${"a".repeat(3000)}`,
      42,
      null,
    ]) {
      assert.equal(inAppRedirect(value, own), undefined, JSON.stringify(value));
    }
  });
});

describe("per-tab rate limit", () => {
  /** Frames offered to a new bucket at times (ms, the bucket's clock): how many it accepted at each. */
  function accepted(
    perSecond: number,
    capacity: number,
    offers: readonly (readonly [atMs: number, frames: number])[],
  ): number[] {
    let now = 0;
    const limiter = new RateLimiter(perSecond, capacity, () => now);
    return offers.map(([atMs, frames]) => {
      now = atMs;
      let taken = 0;
      for (let index = 0; index < frames; index++) if (limiter.take()) taken++;
      return taken;
    });
  }
  /** One frame every `everyMs` from `fromMs` until before `untilMs`. */
  function steady(fromMs: number, untilMs: number, everyMs: number): [number, number][] {
    const offers: [number, number][] = [];
    for (let at = fromMs; at < untilMs; at += everyMs) offers.push([at, 1]);
    return offers;
  }
  const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);
  // 4 frames a second, a burst of 30 s of them.
  const rate = 4;
  const capacity = burstCapacity(rate, 30_000);

  test("the capacity is the rate times the burst time", () => {
    for (const [perSecond, burstMs, frames] of [
      [20, 30_000, 600],
      [4, 30_000, 120],
      [5, 2_000, 10],
      [1, 1_000, 1],
      [100_000, 600_000, 60_000_000],
    ] as const) {
      assert.equal(burstCapacity(perSecond, burstMs), frames, `${perSecond}/s × ${burstMs} ms`);
    }
  });

  test("a new socket gets one second's worth at once, not the whole burst", () => {
    assert.deepEqual(accepted(rate, capacity, [[0, 50]]), [rate]);
  });

  test("a steady rate passes, for as long as it lasts", () => {
    const offers = steady(0, 120_000, 1000 / rate);
    assert.equal(sum(accepted(rate, capacity, offers)), offers.length);
  });

  test("frames held back by a 5 s stall, sent at the rate, pass when they arrive together", () => {
    // 1 s at the rate, then the gateway stalls 5 s: the 20 frames sent meanwhile arrive at once.
    const before = steady(0, 1_000, 1000 / rate);
    const after = accepted(rate, capacity, [...before, [6_000, 5 * rate]]);
    assert.deepEqual(after.slice(-1), [5 * rate]);
    // A bucket of one second's worth (capacity = rate) cuts the same tab off.
    assert.deepEqual(accepted(rate, rate, [...before, [6_000, 5 * rate]]).slice(-1), [rate]);
  });

  test("a burst after idling passes up to the allowance, and no more however long the idle", () => {
    for (const idleMs of [30_000, 60_000, 3_600_000]) {
      assert.deepEqual(accepted(rate, capacity, [[idleMs, capacity + 10]]), [capacity], `${idleMs} ms`);
    }
    assert.deepEqual(accepted(rate, capacity, [[10_000, capacity]]), [rate + 10 * rate], "10 s: 11 s' worth");
  });

  test("a sustained flood is stopped, even from a full bucket", () => {
    // 30 s idle fills the bucket; then twice the rate for a minute.
    const flood = steady(30_000, 90_000, 1000 / (2 * rate));
    const counts = accepted(rate, capacity, flood);
    const firstRefused = counts.indexOf(0);
    assert.ok(firstRefused > 0, "refused at some point");
    // The bucket (120) drains at 4 a second: refused about 30 s into the flood, not later.
    const refusedAtMs = (flood[firstRefused] as [number, number])[0] - 30_000;
    assert.ok(refusedAtMs >= 29_000 && refusedAtMs <= 31_000, `refused after ${refusedAtMs} ms`);
    // Over the minute: the bucket plus the rate, never what was sent.
    assert.ok(sum(counts) <= capacity + 60 * rate + 1, `${sum(counts)} of ${flood.length} accepted`);
  });

  test("the default burst covers a stall the runtime's socket lives through", () => {
    // The browser gives a socket up after two heartbeat intervals without a frame (reconnecting-socket.ts).
    assert.ok(DEFAULT_RATE_BURST_MS >= 2 * RUNTIME_HEARTBEAT_MS);
    // What the runtime queues in a stall of any length (its in-flight invocations and a pong) fits the
    // one second's worth a new socket starts with.
    assert.ok(MAX_IN_FLIGHT_INVOCATIONS + 1 <= DEFAULT_MAX_MESSAGES_PER_SECOND);
  });
});
