/**
 * `npm run bench:shell` — the runtime's shell budget (../README.md), measured, never asserted in tests:
 *
 * 1. initial JavaScript: what index.html loads before the app-ready mark on /login, gzip level 9
 *    (budget ≤ 150 KB);
 * 2. cold load to the app-ready mark (runtime/boot/app-ready.ts) in headless Chromium — a new
 *    context per load, no cache — against a bare React page (react + react-dom rendering one element,
 *    built with esbuild in this run, served by the same kind of Fastify static server with the
 *    gateway's security headers), rotating rounds, medians (budget ≤ 2× the bare page); the same page
 *    without those headers is loaded too and reported for information (ARCHITECTURE.md, "The shell
 *    benchmark's reference page carries the gateway's security headers");
 * 3. 10,000 notifications rendered through the runtime's notification list and virtual list in the
 *    browser, fed the owner's real records from the upstream (budget ≤ 50 ms);
 * 4. the operator studio's own chunks, tab by tab (reported: it is staff-only code loaded lazily).
 *
 * The app runs as the e2e suite runs it (scripts/e2e-server.ts: gateway + embedded upstream).
 * Options: --rounds 7, --notification-rounds 5, --count 10000, --port 8405, --out <file.json>.
 */
import { writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { APP_READY_MARK } from "../../../runtime/boot/app-ready.ts";
import { startE2eServer } from "../../e2e-server-process.ts";
import { BARE_READY_MARK } from "./bench-marks.ts";
import { buildPage } from "./build-pages.ts";
import { type ColdLoad, coldLoad } from "./cold-load.ts";
import { fetchNotificationInput, renderNotificationsOnce, repeatRecords } from "./notifications.ts";
import { printReport, type ShellBenchReport } from "./report.ts";
import { startStaticServer } from "./static-server.ts";
import { measureStudioChunks } from "./studio-chunks.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "7" },
    "notification-rounds": { type: "string", default: "5" },
    count: { type: "string", default: "10000" },
    port: { type: "string", default: "8405" },
    out: { type: "string" },
  },
});
const positive = (name: string, value: string | undefined, max: number): number => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > max) throw new Error(`bad --${name} ${value}`);
  return parsed;
};
const rounds = positive("rounds", values.rounds, 100);
const notificationRounds = positive("notification-rounds", values["notification-rounds"], 100);
const count = positive("count", values.count, 1_000_000);
const port = positive("port", values.port, 65_535);

const median = (numbers: readonly number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const loadBefore = loadavg()[0] as number;
const pagesDir = join(root, ".tmp", "bench-shell");
const [bareDir, notificationsDir] = await Promise.all([
  buildPage(root, "scripts/bench/shell/bare-react-page.tsx", join(pagesDir, "bare"), "Bare React"),
  buildPage(
    root,
    "scripts/bench/shell/notifications-page.tsx",
    join(pagesDir, "notifications"),
    "Notifications",
  ),
]);
const app = await startE2eServer(port);
const bare = await startStaticServer(bareDir);
const plainBare = await startStaticServer(bareDir, { gatewayHeaders: false });
const notificationsServer = await startStaticServer(notificationsDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
try {
  // One warm-up load each (the servers' first requests), not counted.
  await coldLoad(browser, `${app.origin}/login`, APP_READY_MARK);
  await coldLoad(browser, `${bare.origin}/`, BARE_READY_MARK);
  await coldLoad(browser, `${plainBare.origin}/`, BARE_READY_MARK);
  const pages = [
    { url: `${app.origin}/login`, mark: APP_READY_MARK, loads: [] as ColdLoad[] },
    { url: `${bare.origin}/`, mark: BARE_READY_MARK, loads: [] as ColdLoad[] },
    { url: `${plainBare.origin}/`, mark: BARE_READY_MARK, loads: [] as ColdLoad[] },
  ] as const;
  for (let round = 0; round < rounds; round++) {
    // Rotate which goes first, so drift on a shared machine hits all alike.
    for (let index = 0; index < pages.length; index++) {
      const page = pages[(index + round) % pages.length] as (typeof pages)[number];
      page.loads.push(await coldLoad(browser, page.url, page.mark));
    }
  }
  const [appLoads, bareLoads, plainBareLoads] = pages.map((page) => page.loads) as [
    ColdLoad[],
    ColdLoad[],
    ColdLoad[],
  ];

  const input = await fetchNotificationInput(browser, app.origin);
  const records = repeatRecords(input.records, count);
  const renders = [];
  for (let round = 0; round < notificationRounds; round++) {
    renders.push(
      await renderNotificationsOnce(browser, `${notificationsServer.origin}/`, {
        manifest: input.manifest,
        records,
      }),
    );
  }

  const studio = await measureStudioChunks(browser, app.origin);
  const initial = appLoads[0]?.scripts ?? [];
  const report: ShellBenchReport = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      loadAverage1mBefore: loadBefore,
      loadAverage1mAfter: loadavg()[0] as number,
    },
    initialJs: {
      scripts: initial,
      bytes: initial.reduce((sum, script) => sum + script.bytes, 0),
      gzipBytes: initial.reduce((sum, script) => sum + script.gzipBytes, 0),
      bareGzipBytes: (bareLoads[0]?.scripts ?? []).reduce((sum, script) => sum + script.gzipBytes, 0),
    },
    coldLoad: {
      appMs: appLoads.map((load) => load.readyMs),
      bareMs: bareLoads.map((load) => load.readyMs),
      appMedianMs: median(appLoads.map((load) => load.readyMs)),
      bareMedianMs: median(bareLoads.map((load) => load.readyMs)),
      plainBareMs: plainBareLoads.map((load) => load.readyMs),
      plainBareMedianMs: median(plainBareLoads.map((load) => load.readyMs)),
    },
    notifications: {
      count,
      seedRecords: input.records.length,
      firstMountMs: renders.map((round) => round.cold.renderMs),
      renderMs: renders.map((round) => round.warm.renderMs),
      frameMs: renders.map((round) => round.warm.frameMs),
      rows: renders[0]?.warm.rows ?? 0,
      firstMountMedianMs: median(renders.map((round) => round.cold.renderMs)),
      renderMedianMs: median(renders.map((round) => round.warm.renderMs)),
      frameMedianMs: median(renders.map((round) => round.warm.frameMs)),
    },
    studio,
  };
  printReport(report);
  const out = values.out ?? join(tmpdir(), `tessera-shell-bench-${Date.now()}.json`);
  await writeFile(out, JSON.stringify(report, null, 2));
  console.log(`\nreport: ${out}`);
  if (report.machine.loadAverage1mBefore > cpus().length) {
    console.log(
      `warning: load average ${loadBefore.toFixed(1)} > ${cpus().length} CPUs: the timings are noisy`,
    );
  }
} finally {
  await browser.close();
  await notificationsServer.close();
  await bare.close();
  await plainBare.close();
  await app.stop();
}
