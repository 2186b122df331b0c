/**
 * §4.1 step 8 in Chromium against the real gateway: leaving the legacy dashboard editor first asks
 * it (a message to its frame), and its answer decides — "stay" keeps the editor and puts the URL
 * back, "leave" lets the navigation go on. The legacy application is not part of Tessera: the
 * served shell says this deployment has one (as an operator would set `legacyApplication`), and its
 * editor page is stood in for by a page that answers as the legacy editor does. Without one, the
 * same route says it is not available and frames nothing.
 */
import { expect, type Page, test } from "@playwright/test";
import { en, OWNER, prepareSignedInUser, signInAs } from "./helpers/main-screens.ts";
import { E2E_ORIGIN } from "./helpers/session.ts";

/** The stand-in legacy editor: counts the requests and answers with `window.leaveAnswer`. */
const STAND_IN_EDITOR = `<!doctype html><html><head><title>Legacy dashboard editor</title></head><body>
<p>Legacy dashboard editor</p>
<script>
window.asked = 0;
window.leaveAnswer = false;
addEventListener("message", (event) => {
  if (event.origin !== location.origin || event.data?.type !== "tessera.confirmLeave") return;
  window.asked += 1;
  parent.postMessage({ type: "tessera.leaveAnswer", id: event.data.id, leave: window.leaveAnswer }, location.origin);
});
</script></body></html>`;

const editorFrame = (page: Page) =>
  page.frames().find((frame) => frame.url().includes("/legacy/dashboard/editor"));

/** Serves the manifest as a deployment with a legacy application gets it. */
async function withLegacyApplication(page: Page): Promise<void> {
  await page.route("**/gw/manifest**", async (route) => {
    const answer = await route.fetch();
    const manifest = await answer.json();
    manifest.shell.legacyApplication = { available: true };
    await route.fulfill({ response: answer, json: manifest });
  });
}

test("without a legacy application the legacy editor route says so and frames nothing", async ({ page }) => {
  await signInAs(page, OWNER, E2E_ORIGIN);
  await prepareSignedInUser(page, E2E_ORIGIN);
  await page.goto("/dashboard/editor/5");
  await expect(page.getByRole("heading", { name: en("PageTitle_DashboardEditor") })).toBeVisible();
  await expect(page.getByText(en("Legacy_NotAvailableText"))).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
  await page.getByRole("link", { name: en("Legacy_NotAvailableHome") }).click();
  await expect(page).toHaveURL(`${E2E_ORIGIN}/`);
});

test("leaving the legacy dashboard editor asks it; 'stay' keeps it, 'leave' goes on", async ({ page }) => {
  await withLegacyApplication(page);
  await page.route("**/legacy/dashboard/editor**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: STAND_IN_EDITOR }),
  );
  await signInAs(page, OWNER, E2E_ORIGIN);
  await prepareSignedInUser(page, E2E_ORIGIN);
  await page.goto("/dashboard/editor/5");
  await expect(page.frameLocator("iframe.legacy-frame").getByText("Legacy dashboard editor")).toBeVisible();
  // The account logo links home (§6): its name ends the logo's "{{accountName}} — home".
  const home = page
    .getByRole("banner")
    .getByRole("link", { name: new RegExp(en("Shell_LogoAlt").replace("{{accountName}}", ".+")) });

  await home.click();
  await expect
    .poll(() => editorFrame(page)?.evaluate(() => (window as unknown as { asked: number }).asked))
    .toBe(1);
  await expect(page).toHaveURL(/\/dashboard\/editor\/5$/);
  await expect(page.frameLocator("iframe.legacy-frame").getByText("Legacy dashboard editor")).toBeVisible();

  await editorFrame(page)?.evaluate(() => {
    (window as unknown as { leaveAnswer: boolean }).leaveAnswer = true;
  });
  await home.click();
  await expect(page).toHaveURL(`${E2E_ORIGIN}/`);
  await expect(page.locator("iframe.legacy-frame")).toHaveCount(0);
});
