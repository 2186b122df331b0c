/**
 * A user who did nothing wrong never sees an error (§8): no error banner, no failed-content state and
 * no console error, in Chromium against the real gateway and the seeded upstream.
 *
 * - Staff impersonating a member: the staff member's own window stays quiet. Staff acting as
 *   themselves are not chat members (§6: the member chat needs InAppChatAccess and the SupportChat
 *   feature; staff answer chats from the admin area), so their window makes no member chat call —
 *   not at sign-in, and not when the shared session's identity changes under it.
 * - The sweep: every demo user of the README signs in and opens every entry of their navigation
 *   panel, admin menu, help menu (the in-app ones) and user menu, and the chat. It changes nothing
 *   other specs read: the notifications dropdown is left closed (opening it marks entries read).
 */
import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, type Request, test } from "@playwright/test";
import { candidateCodes, DEMO_TOTP_SECRET } from "./helpers/one-time-code.ts";
import { csrfToken, DEMO_PASSWORD, E2E_ORIGIN, settleSessionDialogs } from "./helpers/session.ts";

/** A README demo login, and the TOTP secret of its second factor if it has one. */
interface SweepUser {
  domain: string;
  email: string;
  totpSecret?: string;
}

/** Every login of the README's demo table (server/upstream/seed/demo-accounts.ts). */
const DEMO_TABLE: readonly SweepUser[] = [
  { domain: "northwind", email: "owner@northwind.example" },
  { domain: "northwind", email: "analyst@northwind.example" },
  { domain: "northwind", email: "viewer@northwind.example" },
  {
    domain: "northwind",
    email: "secure@northwind.example",
    totpSecret: DEMO_TOTP_SECRET,
  },
  { domain: "northwind-starter", email: "starter@northwind.example" },
  { domain: "contoso", email: "admin@contoso.example" },
  { domain: "northwind", email: "consultant@example.com" },
  { domain: "contoso", email: "consultant@example.com" },
  { domain: "tessera", email: "admin@tessera.example" },
  { domain: "tessera", email: "auditor@tessera.example" },
  { domain: "tessera", email: "billing@tessera.example" },
  { domain: "tessera", email: "agent@tessera.example" },
];

/** `text` matched literally inside a regular expression. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The member chat's calls (runtime/chat/chat-store.ts CHAT_PATHS), which only chat members may make. */
const MEMBER_CHAT_CALL = /\/api\/supportchat\//i;

/** A text of the language the page shows (locales/<language>.json); {{name}} values filled in. */
type Texts = (key: string, values?: Record<string, string>) => string;

/** The texts of `language` (a user's LanguageCode), English for a language without texts. */
function textsOf(language: string): Texts {
  let texts: Record<string, string>;
  try {
    texts = JSON.parse(readFileSync(new URL(`../../locales/${language}.json`, import.meta.url), "utf8"));
  } catch {
    return textsOf("en");
  }
  return (key, values = {}) => {
    const text = texts[key];
    if (text === undefined) throw new Error(`no ${language} text for ${key}`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? "");
  };
}

/** What went wrong in a page, each entry naming where. */
interface Recorder {
  problems: string[];
  /**
   * Adds what the page recorded since the last call, tagged with `step`, once no call of the page
   * is in flight (so a screen's own lookups count as the screen's).
   */
  collect(step: string): Promise<void>;
}

declare global {
  interface Window {
    /** Error banners and failed-content states the page showed, in order. */
    __shownErrors?: string[];
  }
}

/**
 * Watches `page` from its first document: error banners (they hide after 5 s, §4.5, so the page
 * records them as they appear), failed-content states (role alert), console errors, uncaught
 * errors and failed calls.
 */
async function record(page: Page): Promise<Recorder> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    window.__shownErrors = shown;
    const seen = new WeakSet<Element>();
    const look = () => {
      for (const node of document.querySelectorAll(".shell-banner--error, .content-state--error")) {
        if (seen.has(node)) continue;
        seen.add(node);
        shown.push(`${node.textContent ?? ""} (at ${location.pathname}${location.search})`);
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const pending: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const where = message.location().url;
    pending.push(`console error: ${message.text()}${where ? ` (${where})` : ""}`);
  });
  page.on("pageerror", (error) => pending.push(`uncaught: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400)
      pending.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  const inFlight = new Set<Request>();
  page.on("request", (request) => inFlight.add(request));
  page.on("requestfinished", (request) => inFlight.delete(request));
  page.on("requestfailed", (request) => inFlight.delete(request));
  const problems: string[] = [];
  let banners = 0;
  return {
    problems,
    async collect(step) {
      await expect.poll(() => inFlight.size).toBe(0);
      const shown = await page.evaluate(() => window.__shownErrors ?? []).catch(() => [] as string[]);
      for (const text of shown.slice(banners)) problems.push(`${step}: shown error ${text}`);
      banners = shown.length;
      for (const text of pending.splice(0)) problems.push(`${step}: ${text}`);
    },
  };
}

/** What the sweep needs of a signed-in session. */
interface SignedIn {
  /** The texts of the user's language (§4.2: the sign-in sets the language from the user's). */
  t: Texts;
  /** §4.2: the account requires 2FA and the user has none yet: My Settings opens at session start. */
  mustSetUp2FA: boolean;
}

/** Signs `user` in from the page's browser context, with the second factor where it has one. */
async function signIn(page: Page, user: SweepUser): Promise<SignedIn> {
  await signInSteps(page, user);
  const session = (await (await page.request.get("/gw/session")).json()) as {
    user: { User: { LanguageCode: string; MustSetup2FA?: boolean } };
  };
  return {
    t: textsOf(session.user.User.LanguageCode),
    mustSetUp2FA: session.user.User.MustSetup2FA === true,
  };
}

async function signInSteps(page: Page, user: SweepUser): Promise<void> {
  const codes = user.totpSecret ? candidateCodes(user.totpSecret) : [];
  for (let attempt = 0; ; attempt += 1) {
    await page.request.get("/gw/session");
    const headers = { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN };
    const login = await page.request.post("/gw/session/login", {
      data: { domain: user.domain, email: user.email, password: DEMO_PASSWORD },
      headers,
    });
    expect(login.ok(), `sign-in of ${user.email}`).toBe(true);
    const answer = (await login.json()) as { twoFactorRequired?: boolean };
    if (!answer.twoFactorRequired) return;
    const code = codes[attempt];
    if (code === undefined) throw new Error(`no one-time code of ${user.email} was accepted`);
    // A refused code ends the pending sign-in (the step token is single-use): the next try starts over.
    const verified = await page.request.post("/gw/session/login/two-factor", { data: { code }, headers });
    if (verified.ok()) return;
  }
}

/**
 * The screen in the main area is there and no longer loading: its heading, or for a legacy page
 * (§2.4: shown in a frame) the frame's document loaded.
 */
async function settled(page: Page, t: Texts): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-ready", "true");
  const main = page.getByRole("main");
  const frame = main.locator("iframe");
  await expect(main.getByRole("heading", { level: 1 }).or(frame).first()).toBeVisible();
  // A legacy frame may be replaced by the screen it leads to between the count and the handle: a
  // frame gone meanwhile has nothing left to load (waiting for it held the test until its timeout).
  if ((await frame.count()) > 0) {
    const handle = await frame.elementHandle({ timeout: 5_000 }).catch(() => null);
    await (await handle?.contentFrame())?.waitForLoadState();
  }
  await expect(main.getByRole("status").filter({ hasText: t("Loading") })).toHaveCount(0);
}

/** §4.2 session dialogs that open by themselves (My Settings for a required 2FA set-up) are closed. */
async function closeOpeningDialog(page: Page, { t, mustSetUp2FA }: SignedIn): Promise<void> {
  if (!mustSetUp2FA) return;
  const dialog = page.getByRole("dialog", { name: t("DialogTitle_MySettings") });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

const topBar = (page: Page) => page.getByRole("banner");

/**
 * Opens the top-bar panel or menu behind `button` and clicks `entry` in it. A panel closes by itself
 * when the screen behind it moves the focus while it settles (§4.5), so a closed one is opened again.
 */
async function clickIn(button: Locator, entry: Locator): Promise<void> {
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click({ timeout: 2_000 });
    await entry.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens every link of the top-bar navigation landmark named `label`; returns how many there were. */
async function openEveryPanelLink(page: Page, t: Texts, label: string, recorder: Recorder): Promise<number> {
  const nav = topBar(page).getByRole("navigation", { name: label });
  if ((await nav.count()) === 0) return 0;
  const button = nav.getByRole("button", { name: label });
  const links = nav.getByRole("link");
  // The panel shows the same links in the same order each time it opens: they are taken by position
  // (a link's name may carry a badge, e.g. "Upgrade"). Like clickIn, it opens again if the screen
  // behind it closed it while settling.
  let names: string[] = [];
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click({ timeout: 2_000 });
    await expect(links.first()).toBeVisible({ timeout: 2_000 });
    names = (await links.allInnerTexts()).map((name) => name.replace(/\s+/g, " ").trim());
    expect(names.length).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press("Escape");
  for (const [at, name] of names.entries()) {
    await clickIn(button, links.nth(at));
    await settled(page, t);
    await recorder.collect(`${label} → ${name}`);
  }
  return names.length;
}

/**
 * Opens every in-app entry of the top-bar menu behind `button`: a dialog is waited for and closed
 * again, a link is waited for like a panel link. Entries leaving the app (a new tab) and `skip` are
 * left out.
 */
async function openEveryMenuEntry(
  page: Page,
  t: Texts,
  button: Locator,
  recorder: Recorder,
  skip: readonly string[] = [],
): Promise<void> {
  if ((await button.count()) === 0) return;
  const step = (await button.getAttribute("aria-label")) ?? "menu";
  const menu = page.getByRole("menu");
  const items = menu.getByRole("menuitem");
  await button.click();
  await expect(items.first()).toBeVisible();
  const entries: { name: string; link: boolean }[] = [];
  for (let at = 0; at < (await items.count()); at += 1) {
    const item = items.nth(at);
    if ((await item.getAttribute("target")) === "_blank") continue;
    const name = (await item.innerText()).trim();
    if (!skip.includes(name)) entries.push({ name, link: (await item.getAttribute("href")) !== null });
  }
  await page.keyboard.press("Escape");
  for (const { name, link } of entries) {
    await clickIn(button, menu.getByRole("menuitem", { name, exact: true }));
    if (link) {
      await settled(page, t);
    } else {
      const dialog = page.getByRole("dialog").last();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("status").filter({ hasText: t("Loading") })).toHaveCount(0);
      await recorder.collect(`${step} → ${name}`);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }
    await recorder.collect(`${step} → ${name}`);
  }
}

test.describe("no error banner for a user who did nothing wrong (§8)", () => {
  test("staff impersonating a member get no error in their own window", async ({ page }) => {
    // Two sign-ins (each a deliberately slow password hash) and a second window.
    test.slow();
    const recorder = await record(page);
    const chatCalls: string[] = [];
    page.on("request", (request) => {
      if (MEMBER_CHAT_CALL.test(request.url())) chatCalls.push(request.url());
    });
    const staff = DEMO_TABLE.find((user) => user.email === "admin@tessera.example") as SweepUser;
    const { t } = await signIn(page, staff);
    await settleSessionDialogs(page);
    await page.goto("/admin/users");
    await settled(page, t);
    await page.getByRole("searchbox", { name: t("AdminList_Search") }).fill("Vera");
    // The search reloads the list: the row's menu is opened on the settled list, not on a row it replaces.
    await expect(
      page.getByRole("status").filter({ hasText: t("AdminList_Count", { count: "1" }) }),
    ).toBeVisible();
    await page.getByRole("button", { name: t("AdminList_RowActions", { name: "Vera Viewer" }) }).click();
    // The session's hub relay reconnects with the member's identity (DESIGN.md §4); the staff
    // window's notifications reload after that reconnect, as after any drop: once they have, any
    // call the reconnect triggers in this window has been made.
    let reloads = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/Notifications")) reloads += 1;
    });
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("menuitem", { name: t("Action_Impersonate") }).click();
    const popup = await popupOpened;
    await expect(popup.getByText(t("Shell_ImpersonationBadge"), { exact: true })).toBeVisible();
    await expect.poll(() => reloads).toBeGreaterThan(0);
    await expect(page.getByText(t("AdminImpersonate_Opened"))).toBeVisible();
    await recorder.collect("staff window after the impersonation started");
    expect(recorder.problems).toEqual([]);
    expect(chatCalls, "the staff window makes no member chat call").toEqual([]);
  });

  for (const user of DEMO_TABLE) {
    test(`${user.email} (${user.domain}) opens every menu entry without an error`, async ({ page }) => {
      // A walk over every entry the user has: staff have every admin screen, so their walk takes longest.
      test.setTimeout(240_000);
      const recorder = await record(page);
      const signedIn = await signIn(page, user);
      const { t } = signedIn;
      await settleSessionDialogs(page);
      await page.goto("/");
      await settled(page, t);
      const bar = topBar(page);
      const userMenu = bar.getByRole("button", { name: new RegExp(`— ${literally(t("UserMenu_Title"))}$`) });
      await expect(userMenu).toBeVisible();
      await closeOpeningDialog(page, signedIn);
      await recorder.collect("home");

      const links =
        (await openEveryPanelLink(page, t, t("Menu_Navigation"), recorder)) +
        (await openEveryPanelLink(page, t, t("AdminMenu_Title"), recorder));
      expect(links, "the user has a navigation panel or an admin menu").toBeGreaterThan(0);

      const chatButton = bar.getByRole("button", { name: new RegExp(`^${literally(t("Chat_Button"))}`) });
      if ((await chatButton.count()) > 0) {
        await chatButton.click();
        const chat = page.getByRole("dialog", { name: t("Chat_Title") });
        await expect(chat).toBeVisible();
        await expect(chat.getByRole("status").filter({ hasText: t("Loading") })).toHaveCount(0);
        await page.keyboard.press("Escape");
        await recorder.collect("chat");
      }

      const help = bar.getByRole("button", { name: t("HelpMenu_Title"), exact: true });
      await openEveryMenuEntry(page, t, help, recorder);
      await openEveryMenuEntry(page, t, userMenu, recorder, [t("UserMenu_SignOut")]);
      // Signing out ends the session: last.
      await clickIn(userMenu, page.getByRole("menuitem", { name: t("UserMenu_SignOut") }));
      await expect(page).toHaveURL(/\/loggedout$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await recorder.collect(t("UserMenu_SignOut"));
      expect(recorder.problems).toEqual([]);
    });
  }
});
