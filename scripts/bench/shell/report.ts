/** The shell benchmark's report: its shape, the budgets and the printed table. */
import type { LoadedScript } from "./cold-load.ts";
import type { StudioStep } from "./studio-chunks.ts";

/** The shell's budgets (scripts/bench/README.md, "Targets"). */
export const INITIAL_JS_BUDGET_GZIP_BYTES = 150 * 1024;
export const COLD_LOAD_BUDGET_RATIO = 2;
export const NOTIFICATIONS_RENDER_BUDGET_MS = 50;

/** Everything one run measured. */
export interface ShellBenchReport {
  date: string;
  machine: { cpus: number; loadAverage1mBefore: number; loadAverage1mAfter: number };
  initialJs: { scripts: LoadedScript[]; bytes: number; gzipBytes: number; bareGzipBytes: number };
  coldLoad: {
    appMs: number[];
    /** The bare React page served with the gateway's security headers: the budget's reference. */
    bareMs: number[];
    appMedianMs: number;
    bareMedianMs: number;
    /** The same page without those headers (no Cross-Origin-Opener-Policy): for information. */
    plainBareMs: number[];
    plainBareMedianMs: number;
  };
  notifications: {
    count: number;
    seedRecords: number;
    /** The page's first mount: with its one-time costs (JIT, Intl date formats, DOMPurify set-up). */
    firstMountMs: number[];
    /** A second mount in the same page: the list's own cost. */
    renderMs: number[];
    frameMs: number[];
    rows: number;
    firstMountMedianMs: number;
    renderMedianMs: number;
    frameMedianMs: number;
  };
  /** The operator studio's own chunks, step by step (reported, no budget). */
  studio: StudioStep[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? "within" : "OVER");

/** Prints the scripts, the rounds and the figures against the budgets. */
export function printReport(report: ShellBenchReport): void {
  const { initialJs, coldLoad, notifications, studio } = report;
  console.log("Initial JavaScript (loaded before tessera:app-ready on /login):");
  for (const script of initialJs.scripts) {
    console.log(
      `  ${script.url.padEnd(56)} ${kb(script.bytes).padStart(10)} ${kb(script.gzipBytes).padStart(10)} gzip-9`,
    );
  }
  console.log(`\nCold load rounds (ms): app ${coldLoad.appMs.map((v) => v.toFixed(0)).join(", ")}`);
  console.log(`                       bare ${coldLoad.bareMs.map((v) => v.toFixed(0)).join(", ")}`);
  console.log(`        bare, plain headers ${coldLoad.plainBareMs.map((v) => v.toFixed(0)).join(", ")}`);
  console.log(
    `Notification renders (ms): first mount ${notifications.firstMountMs.map((v) => v.toFixed(1)).join(", ")}; ` +
      `second mount ${notifications.renderMs.map((v) => v.toFixed(1)).join(", ")}` +
      ` (to next frame: ${notifications.frameMs.map((v) => v.toFixed(1)).join(", ")})`,
  );
  const ratio = coldLoad.appMedianMs / coldLoad.bareMedianMs;
  const plainRatio = coldLoad.appMedianMs / coldLoad.plainBareMedianMs;
  const rows: [string, string, string, string][] = [
    [
      "initial JS (gzip-9)",
      kb(initialJs.gzipBytes),
      `${kb(INITIAL_JS_BUDGET_GZIP_BYTES)}`,
      verdict(initialJs.gzipBytes <= INITIAL_JS_BUDGET_GZIP_BYTES),
    ],
    ["  bare React page JS (gzip-9)", kb(initialJs.bareGzipBytes), "", ""],
    ["cold load to app-ready (median)", ms(coldLoad.appMedianMs), "", ""],
    ["  bare page, gateway headers (median)", ms(coldLoad.bareMedianMs), "", ""],
    [
      "  ratio app / bare",
      `${ratio.toFixed(2)}×`,
      `${COLD_LOAD_BUDGET_RATIO}×`,
      verdict(ratio <= COLD_LOAD_BUDGET_RATIO),
    ],
    ["  bare page, no headers (median)", ms(coldLoad.plainBareMedianMs), "", ""],
    ["  ratio app / no-headers page (info)", `${plainRatio.toFixed(2)}×`, "", ""],
    [
      `${notifications.count.toLocaleString("en")} notifications render (median)`,
      ms(notifications.renderMedianMs),
      ms(NOTIFICATIONS_RENDER_BUDGET_MS),
      verdict(notifications.renderMedianMs <= NOTIFICATIONS_RENDER_BUDGET_MS),
    ],
    ["  to the next frame (median)", ms(notifications.frameMedianMs), "", ""],
    ["  first mount in a fresh page (median)", ms(notifications.firstMountMedianMs), "", ""],
    ["  rows in the DOM", String(notifications.rows), "", ""],
  ];
  console.log("\nOperator studio: scripts each step fetched first (lazy chunks; no budget):");
  for (const step of studio) {
    console.log(
      `  ${step.step.padEnd(40)} ${kb(step.bytes).padStart(10)} ${kb(step.gzipBytes).padStart(10)} gzip-9`,
    );
    for (const script of step.scripts) {
      console.log(
        `    ${script.url.padEnd(54)} ${kb(script.bytes).padStart(10)} ${kb(script.gzipBytes).padStart(10)}`,
      );
    }
  }
  console.log("");
  console.log(`${"measure".padEnd(40)} ${"figure".padStart(12)} ${"budget".padStart(10)}  verdict`);
  for (const [name, figure, budget, result] of rows) {
    console.log(`${name.padEnd(40)} ${figure.padStart(12)} ${budget.padStart(10)}  ${result}`);
  }
}
