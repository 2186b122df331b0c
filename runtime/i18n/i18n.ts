/**
 * i18next with the seven UI languages (§1, §9). Every language's texts are a hashed
 * JSON asset (locale-urls.ts) fetched when needed; English, the source of truth, is
 * always loaded as the fallback for keys a language lacks.
 */
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { languageCookie } from "./language-cookie.ts";
import { localeUrl } from "./locale-urls.ts";

/** The UI languages of §9, English first. */
export const LANGUAGES = ["en", "de", "es", "fr", "nl", "pt", "it"] as const;

/** One UI language code. */
export type Language = (typeof LANGUAGES)[number];

/** True when `code` is one of the UI languages. */
export function isLanguage(code: unknown): code is Language {
  return typeof code === "string" && (LANGUAGES as readonly string[]).includes(code);
}

type Texts = Record<string, string>;

/** One fetch per language for the page's life (a failed one may be retried). */
const loading = new Map<Language, Promise<Texts>>();

function checkedTexts(language: Language, body: unknown): Texts {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Error(`texts of "${language}" are not an object`);
  }
  for (const value of Object.values(body)) {
    if (typeof value !== "string") throw new Error(`texts of "${language}" hold a non-string value`);
  }
  return body as Texts;
}

async function fetchTexts(language: Language): Promise<Texts> {
  const response = await fetch(localeUrl(language), {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`texts of "${language}" failed with ${response.status}`);
  return checkedTexts(language, await response.json());
}

/**
 * Starts loading `language`'s texts (once; the boot calls it before the manifest arrives so
 * the download runs in parallel) and resolves with them.
 */
export function loadTexts(language: Language): Promise<Texts> {
  const pending = loading.get(language);
  if (pending) return pending;
  const started = fetchTexts(language);
  loading.set(language, started);
  started.catch(() => loading.delete(language));
  return started;
}

/** Initialises i18next in `language` (falling back to English). */
export async function initI18n(language: Language = "en"): Promise<i18n> {
  // Both downloads at once: the chosen language's texts are ready when English is.
  const [en] = await Promise.all([loadTexts("en"), language === "en" ? null : loadTexts(language)]);
  await i18next.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    resources: { en: { translation: en } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (language !== "en") await changeLanguage(language);
  return i18next;
}

/** Switches the UI language live, loading its texts first. */
export async function changeLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, "translation")) {
    i18next.addResourceBundle(language, "translation", await loadTexts(language));
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/**
 * Switches the UI language live and remembers it in the language cookie (§4.2):
 * `cookieName` is languages.cookieName, or languages.impersonationCookieName
 * while impersonating (see languageCookieName).
 */
export async function switchLanguage(language: Language, cookieName: string): Promise<void> {
  await changeLanguage(language);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser
  document.cookie = languageCookie({
    name: cookieName,
    language,
    secure: window.location.protocol === "https:",
  });
}
