/**
 * The rules every language's texts follow, for the shipped locales (scripts/check-locales.ts) and for
 * every published configuration: exactly the keys of English, no empty text, the same {{placeholders}}
 * as the English text, and the multi-line text rule of schemas/text-rules.ts.
 */

import { placeholdersOf } from "../../../core/texts/placeholders.ts";
import { type TextViolation, textViolations } from "../../../core/texts/text-violations.ts";
import type { TextMessage } from "../../../schemas/config-answers.ts";
import { pointerSegment } from "../manifests/manifest-problem.ts";
import { problemMessage } from "../manifests/problem-messages.ts";
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
      message: problemMessage("TextsNotObject"),
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
        problems.push({
          kind,
          pointer,
          reason: `key "${key}" is not an English text key`,
          message: problemMessage("NotEnglishKey", { key }),
        });
        continue;
      }
      const englishText = english[key];
      const violations = textViolations(
        text,
        language !== "en" && typeof englishText === "string" ? englishText : undefined,
      );
      for (const violation of violations) {
        problems.push({ kind, pointer, ...reasonOf(violation, text, englishText) });
      }
    }
    if (language === "en") continue;
    for (const key of Object.keys(english)) {
      if (!Object.hasOwn(own, key)) {
        problems.push({
          kind,
          pointer: `/${pointerSegment(key)}`,
          reason: `missing text for "${key}"`,
          message: problemMessage("TextMissing", { key }),
        });
      }
    }
  }
  return problems;
}

/** A broken text rule (core/texts/text-violations.ts) in the words of a configuration problem. */
function reasonOf(
  violation: TextViolation,
  text: unknown,
  english: unknown,
): { reason: string; message: TextMessage } {
  switch (violation.rule) {
    case "empty":
      return { reason: "a text must be a non-empty string", message: problemMessage("TextEmpty") };
    case "tooLong":
      return {
        reason: `longer than ${violation.maxLength} characters`,
        message: problemMessage("TextTooLong", { count: violation.maxLength }),
      };
    case "multiLine":
      return {
        reason: "control or direction-override character",
        message: problemMessage("TextControlCharacters"),
      };
    case "placeholders": {
      const own = placeholdersOf(text as string);
      const englishOwn = placeholdersOf(english as string);
      return {
        reason: `placeholders {${own}} differ from English {${englishOwn}}`,
        message: problemMessage("TextPlaceholders", {
          placeholders: own === "" ? [] : own.split(","),
          english: englishOwn === "" ? [] : englishOwn.split(","),
        }),
      };
    }
  }
}
