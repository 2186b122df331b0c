/**
 * Where the built runtime serves each language's texts: scripts/build.ts copies locales/*.json
 * into dist/assets/locales/ with content hashes (immutable, cacheable) and replaces
 * `__TESSERA_LOCALE_URLS__` with the language → URL map. Texts are data, fetched at boot, not code
 * in the bundle (the initial JavaScript budget, scripts/bench/README.md).
 */
import type { Language } from "./i18n.ts";

declare const __TESSERA_LOCALE_URLS__: Readonly<Record<Language, string>> | undefined;

/** The hashed URL of `language`'s texts; throws in a bundle built without the locale assets. */
export function localeUrl(language: Language): string {
  const urls = typeof __TESSERA_LOCALE_URLS__ === "undefined" ? undefined : __TESSERA_LOCALE_URLS__;
  const url = urls?.[language];
  if (!url) throw new Error(`no locale asset for "${language}": build with scripts/build.ts`);
  return url;
}
