/**
 * The explorer in Chromium against the real gateway and embedded upstream (§2.2, §3, §4.1, §6):
 * the owner works through the folder tree, creates a folder and a dashboard in it, renames, moves,
 * favourites, deletes and restores it from Deleted; the viewer (read-only dashboards) gets no change
 * controls and the guard refuses the editor; the starter (features not Included) lands on /upgrade;
 * screenshots of the explorer in light and dark are attached.
 */
import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import { settleSessionDialogs, signIn } from "./helpers/session.ts";

type Texts = Record<string, string>;
const locale = (language: string): Texts =>
  JSON.parse(readFileSync(new URL(`../../locales/${language}.json`, import.meta.url), "utf8")) as Texts;
const TEXTS: Record<"en" | "de", Texts> = { en: locale("en"), de: locale("de") };

/** The text the page shows for `key`: i18next falls back to English, then to the key itself. */
function text(key: string, params: Record<string, string> = {}, language: "en" | "de" = "en"): string {
  const raw = TEXTS[language][key] ?? TEXTS.en[key] ?? key;
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? "");
}

const folderTree = (page: Page, language: "en" | "de" = "en") =>
  page.getByRole("navigation", { name: text("Explorer_Folders", {}, language) });
const treeItem = (page: Page, name: string, language: "en" | "de" = "en") =>
  folderTree(page, language).getByRole("treeitem", { name, exact: true });
const list = (page: Page) => page.getByRole("table");
const rowLink = (page: Page, name: string) => list(page).getByRole("link", { name, exact: true });
/** The row of an item, found by its link (whatever the language of its actions button). */
const row = (page: Page, name: string): Locator =>
  list(page)
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });

/** Opens the actions menu of a row and chooses `action`. */
async function rowAction(page: Page, name: string, actionKey: string): Promise<void> {
  await row(page, name).getByRole("button").click();
  await page.getByRole("menuitem", { name: text(actionKey) }).click();
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
}

test("owner: roots and seeded dashboards; create, rename, move, favourite, delete and restore", async ({
  page,
}, testInfo) => {
  const stamp = Date.now().toString(36);
  const folder = `E2E folder ${stamp}`;
  const first = `E2E dashboard ${stamp}`;
  const renamed = `E2E renamed ${stamp}`;
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  await page.goto("/dashboards");

  await expect(page.getByRole("heading", { level: 1, name: text("PageTitle_Dashboards") })).toBeVisible();
  for (const root of ["Personal", "Team", "Shared", "Favourites", "Deleted"]) {
    await expect(treeItem(page, text(`Explorer_Root_${root}`))).toBeVisible();
  }
  await expect(rowLink(page, "Sales overview")).toBeVisible();
  await expect(rowLink(page, "Marketing KPIs")).toBeVisible();
  await attachScreenshot(page, testInfo, "explorer-light");

  // The tree is keyboard-operable (APG tree view): Down moves, Enter opens.
  await treeItem(page, text("Explorer_AllItems")).focus();
  await page.keyboard.press("ArrowDown");
  await expect(treeItem(page, text("Explorer_Root_Personal"))).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboards\/\d+$/);
  await expect(treeItem(page, text("Explorer_Root_Personal"))).toHaveAttribute("aria-current", "page");

  // A folder under Personal.
  await page.getByRole("button", { name: text("Explorer_NewFolder") }).click();
  const newFolder = page.getByRole("dialog", { name: text("Explorer_NewFolderTitle") });
  await newFolder.getByRole("textbox", { name: text("Content_Name") }).fill(folder);
  await newFolder.getByRole("button", { name: text("Content_Create") }).click();
  await expect(newFolder).toBeHidden();
  await rowLink(page, folder).click();
  await expect(page).toHaveURL(/\/dashboards\/\d+$/);
  const breadcrumb = page.getByRole("navigation", { name: text("Explorer_FolderPath") });
  await expect(breadcrumb.getByRole("link", { name: folder })).toHaveAttribute("aria-current", "page");
  await expect(breadcrumb.getByRole("link", { name: text("Explorer_Root_Personal") })).toBeVisible();
  await expect(page.getByText(text("Explorer_EmptyFolderTitle"))).toBeVisible();

  // A dashboard in it.
  const typeName = text("ObjectType_Dashboard");
  await page.getByRole("button", { name: text("Explorer_NewObject", { type: typeName }) }).click();
  const newObject = page.getByRole("dialog", { name: text("Explorer_NewObjectTitle", { type: typeName }) });
  await newObject.getByRole("textbox", { name: text("Content_Name") }).fill(first);
  await newObject.getByRole("button", { name: text("Content_Create") }).click();
  await expect(rowLink(page, first)).toBeVisible();

  // Rename.
  await rowAction(page, first, "Explorer_Rename");
  const rename = page.getByRole("dialog", { name: text("Explorer_RenameTitle", { name: first }) });
  await rename.getByRole("textbox", { name: text("Content_Name") }).fill(renamed);
  await rename.getByRole("button", { name: text("Explorer_Rename") }).click();
  await expect(rowLink(page, renamed)).toBeVisible();
  await expect(rowLink(page, first)).toHaveCount(0);

  // Move to the Team root with the folder picker.
  await rowAction(page, renamed, "Explorer_MoveToFolder");
  const move = page.getByRole("dialog", { name: text("Explorer_MoveTitle", { name: renamed }) });
  await move.getByRole("treeitem", { name: text("Explorer_Root_Team"), exact: true }).click();
  await move.getByRole("button", { name: text("Explorer_Move") }).click();
  await expect(move).toBeHidden();
  await expect(rowLink(page, renamed)).toHaveCount(0);
  await treeItem(page, text("Explorer_Root_Team")).click();
  await expect(rowLink(page, renamed)).toBeVisible();

  // Favourite: listed under Favourites.
  await rowAction(page, renamed, "Explorer_AddFavourite");
  await expect(row(page, renamed).getByText(text("Explorer_BadgeFavourite"))).toBeVisible();
  await treeItem(page, text("Explorer_Root_Favourites")).click();
  await expect(rowLink(page, renamed)).toBeVisible();

  // Delete (confirmed) goes to Deleted; restore brings it back to Team.
  await treeItem(page, text("Explorer_Root_Team")).click();
  await rowAction(page, renamed, "Explorer_Delete");
  const confirm = page.getByRole("dialog", { name: text("Explorer_DeleteTitle", { name: renamed }) });
  await confirm.getByRole("button", { name: text("Explorer_Delete") }).click();
  await expect(confirm).toBeHidden();
  await expect(rowLink(page, renamed)).toHaveCount(0);
  await treeItem(page, text("Explorer_Root_Deleted")).click();
  await expect(rowLink(page, renamed)).toBeVisible();
  await rowAction(page, renamed, "Explorer_Restore");
  await expect(rowLink(page, renamed)).toHaveCount(0);
  await treeItem(page, text("Explorer_Root_Team")).click();
  await expect(rowLink(page, renamed)).toBeVisible();

  // Search (debounced) narrows the list and is kept in the URL.
  await page.getByRole("searchbox", { name: text("Content_Search") }).fill(stamp);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
  await expect(rowLink(page, renamed)).toBeVisible();
  await expect(rowLink(page, "Sales overview")).toHaveCount(0);
});

test("explorer in dark theme (screenshot)", async ({ page }, testInfo) => {
  // The analyst (Dashboards rw, German UI in the demo seed) follows the system theme here, so no
  // other test's user changes.
  await signIn(page, "analyst");
  await settleSessionDialogs(page, { theme: "sync" });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/dashboards");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(rowLink(page, "Sales overview")).toBeVisible();
  const team = text("Explorer_Root_Team", {}, "de");
  await treeItem(page, team, "de").click();
  await expect(page.getByRole("heading", { level: 2, name: team })).toBeVisible();
  await attachScreenshot(page, testInfo, "explorer-dark");
});

test("viewer: read-only dashboards have no change controls and the editor is refused", async ({ page }) => {
  await signIn(page, "viewer");
  await settleSessionDialogs(page);
  await page.goto("/dashboards");
  await expect(rowLink(page, "Sales overview")).toBeVisible();
  await expect(page.getByRole("button", { name: text("Explorer_NewFolder") })).toHaveCount(0);
  await expect(
    page.getByRole("button", { name: text("Explorer_NewObject", { type: text("ObjectType_Dashboard") }) }),
  ).toHaveCount(0);

  await row(page, "Sales overview").getByRole("button").click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: text("Explorer_AddFavourite") })).toBeVisible();
  for (const key of ["Explorer_Rename", "Explorer_MoveToFolder", "Explorer_Delete", "Explorer_Duplicate"]) {
    await expect(menu.getByRole("menuitem", { name: text(key) })).toHaveCount(0);
  }
  await page.keyboard.press("Escape");

  // §4.1 step 12: the editor needs Dashboards at rw; the viewer goes home, whose §4.1 step 10
  // go-to-menu preference leads to /dashboards.
  await page.goto("/dashboard/editor/1");
  await expect(page).toHaveURL(/\/dashboards$/);
  await page.goto("/data/editor/4");
  await expect(page).toHaveURL(/\/dashboards$/);

  // /dashboards/editor names no folder: the explorer says so and offers nothing to change.
  await page.goto("/dashboards/editor");
  await expect(page.getByText(text("Explorer_FolderNotFoundTitle"))).toBeVisible();
  await expect(page.getByRole("button", { name: text("Explorer_NewFolder") })).toHaveCount(0);
});

test("starter: an explorer whose feature is not Included lands on /upgrade", async ({ page }) => {
  await signIn(page, "starter");
  await settleSessionDialogs(page);
  await page.goto("/insights");
  await expect(page).toHaveURL(/\/upgrade\?objectType=Insight$/);
  await page.goto("/binders");
  await expect(page).toHaveURL(/\/upgrade\?objectType=Binder$/);
  await page.goto("/livedocs");
  await expect(page).toHaveURL(/\/upgrade\?objectType=LiveDoc$/);
});

test("editor: a dirty draft asks before leaving; the mobile report has no exit or edit", async ({ page }) => {
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  await page.goto("/data/editor/18");
  const name = page.getByRole("textbox", { name: text("Content_Name") });
  await expect(name).toHaveValue("Orders + customers");
  await name.fill("Orders + customers (draft)");
  await page.getByRole("link", { name: text("Viewer_Exit") }).click();
  const leave = page.getByRole("dialog", { name: text("Editor_LeaveTitle") });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: text("Content_Cancel") }).click();
  await expect(page).toHaveURL(/\/data\/editor\/18$/);
  await expect(name).toHaveValue("Orders + customers (draft)");
  await page.getByRole("button", { name: text("Editor_Discard") }).click();
  await page.getByRole("link", { name: text("Viewer_Exit") }).click();
  await expect(page).toHaveURL(/\/data\/\d+$/);

  // §2.2 /mobile/report: viewer only, no exit button, main menu hidden.
  await page.goto("/mobile/report/29");
  await expect(page.getByRole("heading", { level: 1, name: "Quarterly sales report" })).toBeVisible();
  await expect(page.getByRole("link", { name: text("Viewer_Exit") })).toHaveCount(0);
  await expect(page.getByRole("link", { name: text("Explorer_Edit") })).toHaveCount(0);
  await page.goto("/report/viewer/29");
  await expect(page.getByRole("link", { name: text("Viewer_Exit") })).toBeVisible();
});

test("public share link that does not resolve: not found or no longer shared", async ({ page }) => {
  await page.goto("/v/no-such-code");
  await expect(page.getByRole("heading", { level: 1, name: text("Shared_NotFoundTitle") })).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
});

test("home: recent and favourite items; /home/{type}/{id} opens the item", async ({ page }) => {
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  await page.goto("/");
  const favourites = page.getByRole("region", { name: text("Home_Favourites") });
  await expect(favourites.getByRole("link", { name: "Sales overview" })).toBeVisible();
  const recent = page.getByRole("region", { name: text("Home_Recent") });
  await expect(recent.getByRole("link").first()).toBeVisible();

  await page.goto("/home/dashboard/1");
  await expect(page).toHaveURL(/\/dashboard\/viewer\/1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sales overview" })).toBeVisible();
  await page.goto("/home/alert/10");
  await expect(page).toHaveURL(/\/alerts\?item=10$/);
  await expect(page.getByRole("complementary", { name: text("Explorer_Details") })).toBeVisible();
});
