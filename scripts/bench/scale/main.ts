/**
 * `npm run bench:scale` (scripts/bench/README.md, "Scale benchmark"): one Tessera instance against
 * two behind nginx, in the same run (DESIGN.md §7). Two real instances (scripts/cluster/instances.ts:
 * `server/main.ts`, its gateway and embedded upstream) share PostgreSQL (schemas of their own,
 * dropped first) and Redis (a channel prefix of its own); two nginx processes run the repository's
 * template (deploy/nginx), one in front of instance A alone, one in front of A and B.
 *
 * 1. REST throughput: closed-loop GETs of a signed-in member's dashboard list (relayed by the
 *    gateway to the upstream, which reads PostgreSQL) through nginx → A, nginx → A + B, straight at
 *    A, and nginx's own health route (the proxy's floor); `--rest-rounds` rounds of `--seconds` at
 *    `--connections`, the order rotating each round.
 * 2. Publish to `--tabs` clients: tabs of `--sessions` signed-in members on /gw/hub through one
 *    nginx; staff publish a text rename through the same nginx; per tab, the time from the publish
 *    call to its `applied` (the tab fetched the new manifest and texts). With two instances the
 *    tabs are spread by nginx (least_conn) and the instance that did not publish learns of it over
 *    Redis. `--publish-cycles` cycles, each a warm-up and `--rounds` rounds per configuration, the
 *    order alternating.
 *
 * The load generator and the simulated tabs run in this process, on the same cores as the servers:
 * the figures say what a second instance buys on this machine, not on two.
 *
 *   node --import tsx scripts/bench/scale/main.ts [--rest-rounds 4] [--seconds 5] [--connections 32]
 *        [--sessions 20] [--tabs 1000] [--publish-cycles 2] [--rounds 3] [--out report.json]
 *
 * Needs nginx (Debian: nginx-light), PostgreSQL at SCALE_DATABASE_URL (default the loopback server
 * postgres://postgres@127.0.0.1:5432/test) and Redis at REDIS_URL (redis://127.0.0.1:6379).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Pool } from "undici";
import { clusterSecrets, type RunningInstance, startInstance } from "../../cluster/instances.ts";
import { checkRedis, prepareSchemas, withSchema } from "../../cluster/main.ts";
import { nginxBinary, type RunningNginx, removeNginxPrefix, startNginx } from "../../cluster/nginx.ts";
import { type RoundResult, runRound } from "../load.ts";
import { PUBLISH_BENCH_ORIGIN } from "../publish/bench-constants.ts";
import { type BenchBrowser, BenchTab, type DemoUser, signIn } from "../publish/browsers.ts";
import { publishRound } from "../publish/publish-rounds.ts";
import { median, type PublishRound, printTable } from "../publish/report.ts";
import { positiveIntegerFlag } from "../relay/command-line.ts";
import { cpuMs } from "../relay/process-meter.ts";
import { freePort, inBatches } from "../relay/servers.ts";

/** The members whose browsers the tabs are (three accounts); each signs in a few times. */
const MEMBERS: readonly DemoUser[] = ["owner", "analyst", "viewer", "consultant", "starter", "contoso"];
/** The REST call measured: a member's dashboard list, relayed to the upstream. */
const REST_PATH = "/api/Content/Dashboards/Objects";
/** nginx's own answer (deploy/nginx/tessera.conf.template): the proxy with nothing behind it. */
const NGINX_FLOOR_PATH = "/nginx-health";
const SCHEMAS = { gateway: "tessera_bench_scale_gateway", upstream: "tessera_bench_scale_upstream" };
const BETWEEN_ROUNDS_MS = 2_000;
const WARM_UP_MS = 2_000;
/** Connections one simulated browser keeps (Chromium's per-origin limit). */
const BROWSER_CONNECTIONS = 6;

const restRounds = positiveIntegerFlag("rest-rounds", 4);
const durationMs = positiveIntegerFlag("seconds", 5) * 1000;
const connections = positiveIntegerFlag("connections", 32);
// The gateway allows 10 sign-ins per member in 15 minutes and 30 per address in 5 (DESIGN.md §4):
// a few sessions with many tabs each, as a team with its browsers open.
const sessions = positiveIntegerFlag("sessions", 20);
const tabCount = positiveIntegerFlag("tabs", 1000);
const publishCycles = positiveIntegerFlag("publish-cycles", 2);
const rounds = positiveIntegerFlag("rounds", 3);
const outIndex = process.argv.indexOf("--out");
const out =
  outIndex > 0
    ? (process.argv[outIndex + 1] as string)
    : join(tmpdir(), `tessera-scale-bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
if (sessions > 25) throw new Error("--sessions above 25 would meet the gateway's sign-in limits");

/** One way in: a base URL and the processes serving it. */
interface Target {
  name: string;
  url: string;
  pids: Record<string, number>;
  /** The proxy in front, whose access log says which instance each hub socket went to. */
  nginx?: RunningNginx;
}

/** One REST round of one target. */
interface RestRound extends RoundResult {
  target: string;
  round: number;
  cpuMs: Record<string, number>;
}

/** A browser signed in elsewhere, with a connection pool of its own to `url` (sessions are shared). */
function browserAt(browser: BenchBrowser, url: string): BenchBrowser {
  return {
    ...browser,
    pool: new Pool(url, { connections: BROWSER_CONNECTIONS, keepAliveTimeout: 300_000 }),
  };
}

/** CPU milliseconds of each pid so far (scripts/bench/relay/process-meter.ts, children included). */
function cpuOf(pids: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
}

async function restRound(target: Target, round: number, path: string, cookie: string): Promise<RestRound> {
  const before = cpuOf(target.pids);
  const result = await runRound(target.url, path, {
    connections,
    durationMs,
    headers: { accept: "application/json", cookie },
  });
  const after = cpuOf(target.pids);
  const cpuMs = Object.fromEntries(
    Object.keys(target.pids).map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]),
  );
  return { ...result, target: target.name, round, cpuMs };
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

const loadBefore = loadavg()[0] ?? 0;
console.log(
  `${cpus().length} CPUs, load average ${loadBefore.toFixed(2)}; REST ${restRounds} rounds × ${durationMs / 1000} s at ${connections} connections; ${tabCount} tabs of ${sessions} sessions`,
);
if (loadBefore > cpus().length) console.warn("warning: the machine is busy; the figures will say little");
if (!nginxBinary()) throw new Error("nginx is not installed (Debian: apt-get install nginx-light)");

const databaseUrl = process.env.SCALE_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
await prepareSchemas(databaseUrl, Object.values(SCHEMAS), true);
await checkRedis(redisUrl);

const temporary: string[] = [];
const instances: RunningInstance[] = [];
const proxies: RunningNginx[] = [];
const tabs: BenchTab[] = [];
const pools: Pool[] = [];
try {
  // The REST and hub calls need no runtime bundle: an index.html is all a gateway asks of its dist.
  const distDir = mkdtempSync(join(tmpdir(), "tessera-scale-dist-"));
  temporary.push(distDir);
  mkdirSync(join(distDir, "assets"));
  writeFileSync(
    join(distDir, "index.html"),
    "<!doctype html><html><head><title>Tessera</title></head></html>\n",
  );
  const dataDir = mkdtempSync(join(tmpdir(), "tessera-scale-data-"));
  temporary.push(dataDir);
  const [portOne, portTwo] = [await freePort(), await freePort()];
  const settings = {
    gatewayDatabaseUrl: withSchema(databaseUrl, SCHEMAS.gateway),
    upstreamDatabaseUrl: withSchema(databaseUrl, SCHEMAS.upstream),
    redisUrl,
    redisChannelPrefix: `tessera:bench-scale:${process.pid}:`,
    ...clusterSecrets(),
    distDir,
    dataDir,
    trustedProxies: "127.0.0.1",
    publicOrigins: [PUBLISH_BENCH_ORIGIN, `http://127.0.0.1:${portOne}`, `http://127.0.0.1:${portTwo}`].join(
      ",",
    ),
  };
  // A seeds the empty store alone; B starts once it is ready.
  const a = await startInstance(settings, {
    name: "A",
    port: await freePort(),
    seed: true,
    readyWithinMs: 120_000,
  });
  instances.push(a);
  const b = await startInstance(settings, {
    name: "B",
    port: await freePort(),
    seed: false,
    readyWithinMs: 120_000,
  });
  instances.push(b);
  const proxy = async (port: number, behind: readonly RunningInstance[]) => {
    const prefix = mkdtempSync(join(tmpdir(), "tessera-scale-nginx-"));
    temporary.push(prefix);
    const started = await startNginx({
      prefix,
      listen: { host: "127.0.0.1", port },
      gateways: behind.map((instance) => ({ host: "127.0.0.1", port: instance.port })),
    });
    proxies.push(started);
    return started;
  };
  const nginxOne = await proxy(portOne, [a]);
  const nginxTwo = await proxy(portTwo, [a, b]);
  const pidOf = (process: { pid?: number }) => process.pid ?? 0;
  const one: Target = {
    name: "nginx → A",
    url: nginxOne.url,
    pids: { nginx: pidOf(nginxOne.process), A: pidOf(a.process) },
    nginx: nginxOne,
  };
  const two: Target = {
    name: "nginx → A+B",
    url: nginxTwo.url,
    pids: { nginx: pidOf(nginxTwo.process), A: pidOf(a.process), B: pidOf(b.process) },
    nginx: nginxTwo,
  };
  const direct: Target = { name: "A direct", url: a.url, pids: { A: pidOf(a.process) } };
  const floor: Target = { name: "nginx floor", url: nginxOne.url, pids: { nginx: pidOf(nginxOne.process) } };
  console.log(`instances A ${a.url}, B ${b.url}; nginx → A ${nginxOne.url}, nginx → A+B ${nginxTwo.url}`);

  // Sessions live in the shared store: signed in once (through both instances), valid everywhere.
  const staff = await signIn(nginxTwo.url, "staffAdmin");
  const members = await inBatches(
    Array.from({ length: sessions }, (_, index) => MEMBERS[index % MEMBERS.length] as DemoUser),
    4,
    (who) => signIn(nginxTwo.url, who),
  );
  pools.push(staff.pool, ...members.map((member) => member.pool));
  const owner = members[0] as BenchBrowser;
  for (const target of [one, two, direct]) {
    const answer = await runRound(target.url, REST_PATH, {
      connections: 1,
      durationMs: 200,
      headers: { accept: "application/json", cookie: owner.cookie },
    });
    if (answer.errors > 0) throw new Error(`${REST_PATH} through ${target.name} does not answer 200`);
  }

  // 1. REST throughput, the order rotating so no target always runs first (or on a warmer machine).
  const restTargets = [one, two, direct, floor];
  const pathOf = (target: Target) => (target === floor ? NGINX_FLOOR_PATH : REST_PATH);
  for (const target of restTargets) {
    await runRound(target.url, pathOf(target), {
      connections,
      durationMs: WARM_UP_MS,
      headers: { accept: "application/json", cookie: owner.cookie },
    });
  }
  const rest: RestRound[] = [];
  for (let round = 1; round <= restRounds; round += 1) {
    const order = restTargets.map(
      (_, index) => restTargets[(index + round - 1) % restTargets.length] as Target,
    );
    for (const target of order) {
      const result = await restRound(target, round, pathOf(target), owner.cookie);
      rest.push(result);
      console.log(
        `REST ${round} ${target.name}: ${fixed(result.requestsPerSecond, 0)} req/s, p50 ${fixed(result.p50Ms)} ms, p99 ${fixed(result.p99Ms)} ms, ${result.errors} errors`,
      );
    }
  }
  const restMedian = (target: Target) =>
    median(rest.filter((r) => r.target === target.name).map((r) => r.requestsPerSecond));
  const cpuPerRequest = (target: Target) => {
    const mine = rest.filter((r) => r.target === target.name);
    const requests = mine.reduce((sum, r) => sum + r.requests, 0) || 1;
    const names = Object.keys(target.pids);
    return Object.fromEntries(
      names.map((name) => [name, (mine.reduce((sum, r) => sum + (r.cpuMs[name] ?? 0), 0) * 1000) / requests]),
    );
  };

  // 2. Publish to every tab, one configuration at a time (1,000 open sockets each), alternating.
  const publishes: (PublishRound & { target: string; cycle: number })[] = [];
  const spread: Record<string, string> = {};
  for (let cycle = 1; cycle <= publishCycles; cycle += 1) {
    const order = cycle % 2 === 1 ? [one, two] : [two, one];
    for (const target of order) {
      const here = members.map((member) => browserAt(member, target.url));
      const staffHere = browserAt(staff, target.url);
      const hubUrl = `${target.url.replace(/^http/, "ws")}/gw/hub`;
      const tabBrowsers = Array.from(
        { length: tabCount },
        (_, index) => here[index % here.length] as BenchBrowser,
      );
      const logMark = target.nginx?.accessLog().length ?? 0;
      const opened = await inBatches(tabBrowsers, 50, (browser) => BenchTab.open(browser, hubUrl));
      tabs.push(...opened);
      console.log(`cycle ${cycle}, ${target.name}: ${opened.length} tabs connected`);
      for (let round = 0; round <= rounds; round += 1) {
        await sleep(BETWEEN_ROUNDS_MS);
        const label = round === 0 ? "warm-up" : String(round);
        const result = await publishRound(label, publishes.length + 1, staffHere, opened, target.pids);
        publishes.push({ ...result, target: target.name, cycle });
        console.log(
          `publish ${target.name} ${label}: ${result.acknowledged}/${result.tabs} applied, p50 ${fixed(result.p50Ms)} ms, p99 ${fixed(result.p99Ms)} ms, max ${fixed(result.maxMs)} ms`,
        );
      }
      for (const tab of opened) tab.close();
      tabs.splice(0);
      await Promise.all([staffHere, ...here].map((browser) => browser.pool.close()));
      await sleep(BETWEEN_ROUNDS_MS);
      // nginx logs a WebSocket when it closes.
      if (target.nginx) spread[target.name] = hubSpread(target.nginx.accessLog().slice(logMark), instances);
    }
  }

  // The report.
  const restRows = [one, two, direct, floor].map((target) => {
    const mine = rest.filter((r) => r.target === target.name);
    const cpu = cpuPerRequest(target);
    return [
      target.name,
      fixed(restMedian(target), 0),
      fixed(median(mine.map((r) => r.p50Ms))),
      fixed(median(mine.map((r) => r.p99Ms))),
      String(mine.reduce((sum, r) => sum + r.errors, 0)),
      Object.entries(cpu)
        .map(([name, us]) => `${name} ${fixed(us, 0)}`)
        .join(", "),
    ];
  });
  console.log(`\nREST ${REST_PATH} (floor: ${NGINX_FLOOR_PATH}); medians of ${restRounds} rounds`);
  printTable(["target", "req/s", "p50 ms", "p99 ms", "errors", "CPU µs per request"], restRows);
  const measured = publishes.filter((r) => r.round !== "warm-up");
  const publishRows = [one, two].map((target) => {
    const mine = measured.filter((r) => r.target === target.name);
    return [
      target.name,
      String(mine.length),
      `${mine.reduce((sum, r) => sum + r.acknowledged, 0)}/${mine.reduce((sum, r) => sum + r.tabs, 0)}`,
      fixed(median(mine.map((r) => r.p50Ms))),
      fixed(median(mine.map((r) => r.p99Ms))),
      fixed(median(mine.map((r) => r.maxMs))),
      fixed(median(mine.map((r) => r.publishMs))),
      Object.keys(target.pids)
        .map((name) => `${name} ${fixed(median(mine.map((r) => r.cpuMs[name] ?? 0)), 0)}`)
        .concat(`client ${fixed(median(mine.map((r) => r.cpuMs.client ?? 0)), 0)}`)
        .join(", "),
      spread[target.name] ?? "",
    ];
  });
  console.log(`\nPublish → applied on ${tabCount} tabs; medians over the measured rounds`);
  printTable(
    ["target", "rounds", "applied", "p50 ms", "p99 ms", "max ms", "publish ms", "CPU ms per round", "tabs"],
    publishRows,
  );
  const publishMedian = (target: Target, pick: (r: PublishRound) => number) =>
    median(measured.filter((r) => r.target === target.name).map(pick));
  const ratios = {
    restTwoOverOne: restMedian(two) / (restMedian(one) || 1),
    restOneOverDirect: restMedian(one) / (restMedian(direct) || 1),
    restOneOverFloor: restMedian(one) / (restMedian(floor) || 1),
    publishP50TwoOverOne: publishMedian(two, (r) => r.p50Ms) / (publishMedian(one, (r) => r.p50Ms) || 1),
    publishP99TwoOverOne: publishMedian(two, (r) => r.p99Ms) / (publishMedian(one, (r) => r.p99Ms) || 1),
  };
  console.log(
    `\nratios: REST two/one ${fixed(ratios.restTwoOverOne, 2)} (one behind nginx / direct ${fixed(ratios.restOneOverDirect, 2)}, / nginx floor ${fixed(ratios.restOneOverFloor, 3)}); publish p50 two/one ${fixed(ratios.publishP50TwoOverOne, 2)}, p99 two/one ${fixed(ratios.publishP99TwoOverOne, 2)}`,
  );
  const loadAfter = loadavg()[0] ?? 0;
  writeFileSync(
    out,
    JSON.stringify(
      {
        machine: { cpus: cpus().length, loadBefore, loadAfter },
        settings: { restRounds, durationMs, connections, sessions, tabCount, publishCycles, rounds },
        rest,
        publishes,
        spread,
        ratios,
      },
      null,
      2,
    ),
  );
  console.log(`load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}; report: ${out}`);
} finally {
  for (const tab of tabs) tab.close();
  await Promise.all(pools.map((pool) => pool.close().catch(() => {})));
  for (const nginx of proxies) await nginx.stop().catch(() => {});
  await Promise.all(instances.map((instance) => instance.stop()));
  for (const dir of temporary) {
    if (dir.includes("nginx")) removeNginxPrefix(dir);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/** How the hub sockets were spread over the instances: nginx's log lines of /gw/hub per upstream address. */
function hubSpread(log: string, running: readonly RunningInstance[]): string {
  const counts = new Map<string, number>();
  for (const line of log.split("\n")) {
    if (!line.includes('"GET /gw/hub"')) continue;
    const address = /upstream=\[([^\]]*)\]/.exec(line)?.[1] ?? "";
    counts.set(address, (counts.get(address) ?? 0) + 1);
  }
  return running
    .map((instance) => `${instance.name} ${counts.get(`127.0.0.1:${instance.port}`) ?? 0}`)
    .join(", ");
}
