/**
 * The rules every language's texts follow, for the shipped locales (scripts/check-locales.ts) and for
 * every published configuration: exactly the keys of English, no empty text, the same {{placeholders}}
 * as the English text, and the multi-line text rule of schemas/text-rules.ts.
 */

import { isMultiLineText } from "../../../schemas/text-rules.ts";
import { pointerSegment } from "../manifests/manifest-problem.ts";
import type { ConfigProblem, Texts } from "./config-content.ts";
import { LANGUAGES, type Language } from "./config-kinds.ts";

/** Longest text accepted (the longest shipped text is far shorter). */
export const MAX_TEXT_LENGTH = 4000;

/** The sorted, comma-joined placeholder names of a text (`{{name}}`, i18next's syntax). */
export function placeholdersOf(text: string): string {
  if (!text.includes("{{")) return "";
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(",");
}

/** The last texts checked and their problems: most configurations share the base's text objects. */
let lastChecked: { texts: readonly unknown[]; problems: ConfigProblem[] } | null = null;

/**
 * The problems of the seven languages' texts, English first (its keys are the source of truth).
 * Documents are never changed in place (every layer copies), so the same seven objects have the
 * same problems and the last answer is reused.
 */
export function checkTexts(texts: Readonly<Record<Language, unknown>>): ConfigProblem[] {
  const objects = LANGUAGES.map((language) => texts[language]);
  const cached = lastChecked;
  if (cached?.texts.every((value, index) => value === objects[index])) {
    return [...cached.problems];
  }
  const problems = uncachedCheckTexts(texts);
  lastChecked = { texts: objects, problems };
  return [...problems];
}

function uncachedCheckTexts(texts: Readonly<Record<Language, unknown>>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const english = texts.en;
  const shapeOk = (language: Language, value: unknown): value is Texts => {
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return true;
    problems.push({
      kind: `texts.${language}`,
      pointer: "",
      reason: "texts must be an object of key → text",
    });
    return false;
  };
  if (!shapeOk("en", english)) return problems;
  for (const language of LANGUAGES) {
    const own = texts[language];
    if (!shapeOk(language, own)) continue;
    const kind = `texts.${language}` as const;
    for (const [key, text] of Object.entries(own)) {
      const pointer = `/${pointerSegment(key)}`;
      if (!Object.hasOwn(english, key)) {
        problems.push({ kind, pointer, reason: `key "${key}" is not an English text key` });
        continue;
      }
      if (typeof text !== "string" || text.trim() === "") {
        problems.push({ kind, pointer, reason: "a text must be a non-empty string" });
        continue;
      }
      if (text.length > MAX_TEXT_LENGTH) {
        problems.push({ kind, pointer, reason: `longer than ${MAX_TEXT_LENGTH} characters` });
      }
      // The one text rule of every stored message (schemas/text-rules.ts): texts are shown as messages.
      if (!isMultiLineText(text)) {
        problems.push({ kind, pointer, reason: "control or direction-override character" });
      }
      const englishText = english[key];
      if (
        language !== "en" &&
        typeof englishText === "string" &&
        placeholdersOf(text) !== placeholdersOf(englishText)
      ) {
        problems.push({
          kind,
          pointer,
          reason: `placeholders {${placeholdersOf(text)}} differ from English {${placeholdersOf(englishText)}}`,
        });
      }
    }
    if (language === "en") continue;
    for (const key of Object.keys(english)) {
      if (!Object.hasOwn(own, key)) {
        problems.push({ kind, pointer: `/${pointerSegment(key)}`, reason: `missing text for "${key}"` });
      }
    }
  }
  return problems;
}
