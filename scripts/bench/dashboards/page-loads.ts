/**
 * The dashboard viewer in headless Chromium: navigation start → every widget drawn, and the scripts
 * a load fetched.
 *
 * "Drawn" reads the viewer's own markers (runtime/widgets/widget-view.tsx): each widget is a
 * `section.widget`; while it loads it is `aria-busy` and shows a `.widget-state` (loading, empty and
 * error states share that class; an error is `role="alert"`); once drawn it holds what its renderer
 * draws — a chart its ECharts canvas, a KPI `.widget-kpi__value`, a table or pivot a `<table>`, a
 * filter its `<select>` or `<input>`s. A canvas exists from the chart's set-up, before its option is
 * drawn, so a chart counts as drawn once something drew on its canvas (the script notes the canvas
 * of every 2D drawing call: fill, stroke, text, rectangles, images). A
 * script injected before the page's own checks this on every animation frame from navigation start
 * and sets a performance mark at the frame where all widgets are drawn, so the time is relative to
 * navigation start (`performance.timeOrigin`), as the page's own clock reads it.
 */
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { APP_READY_MARK } from "../../../runtime/boot/app-ready.ts";
import { GZIP_LEVEL, type LoadedScript } from "../shell/cold-load.ts";

/** The performance mark set at the frame every widget is drawn. */
export const DRAWN_MARK = "bench:dashboard-drawn";
/** The longest one load may wait for its widgets. */
const LOAD_TIMEOUT_MS = 90_000;

/** What the page saw when its widgets were drawn, or why they were not. */
interface DrawnState {
  drawnMs: number | null;
  /** Per widget title, when it was first drawn (ms since navigation start). */
  widgets: Record<string, number>;
  error: string | null;
  /** [start, duration] of each long task, ms. */
  longTasks: [number, number][];
}

/**
 * The script that watches the page: every animation frame, which widgets are drawn; the mark when
 * `expected` widgets all are. A string, not a function: tsx would add helpers the page lacks.
 */
export function drawnWatcher(expected: number): string {
  return `(() => {
    const expected = ${JSON.stringify(expected)};
    const mark = ${JSON.stringify(DRAWN_MARK)};
    const state = { drawnMs: null, widgets: {}, error: null, longTasks: [] };
    window.__benchDashboard = state;
    // The main thread's long tasks (≥ 50 ms): what keeps a frame from being drawn.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask", buffered: true });
    // A canvas is inked once something drew on it: every drawing call of a 2D context notes its
    // canvas (a WeakSet add per call; reading pixels back every frame would cost the page more).
    const inkedCanvases = new WeakSet();
    const proto = CanvasRenderingContext2D.prototype;
    for (const name of ["fill", "stroke", "fillText", "strokeText", "fillRect", "strokeRect", "drawImage", "putImageData"]) {
      const original = proto[name];
      proto[name] = function (...args) {
        inkedCanvases.add(this.canvas);
        return original.apply(this, args);
      };
    }
    const inked = (canvas) => inkedCanvases.has(canvas);
    const drawn = (section) => {
      if (section.getAttribute("aria-busy") === "true" || section.querySelector(".widget-state")) return false;
      const canvases = section.querySelectorAll("canvas");
      if (canvases.length > 0) return [...canvases].every(inked);
      return section.querySelector(".widget-kpi__value, table, select, input") !== null;
    };
    const frame = () => {
      const now = performance.now();
      const sections = [...document.querySelectorAll("section.widget")];
      const failed = sections.find((section) => section.querySelector('[role="alert"]'));
      if (failed) {
        state.error = (failed.querySelector("h2, h3")?.textContent ?? "a widget") + ": " +
          (failed.querySelector('[role="alert"]')?.textContent ?? "");
        return;
      }
      let all = sections.length === expected;
      for (const section of sections) {
        const title = section.querySelector("h2, h3")?.textContent ?? "?";
        if (state.widgets[title] !== undefined) continue;
        if (drawn(section)) state.widgets[title] = now;
        else all = false;
      }
      if (all) {
        state.drawnMs = now;
        performance.mark(mark);
        return;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })();`;
}

/** One load of the dashboard: the time to all widgets drawn, the slowest widget, where the time went. */
export interface DashboardLoad {
  drawnMs: number;
  slowestWidget: string;
  /** `/api/…/Widgets/…/Query` calls the page made before its widgets were drawn. */
  widgetCalls: number;
  /** The runtime's app-ready mark (the first screen committed), ms since navigation start. */
  appReadyMs: number | null;
  /** The first widget call sent and the last one answered (resource timing), ms since navigation start. */
  firstCallStartMs: number | null;
  lastCallEndMs: number | null;
  /** Per widget title, when it was first drawn. */
  widgetDrawnMs: Record<string, number>;
  /** Each widget call (its widget id): sent and answered, from resource timing. */
  calls: { widget: string; startMs: number; endMs: number }[];
  /** Of the widget calls' answers, how many came from the result cache (the answer's Cached). */
  cachedAnswers: number;
  /** Long tasks (≥ 50 ms) of the page's main thread before all was drawn, summed, and of them after the last answer. */
  longTaskMs: number;
  longTaskAfterLastAnswerMs: number;
}

async function waitDrawn(page: Page): Promise<DrawnState> {
  await page.waitForFunction(
    () => {
      const state = (window as unknown as { __benchDashboard?: DrawnState }).__benchDashboard;
      return state !== undefined && (state.drawnMs !== null || state.error !== null);
    },
    undefined,
    { timeout: LOAD_TIMEOUT_MS, polling: 100 },
  );
  const state = await page.evaluate(
    () => (window as unknown as { __benchDashboard: DrawnState }).__benchDashboard,
  );
  if (state.error !== null) throw new Error(`a widget failed: ${state.error}`);
  return state;
}

/** Opens `url` in a new page of `context` (the drawn watcher installed) and waits for every widget. */
export async function loadDashboard(context: BrowserContext, url: string): Promise<DashboardLoad> {
  const page = await context.newPage();
  const answers: Promise<boolean>[] = [];
  page.on("response", (response) => {
    if (!/\/api\/.*\/Widgets\/.*\/Query$/.test(new URL(response.url()).pathname)) return;
    answers.push(
      response.json().then(
        (body: unknown) => (body as { Cached?: unknown }).Cached === true,
        () => false,
      ),
    );
  });
  try {
    await page.goto(url, { waitUntil: "commit" });
    const state = await waitDrawn(page);
    const cachedAnswers = (await Promise.all(answers)).filter(Boolean).length;
    const slowest = Object.entries(state.widgets).sort((a, b) => b[1] - a[1])[0];
    const timings = await page.evaluate(
      ({ at, readyMark }) => {
        const calls = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
          (entry) =>
            entry.startTime <= at && /\/api\/.*\/Widgets\/.*\/Query$/.test(new URL(entry.name).pathname),
        );
        const ready = performance.getEntriesByName(readyMark)[0];
        return {
          calls: calls.map((entry) => ({
            widget: decodeURIComponent(new URL(entry.name).pathname.split("/").at(-2) ?? ""),
            startMs: entry.startTime,
            endMs: entry.responseEnd,
          })),
          widgetCalls: calls.length,
          appReadyMs: ready ? ready.startTime : null,
          firstCallStartMs: calls.length > 0 ? Math.min(...calls.map((entry) => entry.startTime)) : null,
          lastCallEndMs: calls.length > 0 ? Math.max(...calls.map((entry) => entry.responseEnd)) : null,
        };
      },
      { at: state.drawnMs as number, readyMark: APP_READY_MARK },
    );
    const drawnMs = state.drawnMs as number;
    const lastAnswer = timings.lastCallEndMs ?? drawnMs;
    // The part of each long task that ran before `until` and after `from`.
    const busy = (from: number, until: number) =>
      state.longTasks.reduce(
        (total, [start, duration]) =>
          total + Math.max(0, Math.min(start + duration, until) - Math.max(start, from)),
        0,
      );
    return {
      drawnMs,
      slowestWidget: slowest?.[0] ?? "?",
      widgetDrawnMs: state.widgets,
      cachedAnswers,
      ...timings,
      longTaskMs: busy(0, drawnMs),
      longTaskAfterLastAnswerMs: busy(lastAnswer, drawnMs),
    };
  } finally {
    await page.close();
  }
}

/** The scripts of one load in a fresh context (empty cache): before the moment `ready` names, and after. */
export interface LoadScripts {
  readyMs: number;
  scripts: LoadedScript[];
  /** Scripts fetched in the `settleMs` after it (prefetches, late chunks). */
  after: LoadedScript[];
}

/**
 * Loads `url` in a new context of `browser` with `storageState` (signed in, nothing cached) and
 * returns every script it fetched until the performance mark `mark` (the shell benchmark's method:
 * each body gzip-compressed at level 9), and those fetched in the `settleMs` after it.
 */
export async function scriptsOfLoad(
  browser: Browser,
  url: string,
  mark: string,
  options: {
    storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>;
    initScript?: string;
    settleMs: number;
  },
): Promise<LoadScripts> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  try {
    if (options.initScript) await context.addInitScript({ content: options.initScript });
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = response.body();
      body.catch(() => undefined);
      bodies.set(response.url(), body);
    });
    await page.goto(url, { waitUntil: "commit" });
    if (mark === DRAWN_MARK) await waitDrawn(page);
    else
      await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, {
        timeout: LOAD_TIMEOUT_MS,
      });
    await page.waitForTimeout(options.settleMs);
    const { readyMs, before, after } = await page.evaluate((name) => {
      const ready = (performance.getEntriesByName(name)[0] as PerformanceEntry).startTime;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\.m?js(\?|$)/.test(entry.name)) as PerformanceResourceTiming[];
      return {
        readyMs: ready,
        before: scripts.filter((entry) => entry.responseEnd <= ready).map((entry) => entry.name),
        after: scripts.filter((entry) => entry.responseEnd > ready).map((entry) => entry.name),
      };
    }, mark);
    const measure = async (urls: readonly string[]) => {
      const scripts: LoadedScript[] = [];
      for (const scriptUrl of urls) {
        const body = await bodies.get(scriptUrl);
        if (!body) throw new Error(`no body recorded for ${scriptUrl}`);
        scripts.push({
          url: new URL(scriptUrl).pathname,
          bytes: body.byteLength,
          gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).byteLength,
        });
      }
      return scripts;
    };
    return { readyMs, scripts: await measure(before), after: await measure(after) };
  } finally {
    await context.close();
  }
}
