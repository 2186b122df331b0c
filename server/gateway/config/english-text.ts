/**
 * A TextMessage in English, where a string is needed: the audit trail and the gateway's logs. The
 * shipped locales/en.json, formatted by i18next with the options of the UI's instance
 * (runtime/i18n/i18n.ts), so the words are the ones the studio shows an English-speaking operator.
 */
import { readFileSync } from "node:fs";
import i18next, { type i18n } from "i18next";
import { formatTextMessage } from "../../../core/texts/text-message.ts";
import type { TextMessage } from "../../../schemas/config-answers.ts";

let english: i18n | null = null;

function englishInstance(): i18n {
  if (english) return english;
  const texts = JSON.parse(
    readFileSync(new URL("../../../locales/en.json", import.meta.url), "utf8"),
  ) as Record<string, string>;
  const instance = i18next.createInstance();
  void instance.init({
    lng: "en",
    initAsync: false,
    resources: { en: { translation: texts } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  english = instance;
  return instance;
}

/** The English sentence of `message`; a plain string (a summary stored as text) as it is. */
export function englishText(message: TextMessage | string): string {
  const instance = englishInstance();
  // i18next's overloaded TFunction cannot be matched by a plain signature; the call itself is i18next's.
  const translate = instance.t as unknown as (key: string, params: object) => string;
  return formatTextMessage(message, "en", (key, params) => translate(key, params));
}
