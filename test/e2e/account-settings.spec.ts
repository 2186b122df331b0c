/**
 * Account settings and the account's custom menu in Chromium against the real gateway and embedded
 * upstream (issue 3, DESIGN.md §3 account layer). The Northwind Starter owner is used — no other
 * spec changes that account's title or menu — and every change is undone at the end:
 * - a custom title saved on /accountsettings shows in the top bar at once and after a reload;
 * - a link hidden on /menus (keyboard operated) is gone from the navigation panel and from /gw/manifest,
 *   a link moved up leads its section, and the section's custom title shows.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { csrfToken, E2E_ORIGIN, settleSessionDialogs, signIn } from "./helpers/session.ts";

const EN = JSON.parse(readFileSync(new URL("../../locales/en.json", import.meta.url), "utf8")) as Record<
  string,
  string
>;
/** The English text of `key` with its {{params}} filled in; a missing key fails loudly. */
function text(key: string, params: Record<string, string> = {}): string {
  const raw = EN[key];
  if (raw === undefined) throw new Error(`no English text for ${key}`);
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? "");
}

const navigationButton = (page: Page) => page.getByRole("button", { name: text("Menu_Navigation") });

test.beforeEach(async ({ page }) => {
  await signIn(page, "starter");
  await settleSessionDialogs(page);
});

/** Puts the Starter account's top-bar title back to the company name (the state every run expects). */
async function restoreTitle(page: Page): Promise<void> {
  const headers = { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN };
  const current = (await (await page.request.get("/api/Account/Settings")).json()) as Record<string, unknown>;
  const editable = [
    "Name",
    "MenuLogoStyle",
    "MenuTitle",
    "TwoFactorAuthenticationPolicy",
    "ShowHelpLinks",
    "EmbeddingOrigins",
  ];
  const data = Object.fromEntries(editable.map((key) => [key, current[key]]));
  const saved = await page.request.put("/api/Account/Settings", {
    headers,
    data: { ...data, MenuDisplayTitleType: "CompanyName" },
  });
  expect(saved.ok()).toBe(true);
}

// Both tests change the one Starter account and save its owner's preferences: one at a time.
test.describe.configure({ mode: "serial" });

test("a custom title saved in account settings shows in the top bar", async ({ page }) => {
  const title = `Starter Insights ${Date.now().toString(36)}`;
  try {
    await customTitleRoundTrip(page, title);
  } finally {
    await restoreTitle(page);
  }
  await page.reload();
  await expect(page.getByRole("banner").getByText(title, { exact: true })).toHaveCount(0);
});

async function customTitleRoundTrip(page: Page, title: string): Promise<void> {
  await page.goto("/accountsettings/branding");
  await expect(
    page.getByRole("tab", { name: text("AccountSettings_Tab_branding"), selected: true }),
  ).toBeVisible();
  // By keyboard (§4.5 keyboard-operable select): the company name is chosen, the custom title is next.
  const titleType = page.getByRole("combobox", { name: text("AccountSettings_MenuTitle") });
  await titleType.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("option", { name: text("AccountSettings_TitleType_Custom") })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(titleType).toHaveText(text("AccountSettings_TitleType_Custom"));
  const custom = page.getByRole("textbox", { name: text("AccountSettings_CustomTitle") });
  await expect(custom).toBeVisible();

  // §5: a custom title needs text; the form says so on the field instead of saving.
  await custom.fill("   ");
  await page.getByRole("button", { name: text("AccountSettings_Save") }).click();
  await expect(page.getByText(text("ValidationErrorMessage_Required"))).toBeVisible();

  await custom.fill(title);
  // One form across the tabs: switching tabs keeps the unsaved edit.
  await page.getByRole("tab", { name: text("AccountSettings_Tab_general") }).click();
  await expect(page).toHaveURL(/\/accountsettings\/general$/);
  await page.getByRole("tab", { name: text("AccountSettings_Tab_branding") }).click();
  await expect(page.getByRole("textbox", { name: text("AccountSettings_CustomTitle") })).toHaveValue(title);
  await page.getByRole("button", { name: text("AccountSettings_Save") }).click();
  await expect(page.getByText(text("AccountSettings_Saved"))).toBeVisible();
  await expect(page.getByRole("banner").getByText(title, { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("banner").getByText(title, { exact: true })).toBeVisible();
}

test("a link hidden on /menus is gone from the navigation panel and from /gw/manifest", async ({ page }) => {
  await page.goto("/menus");
  const teamsShown = page.getByRole("checkbox", {
    name: text("Menus_Shown", { name: text("Menu_Teams") }),
  });
  await expect(teamsShown).toBeChecked();
  await expect(
    page.getByRole("checkbox", { name: text("Menus_Shown", { name: text("Menu_Menus") }) }),
  ).toBeDisabled();

  // Keyboard only: hide Teams, move Roles up (the focus stays on the moved link's button), retitle.
  await teamsShown.focus();
  await page.keyboard.press("Space");
  await expect(teamsShown).not.toBeChecked();
  const rolesUp = page.getByRole("button", {
    name: text("Menus_MoveUp", { name: text("Menu_Roles") }),
  });
  await rolesUp.focus();
  await page.keyboard.press("Enter");
  await expect(rolesUp).toBeFocused();
  // Now first: its up button turns disabled and the focus moves to its down button.
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("button", { name: text("Menus_MoveDown", { name: text("Menu_Roles") }) }),
  ).toBeFocused();
  await page
    .getByRole("textbox", { name: text("Menus_SectionTitle", { section: text("MenuSection_Security") }) })
    .fill("People");
  await page.getByRole("button", { name: text("Menus_Save") }).click();
  await expect(page.getByText(text("Menus_Saved"))).toBeVisible();

  await navigationButton(page).click();
  const panel = page.getByRole("navigation").filter({ has: page.getByRole("heading", { name: "People" }) });
  await expect(panel.getByRole("heading", { name: "People" })).toBeVisible();
  const security = panel.locator("section", { has: page.getByRole("heading", { name: "People" }) });
  await expect(security.getByRole("link", { name: text("Menu_Teams") })).toHaveCount(0);
  await expect(security.getByRole("link").first()).toHaveText(text("Menu_Roles"));
  await page.keyboard.press("Escape");

  const manifest = (await (await page.request.get("/gw/manifest")).json()) as {
    menus: { main: { sections: { id: string; title?: string; links: { id: string }[] }[] } };
  };
  const served = manifest.menus.main.sections.find((section) => section.id === "security");
  expect(served?.title).toBe("People");
  expect(served?.links.map((link) => link.id)).not.toContain("teams");
  expect(served?.links[0]?.id).toBe("roles");

  // Undo: the default menu again.
  const headers = { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN };
  const reset = await page.request.put("/api/Account/Menu", { headers, data: { Sections: [] } });
  expect(reset.ok()).toBe(true);
});
