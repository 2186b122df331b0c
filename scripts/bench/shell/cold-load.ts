/**
 * One cold load in headless Chromium: a new browser context (empty cache, no cookies), the page
 * opened, the wait for its ready mark; returns the mark's time since navigation start and the
 * JavaScript the page fetched before the mark (bytes and gzip level 9).
 */
import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";

/** The longest a cold load may take before the round counts as failed. */
export const COLD_LOAD_TIMEOUT_MS = 30_000;
/** §budget: the initial JavaScript is measured compressed at this gzip level. */
export const GZIP_LEVEL = 9;

/** A script the page loaded before its ready mark. */
export interface LoadedScript {
  url: string;
  bytes: number;
  gzipBytes: number;
}

/** What one cold load measured. */
export interface ColdLoad {
  readyMs: number;
  scripts: LoadedScript[];
}

/** Loads `url` cold and waits for the performance mark `mark`. */
export async function coldLoad(browser: Browser, url: string, mark: string): Promise<ColdLoad> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = response.body();
      // Scripts loaded after the mark (lazy code) may still be in flight when the context closes.
      body.catch(() => undefined);
      bodies.set(response.url(), body);
    });
    await page.goto(url);
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, {
      timeout: COLD_LOAD_TIMEOUT_MS,
    });
    const { readyMs, scriptUrls } = await page.evaluate((name) => {
      const ready = performance.getEntriesByName(name)[0] as PerformanceEntry;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\.m?js(\?|$)/.test(entry.name))
        .filter((entry) => (entry as PerformanceResourceTiming).responseEnd <= ready.startTime)
        .map((entry) => entry.name);
      return { readyMs: ready.startTime, scriptUrls: scripts };
    }, mark);
    const scripts: LoadedScript[] = [];
    for (const scriptUrl of scriptUrls) {
      const body = await bodies.get(scriptUrl);
      if (!body) throw new Error(`no body recorded for ${scriptUrl}`);
      scripts.push({
        url: new URL(scriptUrl).pathname,
        bytes: body.byteLength,
        gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).byteLength,
      });
    }
    return { readyMs, scripts };
  } finally {
    await context.close();
  }
}
