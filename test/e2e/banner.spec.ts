/**
 * The message banner (§4.5, §8, §9) in Chromium against the real gateway: a success banner (My
 * Settings saved) hides itself after BANNER_AUTO_HIDE_MS (5 s) — still there just before, gone just
 * after; a click dismisses a banner at once; clicking the 'Experiencing network issues' banner runs
 * its callback, the websockets help page from the shell manifest in a new window.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { en, MAIN_SCREENS, SPEC_MEMBER, STAFF_AUDITOR, showScreen } from "./helpers/main-screens.ts";
import { E2E_ORIGIN } from "./helpers/session.ts";

const constants = JSON.parse(
  readFileSync(new URL("../../manifests/constants.json", import.meta.url), "utf8"),
) as { bannerAutoHideMs: number };
const shell = JSON.parse(readFileSync(new URL("../../manifests/shell.json", import.meta.url), "utf8")) as {
  externalSites: { websocketsHelpUrl: string };
};
/** §9: the banner auto-hides after this long (manifests/constants.json). */
const BANNER_AUTO_HIDE_MS = constants.bannerAutoHideMs;
/** Tolerance for the page's timer and the test's polling. */
const TIMING_SLACK_MS = 600;
const CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT ?? Number(process.env.E2E_PORT ?? 8191) + 100);

const savedBanner = (page: Page) => page.getByRole("button", { name: new RegExp(en("MySettings_Saved")) });

async function saveMySettings(page: Page): Promise<number> {
  const dialog = page.getByRole("dialog", { name: en("DialogTitle_MySettings") });
  await dialog.getByRole("button", { name: en("Dialog_Save") }).click();
  await expect(savedBanner(page)).toBeVisible();
  return Date.now();
}

test.beforeEach(async ({ page }) => {
  const screen = MAIN_SCREENS.find((candidate) => candidate.id === "my-settings");
  if (!screen) throw new Error("no my-settings screen");
  await showScreen(page, screen, "light", { origin: E2E_ORIGIN, member: SPEC_MEMBER, staff: STAFF_AUDITOR });
});

// Wall-clock timing on a shared server: another spec's event can replace the banner early. One retry,
// reported as flaky by Playwright, until the test moves to the page clock (see the closing note).
test.describe("auto-hide", () => {
  test.describe.configure({ retries: 1 });
  test("a success banner hides itself after 5 s (§9)", async ({ page }) => {
    expect(BANNER_AUTO_HIDE_MS).toBe(5_000);
    const shownAt = await saveMySettings(page);
    await expect(savedBanner(page)).toHaveAccessibleName(new RegExp(`^${en("Banner_Kind_success")}`));
    await page.waitForTimeout(BANNER_AUTO_HIDE_MS - TIMING_SLACK_MS - (Date.now() - shownAt));
    await expect(savedBanner(page)).toBeVisible({ timeout: 1 });
    await expect(savedBanner(page)).toBeHidden({ timeout: 2 * TIMING_SLACK_MS });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(BANNER_AUTO_HIDE_MS - TIMING_SLACK_MS);
  });
});

test("a click dismisses the banner at once", async ({ page }) => {
  const shownAt = await saveMySettings(page);
  await expect(savedBanner(page)).toHaveAccessibleName(new RegExp(`${en("Banner_Dismiss")}$`));
  await savedBanner(page).click();
  await expect(savedBanner(page)).toBeHidden({ timeout: 1_000 });
  expect(Date.now() - shownAt).toBeLessThan(BANNER_AUTO_HIDE_MS);
});

test("clicking the network-issues banner dismisses it and opens the websockets help page", async ({
  page,
}) => {
  await page.keyboard.press("Escape");
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/hub-drop?downMs=4000`, { method: "POST" });
  expect(response.status).toBe(200);
  const networkBanner = page.getByRole("button", { name: new RegExp(en("Banner_NetworkIssues")) });
  await expect(networkBanner).toBeVisible();
  // The help site is external (and offline here): the new window's request for it is the evidence.
  const helpRequest = page
    .context()
    .waitForEvent("request", (request) => request.url() === shell.externalSites.websocketsHelpUrl);
  const popup = page.context().waitForEvent("page");
  await networkBanner.click();
  await expect(networkBanner).toBeHidden();
  expect((await helpRequest).isNavigationRequest()).toBe(true);
  await (await popup).close();
});
