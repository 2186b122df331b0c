/**
 * The manifest schemas' descriptions in the UI language (§1), for the document forms. They are staff
 * texts, so they are not in locales/ (which every member downloads at boot): each language is a JSON
 * file beside this module, keyed by the exact English description, loaded as its own chunk the first
 * time a form is shown in that language. English needs no file: it is the schemas' own text.
 */
import { useEffect, useState } from "react";
import { type Language, STUDIO_LANGUAGES } from "../../studio-model.ts";

/** English description → its translation; a description without one is shown in English. */
export type SchemaDescriptions = Readonly<Record<string, string>>;

type TranslatedLanguage = Exclude<Language, "en">;
type DescriptionsModule = { default: unknown };

/*
 * One literal import() per language, so the bundler makes each file a chunk of its own. The JSON
 * import attribute leaves the module only its default export: without it esbuild also exports every
 * key by name, which repeats each English sentence in the chunk.
 */
const LOADERS: Readonly<Record<TranslatedLanguage, () => Promise<DescriptionsModule>>> = {
  de: () => import("./schema-descriptions/de.json", { with: { type: "json" } }),
  es: () => import("./schema-descriptions/es.json", { with: { type: "json" } }),
  fr: () => import("./schema-descriptions/fr.json", { with: { type: "json" } }),
  nl: () => import("./schema-descriptions/nl.json", { with: { type: "json" } }),
  pt: () => import("./schema-descriptions/pt.json", { with: { type: "json" } }),
  it: () => import("./schema-descriptions/it.json", { with: { type: "json" } }),
};

const NONE: SchemaDescriptions = Object.freeze({});
const loading = new Map<TranslatedLanguage, Promise<SchemaDescriptions>>();
/** The languages whose file has arrived: a form opened later shows them at once. */
const loaded = new Map<TranslatedLanguage, SchemaDescriptions>();

/** The descriptions of `language` (none for English), loaded once; a failed load is tried again next time. */
export function loadSchemaDescriptions(language: Language): Promise<SchemaDescriptions> {
  if (language === "en") return Promise.resolve(NONE);
  let descriptions = loading.get(language);
  if (!descriptions) {
    descriptions = LOADERS[language]().then((module) => {
      const translations = module.default as SchemaDescriptions;
      loaded.set(language, translations);
      return translations;
    });
    descriptions.catch(() => loading.delete(language));
    loading.set(language, descriptions);
  }
  return descriptions;
}

/** The translation of `english`, or `english` itself when `translations` has none. */
export function describe(translations: SchemaDescriptions, english: string): string {
  const translation = Object.hasOwn(translations, english) ? translations[english] : undefined;
  return typeof translation === "string" && translation.trim() !== "" ? translation : english;
}

const asLanguage = (code: string): Language =>
  (STUDIO_LANGUAGES as readonly string[]).includes(code) ? (code as Language) : "en";

/**
 * The descriptions of the UI language `code`: none (English) until its file has arrived — at once
 * when an earlier form loaded it — and none for a code that is not a UI language. A file that fails
 * to load leaves the English texts; the next form tries again.
 */
export function useSchemaDescriptions(code: string): SchemaDescriptions {
  const language = asLanguage(code);
  const [, arrived] = useState(0);
  useEffect(() => {
    if (language === "en" || loaded.has(language)) return;
    let current = true;
    loadSchemaDescriptions(language).then(
      () => {
        if (current) arrived((count) => count + 1);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);
  return language === "en" ? NONE : (loaded.get(language) ?? NONE);
}
