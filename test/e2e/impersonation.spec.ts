/**
 * Impersonation against the real gateway and the embedded upstream (§4.1 step 4, §4.2, §8): staff
 * impersonate a Northwind user from /admin/users; the new window is signed in as that user with the
 * badge and no `it=` left in its URL; stopping returns to the staff identity. An unusable token shows
 * the error and the window closes after IMPERSONATION_FAILURE_CLOSE_MS.
 */
import { readFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import constants from "../../manifests/constants.json" with { type: "json" };
import { type DemoUser, E2E_ORIGIN, settleSessionDialogs, signIn } from "./helpers/session.ts";

const EN = JSON.parse(readFileSync(new URL("../../locales/en.json", import.meta.url), "utf8")) as Record<
  string,
  string
>;

/** The text the page shows for `key`: i18next falls back to the key itself. */
function text(key: string, params: Record<string, string> = {}): string {
  return (EN[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? "");
}

/** The impersonated user and the staff member (server/upstream/seed/demo-accounts.ts). */
const USER = "Vera Viewer";
const STAFF = "Ada Admin";
/** Time allowed beyond the §9 delay for the window to close. */
const CLOSE_MARGIN_MS = 4000;
/** How often the popup looks for its failure text (it shows for IMPERSONATION_FAILURE_CLOSE_MS). */
const TEXT_POLL_MS = 50;

/**
 * §4.2 opens the login announcement and the welcome tutorial while they are due; these tests are about
 * impersonation, so both are marked seen for `who` in a context of its own.
 */
async function settleDialogsOf(browser: Browser, who: DemoUser): Promise<void> {
  const context = await browser.newContext({ baseURL: E2E_ORIGIN });
  const page = await context.newPage();
  await signIn(page, who);
  await settleSessionDialogs(page);
  await context.close();
}

const userMenuButton = (page: Page, name: string) =>
  page.getByRole("button", { name: text("Shell_UserMenuButton", { name, menu: text("UserMenu_Title") }) });
const badge = (page: Page) => page.getByText(text("Shell_ImpersonationBadge"), { exact: true });

test("staff impersonate a Northwind user in a new window and stop again", async ({ page, browser }) => {
  // Three sign-ins (each a deliberately slow password hash) and a second window.
  test.slow();
  await settleDialogsOf(browser, "staffAdmin");
  await settleDialogsOf(browser, "viewer");
  await signIn(page, "staffAdmin");
  await page.goto("/admin/users");
  await page.getByRole("searchbox", { name: text("AdminList_Search") }).fill("Vera");
  // The search reloads the list: the row's menu is opened on the settled list, not on a row it replaces.
  await expect(
    page.getByRole("status").filter({ hasText: text("AdminList_Count", { count: "1" }) }),
  ).toBeVisible();
  await page.getByRole("button", { name: text("AdminList_RowActions", { name: USER }) }).click();
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("menuitem", { name: text("Action_Impersonate") }).click();
  await expect(page).toHaveURL(/\/admin\/users\/impersonate\/\d+$/);
  const popup = await popupOpened;

  await expect(userMenuButton(popup, USER)).toBeVisible();
  await expect(badge(popup)).toBeVisible();
  expect(popup.url()).not.toContain("it=");
  await expect(page.getByText(text("AdminImpersonate_Opened"))).toBeVisible();

  // §4.2: the user menu offers stop and the language switch, never sign-out.
  await userMenuButton(popup, USER).click();
  await expect(popup.getByRole("menuitem", { name: text("UserMenu_SignOut") })).toHaveCount(0);
  const switchLanguage = text("UserMenu_SwitchLanguage", { language: "" }).trim();
  await expect(popup.getByRole("menuitem", { name: new RegExp(`^${switchLanguage}`) })).toBeVisible();
  await popup.getByRole("menuitem", { name: text("UserMenu_StopImpersonation") }).click();

  await expect(userMenuButton(popup, STAFF)).toBeVisible();
  await expect(badge(popup)).toHaveCount(0);
});

test("an unusable impersonation token shows the error and the window closes", async ({ page, browser }) => {
  await settleDialogsOf(browser, "staffAdmin");
  await signIn(page, "staffAdmin");
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: text("PageTitle_AdminUsers") })).toBeVisible();
  const popupOpened = page.waitForEvent("popup");
  await page.evaluate(() => {
    window.open("/?it=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "_blank");
  });
  const popup = await popupOpened;
  const closed = popup.waitForEvent("close", {
    timeout: constants.impersonationFailureCloseMs + CLOSE_MARGIN_MS,
  });
  // The failure text names the upstream's reason when it has a text for it (ErrorCode2006 here).
  const prefixes = [text("Impersonation_FailedWithReason"), text("Impersonation_Failed")].map((t) =>
    (t.split(/[:.]/)[0] ?? t).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
  );
  // The popup shows it for only IMPERSONATION_FAILURE_CLOSE_MS: a check polled from here can miss it on a loaded
  // machine (expect's retries back off to 1 s), so the page itself watches its DOM for it.
  await popup.waitForFunction(
    (source) => new RegExp(source).test(document.body?.innerText ?? ""),
    prefixes.join("|"),
    { polling: TEXT_POLL_MS },
  );
  expect(popup.url()).not.toContain("it=");
  await closed;
  expect(popup.isClosed()).toBe(true);
});
