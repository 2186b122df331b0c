/**
 * i18next with the seven UI languages (§1, §9). Every language's texts are JSON the gateway serves
 * by version at a content-addressed URL (DESIGN.md §3), fetched when needed: the build's URLs
 * (locale-urls.ts) until the manifest names its own (`manifest.texts`), which are the same while no
 * operator changed a text. English, the source of truth, is always loaded as the fallback for keys a
 * language lacks. A manifest naming other URLs replaces the loaded bundles in place, no reload.
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

/** The texts namespace (one per language). */
const NAMESPACE = "translation";

/**
 * One fetch per texts URL for the page's life (a failed one may be retried): a URL is
 * content-addressed, so what it serves never changes.
 */
const loading = new Map<string, Promise<Texts>>();
/** Where each language's texts come from: the manifest's URLs once known, else the build's. */
let textUrls: Readonly<Record<Language, string>> | null = null;
/** The URL each bundle held by i18next was fetched from. */
const bundleUrls = new Map<Language, string>();
/** Sequence of prepareTexts calls, and the latest one applied: an older preparation never wins. */
let prepared = 0;
let appliedPreparation = 0;

/** Where `language`'s texts are served now. */
function textsUrlOf(language: Language): string {
  return textUrls?.[language] ?? localeUrl(language);
}

function checkedTexts(language: Language, body: unknown): Texts {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Error(`texts of "${language}" are not an object`);
  }
  for (const value of Object.values(body)) {
    if (typeof value !== "string") throw new Error(`texts of "${language}" hold a non-string value`);
  }
  return body as Texts;
}

async function fetchTexts(language: Language, url: string): Promise<Texts> {
  const response = await fetch(url, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`texts of "${language}" failed with ${response.status}`);
  return checkedTexts(language, await response.json());
}

/**
 * Starts loading `language`'s texts from `url` (once per URL; the boot calls it before the manifest
 * arrives so the download runs in parallel) and resolves with them.
 */
export function loadTexts(language: Language, url: string = textsUrlOf(language)): Promise<Texts> {
  const pending = loading.get(url);
  if (pending) return pending;
  const started = fetchTexts(language, url);
  loading.set(url, started);
  started.catch(() => loading.delete(url));
  return started;
}

/** Loads `language`'s texts from where they are served now, again if that changed meanwhile. */
async function currentTexts(language: Language): Promise<{ url: string; texts: Texts }> {
  for (;;) {
    const url = textsUrlOf(language);
    const texts = await loadTexts(language, url);
    if (url === textsUrlOf(language)) return { url, texts };
  }
}

/** Initialises i18next in `language` (falling back to English). */
export async function initI18n(language: Language = "en"): Promise<i18n> {
  // Both downloads at once: the chosen language's texts are ready when English is.
  const [en] = await Promise.all([currentTexts("en"), language === "en" ? null : loadTexts(language)]);
  bundleUrls.set("en", en.url);
  await i18next.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    // i18next keeps the object it is given and merges later bundles into it: a copy keeps the
    // loaded texts (cached by URL) as served, so a rollback to them shows them again.
    resources: { en: { [NAMESPACE]: { ...en.texts } } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Screens render again when a bundle is replaced (a published text), not only on a language switch.
    react: { bindI18nStore: "added" },
  });
  if (language !== "en") await changeLanguage(language);
  return i18next;
}

/** Switches the UI language live, loading its texts first. */
export async function changeLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, NAMESPACE)) {
    const { url, texts } = await currentTexts(language);
    i18next.addResourceBundle(language, NAMESPACE, { ...texts });
    bundleUrls.set(language, url);
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

/** The texts of a manifest's URLs, fetched for every language loaded so far whose URL changed; not yet shown. */
export interface PreparedTexts {
  readonly urls: Readonly<Record<Language, string>>;
  readonly bundles: ReadonlyArray<readonly [Language, Texts]>;
  readonly sequence: number;
}

/**
 * Fetches what `urls` (a manifest's `texts`) changes for the languages on hand; rejects when a
 * bundle cannot be fetched, and nothing changes then (DESIGN.md §3: what failed never replaces the
 * last good configuration).
 */
export async function prepareTexts(urls: Readonly<Record<Language, string>>): Promise<PreparedTexts> {
  const sequence = ++prepared;
  const changed = LANGUAGES.filter((language) => {
    const held = bundleUrls.get(language);
    return held !== undefined && held !== urls[language];
  });
  const bundles = await Promise.all(
    changed.map(async (language) => [language, await loadTexts(language, urls[language])] as const),
  );
  return { urls, bundles, sequence };
}

/**
 * Shows prepared texts at once: later loads use their URLs, and the bundles they changed replace the
 * loaded ones (screens render again). A preparation older than one already applied is dropped.
 */
export function applyTexts(texts: PreparedTexts): void {
  if (texts.sequence < appliedPreparation) return;
  appliedPreparation = texts.sequence;
  textUrls = texts.urls;
  for (const [language, bundle] of texts.bundles) {
    i18next.addResourceBundle(language, NAMESPACE, { ...bundle }, true, true);
    bundleUrls.set(language, texts.urls[language]);
  }
}

/** From now on, texts not loaded yet come from `urls` (a manifest's `texts`). */
export function setTextUrls(urls: Readonly<Record<Language, string>>): void {
  textUrls = urls;
}

/**
 * Follows a manifest's text URLs (after the boot's first manifest, a sign-in, a refresh): later loads
 * use them at once, and loaded bundles are replaced once fetched.
 */
export async function followTextUrls(urls: Readonly<Record<Language, string>>): Promise<void> {
  setTextUrls(urls);
  applyTexts(await prepareTexts(urls));
}
