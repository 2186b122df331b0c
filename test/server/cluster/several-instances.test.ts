/**
 * Several instances as a deployment runs them (DESIGN.md §7), on loopback: two Tessera instances as
 * processes of their own (scripts/cluster/instances.ts: each a gateway and its upstream) on one
 * PostgreSQL schema and one Redis, behind the repository's nginx template (scripts/cluster/nginx.ts).
 * A sign-in on A holds on B; a publication on A reaches a browser connected through B as the
 * `manifestPublished` push; a member on A and an agent on B chat both ways (§4.4); A stopped with
 * SIGTERM, then killed with SIGKILL, while the member keeps sending: the member's tab reconnects
 * through nginx to B and the agent holds every message exactly once, counted by UID; Redis stopped
 * and started again: both serve on (/readyz degraded), and what was published meanwhile reaches the
 * other instance's browser once Redis is back.
 *
 * The browsers are node clients running the runtime's own hub client, outbox, member chat and
 * support console (runtime-tabs.ts). Redis is a server process of this test's own, so it can be
 * stopped and started on the same port; the gateways' store is a PostgreSQL schema of its own; the
 * upstreams share UPSTREAM_STORE. Skipped with the reason when nginx, redis-server or PostgreSQL is
 * missing. The gateways serve a minimal runtime folder (an index.html): nothing here loads the app.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import { createMemberChat, type MemberChat } from "../../../runtime/chat/chat-store.ts";
import type { StaffSession } from "../../../runtime/screens/admin/support-console/console-state.ts";
import {
  CONSOLE_PATHS,
  createSupportConsole,
  type SupportConsole,
} from "../../../runtime/screens/admin/support-console/console-store.ts";
import {
  type ClusterSettings,
  clusterSecrets,
  type RunningInstance,
  startInstance,
} from "../../../scripts/cluster/instances.ts";
import {
  nginxBinary,
  type RunningNginx,
  removeNginxPrefix,
  startNginx,
} from "../../../scripts/cluster/nginx.ts";
import { freePort } from "../../helpers/free-port.ts";
import { createTestSchema, postgresSkip, type TestSchema } from "../../helpers/store-backends.ts";
import { BrowserClient, signedIn } from "../gateway/integration/browser-client.ts";
import { PUBLIC_ORIGIN } from "../gateway/integration/integration-fixture.ts";
import {
  consoleIdle,
  consoleUids,
  memberChatIdle,
  memberChatUids,
  openRuntimeTab,
  type Tab,
  until as waitUntil,
} from "../gateway/integration/runtime-tabs.ts";

/**
 * Where the upstreams keep their store: a PostgreSQL schema of this run (UPSTREAM_DATABASE_URL),
 * as a deployment of several instances does, or one SQLite file in the shared DATA_DIR. The only
 * setting to change to run the whole test on the other backend.
 */
const UPSTREAM_STORE = "postgres" as "sqlite" | "postgres";

const REDIS_SERVER = "/usr/bin/redis-server";
/** The live configuration's budget: a publication reaches the other instance's browsers within it. */
const PUSH_BUDGET_MS = 2_000;
/** Messages the member sends while an instance goes away, and how many before it is signalled. */
const FAILOVER_MESSAGES = 40;
const SIGNAL_AFTER = 12;
/** The member's pace while an instance goes away. */
const SEND_EVERY_MS = 40;
/** The longest any awaited condition may take before the test fails, naming it (a safety net). */
const WAIT_LIMIT_MS = 30_000;
/** The tabs' reconnect backoff: short, as a test has no crowd of tabs to spread. */
const RECONNECT = { initialMs: 100, maxMs: 1_000 };

const until = (what: string, check: () => boolean) => waitUntil(what, check, WAIT_LIMIT_MS);

async function skipReason(): Promise<string | false> {
  if (!nginxBinary()) return "nginx is not installed (Debian: nginx-light)";
  if (!existsSync(REDIS_SERVER)) return `no ${REDIS_SERVER} (Debian: redis-server)`;
  return postgresSkip();
}

/** Whether a Redis server answers PING on `port` now. */
function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(String(data).startsWith("+PONG")));
  });
}

/** A Redis server process of this test's own on `port`, in memory only; resolves once it answers. */
async function startRedis(port: number): Promise<{ process: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(
    REDIS_SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(port))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited at start (${child.exitCode})`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`redis-server did not answer on ${port} within 10 s`);
    }
    await delay(50);
  }
  return {
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** /readyz of an instance: status code and body. */
async function readiness(url: string) {
  const answer = await new BrowserClient(url).get("/readyz");
  return {
    status: answer.status,
    body: answer.json as {
      status: string;
      checks: Record<string, boolean>;
      degraded?: Record<string, unknown>;
    },
  };
}

/** Waits until /readyz of `url` says `redis` is (or is not) reachable; the body then. */
async function redisCheck(url: string, reachable: boolean) {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const ready = await readiness(url);
    if (ready.body?.checks?.redis === reachable) return ready;
    if (Date.now() > deadline) throw new Error(`/readyz of ${url} never said redis ${reachable}`);
    await delay(100);
  }
}

/** The same browser (its cookies) talking to another address. */
function sameBrowserAt(url: string, client: BrowserClient): BrowserClient {
  const other = new BrowserClient(url);
  for (const [name, value] of client.jar) other.jar.set(name, value);
  return other;
}

/** Publishes a rename of the Dashboards menu entry as `staff` (through wherever it talks); the version. */
async function publishRename(staff: BrowserClient, text: string): Promise<number> {
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

/** The `manifestPublished` pushes a tab heard, with when each arrived. */
function heardVersions(tab: Tab): { version: number; atMs: number }[] {
  const heard: { version: number; atMs: number }[] = [];
  tab.hub.on("gateway", "manifestPublished", (payload) => {
    heard.push({ version: (payload as { version: number }).version, atMs: Date.now() });
  });
  return heard;
}

const wsUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, "ws")}/gw/hub`;

describe("two instances behind nginx on PostgreSQL and Redis, as real processes", {
  skip: await skipReason(),
}, () => {
  const temporary: string[] = [];
  const stops: (() => void)[] = [];
  let gatewaySchema: TestSchema;
  let upstreamSchema: TestSchema | undefined;
  let redisPort: number;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let settings: ClusterSettings;
  let a: RunningInstance;
  let b: RunningInstance;
  let nginx: RunningNginx;
  const started: RunningInstance[] = [];

  /** Starts (or starts again) instance A on its port; the store is seeded already. */
  async function startA(port: number): Promise<RunningInstance> {
    const instance = await startInstance(settings, { name: "A", port, seed: false });
    started.push(instance);
    return instance;
  }

  before(async () => {
    gatewaySchema = await createTestSchema();
    if (UPSTREAM_STORE === "postgres") upstreamSchema = await createTestSchema();
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    const distDir = mkdtempSync(join(tmpdir(), "tessera-cluster-dist-"));
    temporary.push(distDir);
    mkdirSync(join(distDir, "assets"));
    writeFileSync(
      join(distDir, "index.html"),
      "<!doctype html><html><head><title>Tessera</title></head></html>\n",
    );
    const dataDir = mkdtempSync(join(tmpdir(), "tessera-cluster-data-"));
    temporary.push(dataDir);
    const nginxPort = await freePort();
    settings = {
      gatewayDatabaseUrl: gatewaySchema.url,
      upstreamDatabaseUrl: upstreamSchema?.url ?? null,
      redisUrl: `redis://127.0.0.1:${redisPort}`,
      redisChannelPrefix: "tessera-cluster-test:",
      ...clusterSecrets(),
      distDir,
      dataDir,
      trustedProxies: "127.0.0.1",
      publicOrigins: `${PUBLIC_ORIGIN},http://127.0.0.1:${nginxPort}`,
    };
    // A seeds the empty store alone; B starts once it is ready.
    const [portA, portB] = [await freePort(), await freePort()];
    a = await startInstance(settings, { name: "A", port: portA, seed: true });
    started.push(a);
    b = await startInstance(settings, { name: "B", port: portB, seed: false });
    started.push(b);
    const prefix = mkdtempSync(join(tmpdir(), "tessera-cluster-nginx-"));
    temporary.push(prefix);
    nginx = await startNginx({
      prefix,
      listen: { host: "127.0.0.1", port: nginxPort },
      gateways: [a, b].map((instance) => ({ host: "127.0.0.1", port: instance.port })),
    });
  });

  after(async () => {
    for (const stop of stops.splice(0)) stop();
    await nginx?.stop();
    await Promise.all(started.map((instance) => instance.kill()));
    await redis?.stop();
    await gatewaySchema?.drop();
    await upstreamSchema?.drop();
    for (const dir of temporary) {
      if (dir.includes("nginx")) removeNginxPrefix(dir);
      else rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A tab of `client` whose REST calls and hub socket go to `baseUrl()` and `hubUrl()`. */
  function tab(client: BrowserClient, baseUrl: () => string, hubUrl: (connection: number) => string): Tab {
    const opened = openRuntimeTab(client, { baseUrl, hubUrl, reconnect: RECONNECT });
    stops.push(opened.close);
    return opened;
  }

  test("a sign-in on A is valid on B and through nginx", async () => {
    const owner = await signedIn(a.url, "owner");
    for (const url of [b.url, nginx.url]) {
      const there = sameBrowserAt(url, owner);
      const answer = await there.get("/api/Common/LoggedInConfig");
      assert.equal(answer.status, 200, `${url}: ${answer.bytes.toString()}`);
      assert.equal(answer.json.User.FullName, "Olivia Owner");
      assert.ok((await there.get("/gw/session")).json.user, `${url}: the session is signed in`);
    }
  });

  test("a publication on A reaches a browser connected through B within 2 s", async (t) => {
    const staffAtA = await signedIn(a.url, "staffAdmin");
    const ownerAtB = await signedIn(b.url, "owner");
    const browser = tab(
      ownerAtB,
      () => b.url,
      () => wsUrl(b.url),
    );
    const heard = heardVersions(browser);
    await until("the browser on B connected", () => browser.hub.status.get() === "connected");
    const publishedAt = Date.now();
    const version = await publishRename(staffAtA, "Boards published on A");
    await until(`version ${version} pushed on B`, () => heard.some((push) => push.version === version));
    const tookMs = (heard.find((push) => push.version === version)?.atMs ?? 0) - publishedAt;
    t.diagnostic(`publish on A to push on B: ${tookMs} ms (the publish call included)`);
    assert.ok(tookMs <= PUSH_BUDGET_MS, `pushed after ${tookMs} ms`);
    const manifest = await ownerAtB.get("/gw/manifest");
    assert.equal(manifest.json.configVersion, version, "B serves the version A published");
    browser.close();
  });

  // The chat: the owner (a member of Northwind with the chat) on A, the support agent on B.
  let member: BrowserClient;
  let agent: { tab: Tab; desk: SupportConsole };
  let sessionId: number;
  /** Every member message of the session, by UID, as the member's chats sent them. */
  const sentByMember = new Map<string, string>();

  /**
   * A member's tab whose first hub socket goes straight to A (so it is on A) and every reconnect
   * through nginx (which must send it to whichever instance is up); its REST calls go through nginx.
   */
  function memberTabOnA(): { tab: Tab; chat: MemberChat } {
    const opened = tab(
      member,
      () => nginx.url,
      (connection) => wsUrl(connection === 0 ? a.url : nginx.url),
    );
    const chat = createMemberChat({
      hub: opened.hub,
      request: opened.request,
      page: () => "/dashboards",
      myName: () => "Olivia Owner",
    });
    stops.push(chat.start());
    return { tab: opened, chat };
  }

  const memberIdle = (side: { tab: Tab; chat: MemberChat }) =>
    memberChatIdle("the member", side.tab.hub, side.chat);
  const agentIdle = () => consoleIdle("the agent", agent.tab.hub, agent.desk);

  /** The session's messages as the server lists them to staff. */
  async function transcript(): Promise<
    { UID: string; Type: string; Text: string | null; IsInternal: boolean }[]
  > {
    const answer = await agent.tab.request(CONSOLE_PATHS.session(sessionId));
    return (answer as { Messages: { UID: string; Type: string; Text: string | null; IsInternal: boolean }[] })
      .Messages;
  }

  /** Each UID in `uids` exactly once, nothing else: what is twice, missing and extra. */
  function exactlyOnce(uids: readonly string[], expected: readonly string[]) {
    return {
      twice: uids.filter((uid, at) => uids.indexOf(uid) !== at),
      missing: expected.filter((uid) => !uids.includes(uid)),
      extra: uids.filter((uid) => !expected.includes(uid)),
    };
  }

  /** Every member message sent so far is held once by the agent, the member's chat and the server. */
  async function assertEveryMessageOnce(side: { chat: MemberChat }, when: string): Promise<void> {
    const listed = await transcript();
    const fromMember = listed.filter((m) => m.Type === "Message" && !m.IsInternal).map((m) => m.UID);
    const none = { twice: [], missing: [], extra: [] };
    assert.deepEqual(
      exactlyOnce(fromMember, [...sentByMember.keys()]),
      none,
      `${when}: the server's transcript`,
    );
    const server = listed.map((m) => m.UID);
    assert.deepEqual(exactlyOnce(consoleUids(agent.desk, sessionId), server), none, `${when}: the agent`);
    assert.deepEqual(exactlyOnce(memberChatUids(side.chat), server), none, `${when}: the member`);
  }

  /** Remembers the UID of each message the member's chat shows as the member's own. */
  function keepSent(side: { chat: MemberChat }): void {
    for (const entry of side.chat.store.get().entries)
      if (entry.kind === "message" && entry.type === "Message" && !entry.isInternal)
        sentByMember.set(entry.uid, entry.text);
  }

  let onA: { tab: Tab; chat: MemberChat };

  test("a member on A and an agent on B chat both ways, each message once on each side", async (t) => {
    const startedAt = Date.now();
    member = await signedIn(nginx.url, "owner");
    const agentClient = await signedIn(b.url, "supportAgent");
    const me = (await agentClient.get("/api/Common/LoggedInConfig")).json.User as {
      RecId: number;
      FullName: string;
    };
    const agentTab = tab(
      agentClient,
      () => b.url,
      () => wsUrl(b.url),
    );
    const desk = createSupportConsole({
      request: agentTab.request,
      hub: agentTab.hub,
      me: { userId: me.RecId, fullName: me.FullName },
    });
    stops.push(desk.start());
    agent = { tab: agentTab, desk };
    onA = memberTabOnA();
    await until(
      "both tabs connected and loaded",
      () =>
        onA.tab.hub.status.get() === "connected" &&
        onA.chat.store.get().status === "ready" &&
        agentTab.hub.status.get() === "connected" &&
        desk.store.get().queueStatus === "ready",
    );
    const ownerId = ((await member.get("/api/Common/LoggedInConfig")).json.User as { RecId: number }).RecId;
    assert.equal(onA.chat.send("hello from A"), true);
    await until("the first message stored", () => memberIdle(onA));
    const waiting = () =>
      Object.values(desk.store.get().sessions).find(
        (s: StaffSession) => s.UserRecId === ownerId && s.Status === "Waiting",
      );
    await until(
      "the agent on B sees the session waiting (hub push from A's upstream)",
      () => waiting() !== undefined,
    );
    sessionId = (waiting() as StaffSession).RecId;
    desk.open(sessionId);
    assert.equal(await desk.take(sessionId), "taken");
    const replies: string[] = [];
    for (let round = 1; round <= 10; round += 1) {
      onA.chat.send(`member on A says ${round}`);
      const reply = `agent on B answers ${round}`;
      replies.push(reply);
      assert.equal(desk.reply(sessionId, reply), true);
      await delay(30);
    }
    await desk.settled();
    await until("both sides idle", () => memberIdle(onA) && agentIdle());
    keepSent(onA);
    assert.equal(sentByMember.size, 11);
    await until("the agent holds the member's eleven lines", () =>
      [...sentByMember.keys()].every((uid) => consoleUids(desk, sessionId).includes(uid)),
    );
    await until("the member holds the ten replies", () => {
      const texts = onA.chat.store.get().entries.flatMap((e) => (e.kind === "message" ? [e.text] : []));
      return replies.every((reply) => texts.includes(reply));
    });
    await assertEveryMessageOnce(onA, "after the exchange");
    t.diagnostic(
      `11 messages from A and 10 replies from B, each once on both sides, in ${Date.now() - startedAt} ms`,
    );
  });

  /**
   * The member keeps sending through its tab while `signal` takes A away after SIGNAL_AFTER
   * messages; then every message is held exactly once and the tab is on B (A is gone).
   */
  async function failover(
    side: { tab: Tab; chat: MemberChat },
    what: string,
    signal: () => Promise<number | string>,
  ): Promise<string> {
    const startedAt = Date.now();
    let ended: Promise<number | string> | undefined;
    let signalledAt = 0;
    for (let n = 0; n < FAILOVER_MESSAGES; n += 1) {
      if (n === SIGNAL_AFTER) {
        signalledAt = Date.now();
        ended = signal();
      }
      assert.equal(side.chat.send(`${what} message ${n}`), true);
      await delay(SEND_EVERY_MS);
    }
    const exit = await ended;
    await until(
      `the member's tab reconnected after ${what}`,
      () => side.tab.drops() >= 1 && memberIdle(side),
    ).catch((error: Error) => {
      const state = side.chat.store.get();
      const waiting = state.entries.filter((e) => e.kind === "message" && !e.acknowledged).length;
      throw new Error(
        `${error.message}: drops ${side.tab.drops()}, hub ${side.tab.hub.status.get()}, chat ${state.status}, active ${state.active}, ${waiting} unacknowledged`,
      );
    });
    const reconnectedMs = Date.now() - signalledAt;
    keepSent(side);
    await until(`the agent holds every message sent around ${what}`, () => {
      const held = consoleUids(agent.desk, sessionId);
      return [...sentByMember.keys()].every((uid) => held.includes(uid));
    }).catch(async (error: Error) => {
      const held = consoleUids(agent.desk, sessionId);
      const missing = [...sentByMember.keys()].filter((uid) => !held.includes(uid));
      const stored = new Set((await transcript()).map((m) => m.UID));
      throw new Error(
        `${error.message}: the agent misses ${missing.map((uid) => `${sentByMember.get(uid)} (${stored.has(uid) ? "stored" : "not stored"})`).join(", ")}; agent hub ${agent.tab.hub.status.get()}, drops ${agent.tab.drops()}`,
      );
    });
    await until("the agent idle", agentIdle);
    await assertEveryMessageOnce(side, `after ${what}`);
    // Counted by text too: each of this step's messages is stored exactly once.
    const texts = (await transcript()).flatMap((m) =>
      m.Text?.startsWith(`${what} message `) ? [m.Text] : [],
    );
    assert.deepEqual(
      texts.sort(),
      Array.from({ length: FAILOVER_MESSAGES }, (_, n) => `${what} message ${n}`).sort(),
      `${what}: each message stored once`,
    );
    // The tab is on B: A has exited and it is connected through nginx.
    assert.equal(side.tab.hub.status.get(), "connected");
    const reach = await side.tab.request("Common/LoggedInConfig");
    assert.equal((reach as { User: { FullName: string } }).User.FullName, "Olivia Owner");
    return `${what}: A exited (${exit}); the tab was back, through nginx on B, with every message stored ${reconnectedMs} ms after the signal; ${FAILOVER_MESSAGES} messages, each once (whole step ${Date.now() - startedAt} ms)`;
  }

  test("SIGTERM on A while the member sends: the tab moves through nginx to B, no message lost or twice", async (t) => {
    assert.ok(onA, "the chat step ran");
    const port = a.port;
    t.diagnostic(await failover(onA, "SIGTERM", () => a.stop()));
    onA.tab.close();
    const restartedAt = Date.now();
    a = await startA(port);
    t.diagnostic(`A started again in ${Date.now() - restartedAt} ms`);
  });

  test("SIGKILL on A while the member sends: the tab moves through nginx to B, no message lost or twice", async (t) => {
    assert.ok(onA, "the chat step ran");
    const port = a.port;
    const again = memberTabOnA();
    await until("the member's new tab on A loaded", () => memberIdle(again) && again.chat.store.get().active);
    t.diagnostic(await failover(again, "SIGKILL", () => a.kill()));
    again.tab.close();
    a = await startA(port);
  });

  test("Redis stopped and started again: both serve on (degraded), a publication made meanwhile arrives after", async (t) => {
    const staffAtB = await signedIn(b.url, "staffAdmin");
    const ownerAtA = await signedIn(a.url, "owner");
    const browser = tab(
      ownerAtA,
      () => a.url,
      () => wsUrl(a.url),
    );
    const heard = heardVersions(browser);
    await until("the browser on A connected", () => browser.hub.status.get() === "connected");
    for (const instance of [a, b]) await redisCheck(instance.url, true);

    const stoppedAt = Date.now();
    await redis.stop();
    for (const instance of [a, b]) {
      const { status, body } = await redisCheck(instance.url, false);
      assert.equal(status, 200, `${instance.name} stays ready`);
      assert.equal(body.status, "degraded");
      assert.equal(body.checks.database, true);
      assert.ok(body.degraded?.redis, `${instance.name} says since when`);
    }
    for (const url of [a.url, b.url, nginx.url]) {
      const answer = await sameBrowserAt(url, ownerAtA).get("/api/Common/LoggedInConfig");
      assert.equal(answer.status, 200, `${url} serves without Redis`);
    }
    const version = await publishRename(staffAtB, "Boards published on B without Redis");
    const duringOutage = heard.some((push) => push.version === version);
    const restartedAt = Date.now();
    redis = await startRedis(redisPort);
    for (const instance of [a, b]) await redisCheck(instance.url, true);
    await until(`version ${version} pushed on A`, () => heard.some((push) => push.version === version));
    const arrivedMs = (heard.find((push) => push.version === version)?.atMs ?? 0) - restartedAt;
    const manifest = await ownerAtA.get("/gw/manifest");
    assert.equal(manifest.json.configVersion, version, "A serves the version B published meanwhile");
    t.diagnostic(
      `Redis down ${restartedAt - stoppedAt} ms; the version published on B meanwhile ${
        duringOutage
          ? "arrived on A during the outage (its store read)"
          : `arrived on A ${arrivedMs} ms after Redis started again`
      }`,
    );
    browser.close();
  });
});
