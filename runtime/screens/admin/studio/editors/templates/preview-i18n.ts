/**
 * The template preview's own i18next instance over the draft's texts: the preview shows a notification
 * in any of the seven languages with the texts as the draft would publish them, while the studio itself
 * stays in the operator's language (the UI's instance is never touched).
 */
import i18next, { type i18n } from "i18next";
import type { NotificationTranslate } from "../../../../../notifications/format-notification.ts";
import { type Language, STUDIO_LANGUAGES, type TextsByLanguage } from "../../studio-model.ts";

/**
 * A ready i18next instance in `language` over `texts` (every language, English the fallback), with the
 * options of the UI's instance (runtime/i18n/i18n.ts) that change what a text renders as: keys may hold
 * dots, values are not escaped by i18next (the formatter escapes per template), no null results.
 * Resources are held by reference, so building one per edit costs no copy of the texts.
 */
export function createPreviewI18n(texts: TextsByLanguage, language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: "en",
    initAsync: false,
    resources: Object.fromEntries(STUDIO_LANGUAGES.map((code) => [code, { translation: texts[code] }])),
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** The instance's `t` as the notification formatter's translate function. */
export function previewTranslate(instance: i18n): NotificationTranslate {
  // i18next's overloaded TFunction cannot be matched by a plain signature; the call itself is i18next's.
  const translate = instance.t as unknown as (key: string, options: object) => string;
  return (key, options) => translate(key, options ?? {});
}
