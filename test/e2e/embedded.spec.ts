/**
 * Embedded mode (§1, shell manifest `embedded`) in Chromium against the real gateway: `?embedded=1`
 * (or `true`) hides the shell chrome — no top menu bar, so no menus, notifications, chat or user
 * menu — while the screen works; the tab remembers the mode across in-app navigation and reloads,
 * a new tab does not; other values of the parameter leave the chrome on. The public shared viewers
 * (/v/{code}, shell profile embedded) have no chrome either.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { en, OWNER, prepareSignedInUser, signInAs } from "./helpers/main-screens.ts";
import { E2E_ORIGIN } from "./helpers/session.ts";

const shell = JSON.parse(readFileSync(new URL("../../manifests/shell.json", import.meta.url), "utf8")) as {
  embedded: { queryParameter: string; hiddenParts: string[] };
};
const PARAMETER = shell.embedded.queryParameter;

const salesLink = (page: Page) =>
  page.getByRole("table").getByRole("link", { name: "Sales overview", exact: true });

test.beforeEach(async ({ page }) => {
  expect(shell.embedded.hiddenParts).toContain("topMenuBar");
  await signInAs(page, OWNER, E2E_ORIGIN);
  await prepareSignedInUser(page, E2E_ORIGIN);
});

test("?embedded=1 hides the shell chrome; the tab keeps the mode, a new tab does not", async ({ page }) => {
  await page.goto(`/dashboards?${PARAMETER}=1`);
  await expect(salesLink(page)).toBeVisible();
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("button", { name: en("Menu_Navigation") })).toHaveCount(0);
  await expect(page.getByRole("button", { name: new RegExp(`^${en("Notifications_Button")}`) })).toHaveCount(
    0,
  );

  // In-app navigation and a reload keep the mode (remembered by the tab).
  await salesLink(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sales overview" })).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`${PARAMETER}=`));
  await expect(page.getByRole("banner")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Sales overview" })).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);

  // A new tab starts without it.
  const other = await page.context().newPage();
  await other.goto("/dashboards");
  await expect(other.getByRole("banner").getByRole("button", { name: en("Menu_Navigation") })).toBeVisible();
  await other.close();
});

test("?embedded=true also turns it on; any other value leaves the chrome", async ({ page }) => {
  await page.goto(`/dashboards?${PARAMETER}=no`);
  await expect(salesLink(page)).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: en("Menu_Navigation") })).toBeVisible();
  await page.goto(`/dashboards?${PARAMETER}=true`);
  await expect(salesLink(page)).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
});
