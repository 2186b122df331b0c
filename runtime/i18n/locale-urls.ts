/**
 * Where the shipped texts of each language are served: scripts/build.ts replaces
 * `__TESSERA_LOCALE_URLS__` with the language → URL map of the gateway's content-addressed texts
 * (`/gw/texts/<language>/<digest>.json`, immutable), the URLs a manifest names while no operator
 * changed a text. The boot fetches English from here before the manifest arrives; after that the
 * manifest's `texts` lead (i18n.ts). Texts are data, fetched at boot, not code in the bundle (the
 * initial JavaScript budget, scripts/bench/README.md).
 */
import type { Language } from "./i18n.ts";

declare const __TESSERA_LOCALE_URLS__: Readonly<Record<Language, string>> | undefined;

/** The build's URL of `language`'s texts; throws in a bundle built without them. */
export function localeUrl(language: Language): string {
  const urls = typeof __TESSERA_LOCALE_URLS__ === "undefined" ? undefined : __TESSERA_LOCALE_URLS__;
  const url = urls?.[language];
  if (!url) throw new Error(`no locale asset for "${language}": build with scripts/build.ts`);
  return url;
}
