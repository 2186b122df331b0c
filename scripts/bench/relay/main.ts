/**
 * The relay benchmark (not a test; targets in ../README.md): in ONE run, with alternating rounds,
 * against the same small upstream (bench-upstream.ts, its own process):
 *   REST   throughput and CPU per request of the gateway (`buildApp`, signed-in session), nginx
 *          (proxy_pass, keep-alive), a bare Fastify + undici relay, and the upstream directly;
 *          latency at 1 connection (p50, p99) and what each relay adds to the direct call;
 *   WS     Echo round trips per second through the gateway's /gw/hub vs nginx's WebSocket proxy,
 *          and vs two floors: a bare ws relay passing frames on unparsed (bare-ws-relay.ts) and a
 *          byte-for-byte pipe after the upgrade (bare-tcp-relay.ts: Node's own socket floor);
 *   memory per idle relayed WebSocket (idle-memory.ts) of the gateway, nginx's for reference.
 * Loopback only, bounded rounds, every process it starts is stopped at the end. Prints a table and
 * writes the JSON report (--out, default in the temp folder). Needs Debian's nginx.
 *
 *   node --import tsx scripts/bench/relay/main.ts [--rounds 5] [--seconds 3] [--connections 32]
 *        [--ws-sockets 16] [--idle-sockets 1000] [--out report.json]
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { runRound } from "../load.ts";
import { REST_PATH, SMALL_BODY } from "./bench-constants.ts";
import { positiveIntegerFlag } from "./command-line.ts";
import { idleGateway, idleNginx } from "./idle-memory.ts";
import { findNginx, NGINX_WORKERS, startNginx } from "./nginx.ts";
import { cpuMs, metered } from "./process-meter.ts";
import { printSummary, type Report, summarize } from "./report.ts";
import { freePort, inBatches, type ServerProcess, startServer } from "./servers.ts";
import { gatewaySession, gatewayTab, roundTripRound, signalrClient, upstreamToken } from "./ws-clients.ts";

const WARM_UP_MS = 1_000;

const outIndex = process.argv.indexOf("--out");
const settings = {
  // Five: with three, the WebSocket ratio moved ±0.07 between runs on a 2-core VM.
  rounds: positiveIntegerFlag("rounds", 5),
  durationMs: positiveIntegerFlag("seconds", 3) * 1000,
  connections: positiveIntegerFlag("connections", 32),
  wsSockets: positiveIntegerFlag("ws-sockets", 16),
  idleSockets: positiveIntegerFlag("idle-sockets", 1000),
  out:
    outIndex > 0
      ? (process.argv[outIndex + 1] as string)
      : join(tmpdir(), `tessera-relay-bench-${Date.now()}.json`),
};

const nginxBinary = findNginx();
if (!nginxBinary) {
  console.error(
    "nginx is not installed; the benchmark's reference is Debian's package: apt-get install -y nginx",
  );
  process.exit(2);
}

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}
process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

async function started(server: Promise<ServerProcess>): Promise<ServerProcess> {
  const running = await server;
  cleanups.push(() => running.stop());
  return running;
}

async function run(nginxPath: string): Promise<Report> {
  const loadBefore = loadavg()[0] as number;
  if (loadBefore > cpus().length) {
    console.warn(
      `warning: load average ${loadBefore.toFixed(1)} on ${cpus().length} CPUs; figures will be noisy`,
    );
  }
  const upstream = await started(startServer("upstream", "bench-upstream.ts"));
  const gateway = await started(
    startServer("gateway", "gateway-server.ts", [upstream.url, "app"], { exposeGc: true }),
  );
  const hubGateway = await started(startServer("gateway-hub", "gateway-server.ts", [upstream.url, "hub"]));
  const bare = await started(startServer("bare-undici", "bare-relay.ts", [upstream.url]));
  const bareWs = await started(startServer("bare-ws", "bare-ws-relay.ts", [upstream.url]));
  const bareTcp = await started(startServer("bare-tcp", "bare-tcp-relay.ts", [upstream.url]));
  const nginx = await startNginx(nginxPath, await freePort(), Number(new URL(upstream.url).port));
  cleanups.push(() => nginx.stop());

  const rest: Record<string, { url: string; pid: number; headers?: Record<string, string> }> = {
    gateway: { url: gateway.url, pid: gateway.pid, headers: { cookie: await gatewaySession(gateway.url) } },
    // The same relay without a session cookie: what the session lookup costs shows as the difference.
    "gateway-no-session": { url: gateway.url, pid: gateway.pid },
    nginx: { url: nginx.url, pid: nginx.pid },
    "bare-undici": { url: bare.url, pid: bare.pid },
    direct: { url: upstream.url, pid: upstream.pid },
  };
  for (const [name, target] of Object.entries(rest)) {
    const answer = await fetch(`${target.url}${REST_PATH}`, { headers: target.headers });
    const body = await answer.text();
    if (answer.status !== 200 || body !== SMALL_BODY)
      throw new Error(`${name} does not relay: ${answer.status}`);
    await runRound(target.url, REST_PATH, {
      connections: settings.connections,
      durationMs: WARM_UP_MS,
      headers: target.headers,
    });
  }

  const names = Object.keys(rest);
  const throughput: Report["rest"]["throughput"] = Object.fromEntries(names.map((n) => [n, []]));
  const latency: Report["rest"]["latency"] = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < settings.rounds; round++) {
    for (let index = 0; index < names.length; index++) {
      const name = names[(index + round) % names.length] as string;
      const target = rest[name]!;
      const { result, cpuMs: spent } = await metered({ relay: target.pid, upstream: upstream.pid }, () =>
        runRound(target.url, REST_PATH, {
          connections: settings.connections,
          durationMs: settings.durationMs,
          headers: target.headers,
        }),
      );
      throughput[name]!.push({
        requestsPerSecond: result.requestsPerSecond,
        relayCpuUsPerRequest: (spent.relay! * 1000) / result.requests,
        upstreamCpuUsPerRequest: (spent.upstream! * 1000) / result.requests,
        errors: result.errors,
      });
    }
    for (let index = 0; index < names.length; index++) {
      const name = names[(index + round) % names.length] as string;
      const target = rest[name]!;
      const result = await runRound(target.url, REST_PATH, {
        connections: 1,
        durationMs: settings.durationMs,
        headers: target.headers,
      });
      latency[name]!.push({ p50Ms: result.p50Ms, p99Ms: result.p99Ms, errors: result.errors });
    }
  }

  const wsClients = {
    gateway: await inBatches(range(settings.wsSockets), 8, async () =>
      gatewayTab(hubGateway.url, await gatewaySession(hubGateway.url)),
    ),
    nginx: await inBatches(range(settings.wsSockets), 8, async () =>
      signalrClient(nginx.url, await upstreamToken(nginx.url)),
    ),
    "bare-ws": await inBatches(range(settings.wsSockets), 8, async () =>
      signalrClient(bareWs.url, await upstreamToken(bareWs.url)),
    ),
    "bare-tcp": await inBatches(range(settings.wsSockets), 8, async () =>
      signalrClient(bareTcp.url, await upstreamToken(bareTcp.url)),
    ),
  };
  const wsPids = {
    gateway: hubGateway.pid,
    nginx: nginx.pid,
    "bare-ws": bareWs.pid,
    "bare-tcp": bareTcp.pid,
  };
  const websocket: Report["websocket"] = { gateway: [], nginx: [], "bare-ws": [], "bare-tcp": [] };
  const wsNames = Object.keys(wsPids) as (keyof typeof wsPids)[];
  for (const clients of Object.values(wsClients)) await roundTripRound(clients, WARM_UP_MS);
  for (let round = 0; round < settings.rounds; round++) {
    // The order rotates, so no relay always runs right after another one.
    for (let index = 0; index < wsNames.length; index++) {
      const name = wsNames[(index + round) % wsNames.length] as keyof typeof wsPids;
      // The load generator (this process, without its children: the servers) is metered too. The
      // three processes share the machine's cores, so what each costs per round trip tells how the
      // throughput divides between them (report.ts: the relay's CPU budget).
      const loadBefore = process.cpuUsage();
      const { result, cpuMs: spent } = await metered({ relay: wsPids[name], upstream: upstream.pid }, () =>
        roundTripRound(wsClients[name], settings.durationMs),
      );
      const load = process.cpuUsage(loadBefore);
      const usPerRoundTrip = (cpuUs: number) => cpuUs / result.roundTrips;
      const relayUs = spent.relay! * 1000;
      const upstreamUs = spent.upstream! * 1000;
      const loadUs = load.user + load.system;
      websocket[name].push({
        roundTripsPerSecond: result.roundTrips / result.seconds,
        relayCpuUsPerRoundTrip: usPerRoundTrip(relayUs),
        upstreamCpuUsPerRoundTrip: usPerRoundTrip(upstreamUs),
        loadCpuUsPerRoundTrip: usPerRoundTrip(loadUs),
        machineBusy: (relayUs + upstreamUs + loadUs) / (result.seconds * 1e6 * cpus().length),
      });
    }
  }
  for (const client of Object.values(wsClients).flat()) client.close();

  return {
    settings: {
      ...settings,
      nginxWorkers: NGINX_WORKERS,
      cpus: cpus().length,
      node: process.version,
      loadAverage1mBefore: loadBefore,
      loadAverage1mAfter: loadavg()[0] as number,
    },
    rest: { throughput, latency },
    websocket,
    idle: {
      gateway: await idleGateway(gateway, settings.idleSockets),
      nginx: await idleNginx(nginx.url, nginx.pid, settings.idleSockets),
    },
    cpuMsTotal: { upstream: cpuMs(upstream.pid), gateway: cpuMs(gateway.pid) },
  };
}

try {
  const report = await run(nginxBinary);
  const summary = summarize(report);
  writeFileSync(settings.out, `${JSON.stringify({ summary, ...report }, null, 2)}\n`);
  printSummary(summary);
  console.log(`\nJSON report: ${settings.out}`);
} finally {
  await cleanUp();
}
