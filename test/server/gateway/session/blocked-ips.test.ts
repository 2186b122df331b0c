/**
 * Blocked IPs: range parsing and matching (IPv4, IPv6, CIDR), and the poller and its hook over real
 * sockets against a small fake of the upstream's `GET /api/Admin/BlockedIps/Active`, with fake timers
 * driving the refresh interval; and what the poll writes to the log of `npm start` (the gateway and
 * the real embedded upstream).
 */
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { after, before, describe, mock, test } from "node:test";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { blockedIpGuard } from "../../../../server/gateway/plugins/session.ts";
import {
  BLOCKED_IPS_REFRESH_MS,
  BlockedIps,
  parseBlockedList,
} from "../../../../server/gateway/security/blocked-ips.ts";
import { IpRangeSet, parseIpRange } from "../../../../server/gateway/security/ip-ranges.ts";
import { startGateway, startUpstream } from "../integration/integration-fixture.ts";

describe("IP ranges", () => {
  test("single addresses and CIDR blocks of both families", () => {
    const set = new IpRangeSet(
      [
        "203.0.113.7",
        "198.51.100.0/24",
        "10.0.0.5/8",
        "2001:db8::/32",
        "2001:db8:ffff::1",
        "::ffff:192.0.2.0/120",
      ].map((text) => parseIpRange(text) ?? assert.fail(text)),
    );
    for (const inside of [
      "203.0.113.7",
      "198.51.100.0",
      "198.51.100.255",
      "10.255.1.2",
      "2001:db8:1::9",
      "2001:0db8::",
      "192.0.2.44",
      "::ffff:203.0.113.7",
    ]) {
      assert.equal(set.has(inside), true, inside);
    }
    for (const outside of [
      "203.0.113.8",
      "198.51.101.0",
      "11.0.0.1",
      "2001:db9::1",
      "2002::1",
      "192.0.3.1",
      "not an ip",
    ]) {
      assert.equal(set.has(outside), false, outside);
    }
  });

  test("invalid entries do not parse", () => {
    for (const text of [
      "",
      "300.1.1.1",
      "1.2.3.4/33",
      "1.2.3.4/",
      "1.2.3.4/08",
      "01.2.3.4",
      "2001:db8::/129",
      "1::2::3",
      "abc",
      "1.2.3.4/8/8",
      "fe80::1%eth0",
    ]) {
      assert.equal(parseIpRange(text), null, text);
    }
  });

  test("list bodies: Items, items or an array; strings or objects with IpAddress and BlockedUntil", () => {
    assert.equal(
      parseBlockedList({ Items: ["203.0.113.1", { IpAddress: "2001:db8::/48", BlockedUntil: null }] })
        ?.entries.length,
      2,
    );
    assert.equal(parseBlockedList({ items: [] })?.entries.length, 0);
    assert.deepEqual(parseBlockedList(["x", { IpAddress: "1.2.3.4", BlockedUntil: "never" }])?.invalid, 2);
    assert.equal(parseBlockedList({ nope: [] }), null);
  });
});

/** The fake upstream endpoint: answers with `state.list` (or `state.status`) to the right service token. */
function fakeUpstream() {
  const state = { list: [] as unknown[], status: 200, hits: 0, tokens: [] as (string | undefined)[] };
  const server = http.createServer((request, response) => {
    state.hits += 1;
    state.tokens.push(request.headers.authorization);
    if (request.url !== "/api/Admin/BlockedIps/Active") {
      response.writeHead(404).end();
      return;
    }
    if (request.headers.authorization !== "Bearer svc-token") {
      response.writeHead(401, { "content-type": "application/json" }).end('{"ErrorCode":2001,"Message":"x"}');
      return;
    }
    response
      .writeHead(state.status, { "content-type": "application/json" })
      .end(JSON.stringify({ Items: state.list }));
  });
  return { state, server };
}

function silentLog() {
  const entries: { level: string; message: string }[] = [];
  const log = { level: "info" } as Record<string, unknown>;
  for (const level of ["fatal", "error", "warn", "info", "debug", "trace"]) {
    log[level] = (_obj: unknown, message?: string) =>
      entries.push({ level, message: message ?? String(_obj) });
  }
  log.child = () => log;
  return { log: log as unknown as FastifyBaseLogger, entries };
}

describe("the blocked-IP guard over real sockets", () => {
  const { state, server } = fakeUpstream();
  let appBase: string;
  let gateway: FastifyInstance;
  let gatewayUrl: string;

  before(async () => {
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    appBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
    state.list = ["203.0.113.0/24"];
    mock.timers.enable({ apis: ["setInterval"] });
    gateway = Fastify({ logger: false });
    await gateway.register(blockedIpGuard, { appBase, serviceToken: "svc-token" });
    gateway.get("/gw/session", async () => ({ ok: true }));
    gatewayUrl = await gateway.listen({ host: "127.0.0.1", port: 0 });
  });
  after(async () => {
    mock.timers.reset();
    await gateway.close();
    server.close();
  });

  test("the list is read before serving, with the service token; an unlisted client passes", async () => {
    assert.equal(gateway.blockedIps.size, 1);
    assert.equal(state.tokens[0], "Bearer svc-token");
    assert.equal((await fetch(`${gatewayUrl}/gw/session`)).status, 200);
  });

  test("a new block applies at the next refresh interval, on every route", async () => {
    state.list = ["203.0.113.0/24", { IpAddress: "127.0.0.0/8", BlockedUntil: null }];
    const hits = state.hits;
    mock.timers.tick(BLOCKED_IPS_REFRESH_MS);
    while (state.hits === hits) await new Promise((resolve) => setImmediate(resolve));
    await gateway.blockedIps.refresh();
    for (const path of ["/gw/session", "/nothing-here", "/api/x"]) {
      const reply = await fetch(`${gatewayUrl}${path}`, { method: path === "/api/x" ? "POST" : "GET" });
      assert.equal(reply.status, 403, path);
      assert.equal((await reply.json()).ErrorCode, GatewayErrorCode.IpBlocked);
    }
  });

  test("when the endpoint fails the last list stays in force; when it recovers the new one applies", async () => {
    state.status = 500;
    assert.equal(await gateway.blockedIps.refresh(), false);
    assert.equal((await fetch(`${gatewayUrl}/gw/session`)).status, 403, "still blocked");
    state.status = 200;
    state.list = [];
    assert.equal(await gateway.blockedIps.refresh(), true);
    assert.equal((await fetch(`${gatewayUrl}/gw/session`)).status, 200);
  });
});

describe("the poller", () => {
  test("an absent endpoint keeps the last list and is logged once per outage", async () => {
    const { state, server } = fakeUpstream();
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    const { log, entries } = silentLog();
    state.list = ["192.0.2.1"];
    const list = new BlockedIps({ appBase: `http://127.0.0.1:${port}/api/`, serviceToken: "svc-token", log });
    assert.equal(await list.refresh(), true);
    const gone = new BlockedIps({
      appBase: `http://127.0.0.1:${port}/other/`,
      serviceToken: "svc-token",
      log,
    });
    assert.equal(await gone.refresh(), false);
    assert.equal(await gone.refresh(), false);
    assert.equal(entries.filter((e) => e.level === "warn").length, 1, "one warning per outage");
    assert.equal(list.isBlocked("192.0.2.1"), true);
    server.close();
    assert.equal(await list.refresh(), false, "upstream down");
    assert.equal(list.isBlocked("192.0.2.1"), true, "the last list stays");
  });

  test("entries with BlockedUntil end on time without a refresh", async () => {
    const { state, server } = fakeUpstream();
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    let now = Date.UTC(2025, 0, 1);
    state.list = [
      { IpAddress: "192.0.2.1", BlockedUntil: new Date(now + 60_000).toISOString() },
      { IpAddress: "192.0.2.2", BlockedUntil: new Date(now - 1).toISOString() },
    ];
    const list = new BlockedIps({
      appBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`,
      serviceToken: "svc-token",
      log: silentLog().log,
      now: () => now,
    });
    await list.refresh();
    server.close();
    assert.equal(list.isBlocked("192.0.2.1"), true);
    assert.equal(list.isBlocked("192.0.2.2"), false, "already over");
    now += 60_000;
    assert.equal(list.isBlocked("192.0.2.1"), false, "over now");
  });

  test("without a service token nothing is read and the gap is logged as an error", async () => {
    const { log, entries } = silentLog();
    const list = new BlockedIps({ appBase: "http://127.0.0.1:9/api/", serviceToken: null, log });
    assert.equal(await list.start(), false);
    list.stop();
    assert.ok(entries.some((e) => e.level === "error" && /UPSTREAM_SERVICE_TOKEN/.test(e.message)));
  });
});

describe("the poll in the log", () => {
  const SERVICE_TOKEN = "poll-log-service-token-0123456789abcdef";
  let previousToken: string | undefined;
  before(() => {
    previousToken = process.env.UPSTREAM_SERVICE_TOKEN;
    process.env.UPSTREAM_SERVICE_TOKEN = SERVICE_TOKEN;
    mock.timers.enable({ apis: ["setInterval"] });
  });
  after(() => {
    mock.timers.reset();
    if (previousToken === undefined) delete process.env.UPSTREAM_SERVICE_TOKEN;
    else process.env.UPSTREAM_SERVICE_TOKEN = previousToken;
  });

  test("a routine read writes nothing at info, one debug line; a failed read warns", async () => {
    // One stream for both halves, as `npm start` writes them, recorded from debug up.
    const lines: { level: number; msg: string; text: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        const text = String(chunk);
        lines.push({ ...JSON.parse(text), text });
        done();
      },
    });
    const logger = { level: "debug", stream };
    let reads = 0;
    const upstream = await startUpstream({
      logger,
      onRequest: (request) => {
        if (request.url === "/api/Admin/BlockedIps/Active") reads += 1;
      },
    });
    const gateway = await startGateway(upstream.url, {
      logger,
      more: { upstreamServiceToken: SERVICE_TOKEN },
    });
    try {
      assert.equal(reads, 1, "the first read, before serving");
      for (const cycle of [2, 3]) {
        mock.timers.tick(BLOCKED_IPS_REFRESH_MS);
        while (reads < cycle) await new Promise((resolve) => setImmediate(resolve));
        assert.equal(await gateway.app.blockedIps.refresh(), true);
      }
      const about = (line: { text: string }) => /blocked ?ips/i.test(line.text);
      const INFO = 30;
      assert.deepEqual(
        lines.filter((line) => about(line) && line.level === INFO).map((line) => line.msg),
        [],
        "no info line for a routine read",
      );
      assert.ok(
        lines.filter((line) => about(line) && line.level < INFO).length >= 3,
        "each read is logged at debug",
      );

      await upstream.stop();
      mock.timers.tick(BLOCKED_IPS_REFRESH_MS);
      assert.equal(await gateway.app.blockedIps.refresh(), false);
      const warnings = lines.filter((line) => line.level === 40 && about(line));
      assert.deepEqual(
        warnings.map((line) => line.msg),
        ["blocked IPs: cannot read the list"],
      );
    } finally {
      await gateway.app.close();
      await upstream.close();
    }
  });
});

describe("a change of the list, for the other gateway instances (the fan-out)", () => {
  const { state, server } = fakeUpstream();
  let gateway: FastifyInstance;
  let gatewayUrl: string;
  const changes: number[] = [];

  before(async () => {
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const appBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
    state.list = ["203.0.113.0/24"];
    gateway = Fastify({ logger: false });
    await gateway.register(blockedIpGuard, {
      appBase,
      serviceToken: "svc-token",
      onChanged: () => changes.push(state.hits),
    });
    // Stands in for the REST relay's answer to a staff edit of the list (SPEC §2.4 /admin/blockedips).
    gateway.post("/api/Admin/BlockedIps", async () => ({ RecId: 1 }));
    gateway.get("/api/Admin/BlockedIps", async () => ({ Items: [] }));
    gatewayUrl = await gateway.listen({ host: "127.0.0.1", port: 0 });
  });
  after(async () => {
    await gateway.close();
    server.close();
  });

  test("told when a read finds the list changed, not on the first read nor an unchanged one", async () => {
    assert.deepEqual(changes, [], "the first read is no change");
    assert.equal(await gateway.blockedIps.refresh(), true);
    assert.deepEqual(changes, [], "the same list");
    state.list = ["203.0.113.0/24", { IpAddress: "198.51.100.7", BlockedUntil: null }];
    assert.equal(await gateway.blockedIps.refresh(), true);
    assert.equal(changes.length, 1);
  });

  test("a relayed edit of the list reads it again at once; a read of it does not", async () => {
    const hits = state.hits;
    assert.equal((await fetch(`${gatewayUrl}/api/Admin/BlockedIps`)).status, 200);
    assert.equal(state.hits, hits, "a GET changes nothing");
    state.list = [{ IpAddress: "127.0.0.0/8", BlockedUntil: null }];
    const edit = await fetch(`${gatewayUrl}/api/Admin/BlockedIps`, { method: "POST" });
    assert.equal(edit.status, 200);
    while (changes.length < 2) await new Promise((resolve) => setImmediate(resolve));
    assert.equal((await fetch(`${gatewayUrl}/gw/anything`)).status, 403, "in force here before any poll");
  });
});
