/**
 * What the operator studio's specs share (runtime/screens/admin/studio/): its operator, its tabs by
 * their accessible names, the workspace's saved state, the kit's select, and a signed-in page of a
 * spec's own product (helpers/own-gateway.ts) with the §4.2 session dialogs settled.
 */
import { type Browser, expect, type Page } from "@playwright/test";
import { en, type Login, prepareSignedInUser, signInAs } from "./demo-users.ts";

/** Ada Admin: staff with Read and Write on every admin module, the Configuration module's too. */
export const OPERATOR: Login = { domain: "tessera", email: "admin@tessera.example" };
/** The studio's base path (routes manifest `adminConfigurationStudio`). */
export const STUDIO = "/admin/configuration/studio";

/** The English text of `key` with its {{params}} filled in. */
export function text(key: string, params: Record<string, string | number> = {}): string {
  return en(key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ""));
}

/** A page of its own browser context, signed in as `login` on `origin`, showing `path`. */
export async function openPage(browser: Browser, origin: string, login: Login, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, login, origin);
  await prepareSignedInUser(page, origin);
  await page.goto(`${origin}${path}`);
  await expect(page.getByRole("banner")).toBeVisible({ timeout: 15_000 });
  return page;
}

/** The studio's tab `id` (`Studio_Tab_<id>`). */
export const tab = (page: Page, id: string) => page.getByRole("tab", { name: text(`Studio_Tab_${id}`) });

export async function openTab(page: Page, id: string): Promise<void> {
  await tab(page, id).click();
  await expect(tab(page, id)).toHaveAttribute("aria-selected", "true");
}

/** Waits until the workspace says every edit is saved. */
export async function expectSaved(page: Page): Promise<void> {
  await openTab(page, "changes");
  await expect(page.getByText(text("Studio_Saved"), { exact: true })).toBeVisible({ timeout: 15_000 });
}

/** Picks `option` in the kit's select named `label` (a combobox; searchable ones take typed text). */
export async function choose(
  scope: Page,
  label: string,
  option: string | RegExp,
  search?: string,
): Promise<void> {
  const box = scope.getByRole("combobox", { name: label });
  await box.click();
  if (search !== undefined) await scope.keyboard.type(search);
  await scope.getByRole("option", { name: option }).first().click();
}
