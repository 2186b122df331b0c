/**
 * The demo users the issue-5 specs and scripts sign in as, and what they do through the real gateway
 * before a screen is shown: sign in from the page's browser context, settle the §4.2 session dialogs
 * and save the theme preference, receive a notification caused by the owner. Also the English texts.
 */
import { readFileSync } from "node:fs";
import { type Page, request } from "@playwright/test";

/** A demo login (README: password `tessera-demo`). */
export interface Login {
  domain: string;
  email: string;
}

/** The demo password of every seeded login. */
const DEMO_PASSWORD = "tessera-demo";

/**
 * The member the specs use: Casey Consultant (northwind, analyst role) — no other spec signs in as
 * this user, so changing its saved theme or reading its notifications disturbs no other test.
 */
export const SPEC_MEMBER: Login = { domain: "northwind", email: "consultant@example.com" };
/** The account owner (every permission, every seeded notification code): the README's screenshots. */
export const OWNER: Login = { domain: "northwind", email: "owner@northwind.example" };
/** The Starter account's owner: the high-contrast scan saves its preference (no other spec checks its theme). */
export const STARTER: Login = { domain: "northwind-starter", email: "starter@northwind.example" };
/** Staff with Read only on every admin module. */
export const STAFF_AUDITOR: Login = { domain: "tessera", email: "auditor@tessera.example" };

/** English texts (locales/en.json). */
const EN = JSON.parse(readFileSync(new URL("../../../locales/en.json", import.meta.url), "utf8")) as Record<
  string,
  string
>;

/** The English text of `key` (throws when the key is missing, so a renamed key fails loudly). */
export function en(key: string): string {
  const value = EN[key];
  if (value === undefined) throw new Error(`no English text for ${key}`);
  return value;
}

/** Gateway session calls from `origin` with the CSRF double-submit header. */
async function csrfHeaders(page: Page, origin: string): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "tessera_csrf");
  if (!cookie) throw new Error("no tessera_csrf cookie");
  return { "X-Tessera-CSRF": cookie.value, Origin: origin };
}

/** Signs `login` in from the page's browser context (the session cookie lands in the page). */
export async function signInAs(page: Page, login: Login, origin: string): Promise<void> {
  await page.request.get(`${origin}/gw/session`);
  const response = await page.request.post(`${origin}/gw/session/login`, {
    data: { ...login, password: DEMO_PASSWORD },
    headers: await csrfHeaders(page, origin),
  });
  if (!response.ok()) throw new Error(`sign-in of ${login.email} failed: ${response.status()}`);
}

/**
 * Marks the login announcement and the welcome tutorial seen (§4.2) through the calls those dialogs
 * make, and saves the theme as sync without contrast, so the emulated system scheme decides light or dark.
 */
export async function prepareSignedInUser(page: Page, origin: string): Promise<void> {
  const headers = await csrfHeaders(page, origin);
  const announcement = await page.request.get(`${origin}/api/Common/LoginAnnouncement`);
  if (announcement.ok()) {
    const { RecId } = (await announcement.json()) as { RecId: number };
    await page.request.post(`${origin}/api/Common/LoginAnnouncement/${RecId}/Seen`, { headers });
  }
  const config = (await (await page.request.get(`${origin}/api/Common/LoggedInConfig`)).json()) as {
    User: { InterfacePreferences: Record<string, unknown> };
  };
  const preferences = {
    ...config.User.InterfacePreferences,
    welcomeSeen: true,
    theme: "sync",
    contrast: false,
  };
  const saved = await page.request.put(`${origin}/api/User/Interface`, {
    headers,
    data: { InterfacePreferences: preferences },
  });
  if (!saved.ok()) throw new Error(`saving the preferences failed: ${saved.status()}`);
}

/**
 * Gives `member` an unread notification the real way: the owner, from a session of their own, adds
 * the member to a new team (§4.3 AddedToTeam). Returns the team's name.
 */
export async function notifyMember(page: Page, origin: string, member: Login): Promise<string> {
  const memberSession = (await (await page.request.get(`${origin}/gw/session`)).json()) as {
    user: { User: { RecId: number } };
  };
  const api = await request.newContext({ baseURL: origin });
  try {
    await api.get("/gw/session");
    const csrf = async () =>
      (await api.storageState()).cookies.find((c) => c.name === "tessera_csrf")?.value ?? "";
    const login = await api.post("/gw/session/login", {
      data: { ...OWNER, password: DEMO_PASSWORD },
      headers: { "X-Tessera-CSRF": await csrf(), Origin: origin },
    });
    if (!login.ok()) throw new Error(`owner sign-in failed: ${login.status()}`);
    if (member.email === OWNER.email) throw new Error("the owner cannot notify themselves");
    const name = `Regional review ${Date.now()}`;
    const created = await api.post("/api/Teams", {
      data: { Name: name, MemberRecIds: [memberSession.user.User.RecId] },
      headers: { "X-Tessera-CSRF": await csrf(), Origin: origin },
    });
    if (created.status() !== 201) throw new Error(`creating the team failed: ${created.status()}`);
    return name;
  } finally {
    await api.dispose();
  }
}
