/**
 * The dashboards benchmark's report: its shape (written as JSON), the statistics of its samples and
 * the tables it prints.
 */
import type { LoadedScript } from "../shell/cold-load.ts";
import type { DashboardLoad } from "./page-loads.ts";

/** §budget: the initial JavaScript of the app (/login), gzip level 9. */
export const INITIAL_JS_TARGET_BYTES = 150 * 1024;

/** The nearest-rank percentile `p` (0–100) of `samples`. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}
/** The median (the mean of the middle two for an even count). */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** One widget's samples over the rounds. */
export interface WidgetSamples {
  id: string;
  kind: string;
  title: string;
  /** Rows of its answer. */
  resultRows: number;
  /** Rows the engine read for it. */
  rowsScanned: number;
  /** The widget call through the gateway after a cache invalidation (ms, client side). */
  httpColdMs: number[];
  /** The engine's time for those answers (the answer's ElapsedMs). */
  engineColdMs: number[];
  /** The same call answered from the result cache. */
  httpWarmMs: number[];
  /** The naive scan of the same query over the parsed rows. */
  naiveMs: number[];
  /** Whether the naive scan's answer equals the engine's (null) or where they differ. */
  difference: string | null;
}

/** One round of the HTTP and naive measurements. */
export interface QueryRound {
  /** The twelve calls one after another after an invalidation, summed. */
  coldSequentialMs: number;
  warmSequentialMs: number;
  /** The twelve calls sent at once, as the viewer sends them: the first sent → the last answered. */
  coldAtOnceMs: number;
  warmAtOnceMs: number;
  /** The naive scan's read of the stored rows (SELECT + JSON.parse). */
  naiveReadMs: number;
  /** Its twelve computations over them, summed. */
  naiveComputeMs: number;
}

/** One start of a fresh upstream process and the dashboard's calls right after it. */
export interface StartRound {
  /** Spawn → listening (the store opened and migrated; the seed only on the first start). */
  processStartMs: number;
  /** The first widget call after the start: the engine's native module, the table's copy, the query. */
  firstWidget: string;
  firstCallMs: number;
  firstElapsedMs: number;
  /** The other eleven calls, one after another, summed. */
  restMs: number;
}

/** One round of the browser loads: the result cache cold (the version bumped before it), then warm. */
export interface BrowserRound {
  cold: DashboardLoad;
  warm: DashboardLoad;
}

/** A set of scripts and its sizes. */
export interface ScriptSet {
  /** Each script, its build .gz copy's size and what it holds (the build graph's source modules). */
  scripts: (LoadedScript & { buildGzBytes: number; holds: string })[];
  bytes: number;
  gzipBytes: number;
  /** The build's own .gz copies (what the gateway sends gzip; files under 1 KB go as they are). */
  buildGzBytes: number;
}

/** The whole report. */
export interface DashboardsBenchReport {
  date: string;
  machine: { cpus: number; loadAverage1mBefore: number; loadAverage1mAfter: number };
  options: { rounds: number; startRounds: number; browserRounds: number };
  /** The whole run, build included, until the report (ms). */
  runMs: number;
  /** The first upstream start: spawn → listening, the demo seed included (ms). */
  seededStartMs: number;
  table: { recId: number; rows: number; columns: number };
  dashboard: { recId: number; widgets: number };
  widgets: WidgetSamples[];
  queryRounds: QueryRound[];
  startRounds: StartRound[];
  browserRounds: BrowserRound[];
  javascript: {
    login: ScriptSet;
    home: ScriptSet;
    dashboard: ScriptSet;
    /** The dashboard's scripts not among /login's initial ones. */
    extraOverLogin: ScriptSet;
    /** The dashboard's scripts not among those the signed-in home fetched (until app-ready and 2 s after). */
    extraOverHome: ScriptSet;
    /** Scripts the dashboard fetched in the seconds after its widgets were drawn. */
    afterDrawn: ScriptSet;
    targetBytes: number;
  };
}

const fmt = (ms: number) => (Number.isNaN(ms) ? "–" : ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pair = (samples: readonly number[]) =>
  `${fmt(percentile(samples, 50))} / ${fmt(percentile(samples, 95))}`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : "–");

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((cell, c) => Math.max(cell.length, ...rows.map((row) => (row[c] ?? "").length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number)))
      .join("  ");
  return [line(head), ...rows.map(line)].join("\n");
}

/** Prints the report's tables. */
export function printReport(report: DashboardsBenchReport): void {
  const { widgets, queryRounds, startRounds, browserRounds, javascript } = report;
  console.log(
    `Dashboard of ${report.dashboard.widgets} widgets over «Sales orders» (${report.table.rows} rows, ` +
      `${report.table.columns} columns); ${report.options.rounds} query rounds, ${report.options.startRounds} ` +
      `fresh upstreams, ${report.options.browserRounds} browser rounds; ${report.machine.cpus} CPUs, load ` +
      `${report.machine.loadAverage1mBefore.toFixed(1)} → ${report.machine.loadAverage1mAfter.toFixed(1)}; ` +
      `the run took ${(report.runMs / 1000).toFixed(0)} s, the seeded upstream's start ${(report.seededStartMs / 1000).toFixed(1)} s`,
  );
  console.log(
    "\nPer widget, ms p50 / p95 (cold: after a cache invalidation; engine: the answer's ElapsedMs):",
  );
  console.log(
    table(
      [
        "widget",
        "kind",
        "rows",
        "HTTP cold",
        "engine cold",
        "HTTP warm",
        "naive scan",
        "naive/engine",
        "same answer",
      ],
      widgets.map((widget) => [
        widget.id,
        widget.kind,
        String(widget.resultRows),
        pair(widget.httpColdMs),
        pair(widget.engineColdMs),
        pair(widget.httpWarmMs),
        pair(widget.naiveMs),
        ratio(percentile(widget.naiveMs, 50), percentile(widget.engineColdMs, 50)),
        widget.difference === null ? "yes" : `NO: ${widget.difference}`,
      ]),
    ),
  );
  const sum = (pick: (widget: WidgetSamples) => number[]) =>
    widgets.reduce((total, widget) => total + percentile(pick(widget), 50), 0);
  console.log(
    `\nSum of the p50s: HTTP cold ${fmt(sum((w) => w.httpColdMs))}, engine cold ${fmt(sum((w) => w.engineColdMs))}, ` +
      `HTTP warm ${fmt(sum((w) => w.httpWarmMs))}, naive ${fmt(sum((w) => w.naiveMs))} ms ` +
      `(naive/engine ${ratio(
        sum((w) => w.naiveMs),
        sum((w) => w.engineColdMs),
      )})`,
  );

  console.log(
    "\nRounds (ms): the twelve calls one after another and at once, cold and warm; the naive scan:",
  );
  console.log(
    table(
      [
        "round",
        "seq cold",
        "seq warm",
        "at once cold",
        "at once warm",
        "naive read",
        "naive 12",
        "naive all / at once cold",
      ],
      [
        ...queryRounds.map((round, index) => [
          String(index + 1),
          fmt(round.coldSequentialMs),
          fmt(round.warmSequentialMs),
          fmt(round.coldAtOnceMs),
          fmt(round.warmAtOnceMs),
          fmt(round.naiveReadMs),
          fmt(round.naiveComputeMs),
          ratio(round.naiveReadMs + round.naiveComputeMs, round.coldAtOnceMs),
        ]),
        [
          "median",
          ...(
            [
              "coldSequentialMs",
              "warmSequentialMs",
              "coldAtOnceMs",
              "warmAtOnceMs",
              "naiveReadMs",
              "naiveComputeMs",
            ] as const
          ).map((key) => fmt(median(queryRounds.map((round) => round[key])))),
          ratio(
            median(queryRounds.map((round) => round.naiveReadMs + round.naiveComputeMs)),
            median(queryRounds.map((round) => round.coldAtOnceMs)),
          ),
        ],
      ],
    ),
  );

  if (startRounds.length > 0) {
    console.log(
      "\nFresh upstream process (the first call after start loads the engine and the table's copy):",
    );
    console.log(
      table(
        ["start", "process start", "first call", "its ElapsedMs", "other 11 calls"],
        startRounds.map((round, index) => [
          String(index + 1),
          fmt(round.processStartMs),
          `${fmt(round.firstCallMs)} (${round.firstWidget})`,
          fmt(round.firstElapsedMs),
          fmt(round.restMs),
        ]),
      ),
    );
  }

  console.log(
    "\nChromium, ms since navigation start (a new page of the signed-in context, scripts in the browser's cache;" +
      " cold: the result cache invalidated before the load):",
  );
  const loadRow = (name: string, load: DashboardLoad | undefined) => [
    name,
    load?.appReadyMs == null ? "–" : fmt(load.appReadyMs),
    load?.firstCallStartMs == null ? "–" : fmt(load.firstCallStartMs),
    load?.lastCallEndMs == null ? "–" : fmt(load.lastCallEndMs),
    load ? fmt(load.drawnMs) : "–",
    load ? fmt(load.longTaskMs) : "–",
    load ? fmt(load.longTaskAfterLastAnswerMs) : "–",
    load ? `${load.widgetCalls} (${load.cachedAnswers} cached)` : "",
    load?.slowestWidget ?? "",
  ];
  const medianLoad = (loads: readonly DashboardLoad[]): DashboardLoad => {
    const of = (pick: (load: DashboardLoad) => number | null) =>
      median(loads.map(pick).filter((value): value is number => value !== null));
    return {
      appReadyMs: of((load) => load.appReadyMs),
      firstCallStartMs: of((load) => load.firstCallStartMs),
      lastCallEndMs: of((load) => load.lastCallEndMs),
      drawnMs: of((load) => load.drawnMs),
      widgetCalls: of((load) => load.widgetCalls),
      slowestWidget: "",
      widgetDrawnMs: {},
      cachedAnswers: of((load) => load.cachedAnswers),
      calls: [],
      longTaskMs: of((load) => load.longTaskMs),
      longTaskAfterLastAnswerMs: of((load) => load.longTaskAfterLastAnswerMs),
    };
  };
  console.log(
    table(
      [
        "round",
        "app-ready",
        "1st widget call",
        "last answer",
        "all drawn",
        "long tasks",
        "of them after last answer",
        "calls",
        "slowest widget",
      ],
      [
        ...browserRounds.flatMap((round, index) => [
          loadRow(`${index + 1} cold`, round.cold),
          loadRow(`${index + 1} warm`, round.warm),
        ]),
        loadRow("median cold", medianLoad(browserRounds.map((round) => round.cold))),
        loadRow("median warm", medianLoad(browserRounds.map((round) => round.warm))),
      ],
    ),
  );

  console.log(
    "\nJavaScript (gzip level 9 of each body, the shell benchmark's method; the build's .gz copies beside):",
  );
  const row = (name: string, set: ScriptSet) => [
    name,
    String(set.scripts.length),
    kb(set.bytes),
    kb(set.gzipBytes),
    kb(set.buildGzBytes),
  ];
  console.log(
    table(
      ["set", "scripts", "bytes", "gzip -9", "build .gz"],
      [
        row("/login initial (app-ready)", javascript.login),
        row("home / signed in (app-ready + 2 s)", javascript.home),
        row("dashboard until drawn", javascript.dashboard),
        row("  extra over /login", javascript.extraOverLogin),
        row("  extra over home", javascript.extraOverHome),
        row("fetched after drawn", javascript.afterDrawn),
      ],
    ),
  );
  const within = javascript.login.gzipBytes <= javascript.targetBytes;
  console.log(
    `initial app JavaScript (/login): ${kb(javascript.login.gzipBytes)} gzip, target ≤ ${kb(javascript.targetBytes)}: ${within ? "met" : "MISSED"}`,
  );
  console.log("dashboard's extra scripts over home (gzip -9):");
  for (const script of [...javascript.extraOverHome.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(`  ${kb(script.gzipBytes).padStart(9)}  ${script.url}  ${script.holds}`);
}
