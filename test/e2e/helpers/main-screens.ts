/**
 * The main screens of the runtime (issue 5 acceptance): how to reach each one in a real browser
 * against the real gateway — sign in, settle the §4.2 session dialogs, choose the theme through the
 * user's saved preference (sync + the emulated system scheme), go to the path and open the part
 * (navigation panel, notifications, chat, My Settings). Shared by the accessibility scan, the
 * light/dark gallery and scripts/screenshots.ts, so all three show the same states.
 */
import { expect, type Page } from "@playwright/test";
import { en, type Login, notifyMember, prepareSignedInUser, signInAs } from "./demo-users.ts";

export * from "./demo-users.ts";

/** The page's light or dark system scheme; the user's theme is saved as sync (§4.2 theme sync). */
export type Scheme = "light" | "dark";

/** One main screen: who sees it, where, and what to open on it. */
export interface MainScreen {
  id: string;
  /** Signed out when null. */
  who: "member" | "staff" | null;
  path: string;
  /** Opens the part the screen is about and waits until it shows. */
  open: (page: Page) => Promise<void>;
  /** Public routes force the light theme (§2.1): no dark variant. */
  publicRoute?: boolean;
}

const banner = (page: Page) => page.getByRole("banner");

/** Boot (manifest, locale, first render) may take long on a loaded machine; a hang still fails. */
const BOOT_TIMEOUT_MS = 30_000;

/** Waits until the runtime booted and the screen's data arrived. */
export async function expectReady(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-ready", "true", { timeout: BOOT_TIMEOUT_MS });
  await expect(page.getByRole("main")).toBeVisible();
  // The screen's data arrived: no loading state left (runtime/screens/content/state-views.tsx).
  await expect(page.getByRole("main").getByText(en("Loading"), { exact: true })).toHaveCount(0);
}

/** The main screens, in README order. */
export const MAIN_SCREENS: readonly MainScreen[] = [
  {
    id: "login",
    who: null,
    path: "/login",
    publicRoute: true,
    open: async (page) => {
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: en("Login_Submit"), exact: true })).toBeVisible();
    },
  },
  {
    id: "home-menu",
    who: "member",
    path: "/",
    open: async (page) => {
      const button = banner(page).getByRole("button", { name: en("Menu_Navigation") });
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(banner(page).getByRole("link").first()).toBeVisible();
    },
  },
  {
    id: "explorer",
    who: "member",
    path: "/dashboards",
    open: async (page) => {
      await expect(page.getByRole("table").getByRole("link", { name: "Sales overview" })).toBeVisible();
    },
  },
  {
    id: "notifications",
    who: "member",
    path: "/",
    open: async (page) => {
      await banner(page)
        .getByRole("button", { name: new RegExp(`^${en("Notifications_Button")}`) })
        .click();
      const panel = page.getByRole("dialog", { name: en("Notifications_Title") });
      await expect(panel.getByRole("listitem").first()).toBeVisible();
      // Every source icon is drawn as an inline SVG glyph once its chunk has loaded (entries with an
      // author show the author's picture instead).
      await expect(panel.locator(".kit-icon[data-icon]:not(:has(svg path))")).toHaveCount(0);
    },
  },
  {
    id: "chat",
    who: "member",
    path: "/",
    open: async (page) => {
      await banner(page)
        .getByRole("button", { name: new RegExp(`^${en("Chat_Title")}`) })
        .click();
      await expect(page.getByRole("dialog", { name: en("Chat_Title") })).toBeVisible();
    },
  },
  {
    id: "my-settings",
    who: "member",
    path: "/",
    open: async (page) => {
      await banner(page)
        .getByRole("button", { name: new RegExp(`— ${en("UserMenu_Title")}$`) })
        .click();
      await page.getByRole("menuitem", { name: en("UserMenu_MySettings") }).click();
      await expect(page.getByRole("dialog", { name: en("DialogTitle_MySettings") })).toBeVisible();
    },
  },
  {
    id: "admin-accounts",
    who: "staff",
    path: "/admin/accounts",
    open: async (page) => {
      await expect(page.getByRole("table")).toBeVisible();
      await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
    },
  },
  {
    id: "logged-out",
    who: null,
    path: "/loggedout",
    publicRoute: true,
    open: async (page) => {
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    },
  },
];

/** Opens `screen` in `scheme` as `logins[screen.who]` and waits until the part it shows is there. */
export async function showScreen(
  page: Page,
  screen: MainScreen,
  scheme: Scheme,
  options: { origin: string; member: Login; staff: Login; notify?: boolean },
): Promise<void> {
  await page.context().clearCookies();
  await page.emulateMedia({ colorScheme: scheme });
  if (screen.who) {
    const login = screen.who === "member" ? options.member : options.staff;
    await signInAs(page, login, options.origin);
    await prepareSignedInUser(page, options.origin);
    if (screen.id === "notifications" && options.notify !== false)
      await notifyMember(page, options.origin, login);
  }
  await page.goto(`${options.origin}${screen.path}`);
  await expectReady(page);
  await expect(page.locator("html")).toHaveAttribute("data-theme", screen.publicRoute ? "light" : scheme);
  await screen.open(page);
}
