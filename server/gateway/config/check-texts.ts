/**
 * The rules every language's texts follow, for the shipped locales (scripts/check-locales.ts) and for
 * every published configuration: exactly the keys of English, no empty text, the same {{placeholders}}
 * as the English text, and the multi-line text rule of schemas/text-rules.ts.
 */

import { placeholdersOf } from "../../../core/texts/placeholders.ts";
import { type TextViolation, textViolations } from "../../../core/texts/text-violations.ts";
import { pointerSegment } from "../manifests/manifest-problem.ts";
import type { ConfigProblem, Texts } from "./config-content.ts";
import { LANGUAGES, type Language } from "./config-kinds.ts";

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
      const englishText = english[key];
      const violations = textViolations(
        text,
        language !== "en" && typeof englishText === "string" ? englishText : undefined,
      );
      for (const violation of violations) {
        problems.push({ kind, pointer, reason: reasonOf(violation, text, englishText) });
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

/** A broken text rule (core/texts/text-violations.ts) in the words of a configuration problem. */
function reasonOf(violation: TextViolation, text: unknown, english: unknown): string {
  switch (violation.rule) {
    case "empty":
      return "a text must be a non-empty string";
    case "tooLong":
      return `longer than ${violation.maxLength} characters`;
    case "multiLine":
      return "control or direction-override character";
    case "placeholders":
      return `placeholders {${placeholdersOf(text as string)}} differ from English {${placeholdersOf(english as string)}}`;
  }
}
