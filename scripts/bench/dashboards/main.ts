/**
 * `npm run bench:dashboards` — a twelve-widget dashboard over the 100,000-row «Sales orders» table
 * (dashboard-definition.ts), measured in one run against a naive scan of the same rows (naive-scan.ts);
 * measured, never asserted in tests (DESIGN.md §8). What it measures (../README.md, "Dashboards
 * benchmark"):
 *
 * 1. per widget, p50 / p95 over `--rounds`: the widget call through the gateway
 *    (`POST /api/Content/Dashboards/Objects/{recId}/Widgets/{widgetId}/Query`) cold — after the table's
 *    version was bumped, so every cached result is out of reach while the engine's copy stays — and
 *    warm (answered from the result cache), the engine's own time (the answer's ElapsedMs), and the
 *    naive scan of the same query; the twelve calls one after another and all at once (as the viewer
 *    sends them); and `--start-rounds` fresh upstream processes, whose first call also loads the
 *    engine and the table's copy;
 * 2. the naive scan: the stored JSON rows read and parsed, then each widget's aggregates in plain
 *    JavaScript, its answers compared with the engine's;
 * 3. Chromium: navigation start → every widget drawn (page-loads.ts), cold (the version bumped before
 *    the load) and warm, over `--browser-rounds`;
 * 4. the JavaScript of the route: /login's initial scripts (the shell benchmark's method, target
 *    ≤ 150 KB gzip), the signed-in home's, and what the dashboard adds until its widgets are drawn.
 *
 * Its own processes on loopback: the real upstream (demo seed with the analytics data, the
 * benchmark's data dir) and the real gateway serving a fresh build of the runtime on `--port`.
 * Options: --rounds 9, --start-rounds 3, --browser-rounds 5, --port 8407, --out <file.json>.
 */
import { existsSync, statSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Browser, chromium } from "@playwright/test";
import { APP_READY_MARK } from "../../../runtime/boot/app-ready.ts";
import type { WidgetDefinition } from "../../../schemas/payloads/analytics-content.ts";
import type { DataQuery, DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import { OWNER, prepareSignedInUser, signInAs } from "../../../test/e2e/helpers/demo-users.ts";
import { buildRuntime } from "../../build.ts";
import type { BuildGraph } from "../../build-rechunk.ts";
import { ROOT } from "../bench-paths.ts";
import { coldLoad, type LoadedScript } from "../shell/cold-load.ts";
import { BENCH_DASHBOARD_NAME, benchDashboardDefinition, SALES_TABLE_NAME } from "./dashboard-definition.ts";
import { GatewayClient, type TimedAnswer } from "./gateway-client.ts";
import { differences, naiveResult, parseRows, type ScanTable } from "./naive-scan.ts";
import { DRAWN_MARK, drawnWatcher, loadDashboard, scriptsOfLoad } from "./page-loads.ts";
import {
  type BrowserRound,
  type DashboardsBenchReport,
  INITIAL_JS_TARGET_BYTES,
  printReport,
  type QueryRound,
  type ScriptSet,
  type StartRound,
  type WidgetSamples,
} from "./report.ts";
import { type ServerProcess, startServer, stopAll } from "./servers.ts";
import { StoreFile } from "./store-access.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "9" },
    "start-rounds": { type: "string", default: "3" },
    "browser-rounds": { type: "string", default: "5" },
    port: { type: "string", default: "8407" },
    out: { type: "string" },
  },
});
const bounded = (name: string, value: string | undefined, min: number, max: number): number => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new Error(`bad --${name} ${value}`);
  return parsed;
};
const rounds = bounded("rounds", values.rounds, 3, 50);
const startRounds = bounded("start-rounds", values["start-rounds"], 0, 10);
const browserRounds = bounded("browser-rounds", values["browser-rounds"], 1, 30);
const port = bounded("port", values.port, 1024, 65_535);

/** How long a page may take after its mark to fetch late scripts (the dashboard's counted apart). */
const SETTLE_AFTER_DRAWN_MS = 2_000;

const log = (line: string) => process.stderr.write(`${line}\n`);
const loadBefore = loadavg()[0] as number;
const runStarted = performance.now();
const dataDir = await mkdtemp(join(tmpdir(), "tessera-dashboards-bench-"));
const distDir = join(ROOT, ".tmp", "bench-dashboards-dist");
let browser: Browser | undefined;
let client: GatewayClient | undefined;
let store: StoreFile | undefined;

let cleaned: Promise<void> | undefined;
/** Stops everything this run started and removes its data dir; once, whichever way the run ends. */
function cleanUp(): Promise<void> {
  cleaned ??= (async () => {
    await browser?.close().catch(() => undefined);
    await client?.close().catch(() => undefined);
    store?.close();
    await stopAll();
    await rm(dataDir, { recursive: true, force: true });
  })();
  return cleaned;
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  // `on`, and Chromium launched without Playwright's own signal handlers: those exit the process at
  // once when theirs is the only listener left, before the servers are stopped.
  process.on(signal, () => {
    log(`${signal}: stopping the benchmark's processes`);
    void cleanUp().then(() => process.exit(130));
  });
}

/** `items` rotated by `by` places: each round starts with another widget, so drift hits all alike. */
const rotated = <T>(items: readonly T[], by: number): T[] =>
  items.map((_, index) => items[(index + by) % items.length] as T);

function expectCached(answer: TimedAnswer<DataQueryResult>, cached: boolean, widget: string): void {
  if (answer.body.Cached !== cached)
    throw new Error(
      `${widget}: expected a ${cached ? "cached" : "computed"} answer, got Cached ${answer.body.Cached}`,
    );
}

/**
 * What a built script holds, from the build graph: its source modules grouped by package
 * (node_modules/<name>) or by folder (runtime/<folder>), the groups with the most modules first.
 */
function holdings(graph: BuildGraph, url: string): string {
  const script = graph.scripts.get(url.replace(/^\/assets\//, ""));
  if (!script) return "";
  const groups = new Map<string, number>();
  for (const input of script.inputs) {
    const parts = input.split("/");
    const at = parts.lastIndexOf("node_modules");
    const group =
      at >= 0
        ? (parts[at + 1]?.startsWith("@") ? parts.slice(at + 1, at + 3) : parts.slice(at + 1, at + 2)).join(
            "/",
          )
        : parts.slice(0, Math.min(2, parts.length - 1)).join("/");
    groups.set(group, (groups.get(group) ?? 0) + 1);
  }
  return [...groups]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([group, count]) => `${group} (${count})`)
    .join(", ");
}

/** A set of loaded scripts with its sums, the sizes of the build's .gz copies and what each holds. */
function scriptSet(graph: BuildGraph, scripts: readonly LoadedScript[]): ScriptSet {
  const withBuild = scripts.map((script) => {
    const gz = `${join(distDir, script.url)}.gz`;
    return {
      ...script,
      buildGzBytes: existsSync(gz) ? statSync(gz).size : script.bytes,
      holds: holdings(graph, script.url),
    };
  });
  return {
    scripts: withBuild,
    bytes: withBuild.reduce((total, script) => total + script.bytes, 0),
    gzipBytes: withBuild.reduce((total, script) => total + script.gzipBytes, 0),
    buildGzBytes: withBuild.reduce((total, script) => total + script.buildGzBytes, 0),
  };
}
const without = (scripts: readonly LoadedScript[], known: readonly LoadedScript[]) => {
  const urls = new Set(known.map((script) => script.url));
  return scripts.filter((script) => !urls.has(script.url));
};

try {
  log(`building the runtime into ${distDir}`);
  const graph = await buildRuntime(distDir);
  log("starting the upstream (first start: the demo seed with 100,000 order lines)");
  let upstream: ServerProcess = await startServer("upstream", "upstream-server.ts", [dataDir, "0"]);
  const upstreamPort = new URL(upstream.url).port;
  const seededStartMs = upstream.startMs;
  const gateway = await startServer("gateway", "gateway-server.ts", [upstream.url, String(port), distDir]);
  const origin = gateway.url;
  log(`upstream ${upstream.url} (started in ${upstream.startMs.toFixed(0)} ms), gateway ${origin}`);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const setup = await context.newPage();
  await signInAs(setup, OWNER, origin);
  await prepareSignedInUser(setup, origin);
  await setup.close();
  const storageState = await context.storageState();
  const api = new GatewayClient(origin, await context.cookies());
  client = api;

  const sources = await api.call<{
    items: { RecId: number; Type: string; Name: string; RowCount: number }[];
  }>("GET", "Data/Sources");
  const sales = sources.body.items.find(
    (item) => item.Name === SALES_TABLE_NAME && item.Type === "DataTable",
  );
  if (!sales) throw new Error(`no data table «${SALES_TABLE_NAME}» among the owner's sources`);
  const bounds = await api.dataQuery({
    Source: { RecId: sales.RecId },
    Aggregates: [
      { Function: "min", Column: "OrderDate", As: "First" },
      { Function: "max", Column: "OrderDate", As: "Last" },
    ],
  });
  const [first, last] = bounds.body.Rows[0] as [string, string];
  const definition = benchDashboardDefinition(sales.RecId, Date.parse(first), Date.parse(last));
  const created = await api.call<{ RecId: number }>("POST", "Content/Dashboards/Objects", {
    Type: "Dashboard",
    Name: BENCH_DASHBOARD_NAME,
    Properties: { Definition: definition },
  });
  const dashboard = created.body.RecId;
  const widgets = definition.Widgets.filter(
    (widget): widget is WidgetDefinition & { Query: DataQuery } => widget.Query !== undefined,
  );
  if (widgets.length !== 12) throw new Error(`the dashboard has ${widgets.length} data widgets, not 12`);
  store = new StoreFile(dataDir);
  const { accountId, columns } = store.table(sales.RecId);
  log(
    `dashboard ${dashboard}: ${widgets.length} widgets over «${SALES_TABLE_NAME}» ${sales.RecId} (${sales.RowCount} rows)`,
  );

  // 1a. Fresh upstream processes: the first call after a start.
  const starts: StartRound[] = [];
  for (let round = 0; round < startRounds; round += 1) {
    await upstream.stop();
    upstream = await startServer("upstream", "upstream-server.ts", [dataDir, upstreamPort]);
    await api.call("GET", `Content/Dashboards/Objects/${dashboard}`);
    const order = rotated(widgets, round);
    const firstAnswer = await api.widgetQuery(dashboard, (order[0] as WidgetDefinition).Id);
    expectCached(firstAnswer, false, (order[0] as WidgetDefinition).Id);
    let restMs = 0;
    for (const widget of order.slice(1)) restMs += (await api.widgetQuery(dashboard, widget.Id)).ms;
    starts.push({
      processStartMs: upstream.startMs,
      firstWidget: (order[0] as WidgetDefinition).Id,
      firstCallMs: firstAnswer.ms,
      firstElapsedMs: firstAnswer.body.ElapsedMs,
      restMs,
    });
    log(`fresh upstream ${round + 1}/${startRounds}: first call ${firstAnswer.ms.toFixed(0)} ms`);
  }

  // 1b and 2. The widget calls cold and warm, and the naive scan, round by round.
  const samples: WidgetSamples[] = widgets.map((widget) => ({
    id: widget.Id,
    kind: widget.Kind,
    title: widget.Title ?? widget.Id,
    resultRows: 0,
    rowsScanned: 0,
    httpColdMs: [],
    engineColdMs: [],
    httpWarmMs: [],
    naiveMs: [],
    difference: null,
  }));
  const sampleOf = (id: string) => samples.find((sample) => sample.id === id) as WidgetSamples;
  const engineAnswers = new Map<string, DataQueryResult>();
  // One round not counted: the engine's copy current, the servers' and the scan's code compiled.
  store.bumpVersion(sales.RecId);
  for (const widget of widgets) await api.widgetQuery(dashboard, widget.Id);
  const queryRounds: QueryRound[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = rotated(widgets, round);
    store.bumpVersion(sales.RecId);
    let coldSequentialMs = 0;
    for (const widget of order) {
      const answer = await api.widgetQuery(dashboard, widget.Id);
      expectCached(answer, false, widget.Id);
      const sample = sampleOf(widget.Id);
      sample.httpColdMs.push(answer.ms);
      sample.engineColdMs.push(answer.body.ElapsedMs);
      sample.resultRows = answer.body.Rows.length;
      sample.rowsScanned = answer.body.RowsScanned;
      if (!engineAnswers.has(widget.Id)) engineAnswers.set(widget.Id, answer.body);
      coldSequentialMs += answer.ms;
    }
    let warmSequentialMs = 0;
    for (const widget of order) {
      const answer = await api.widgetQuery(dashboard, widget.Id);
      expectCached(answer, true, widget.Id);
      sampleOf(widget.Id).httpWarmMs.push(answer.ms);
      warmSequentialMs += answer.ms;
    }
    const atOnce = async (cached: boolean) => {
      const started = performance.now();
      const answers = await Promise.all(order.map((widget) => api.widgetQuery(dashboard, widget.Id)));
      const ms = performance.now() - started;
      answers.forEach((answer, index) => {
        expectCached(answer as TimedAnswer<DataQueryResult>, cached, (order[index] as WidgetDefinition).Id);
      });
      return ms;
    };
    store.bumpVersion(sales.RecId);
    const coldAtOnceMs = await atOnce(false);
    const warmAtOnceMs = await atOnce(true);

    const readStarted = performance.now();
    const table: ScanTable = { columns, rows: parseRows(columns, store.storedRows(accountId, sales.RecId)) };
    const naiveReadMs = performance.now() - readStarted;
    let naiveComputeMs = 0;
    for (const widget of order) {
      const started = performance.now();
      const result = naiveResult(table, widget.Query);
      const ms = performance.now() - started;
      naiveComputeMs += ms;
      const sample = sampleOf(widget.Id);
      sample.naiveMs.push(ms);
      if (round === 0)
        sample.difference = differences(result, engineAnswers.get(widget.Id) as DataQueryResult);
    }
    queryRounds.push({
      coldSequentialMs,
      warmSequentialMs,
      coldAtOnceMs,
      warmAtOnceMs,
      naiveReadMs,
      naiveComputeMs,
    });
    log(
      `query round ${round + 1}/${rounds}: cold ${coldSequentialMs.toFixed(0)} ms one after another, ` +
        `${coldAtOnceMs.toFixed(0)} at once; naive ${naiveReadMs.toFixed(0)} + ${naiveComputeMs.toFixed(0)}`,
    );
  }

  // 3. Chromium: navigation start → every widget drawn.
  await context.addInitScript({ content: drawnWatcher(widgets.length) });
  const url = `${origin}/dashboard/viewer/${dashboard}`;
  await loadDashboard(context, url); // warm-up: scripts in the browser's cache, the screens' code compiled
  const browserLoads: BrowserRound[] = [];
  for (let round = 0; round < browserRounds; round += 1) {
    store.bumpVersion(sales.RecId);
    const cold = await loadDashboard(context, url);
    const warm = await loadDashboard(context, url);
    browserLoads.push({ cold, warm });
    log(
      `browser round ${round + 1}/${browserRounds}: cold ${cold.drawnMs.toFixed(0)} ms, warm ${warm.drawnMs.toFixed(0)} ms`,
    );
  }

  // 4. The JavaScript of the route, each load in a fresh context (nothing cached).
  const login = await coldLoad(browser, `${origin}/login`, APP_READY_MARK);
  const home = await scriptsOfLoad(browser, `${origin}/`, APP_READY_MARK, {
    storageState,
    settleMs: SETTLE_AFTER_DRAWN_MS,
  });
  const route = await scriptsOfLoad(browser, url, DRAWN_MARK, {
    storageState,
    initScript: drawnWatcher(widgets.length),
    settleMs: SETTLE_AFTER_DRAWN_MS,
  });

  const report: DashboardsBenchReport = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      loadAverage1mBefore: loadBefore,
      loadAverage1mAfter: loadavg()[0] as number,
    },
    options: { rounds, startRounds, browserRounds },
    runMs: performance.now() - runStarted,
    seededStartMs,
    table: { recId: sales.RecId, rows: sales.RowCount, columns: columns.length },
    dashboard: { recId: dashboard, widgets: widgets.length },
    widgets: samples,
    queryRounds,
    startRounds: starts,
    browserRounds: browserLoads,
    javascript: {
      login: scriptSet(graph, login.scripts),
      home: scriptSet(graph, [...home.scripts, ...home.after]),
      dashboard: scriptSet(graph, route.scripts),
      extraOverLogin: scriptSet(graph, without(route.scripts, login.scripts)),
      extraOverHome: scriptSet(graph, without(route.scripts, [...home.scripts, ...home.after])),
      afterDrawn: scriptSet(graph, route.after),
      targetBytes: INITIAL_JS_TARGET_BYTES,
    },
  };
  printReport(report);
  const out = values.out ?? join(tmpdir(), `tessera-dashboards-bench-${Date.now()}.json`);
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nreport: ${out}`);
  if (loadBefore > cpus().length || report.machine.loadAverage1mAfter > cpus().length) {
    console.log(
      `warning: load average ${loadBefore.toFixed(1)} → ${report.machine.loadAverage1mAfter.toFixed(1)} > ` +
        `${cpus().length} CPUs: the times are noisy; read the ratios`,
    );
  }
} finally {
  await cleanUp();
}
