/**
 * `npm run screenshots`: the README's pictures of the main screens, taken from the real app — a
 * fresh e2e server (build, gateway, embedded upstream with the demo seed) on its own port, Debian's
 * Chromium, the demo owner and a read-only staff user signed in through the gateway — into
 * docs/screenshots/<screen>.png at a fixed viewport, light theme; then the operator studio's pictures
 * (scripts/screenshots-studio.ts).
 *
 * Options: --port <n> (default 8405), --out <dir> (default docs/screenshots).
 */
import { mkdir, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { MAIN_SCREENS, OWNER, STAFF_AUDITOR, showScreen } from "../test/e2e/helpers/main-screens.ts";
import { startE2eServer } from "./e2e-server-process.ts";
import { prepareStudio, STUDIO_SCREENS, showStudio } from "./screenshots-studio.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** README screenshots, in order: login, home with the menu open, explorer, notifications, chat, admin. */
export const README_SCREENS = ["login", "home-menu", "explorer", "notifications", "chat", "admin-accounts"];
/** One fixed viewport, so the pictures line up and their size stays predictable. */
export const SCREENSHOT_VIEWPORT = { width: 1280, height: 800 };
/** A screenshot larger than this is a sign of something wrong (an animation, a huge page). */
const MAX_SCREENSHOT_BYTES = 400_000;

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8405" },
    out: { type: "string", default: "docs/screenshots" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1024 || port > 65_535) throw new Error(`bad --port ${values.port}`);
const outDir = join(root, values.out ?? "docs/screenshots");

/** Writes the picture of `page` as docs/screenshots/<id>.png once transitions (dialog, panel) finished. */
async function capture(page: Page, id: string): Promise<void> {
  await page.waitForTimeout(300);
  const file = join(outDir, `${id}.png`);
  await writeFile(file, await page.screenshot({ animations: "disabled", caret: "hide" }));
  const { size } = await stat(file);
  if (size > MAX_SCREENSHOT_BYTES) throw new Error(`${file} is ${size} bytes (> ${MAX_SCREENSHOT_BYTES})`);
  console.log(`${id.padEnd(16)} ${(size / 1024).toFixed(0).padStart(4)} KB  ${file}`);
}

const server = await startE2eServer(port);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--hide-scrollbars"],
});
try {
  await mkdir(outDir, { recursive: true });
  for (const id of README_SCREENS) {
    const screen = MAIN_SCREENS.find((candidate) => candidate.id === id);
    if (!screen) throw new Error(`no main screen ${id}`);
    const context = await browser.newContext({ viewport: SCREENSHOT_VIEWPORT, deviceScaleFactor: 1 });
    const page = await context.newPage();
    // The owner has a notification of every §4.3 code from the seed: nothing to add.
    await showScreen(page, screen, "light", {
      origin: server.origin,
      member: OWNER,
      staff: STAFF_AUDITOR,
      notify: false,
    });
    await capture(page, id);
    await context.close();
  }
  // The operator studio (after the main screens: it publishes a version on this run's own server).
  await prepareStudio(server.origin);
  for (const id of STUDIO_SCREENS) {
    const context = await browser.newContext({ viewport: SCREENSHOT_VIEWPORT, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: "light" });
    await showStudio(page, server.origin, id);
    await capture(page, id);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
