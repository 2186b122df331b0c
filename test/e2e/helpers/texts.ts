/**
 * The texts the page shows, read from the locale files, and the owner's user-menu button named by
 * them, for specs that check English and German.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

type Texts = Record<string, string>;
const locale = (language: string): Texts =>
  JSON.parse(readFileSync(new URL(`../../../locales/${language}.json`, import.meta.url), "utf8")) as Texts;
const EN = locale("en");
const DE = locale("de");

/** The text the page shows for `key`: i18next falls back to English, then to the key itself. */
export function text(key: string, language: "en" | "de" = "en", params: Record<string, string> = {}): string {
  const raw = (language === "de" ? DE[key] : undefined) ?? EN[key] ?? key;
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? "");
}

/** The demo owner's full name. */
export const OWNER = "Olivia Owner";

/** The owner's user-menu button, named in `language`. */
export const userMenuButton = (page: Page, language: "en" | "de" = "en") =>
  page.getByRole("button", {
    name: text("Shell_UserMenuButton", language, { name: OWNER, menu: text("UserMenu_Title", language) }),
  });
