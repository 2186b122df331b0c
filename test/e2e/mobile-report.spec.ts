/**
 * /mobile/report/{recId} (§2.2) in Chromium against the real gateway: the report viewer without an
 * exit button and with the main menu hidden (shell profile mobileReport) — the rest of the top bar
 * stays — unlike /report/viewer/{recId}; and the route keeps the Reports permission gate (§4.1).
 */
import { expect, type Page, test } from "@playwright/test";
import {
  en,
  expectReady,
  OWNER,
  prepareSignedInUser,
  SPEC_MEMBER,
  signInAs,
} from "./helpers/main-screens.ts";
import { E2E_ORIGIN } from "./helpers/session.ts";

/** The seeded report (server/upstream/seed). */
const REPORT = { recId: 29, name: "Quarterly sales report" };

const topBar = (page: Page) => page.getByRole("banner");
const navigationButton = (page: Page) => topBar(page).getByRole("button", { name: en("Menu_Navigation") });

test("the mobile report has no exit button and no main menu; the desktop viewer has both", async ({
  page,
}) => {
  await signInAs(page, OWNER, E2E_ORIGIN);
  await prepareSignedInUser(page, E2E_ORIGIN);

  await page.goto(`/mobile/report/${REPORT.recId}`);
  await expectReady(page);
  await expect(page.getByRole("heading", { level: 1, name: REPORT.name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/mobile/report/${REPORT.recId}$`));
  await expect(page.getByRole("link", { name: en("Viewer_Exit") })).toHaveCount(0);
  await expect(page.getByRole("link", { name: en("Explorer_Edit") })).toHaveCount(0);
  // The top bar stays (notifications, user menu); only the main menu is hidden.
  await expect(topBar(page)).toBeVisible();
  await expect(
    topBar(page).getByRole("button", { name: new RegExp(`— ${en("UserMenu_Title")}$`) }),
  ).toBeVisible();
  await expect(navigationButton(page)).toHaveCount(0);
  await expect(topBar(page).getByRole("navigation")).toHaveCount(0);

  await page.goto(`/report/viewer/${REPORT.recId}`);
  await expect(page.getByRole("heading", { level: 1, name: REPORT.name })).toBeVisible();
  await expect(page.getByRole("link", { name: en("Viewer_Exit") })).toBeVisible();
  await expect(navigationButton(page)).toBeVisible();
});

test("a user without the Reports permission does not get the mobile report", async ({ page }) => {
  // Casey Consultant has the analyst role: data and dashboards, no Reports (server/upstream/seed).
  await signInAs(page, SPEC_MEMBER, E2E_ORIGIN);
  await prepareSignedInUser(page, E2E_ORIGIN);
  await page.goto(`/mobile/report/${REPORT.recId}`);
  await expect(page).not.toHaveURL(/\/mobile\/report\//);
  await expect(page.getByRole("heading", { level: 1, name: REPORT.name })).toHaveCount(0);
});
