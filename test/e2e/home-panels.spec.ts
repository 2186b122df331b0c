/**
 * The home page (§2.2 /) in Chromium against the real gateway and embedded upstream: its two panels,
 * "Recently changed" and "Favourites", each come from ONE call across the library areas the user may
 * open (`/api/Content/Recent`, `/api/Content/Favourites`) — no per-area list or folder calls — and
 * show the items, linked to where they open; each panel shows a loading state until its call answers
 * and an error state with a retry when it fails, without hiding the other panel.
 */
import { expect, type Page, type Request, test } from "@playwright/test";
import { en } from "./helpers/demo-users.ts";
import { settleSessionDialogs, signIn } from "./helpers/session.ts";

const PANEL_CALLS = ["/api/Content/Recent", "/api/Content/Favourites"];

/** The library calls (`/api/Content/…`) the page makes, by path without the query. */
function libraryCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/api/Content/")) calls.push(path);
  });
  return calls;
}

const panel = (page: Page, titleKey: string) => page.getByRole("region", { name: en(titleKey) });

test("the home page asks once per panel and shows the items", async ({ page }) => {
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  const calls = libraryCalls(page);
  await page.goto("/");

  const favourites = panel(page, "Home_Favourites");
  const recent = panel(page, "Home_Recent");
  await expect(favourites.getByRole("link", { name: "Sales overview" })).toBeVisible();
  await expect(recent.getByRole("listitem").first()).toBeVisible();
  await expect(recent.getByRole("link").first()).toBeVisible();

  // One call per panel, and none of the per-area calls (`Content/{area}/Objects`, `…/Folders`).
  expect([...calls].sort()).toEqual([...PANEL_CALLS].sort());

  await favourites.getByRole("link", { name: "Sales overview" }).click();
  await expect(page).toHaveURL(/\/dashboard\/viewer\/1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sales overview" })).toBeVisible();
});

test("each panel loads on its own: a loading state until its call answers, an error state with a retry", async ({
  page,
}) => {
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  // "Recently changed" is held back until the test lets it go; "Favourites" fails once.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/Content/Recent?*", async (route) => {
    await held;
    await route.continue();
  });
  let failures = 0;
  await page.route("**/api/Content/Favourites?*", async (route) => {
    if (failures++ > 0) return route.continue();
    return route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ ErrorCode: 5000, Message: "The library is resting." }),
    });
  });
  await page.goto("/");

  const recent = panel(page, "Home_Recent");
  const favourites = panel(page, "Home_Favourites");
  await expect(recent.getByRole("status")).toHaveText(en("Loading"));
  await expect(favourites.getByRole("alert")).toContainText(en("Content_LoadFailed"));
  release();
  await expect(recent.getByRole("link").first()).toBeVisible();
  await expect(favourites.getByRole("alert")).toBeVisible();

  await favourites.getByRole("button", { name: en("Content_Retry") }).click();
  await expect(favourites.getByRole("link", { name: "Sales overview" })).toBeVisible();
  await expect(favourites.getByRole("alert")).toHaveCount(0);
});
