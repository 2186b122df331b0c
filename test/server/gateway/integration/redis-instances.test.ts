/**
 * Two gateway instances on one PostgreSQL schema and one Redis (GATEWAY_DATABASE_URL, REDIS_URL;
 * DESIGN.md §7), built by `buildApp` as `npm start` builds them, in front of the real upstream, over
 * real sockets: a publication through one reaches a browser connected through the other as the
 * `manifestPublished` push, a logout through one closes the session's socket on the other, and an
 * instance cut off from Redis (a proxy in front of the server cut; the server itself runs on) says so
 * on /readyz, serves on, and gets what was published meanwhile once Redis is back. Skipped with the
 * reason when PostgreSQL or Redis does not answer; a schema and a channel prefix of its own per run.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Redis } from "ioredis";
import pg from "pg";
import { GatewayConfigError, readGatewayConfig, redisUrl } from "../../../../server/gateway/config.ts";
import { encodeFanoutMessage, fanoutChannels } from "../../../../server/gateway/fanout/fanout.ts";
import { sessionIdHash } from "../../../../server/gateway/session/session-sealer.ts";
import {
  REDIS_TEST_URL,
  redisSkip,
  redisTestPort,
  uniqueChannelPrefix,
} from "../../../helpers/redis-test.ts";
import { createTestSchema, postgresSkip, type TestSchema } from "../../../helpers/store-backends.ts";
import { startTcpProxy, type TcpProxy } from "../../../helpers/tcp-proxy.ts";
import { type Frame, openTab, type TestTab } from "../hub-relay/relay-fixture.ts";
import { BrowserClient, signedIn } from "./browser-client.ts";
import {
  PUBLIC_ORIGIN,
  type RunningGateway,
  type RunningUpstream,
  startGateway,
  startUpstream,
} from "./integration-fixture.ts";

/** The push reaches the other instance's browsers within this (the live configuration's budget). */
const PUSH_BUDGET_MS = 2_000;

test("REDIS_URL: a redis URL turns the fan-out on, unset keeps one instance, anything else refuses to boot", () => {
  const url = "redis://:secret@cache.internal:6379/0";
  assert.equal(readGatewayConfig({ REDIS_URL: url }, "/srv").app.redisUrl, url);
  assert.equal(redisUrl("rediss://cache.internal:6380"), "rediss://cache.internal:6380");
  assert.equal(readGatewayConfig({}, "/srv").app.redisUrl, null);
  assert.equal(readGatewayConfig({}, "/srv").app.redisChannelPrefix, "tessera:");
  assert.equal(
    readGatewayConfig({ REDIS_CHANNEL_PREFIX: "prod-eu:" }, "/srv").app.redisChannelPrefix,
    "prod-eu:",
  );
  assert.equal(redisUrl(""), null);
  for (const bad of ["http://secret@cache.internal", "cache.internal:6379", "secret"]) {
    assert.throws(
      () => redisUrl(bad),
      (error: unknown) =>
        error instanceof GatewayConfigError &&
        /REDIS_URL/.test(error.message) &&
        !error.message.includes("secret"),
      bad,
    );
  }
  for (const bad of ["has space", "x".repeat(65), "semi;colon"]) {
    assert.throws(() => readGatewayConfig({ REDIS_CHANNEL_PREFIX: bad }, "/srv"), GatewayConfigError, bad);
  }
});

const skip = (await postgresSkip()) || (await redisSkip());

describe("two gateway instances on one PostgreSQL database and one Redis", { skip }, () => {
  let schema: TestSchema;
  let upstream: RunningUpstream;
  let proxyA: TcpProxy;
  let proxyB: TcpProxy;
  let a: RunningGateway;
  let b: RunningGateway;
  let raw: Redis;
  const redisChannelPrefix = uniqueChannelPrefix();
  /** Runs SQL on the instances' schema, as another instance (or an operator) would. */
  const sql = async (text: string) => {
    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  before(async () => {
    schema = await createTestSchema();
    upstream = await startUpstream();
    const redisHost = new URL(REDIS_TEST_URL).hostname;
    // Each instance reaches Redis through a proxy of its own, so either can be cut off alone.
    proxyA = await startTcpProxy(redisTestPort(), redisHost);
    proxyB = await startTcpProxy(redisTestPort(), redisHost);
    raw = new Redis(REDIS_TEST_URL);
    [a, b] = (await Promise.all(
      [proxyA, proxyB].map((proxy) =>
        startGateway(upstream.url, {
          more: { databaseUrl: schema.url, redisUrl: `redis://127.0.0.1:${proxy.port}`, redisChannelPrefix },
        }),
      ),
    )) as [RunningGateway, RunningGateway];
    for (const instance of [a, b]) await redisUp(instance);
  });
  after(async () => {
    await a?.app.close();
    await b?.app.close();
    raw?.disconnect();
    await proxyA?.close();
    await proxyB?.close();
    await upstream?.close();
    await schema?.drop();
  });

  /** /readyz of an instance. */
  const readiness = async (instance: RunningGateway) => {
    const answer = await new BrowserClient(instance.url).get("/readyz");
    return {
      status: answer.status,
      body: answer.json as {
        status: string;
        checks: Record<string, boolean>;
        degraded?: Record<string, unknown>;
      },
    };
  };
  /** Waits until the instance's /readyz says Redis is reachable. */
  async function redisUp(instance: RunningGateway): Promise<void> {
    for (let tries = 0; tries < 200; tries += 1) {
      if ((await readiness(instance)).body.checks.redis === true) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("Redis never reported reachable");
  }

  /** The same browser (its cookies) talking to instance `to`. */
  const sameBrowserAt = (to: RunningGateway, client: BrowserClient) => {
    const other = new BrowserClient(to.url);
    for (const [name, value] of client.jar) other.jar.set(name, value);
    return other;
  };
  const isPublished = (version: number) => (frame: Frame) =>
    frame.t === "event" &&
    frame.hub === "gateway" &&
    frame.target === "manifestPublished" &&
    (frame.args as { version: number }[])[0]?.version === version;
  /** The push frame of `version`, failing unless it arrives within `budgetMs` of now. */
  const pushed = (tab: TestTab, version: number, budgetMs = PUSH_BUDGET_MS) => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      tab.take(isPublished(version), `manifestPublished of version ${version}`),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`version ${version} was not pushed within ${budgetMs} ms`)),
          budgetMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  };
  /** Publishes a rename of the Dashboards menu entry through `instance` as staff; the version. */
  async function publishThrough(staff: BrowserClient, text: string): Promise<number> {
    const head = (await staff.get("/gw/config")).json.head as number;
    const created = await staff.post("/gw/config/changesets", {
      comment: text,
      baseVersion: head,
      edits: [{ kind: "texts.en", merge: { Menu_Dashboards: text } }],
    });
    assert.equal(created.status, 201, created.bytes.toString());
    const published = await staff.post(`/gw/config/changesets/${created.json.changeSet.id}/publish`, {});
    assert.equal(published.status, 201, published.bytes.toString());
    return published.json.version as number;
  }
  const servedVersion = async (client: BrowserClient) => {
    const manifest = await client.get("/gw/manifest");
    assert.equal(manifest.status, 200);
    return manifest.json.configVersion as number;
  };

  let staffAtA: BrowserClient;
  let memberAtB: BrowserClient;
  let tabAtB: TestTab;
  before(async () => {
    staffAtA = await signedIn(a.url, "staffAdmin");
    memberAtB = await signedIn(b.url, "owner");
    tabAtB = await openTab(b.hubUrl, { cookie: memberAtB.cookieHeader(), origin: PUBLIC_ORIGIN });
  });

  test("both are ready with Redis among their checks", async () => {
    for (const instance of [a, b]) {
      const { status, body } = await readiness(instance);
      assert.equal(status, 200);
      assert.equal(body.status, "ready");
      assert.equal(body.checks.redis, true);
      assert.equal(body.checks.database, true);
    }
  });

  test("a publication through A is pushed to a browser connected through B, which then serves it", async () => {
    const version = await publishThrough(staffAtA, "Boards on A");
    const frame = await pushed(tabAtB, version);
    assert.deepEqual(frame.args, [{ version, urgency: "normal" }]);
    assert.equal(await servedVersion(memberAtB), version, "B serves the version A published");
  });

  test("a logout through B closes the session's socket on A", async () => {
    const memberAtA = await signedIn(a.url, "analyst");
    const tabAtA = await openTab(a.hubUrl, { cookie: memberAtA.cookieHeader(), origin: PUBLIC_ORIGIN });
    assert.equal((await sameBrowserAt(b, memberAtA).post("/gw/session/logout")).status, 204);
    const ended = await tabAtA.take((frame) => frame.t === "ended", "the ended frame");
    // The fan-out's word carries the logout's redirect; the upstream's own end of its hub
    // connection, which may come first, carries none.
    assert.equal(ended.reason, "sessionEnded");
    const closed = await tabAtA.closed;
    assert.equal(closed.code, 1000);
    assert.equal((await memberAtA.get("/gw/session")).status, 401, "ended on A too");
  });

  test("a session ended elsewhere without the upstream knowing: the fan-out's word closes its socket once the store confirms it", async () => {
    const memberAtA = await signedIn(a.url, "viewer");
    const tabAtA = await openTab(a.hubUrl, { cookie: memberAtA.cookieHeader(), origin: PUBLIC_ORIGIN });
    const sessionId = sessionIdHash(memberAtA.jar.get("tessera_session") as string);
    assert.ok(a.app.hubRelay.sessionIds().includes(sessionId));
    // As another instance ends it: the row goes, and the word goes out on the channel.
    await sql(`DELETE FROM gateway_sessions WHERE id_hash = '${sessionId}'`);
    await raw.publish(
      fanoutChannels(redisChannelPrefix).session,
      encodeFanoutMessage("another-instance", 1, { concern: "session", session: sessionId, loggedOut: true }),
    );
    const ended = await tabAtA.take((frame) => frame.t === "ended", "the ended frame");
    assert.deepEqual(ended, { t: "ended", reason: "sessionEnded", redirect: "/loggedout" });
    await tabAtA.closed;
    assert.equal((await memberAtA.get("/gw/session")).status, 401);
  });

  test("B cut off from Redis: /readyz says so, B serves on, and what A published meanwhile reaches B once Redis is back", async () => {
    await proxyB.cut();
    let cut = await readiness(b);
    for (let tries = 0; cut.body.checks.redis !== false && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      cut = await readiness(b);
    }
    assert.equal(cut.body.checks.redis, false, JSON.stringify(cut.body));
    assert.equal(cut.status, 200, "still ready: it serves without Redis");
    assert.equal(cut.body.status, "degraded");
    assert.match(String((cut.body.degraded?.redis as { since?: string })?.since), /^\d{4}-\d\d-\d\dT/);
    const before = await servedVersion(memberAtB);
    const version = await publishThrough(staffAtA, "Boards while B is cut off");
    assert.equal(await servedVersion(memberAtB), before, "B serves what it has");
    assert.equal((await memberAtB.get("/api/Common/LoggedInConfig")).status, 200, "and relays");
    assert.equal((await readiness(a)).body.checks.redis, true, "A is not affected");
    await proxyB.restore();
    await pushed(tabAtB, version, 10_000);
    assert.equal(await servedVersion(memberAtB), version);
    await redisUp(b);
    assert.equal((await readiness(b)).body.status, "ready");
  });

  test("A cut off from Redis while it publishes: B gets the version once A is back", async () => {
    await proxyA.cut();
    for (let tries = 0; (await readiness(a)).body.checks.redis !== false && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const version = await publishThrough(staffAtA, "Boards while A is cut off");
    // A session A serves ended meanwhile where A could not hear of it.
    const memberAtA = await signedIn(a.url, "analyst");
    const tabAtA = await openTab(a.hubUrl, { cookie: memberAtA.cookieHeader(), origin: PUBLIC_ORIGIN });
    const sessionId = sessionIdHash(memberAtA.jar.get("tessera_session") as string);
    await sql(`DELETE FROM gateway_sessions WHERE id_hash = '${sessionId}'`);
    await proxyA.restore();
    await pushed(tabAtB, version, 10_000);
    assert.equal(await servedVersion(memberAtB), version);
    const ended = await tabAtA.take(
      (frame) => frame.t === "ended",
      "the ended frame after the resynchronisation",
    );
    assert.deepEqual(ended, { t: "ended", reason: "sessionEnded", redirect: "/loggedout" });
  });

  after(() => {
    tabAtB?.socket.close();
  });
});
