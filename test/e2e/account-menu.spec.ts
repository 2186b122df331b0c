/**
 * The account's custom menu in Chromium against the real gateway and embedded upstream (DESIGN.md §3
 * account layer; §7 refresh-base-page-user):
 * - /menus names every link as the navigation panel does, and renames a link: one name for all
 *   languages plus a German name of its own — the panel shows the new name in English and French,
 *   the German name in German;
 * - a menu the owner saves reaches the analyst's open pages within 2 s without a reload (an open
 *   navigation panel shows the new name, an open My Settings dialog keeps its unsaved choice), and
 *   nothing reaches a page of another account.
 * Both tests change Northwind's menu: one at a time, and the default menu is put back after each.
 */
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { csrfToken, type DemoUser, E2E_ORIGIN, settleSessionDialogs, signIn } from "./helpers/session.ts";

type Language = "en" | "de" | "fr";
const locale = (language: Language) =>
  JSON.parse(readFileSync(new URL(`../../locales/${language}.json`, import.meta.url), "utf8")) as Record<
    string,
    string
  >;
const TEXTS = { en: locale("en"), de: locale("de"), fr: locale("fr") };

/** The text the page shows for `key` in `language`, its {{params}} filled in; a missing key fails. */
function text(key: string, params: Record<string, string> = {}, language: Language = "en"): string {
  const raw = TEXTS[language][key];
  if (raw === undefined) throw new Error(`no ${language} text for ${key}`);
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? "");
}

const navigationButton = (page: Page, language: Language = "en") =>
  page.getByRole("banner").getByRole("button", { name: text("Menu_Navigation", {}, language) });

/** Puts Northwind's default menu back (the state every other spec expects). */
async function resetMenu(page: Page): Promise<void> {
  const headers = { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN };
  const reset = await page.request.put("/api/Account/Menu", { headers, data: { Sections: [] } });
  expect(reset.ok()).toBe(true);
}

/** A new browser (context) with `who` signed in and the §4.2 start dialogs settled. */
async function browserOf(browser: Browser, who: DemoUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: E2E_ORIGIN });
  const page = await context.newPage();
  await signIn(page, who);
  await settleSessionDialogs(page);
  return { context, page };
}

/** Every hub frame `page` receives from now on, and a promise of the upstream leg's `connected`. */
function hubFrames(page: Page): { frames: string[]; connected: Promise<void> } {
  const frames: string[] = [];
  let connected: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  page.on("websocket", (socket) => {
    if (!socket.url().endsWith("/gw/hub")) return;
    socket.on("framereceived", ({ payload }) => {
      const frame = String(payload);
      frames.push(frame);
      if (frame.includes('"upstream":"connected"')) connected();
    });
  });
  return { frames, connected: ready };
}

// Both tests change Northwind's one menu.
test.describe.configure({ mode: "serial" });

test("a link renamed on /menus shows in the navigation panel, with its own name in German", async ({
  page,
  context,
}) => {
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  try {
    await page.goto("/menus");
    // The editor names each link as the navigation panel does (manifests/menus.json textKey).
    await expect(page.getByRole("checkbox", { name: text("Menus_Shown", { name: "Tables" }) })).toBeVisible();
    await expect(
      page.getByRole("checkbox", { name: text("Menus_Shown", { name: "Live docs" }) }),
    ).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /Tables and views|Live documents/ })).toHaveCount(0);

    await page
      .getByRole("textbox", { name: text("Menus_LinkName", { name: "Live docs" }) })
      .fill("Story pages");
    // The German name: the language picker, then the same link's field for that language.
    await page.getByRole("combobox", { name: text("Menus_NameLanguage") }).click();
    await page.getByRole("option", { name: "Deutsch" }).click();
    const german = page.getByRole("textbox", {
      name: text("Menus_LinkNameIn", { name: "Live docs", language: "Deutsch" }),
    });
    // Its placeholder is what German users see without a name of their own: the name for all languages.
    await expect(german).toHaveAttribute("placeholder", "Story pages");
    await german.fill("Storyseiten");
    // Every field is labelled with its link and language: no serious accessibility finding.
    const scan = await new AxeBuilder({ page }).include("main").analyze();
    expect(scan.passes.length).toBeGreaterThan(5);
    expect(scan.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

    // The text rule (schemas/text-rules.ts): a direction override is refused before anything is
    // sent, the field at fault gets the focus and says why.
    const dashboards = page.getByRole("textbox", {
      name: text("Menus_LinkNameIn", { name: "Dashboards", language: "Deutsch" }),
    });
    await dashboards.fill("Dash\u202Eboards");
    await page.getByRole("button", { name: text("Menus_Save") }).click();
    await expect(dashboards).toBeFocused();
    await expect(dashboards).toHaveAccessibleDescription(new RegExp(text("Menus_NameNotOneLine")));
    await dashboards.fill("");
    await page.getByRole("button", { name: text("Menus_Save") }).click();
    await expect(page.getByText(text("Menus_Saved"))).toBeVisible();

    // The save is pushed back to this page too (§7 refresh-base-page-user): the session and the
    // manifest are read again in place, and a panel opened while that re-render runs can close with it.
    const panel = page.getByRole("navigation", { name: text("Menu_Navigation") });
    await expect(async () => {
      if (!(await panel.getByRole("link").first().isVisible())) await navigationButton(page).click();
      await expect(panel.getByRole("link", { name: "Story pages", exact: true })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 15_000 });
    await expect(panel.getByRole("link", { name: "Live docs", exact: true })).toHaveCount(0);
    await page.keyboard.press("Escape");

    for (const [language, shown] of [
      ["de", "Storyseiten"],
      ["fr", "Story pages"],
    ] as const) {
      await context.addCookies([{ name: "tessera_lang", value: language, url: E2E_ORIGIN }]);
      await page.goto("/");
      await navigationButton(page, language).click();
      await expect(page.getByRole("link", { name: shown, exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: text("Menu_Dashboards", {}, language) })).toBeVisible();
      await page.keyboard.press("Escape");
    }
  } finally {
    await context.clearCookies({ name: "tessera_lang" });
    await resetMenu(page);
  }
});

test("a menu saved by the owner reaches the analyst's open pages within 2 s, not another account's", async ({
  browser,
}) => {
  // Four browsers and three hub connections set up before the timed step: more than the default.
  test.setTimeout(60_000);
  const owner = await browserOf(browser, "owner");
  const analyst = await browserOf(browser, "analyst");
  const contoso = await browserOf(browser, "contoso");
  try {
    // The analyst (who works in German): one tab with the navigation panel open, one with My Settings
    // open and changed.
    const panelTab = analyst.page;
    const panelHub = hubFrames(panelTab);
    await panelTab.goto("/");
    await panelHub.connected;
    await navigationButton(panelTab, "de").click();
    const panel = panelTab.getByRole("navigation", { name: text("Menu_Navigation", {}, "de") });
    const dataHooks = text("Menu_DataHooks", {}, "de");
    await expect(panel.getByRole("link", { name: dataHooks, exact: true })).toBeVisible();

    const dialogTab = await analyst.context.newPage();
    const dialogHub = hubFrames(dialogTab);
    await dialogTab.goto("/");
    await dialogHub.connected;
    await dialogTab
      .getByRole("button", {
        name: text(
          "Shell_UserMenuButton",
          { name: "Andre Analyst", menu: text("UserMenu_Title", {}, "de") },
          "de",
        ),
      })
      .click();
    await dialogTab.getByRole("menuitem", { name: text("UserMenu_MySettings", {}, "de") }).click();
    const dialog = dialogTab.getByRole("dialog");
    await dialog.getByRole("radio", { name: text("MySettings_Theme_dark", {}, "de") }).check();

    // Another account, signed in at the same time.
    const contosoHub = hubFrames(contoso.page);
    const contosoCalls: string[] = [];
    contoso.page.on("request", (request) => contosoCalls.push(new URL(request.url()).pathname));
    await contoso.page.goto("/");
    await contosoHub.connected;

    for (const tab of [panelTab, dialogTab, contoso.page]) {
      await tab.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    }

    await owner.page.goto("/menus");
    await owner.page
      .getByRole("textbox", { name: text("Menus_LinkName", { name: "Data hooks" }) })
      .fill("Event hooks");
    const saved = owner.page.waitForResponse(
      (response) => response.url().endsWith("/api/Account/Menu") && response.request().method() === "PUT",
    );
    const contosoCallsBefore = contosoCalls.length;
    await owner.page.getByRole("button", { name: text("Menus_Save") }).click();
    expect((await saved).ok()).toBe(true);

    // Within 2 s, in the panel that stayed open, without a reload.
    await expect(panel.getByRole("link", { name: "Event hooks", exact: true })).toBeVisible({
      timeout: 2_000,
    });
    await expect(panel.getByRole("link", { name: dataHooks, exact: true })).toHaveCount(0);
    // What the analyst was doing is still there: the dialog is open with the unsaved choice.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("radio", { name: text("MySettings_Theme_dark", {}, "de") })).toBeChecked();
    for (const tab of [panelTab, dialogTab]) {
      expect(await tab.evaluate(() => "stillTheSamePage" in window)).toBe(true);
    }

    // The other account got no event and fetched nothing. The upstream sends an account's event to
    // all its sessions at once: had Contoso's been among them, it would have arrived long before
    // the analyst's page had read the session and the manifest again and drawn the new name.
    expect(contosoHub.frames.filter((frame) => frame.includes("refresh-base-page-user"))).toEqual([]);
    expect(contosoCalls.slice(contosoCallsBefore).filter((path) => path.startsWith("/gw/"))).toEqual([]);
    expect(await contoso.page.evaluate(() => "stillTheSamePage" in window)).toBe(true);
    const theirs = (await (await contoso.page.request.get("/gw/manifest")).json()) as {
      menus: { main: { sections: { links: { id: string; text?: string }[] }[] } };
    };
    const theirDataHooks = theirs.menus.main.sections
      .flatMap((s) => s.links)
      .find((l) => l.id === "dataHooks");
    expect(theirDataHooks?.text).toBeUndefined();
  } finally {
    await resetMenu(owner.page);
    for (const { context } of [owner, analyst, contoso]) await context.close();
  }
});
