/**
 * `npm run bench:home` — what the home screen (§2.2 /) costs before its two panels, "Recently
 * changed" and "Favourites", show their items: the `/api/` requests the page makes from navigation
 * start until both panels list items, how many of them were the panels' library calls
 * (`/api/Content/…`), and the time from navigation start to that moment. Measured, never asserted in
 * tests (DESIGN.md §8).
 *
 * The app runs as the e2e suite runs it (scripts/e2e-server.ts: a fresh build, the gateway and the
 * embedded upstream with the demo seed) on `--port`. The demo owner (every library area) is signed in
 * once; each round opens `/` in a new page of that context (scripts cached, as on a revisit), after
 * one warm-up round. In the page, a MutationObserver notes the moment both panels hold a list item,
 * and the Resource Timing entries started before it are counted.
 *
 * Options: --rounds 9, --port 8406, --out <file.json>.
 */
import { writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type BrowserContext, chromium } from "@playwright/test";
import { en, OWNER, prepareSignedInUser, signInAs } from "../../../test/e2e/helpers/demo-users.ts";
import { startE2eServer } from "../../e2e-server-process.ts";

/** The performance mark the page sets when both panels list items. */
const PANELS_MARK = "bench:home-panels";
/** The longest one round may wait for the panels. */
const ROUND_TIMEOUT_MS = 60_000;

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "9" },
    port: { type: "string", default: "8406" },
    out: { type: "string" },
  },
});
const positive = (name: string, value: string | undefined, max: number): number => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > max) throw new Error(`bad --${name} ${value}`);
  return parsed;
};
const rounds = positive("rounds", values.rounds, 100);
const port = positive("port", values.port, 65_535);

const median = (numbers: readonly number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** What one load of the home page measured. */
interface HomeLoad {
  /** Navigation start → both panels list items, in ms. */
  panelsMs: number;
  /** `/api/` requests started before that moment. */
  apiRequests: number;
  /** Of those, the library calls (`/api/Content/…`): the panels' own. */
  contentRequests: number;
  /** The library calls' paths without the query, for the report. */
  contentPaths: string[];
}

/**
 * The script that runs in the page before its own: marks the first moment both panels (the sections
 * headed by `titles`) hold a list item. A string, not a function: tsx would add helpers to a function
 * that the page does not have.
 */
function panelsWatcher(titles: readonly string[], mark: string): string {
  return `(() => {
    const titles = ${JSON.stringify(titles)};
    const mark = ${JSON.stringify(mark)};
    const ready = () => titles.every((title) => [...document.querySelectorAll("section")].some((section) =>
      section.querySelector("h2")?.textContent?.trim() === title && section.querySelector("li") !== null));
    const observer = new MutationObserver(() => {
      if (performance.getEntriesByName(mark).length === 0 && ready()) {
        performance.mark(mark);
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  })();`;
}

/** One load of `/` in a new page of the signed-in context. */
async function loadHome(context: BrowserContext, origin: string): Promise<HomeLoad> {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/`);
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PANELS_MARK, {
      timeout: ROUND_TIMEOUT_MS,
    });
    return await page.evaluate((name) => {
      const at = (performance.getEntriesByName(name)[0] as PerformanceEntry).startTime;
      const api = performance
        .getEntriesByType("resource")
        .filter((entry) => entry.startTime <= at && new URL(entry.name).pathname.startsWith("/api/"));
      const content = api
        .map((entry) => new URL(entry.name).pathname)
        .filter((p) => p.startsWith("/api/Content/"));
      return {
        panelsMs: at,
        apiRequests: api.length,
        contentRequests: content.length,
        contentPaths: [...new Set(content)].sort(),
      };
    }, PANELS_MARK);
  } finally {
    await page.close();
  }
}

const loadBefore = loadavg()[0] as number;
const app = await startE2eServer(port);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({
    content: panelsWatcher([en("Home_Recent"), en("Home_Favourites")], PANELS_MARK),
  });
  const setup = await context.newPage();
  await signInAs(setup, OWNER, app.origin);
  await prepareSignedInUser(setup, app.origin);
  await setup.close();

  await loadHome(context, app.origin); // warm-up: the servers' first requests, the browser cache
  const loads: HomeLoad[] = [];
  for (let round = 0; round < rounds; round++) loads.push(await loadHome(context, app.origin));

  const report = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverage1mBefore: loadBefore, loadAverage1mAfter: loadavg()[0] },
    user: OWNER.email,
    rounds: loads,
    medians: {
      panelsMs: median(loads.map((load) => load.panelsMs)),
      apiRequests: median(loads.map((load) => load.apiRequests)),
      contentRequests: median(loads.map((load) => load.contentRequests)),
    },
  };
  console.log(`Home page of ${OWNER.email}, ${rounds} rounds after one warm-up:`);
  console.log("  round  panels (ms)  /api/ requests  of them /api/Content/");
  loads.forEach((load, index) => {
    console.log(
      `  ${String(index + 1).padStart(5)}  ${load.panelsMs.toFixed(0).padStart(11)}  ${String(load.apiRequests).padStart(14)}  ${String(load.contentRequests).padStart(20)}`,
    );
  });
  console.log(
    `  median ${report.medians.panelsMs.toFixed(0).padStart(10)}  ${String(report.medians.apiRequests).padStart(14)}  ${String(report.medians.contentRequests).padStart(20)}`,
  );
  console.log(`\nLibrary calls of the panels: ${loads[0]?.contentPaths.join(", ") ?? "none"}`);
  const out = values.out ?? join(tmpdir(), `tessera-home-bench-${Date.now()}.json`);
  await writeFile(out, JSON.stringify(report, null, 2));
  console.log(`\nreport: ${out}`);
  if (loadBefore > cpus().length) {
    console.log(
      `warning: load average ${loadBefore.toFixed(1)} > ${cpus().length} CPUs: the timings are noisy`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
