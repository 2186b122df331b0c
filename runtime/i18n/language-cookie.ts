/**
 * The interface language cookies (§4.2, §9): the language cookie, and a separate
 * one while an administrator impersonates a user. Names come from the shell
 * manifest (`languages.cookieName`, `languages.impersonationCookieName`).
 */
import type { ShellManifest } from "../../schemas/shell.ts";
import { LANGUAGE_COOKIE_LIFETIME_DAYS } from "../state/constants.ts";
import { isLanguage, type Language } from "./i18n.ts";

const SECONDS_PER_DAY = 86_400;
/** RFC 6265 token characters the shell schema allows in a cookie name. */
const COOKIE_NAME = /^[A-Za-z0-9_.-]+$/;

/** Options of one language cookie. */
export interface LanguageCookieOptions {
  name: string;
  language: Language;
  /** True on https pages: the cookie then carries Secure. */
  secure: boolean;
}

function attributes(maxAgeSeconds: number, secure: boolean): string {
  return `; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function checkedName(name: string): string {
  if (!COOKIE_NAME.test(name)) throw new Error(`invalid cookie name: ${name}`);
  return name;
}

/** The `document.cookie` string that stores the language for LANGUAGE_COOKIE_LIFETIME_DAYS. */
export function languageCookie(options: LanguageCookieOptions): string {
  if (!isLanguage(options.language)) throw new Error(`invalid language: ${String(options.language)}`);
  const maxAge = LANGUAGE_COOKIE_LIFETIME_DAYS * SECONDS_PER_DAY;
  return `${checkedName(options.name)}=${options.language}${attributes(maxAge, options.secure)}`;
}

/** The `document.cookie` string that deletes a language cookie (e.g. when an impersonation ends). */
export function expiredLanguageCookie(options: { name: string; secure: boolean }): string {
  return `${checkedName(options.name)}=${attributes(0, options.secure)}`;
}

/** §4.2: while impersonating, the separate impersonation language cookie is used. */
export function languageCookieName(languages: ShellManifest["languages"], impersonating: boolean): string {
  return impersonating ? languages.impersonationCookieName : languages.cookieName;
}

/** The value of the first cookie named `name` in a `document.cookie` string, or null when there is none. */
function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(";")) {
    const cut = part.indexOf("=");
    if (cut >= 0 && part.slice(0, cut).trim() === name) return part.slice(cut + 1).trim();
  }
  return null;
}

/** True when a `document.cookie` string holds a cookie named `name` (whatever its value). */
export function hasCookie(cookies: string, name: string): boolean {
  return cookieValue(cookies, name) !== null;
}

/** The language stored in cookie `name` of a `document.cookie` string, when it is a UI language. */
export function languageFromCookies(cookies: string, name: string): Language | null {
  const value = cookieValue(cookies, name);
  return isLanguage(value) ? value : null;
}

/**
 * §4.2: the impersonation language switch toggles between the impersonator's
 * language and the user's; from any other language it goes to the user's.
 */
export function otherImpersonationLanguage(
  current: string,
  user: { languageCode: Language; impersonatorLanguageCode: Language | null },
): Language {
  if (user.impersonatorLanguageCode === null) return user.languageCode;
  return current === user.languageCode ? user.impersonatorLanguageCode : user.languageCode;
}
