/**
 * i18next with the seven UI languages (§1, §9). English is bundled (the source of
 * truth and the fallback); the others load on demand as separate chunks.
 */
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../../locales/en.json";
import { languageCookie } from "./language-cookie.ts";

/** The UI languages of §9, English first. */
export const LANGUAGES = ["en", "de", "es", "fr", "nl", "pt", "it"] as const;

/** One UI language code. */
export type Language = (typeof LANGUAGES)[number];

/** True when `code` is one of the UI languages. */
export function isLanguage(code: unknown): code is Language {
  return typeof code === "string" && (LANGUAGES as readonly string[]).includes(code);
}

type Texts = Record<string, string>;

/** One lazily loaded chunk per language; English ships in the main bundle. */
const LOADERS: Record<Exclude<Language, "en">, () => Promise<{ default: Texts }>> = {
  de: () => import("../../locales/de.json"),
  es: () => import("../../locales/es.json"),
  fr: () => import("../../locales/fr.json"),
  nl: () => import("../../locales/nl.json"),
  pt: () => import("../../locales/pt.json"),
  it: () => import("../../locales/it.json"),
};

async function loadResources(language: Language): Promise<Texts> {
  if (language === "en") return en;
  return (await LOADERS[language]()).default;
}

/** Initialises i18next in `language` (falling back to English). */
export async function initI18n(language: Language = "en"): Promise<i18n> {
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
    i18next.addResourceBundle(language, "translation", await loadResources(language));
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
