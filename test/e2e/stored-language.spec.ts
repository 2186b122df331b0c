/**
 * The interface language saved in My Settings (§1: a user preference; §4.2: login sets the language
 * from the user's language): switched live, saved, kept after a reload, and — because Save stores it
 * on the user — the language of every later sign-in, also in a browser that never saw the choice
 * (no language cookie).
 *
 * These tests change the owner's STORED language, which every other owner test would see at its next
 * sign-in; playwright.config.ts therefore runs this file in a project of its own after the "app"
 * project, one test at a time, and each test puts English back.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  csrfToken,
  DEMO_PASSWORD,
  DEMO_USERS,
  E2E_ORIGIN,
  settleSessionDialogs,
  signIn,
} from "./helpers/session.ts";
import { text, userMenuButton } from "./helpers/texts.ts";

/**
 * Puts the owner's saved preferences and stored language back, so the specs that run later see the
 * seeded owner (English). Made from a context of its own: the page under test may be signed out.
 */
async function restoreOwner(browser: Browser, preferences: Record<string, unknown> | null): Promise<void> {
  const context = await browser.newContext({ baseURL: E2E_ORIGIN });
  try {
    const page = await context.newPage();
    await signIn(page, "owner");
    const headers = { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN };
    const config = (await (await page.request.get("/api/Common/LoggedInConfig")).json()) as {
      User: { InterfacePreferences: Record<string, unknown> };
    };
    const saved = await page.request.put("/api/User/Interface", {
      headers,
      data: { InterfacePreferences: preferences ?? config.User.InterfacePreferences, LanguageCode: "en" },
    });
    expect(saved.ok()).toBe(true);
  } finally {
    await context.close();
  }
}

/** The sign-in form, as a user fills it (English: a signed-out page has no language cookie). */
async function signInWithForm(page: Page): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "E-mail" }).fill(DEMO_USERS.owner.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: text("Login_Submit"), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Opens My Settings from the user menu (in `language`) and chooses Deutsch: the UI turns German live. */
async function chooseGermanInMySettings(page: Page): Promise<void> {
  await userMenuButton(page).click();
  await page.getByRole("menuitem", { name: text("UserMenu_MySettings") }).click();
  const dialog = page.getByRole("dialog", { name: text("DialogTitle_MySettings") });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("combobox", { name: text("MySettings_Language") }).click();
  await page.getByRole("option", { name: "Deutsch" }).click();
  await expect(page.getByRole("dialog", { name: text("DialogTitle_MySettings", "de") })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
}

test.describe("the language saved in My Settings", () => {
  test.describe.configure({ mode: "serial" });

  /** The owner's preferences before the test, put back after it with the language (English). */
  let original: Record<string, unknown> | null = null;
  test.afterEach(async ({ browser }) => {
    await restoreOwner(browser, original);
    original = null;
  });

  test("owner switches language (live) and theme in My Settings, saves, and both are kept after a reload", async ({
    page,
  }) => {
    await signIn(page, "owner");
    original = await settleSessionDialogs(page);
    await page.goto("/");
    await userMenuButton(page).click();
    await page.getByRole("menuitem", { name: text("UserMenu_MySettings") }).click();
    const dialog = page.getByRole("dialog", { name: text("DialogTitle_MySettings") });
    await expect(dialog).toBeVisible();

    await dialog.getByRole("radio", { name: text("MySettings_Theme_dark") }).check();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

    await dialog.getByRole("combobox", { name: text("MySettings_Language") }).click();
    await page.getByRole("option", { name: "Deutsch" }).click();
    // The UI switches live: the dialog's own title and the user menu are now German.
    const german = page.getByRole("dialog", { name: text("DialogTitle_MySettings", "de") });
    await expect(german).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(userMenuButton(page, "de")).toBeVisible();

    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/User/Interface") && r.request().method() === "PUT",
    );
    await german.getByRole("button", { name: text("Dialog_Save", "de"), exact: true }).click();
    const response = await saved;
    expect(response.ok()).toBe(true);
    expect(response.request().postDataJSON()).toMatchObject({
      InterfacePreferences: { theme: "dark" },
      LanguageCode: "de",
    });
    await expect(german).toBeHidden();
    // §4.2, §9: the language is remembered in the language cookie too.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "tessera_lang")?.value).toBe("de");

    await page.reload();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(userMenuButton(page, "de")).toBeVisible();
  });

  test("owner saves Deutsch, signs out and in again — also in a new browser — and the app is German", async ({
    page,
    browser,
  }) => {
    test.slow(); // three password sign-ins (each a deliberately slow hash) and a second browser
    await signIn(page, "owner");
    original = await settleSessionDialogs(page);
    await page.goto("/");
    await chooseGermanInMySettings(page);
    const german = page.getByRole("dialog", { name: text("DialogTitle_MySettings", "de") });
    await german.getByRole("button", { name: text("Dialog_Save", "de"), exact: true }).click();
    await expect(german).toBeHidden();

    // Sign out (§4.2: the language cookie goes with the session) …
    await userMenuButton(page, "de").click();
    await page.getByRole("menuitem", { name: text("UserMenu_SignOut", "de") }).click();
    await expect(page).toHaveURL(/\/loggedout$/);
    expect((await page.context().cookies()).some((c) => c.name === "tessera_lang")).toBe(false);

    // … and in again: login sets the language from the user's (§4.2).
    await signInWithForm(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(userMenuButton(page, "de")).toBeVisible();

    // Another browser, which never saw the choice, comes up German as well.
    const other = await browser.newContext({ baseURL: E2E_ORIGIN });
    try {
      const fresh = await other.newPage();
      await signInWithForm(fresh);
      await expect(fresh.locator("html")).toHaveAttribute("lang", "de");
      await expect(userMenuButton(fresh, "de")).toBeVisible();
      await expect(fresh).toHaveTitle(`${text("PageTitle_Home", "de")} · Tessera`);
    } finally {
      await other.close();
    }
  });
});
