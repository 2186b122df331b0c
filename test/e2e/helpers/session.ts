/**
 * Signs a demo user in through the gateway's session API from the page's own
 * browser context (so the httpOnly session cookie lands in the page), for
 * end-to-end tests whose subject is not the sign-in form itself.
 */
import { type APIRequestContext, expect, type Page, request } from "@playwright/test";

/** The demo password of every seeded login (README). */
export const DEMO_PASSWORD = "tessera-demo";

/** The seeded demo logins (server/upstream/seed/demo-accounts.ts). */
export const DEMO_USERS = {
  owner: { domain: "northwind", email: "owner@northwind.example" },
  analyst: { domain: "northwind", email: "analyst@northwind.example" },
  viewer: { domain: "northwind", email: "viewer@northwind.example" },
  starter: { domain: "northwind-starter", email: "starter@northwind.example" },
  contoso: { domain: "contoso", email: "admin@contoso.example" },
  staffAdmin: { domain: "tessera", email: "admin@tessera.example" },
  staffAuditor: { domain: "tessera", email: "auditor@tessera.example" },
  supportAgent: { domain: "tessera", email: "agent@tessera.example" },
} as const;

/** One of the demo logins. */
export type DemoUser = keyof typeof DEMO_USERS;

/** The origin of the gateway the suite starts (playwright.config.ts). */
export const E2E_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 8191}`;

/** The CSRF token the gateway set in the page's cookies (double-submit). */
export async function csrfToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === "tessera_csrf");
  if (!cookie) throw new Error("no tessera_csrf cookie: call GET /gw/session first");
  return cookie.value;
}

/** Signs `who` in; afterwards `page.goto` opens signed-in pages. */
export async function signIn(page: Page, who: DemoUser): Promise<void> {
  await page.request.get("/gw/session");
  const login = DEMO_USERS[who];
  const response = await page.request.post("/gw/session/login", {
    data: { domain: login.domain, email: login.email, password: DEMO_PASSWORD },
    headers: { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN },
  });
  if (!response.ok())
    throw new Error(`sign-in of ${who} failed: ${response.status()} ${await response.text()}`);
}

/**
 * The §4.2 startup dialogs (login announcement, welcome tutorial) marked seen through the calls
 * those dialogs make, for tests whose subject is the screen behind them; the user's other interface
 * preferences are kept, `preferences` added on top (e.g. a theme). Returns the preferences now
 * stored.
 *
 * Nothing is written when the preferences already hold all of that: specs run in parallel and
 * several sign in as the same user, so an unneeded read-modify-write here could put back a theme
 * another test has just saved and is about to check after a reload.
 */
export async function settleSessionDialogs(
  page: Page,
  preferences: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const headers = { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN };
  const announcement = await page.request.get("/api/Common/LoginAnnouncement");
  if (announcement.ok()) {
    const { RecId } = (await announcement.json()) as { RecId: number };
    await page.request.post(`/api/Common/LoginAnnouncement/${RecId}/Seen`, { headers });
  }
  const config = (await (await page.request.get("/api/Common/LoggedInConfig")).json()) as {
    User: { InterfacePreferences?: Record<string, unknown> | string | null };
  };
  const stored = config.User.InterfacePreferences;
  const current = (typeof stored === "string" ? JSON.parse(stored) : (stored ?? {})) as Record<
    string,
    unknown
  >;
  const wanted = { ...current, welcomeSeen: true, ...preferences };
  if (Object.entries(wanted).every(([name, value]) => Object.is(current[name], value))) return current;
  const saved = await page.request.put("/api/User/Interface", {
    headers,
    data: { InterfacePreferences: wanted },
  });
  expect(saved.ok()).toBe(true);
  return wanted;
}

/**
 * §4.2: a session start may open the login announcement and the welcome tutorial over the page,
 * a moment after the top bar shows: wait for them briefly, then close each with Escape.
 */
export async function closeSessionDialogs(page: Page): Promise<void> {
  await expect(page.getByRole("banner").getByRole("button").first()).toBeVisible();
  const dialogs = page.getByRole("dialog");
  await dialogs
    .first()
    .waitFor({ timeout: 3_000 })
    .catch(() => undefined);
  await expect(async () => {
    if ((await dialogs.count()) > 0) await page.keyboard.press("Escape");
    await expect(dialogs).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** `who` signed in through the gateway's API in a request context of their own (no browser). */
export async function apiSession(
  who: DemoUser,
): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const api = await request.newContext({ baseURL: E2E_ORIGIN });
  await api.get("/gw/session");
  const csrf =
    (await api.storageState()).cookies.find((cookie) => cookie.name === "tessera_csrf")?.value ?? "";
  const headers = { "X-Tessera-CSRF": csrf, Origin: E2E_ORIGIN };
  const login = DEMO_USERS[who];
  const response = await api.post("/gw/session/login", {
    data: { domain: login.domain, email: login.email, password: DEMO_PASSWORD },
    headers,
  });
  if (!response.ok()) throw new Error(`sign-in of ${who} failed: ${response.status()}`);
  // The sign-in issues a fresh CSRF token with the session.
  const fresh =
    (await api.storageState()).cookies.find((cookie) => cookie.name === "tessera_csrf")?.value ?? csrf;
  return { api, headers: { ...headers, "X-Tessera-CSRF": fresh } };
}
