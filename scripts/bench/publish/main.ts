/**
 * `npm run bench:publish` (scripts/bench/README.md, "Publish benchmark"): two measurements of the
 * configuration plane (DESIGN.md §3) on loopback, the real seeded upstream and the gateway from
 * `buildApp` each in a process of its own, the simulated browsers and the load generator in this one.
 *
 * 1. Publish to acknowledgement: `--sessions` signed-in browsers of the demo members with `--tabs`
 *    tabs each on /gw/hub; staff publish a text rename through the configuration API; per tab, the
 *    time from just before the publish call to its `applied`. One warm-up round, then `--rounds`;
 *    then the layers of (2) are published (the gateway's /healthz asked meanwhile) and
 *    `--layered-rounds` more run with them active.
 * 2. The signed-in manifest endpoint, with an operator layer and account layers for 100 accounts,
 *    against a bare Fastify serving the same bytes with the same headers: `--manifest-rounds` pairs
 *    of `--seconds` at `--connections`, the order alternating.
 *
 *   node --import tsx scripts/bench/publish/main.ts [--sessions 100] [--tabs 10] [--rounds 5]
 *        [--layered-rounds 3] [--manifest-rounds 6] [--seconds 5] [--connections 16]
 *        [--out report.json] [--cpu-prof]
 */
import { rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { positiveIntegerFlag } from "../relay/command-line.ts";
import { inBatches } from "../relay/servers.ts";
import { CONSTANT_PATH } from "./bench-constants.ts";
import { type BenchBrowser, BenchTab, type DemoUser, signIn } from "./browsers.ts";
import { layerEdits, loadRound, MANIFEST_ACCEPT_ENCODING, servedManifests } from "./manifest-rounds.ts";
import { type ServerProcess, startServer } from "./processes.ts";
import { draft, publish, publishRound, whileProbing } from "./publish-rounds.ts";
import {
  type ManifestRound,
  median,
  PUBLISH_TARGETS,
  type PublishRound,
  printManifestRounds,
  printPublishRounds,
} from "./report.ts";

/** The demo members whose browsers the tabs are (three accounts: Northwind, its Starter, Contoso). */
const MEMBERS: readonly DemoUser[] = ["owner", "analyst", "viewer", "consultant", "starter", "contoso"];
/** Account layers published for the manifest measurement: the three real accounts among them. */
const LAYERED_ACCOUNTS = Array.from({ length: 100 }, (_, index) => index + 2);
/** Quiet time between two publications (timers, collection), so a round does not pay for the last. */
const BETWEEN_ROUNDS_MS = 2_000;
const WARM_UP_MS = 1_000;
/** Time for every tab to apply the layers' version before the next round. */
const LAYERS_SETTLE_MS = 5_000;

const sessions = positiveIntegerFlag("sessions", 100);
const tabsPerSession = positiveIntegerFlag("tabs", 10);
const rounds = positiveIntegerFlag("rounds", 5);
const layeredRounds = positiveIntegerFlag("layered-rounds", 3);
const manifestRounds = positiveIntegerFlag("manifest-rounds", 6);
const durationMs = positiveIntegerFlag("seconds", 5) * 1000;
const connections = positiveIntegerFlag("connections", 16);
const outIndex = process.argv.indexOf("--out");
const out =
  outIndex > 0
    ? (process.argv[outIndex + 1] as string)
    : join(tmpdir(), `tessera-publish-bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
const profileDir = process.argv.includes("--cpu-prof")
  ? join(tmpdir(), `tessera-publish-gateway-profile-${Date.now()}`)
  : null;

const loadBefore = loadavg()[0] ?? 0;
console.log(
  `${cpus().length} CPUs, load average ${loadBefore.toFixed(2)}; ${sessions} sessions × ${tabsPerSession} tabs`,
);
if (loadBefore > cpus().length) console.warn("warning: the machine is busy; the figures will say little");

const servers: ServerProcess[] = [];
const tabs: BenchTab[] = [];
const browsers: BenchBrowser[] = [];
let staff: BenchBrowser | null = null;
let answersFile: string | null = null;
try {
  const upstream = await startServer("upstream", "upstream-server.ts");
  servers.push(upstream);
  const gateway = await startServer(
    "gateway",
    "gateway-server.ts",
    [upstream.url],
    profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  );
  servers.push(gateway);
  const hubUrl = `${gateway.url.replace(/^http/, "ws")}/gw/hub`;
  const pids = { gateway: gateway.pid, upstream: upstream.pid };

  const admin = await signIn(gateway.url, "staffAdmin");
  staff = admin;
  browsers.push(
    ...(await inBatches(
      Array.from({ length: sessions }, (_, index) => MEMBERS[index % MEMBERS.length] as DemoUser),
      8,
      (who) => signIn(gateway.url, who),
    )),
  );
  const accounts = new Set(browsers.map((browser) => browser.accountRecId));
  const languages = new Set(browsers.map((browser) => browser.language));
  console.log(
    `${browsers.length} sessions signed in (${MEMBERS.length} members, accounts ${[...accounts].join(", ")}, languages ${[...languages].join(", ")})`,
  );
  const tabBrowsers = browsers.flatMap((browser) => Array.from({ length: tabsPerSession }, () => browser));
  tabs.push(...(await inBatches(tabBrowsers, 50, (browser) => BenchTab.open(browser, hubUrl))));
  console.log(`${tabs.length} tabs connected, each with the manifest and texts it booted with`);

  // 1. Publish to acknowledgement: a warm-up round, then `--rounds` on the operator layer alone…
  const publishRounds: PublishRound[] = [];
  const runPublishRound = async (label: string, round: number) => {
    await sleep(BETWEEN_ROUNDS_MS);
    const result = await publishRound(label, round, admin, tabs, pids);
    publishRounds.push(result);
    console.log(
      `publish ${label}: v${result.version}, ${result.acknowledged}/${result.tabs} applied, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, max ${result.maxMs.toFixed(1)} ms`,
    );
  };
  for (let round = 0; round <= rounds; round += 1)
    await runPublishRound(round === 0 ? "warm-up" : String(round), round);

  // …then the layers of the manifest measurement, published while the tabs are open (each applies
  // it too), with the gateway's /healthz asked meanwhile: how long the publication holds its event loop…
  await sleep(BETWEEN_ROUNDS_MS);
  const layers = await whileProbing(gateway.url, async () => {
    const started = performance.now();
    const id = await draft(admin, "Operator and account layers (benchmark)", layerEdits(LAYERED_ACCOUNTS));
    const drafted = performance.now();
    const version = await publish(admin, id);
    return { version, draftMs: drafted - started, publishMs: performance.now() - drafted };
  });
  console.log(
    `version ${layers.result.version}: operator layer + ${LAYERED_ACCOUNTS.length} account layers: draft ${layers.result.draftMs.toFixed(0)} ms, publish ${layers.result.publishMs.toFixed(0)} ms; /healthz meanwhile: ${layers.probes} answers, the slowest ${layers.slowestMs.toFixed(0)} ms`,
  );
  await sleep(LAYERS_SETTLE_MS);

  // …and `--layered-rounds` more with the 100 account layers active.
  for (let round = 1; round <= layeredRounds; round += 1) await runPublishRound(`L${round}`, rounds + round);
  printPublishRounds(publishRounds);
  for (const tab of tabs) tab.close();
  await sleep(BETWEEN_ROUNDS_MS);

  // 2. The manifest endpoint against the constant route.
  const layeredVersion = layers.result.version;
  const { answers, answerOf, bytes } = await servedManifests(browsers);
  answersFile = join(tmpdir(), `tessera-publish-bench-answers-${process.pid}.json`);
  writeFileSync(answersFile, JSON.stringify(answers));
  const constant = await startServer("constant", "constant-server.ts", [answersFile]);
  servers.push(constant);
  console.log(
    `\nversion ${layeredVersion} (operator layer + ${LAYERED_ACCOUNTS.length} account layers): ${answers.length} distinct manifests of ${Math.min(...bytes)}–${Math.max(...bytes)} bytes`,
  );
  const headersOf = (browser: BenchBrowser) => ({
    accept: "application/json",
    "accept-encoding": MANIFEST_ACCEPT_ENCODING,
    cookie: browser.cookie,
  });
  const manifestRequest = (k: number) => {
    const index = k % browsers.length;
    return {
      path: "/gw/manifest",
      headers: headersOf(browsers[index] as BenchBrowser),
      bytes: bytes[index] as number,
    };
  };
  const constantRequest = (k: number) => {
    const index = k % browsers.length;
    return {
      path: `${CONSTANT_PATH}/${answerOf[index]}`,
      headers: headersOf(browsers[index] as BenchBrowser),
      bytes: bytes[index] as number,
    };
  };
  const manifestRound = (ms: number) =>
    loadRound(gateway.url, manifestRequest, { connections, durationMs: ms, serverPid: gateway.pid });
  const constantRound = (ms: number) =>
    loadRound(constant.url, constantRequest, { connections, durationMs: ms, serverPid: constant.pid });
  await manifestRound(WARM_UP_MS);
  await constantRound(WARM_UP_MS);
  const manifestResults: ManifestRound[] = [];
  for (let round = 1; round <= manifestRounds; round += 1) {
    const manifestFirst = round % 2 === 1;
    const first = await (manifestFirst ? manifestRound(durationMs) : constantRound(durationMs));
    const second = await (manifestFirst ? constantRound(durationMs) : manifestRound(durationMs));
    const [manifest, reference] = manifestFirst ? [first, second] : [second, first];
    manifestResults.push({
      round,
      order: manifestFirst ? "M,C" : "C,M",
      manifest,
      constant: reference,
      ratio: manifest.requestsPerSecond / (reference.requestsPerSecond || 1),
      cpuRatio: reference.serverCpuUsPerRequest / (manifest.serverCpuUsPerRequest || 1),
    });
  }
  printManifestRounds(manifestResults);

  const measured = publishRounds.filter((r) => r.round !== "warm-up" && !r.round.startsWith("L"));
  const layered = publishRounds.filter((r) => r.round.startsWith("L"));
  const loadAfter = loadavg()[0] ?? 0;
  const summary = {
    publish: {
      roundsMeetingP50: measured.filter((r) => r.p50Ms <= PUBLISH_TARGETS.acknowledgedP50Ms).length,
      roundsMeetingP99: measured.filter((r) => r.p99Ms <= PUBLISH_TARGETS.acknowledgedP99Ms).length,
      rounds: measured.length,
      medianP50Ms: median(measured.map((r) => r.p50Ms)),
      medianP99Ms: median(measured.map((r) => r.p99Ms)),
      medianPublishMs: median(measured.map((r) => r.publishMs)),
    },
    layeredPublish: {
      rounds: layered.length,
      medianP50Ms: median(layered.map((r) => r.p50Ms)),
      medianP99Ms: median(layered.map((r) => r.p99Ms)),
      medianPublishMs: median(layered.map((r) => r.publishMs)),
    },
    manifest: {
      roundsMeetingRatio: manifestResults.filter((r) => r.ratio >= PUBLISH_TARGETS.manifestVsConstant).length,
      rounds: manifestResults.length,
      medianRatio: median(manifestResults.map((r) => r.ratio)),
      medianCpuRatio: median(manifestResults.map((r) => r.cpuRatio)),
    },
  };
  console.log(
    `\npublish → applied: p50 met in ${summary.publish.roundsMeetingP50}/${measured.length} rounds, p99 in ${summary.publish.roundsMeetingP99}/${measured.length} (median p50 ${summary.publish.medianP50Ms.toFixed(1)} ms, p99 ${summary.publish.medianP99Ms.toFixed(1)} ms, publish call ${summary.publish.medianPublishMs.toFixed(1)} ms)`,
  );
  if (layered.length > 0) {
    console.log(
      `with ${LAYERED_ACCOUNTS.length} account layers: median p50 ${summary.layeredPublish.medianP50Ms.toFixed(1)} ms, p99 ${summary.layeredPublish.medianP99Ms.toFixed(1)} ms, publish call ${summary.layeredPublish.medianPublishMs.toFixed(1)} ms`,
    );
  }
  console.log(
    `manifest / constant: ≥ ${PUBLISH_TARGETS.manifestVsConstant}× in ${summary.manifest.roundsMeetingRatio}/${manifestResults.length} rounds (median ${summary.manifest.medianRatio.toFixed(3)}; server CPU per request, constant / manifest: median ${summary.manifest.medianCpuRatio.toFixed(3)})`,
  );
  console.log(`load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
  writeFileSync(
    out,
    JSON.stringify(
      {
        settings: {
          sessions,
          tabsPerSession,
          rounds,
          layeredRounds,
          manifestRounds,
          durationMs,
          connections,
        },
        machine: { cpus: cpus().length, loadBefore, loadAfter },
        publishRounds,
        layers: {
          accounts: LAYERED_ACCOUNTS.length,
          ...layers.result,
          healthzAnswers: layers.probes,
          healthzSlowestMs: layers.slowestMs,
        },
        manifestRounds: manifestResults,
        summary,
      },
      null,
      2,
    ),
  );
  console.log(`report: ${out}`);
} finally {
  for (const tab of tabs) tab.close();
  const pools = [...browsers, ...(staff ? [staff] : [])].map((browser) => browser.pool);
  await Promise.all(pools.map((pool) => pool.close().catch(() => {})));
  for (const server of servers.reverse()) await server.stop();
  if (answersFile) rmSync(answersFile, { force: true });
  if (profileDir) console.log(`gateway CPU profile: ${profileDir}`);
}
