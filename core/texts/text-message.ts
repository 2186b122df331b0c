/**
 * How a TextMessage (schemas/config-answers.ts) becomes a sentence: its parameters made ready for
 * i18next's interpolation in one language, then the text key looked up. One rule for the studio (its
 * i18next instance, the operator's language) and the gateway (English, for logs and the audit trail).
 */
import type { MessageParam, NameInLanguages, TextMessage } from "../../schemas/config-answers.ts";

/** i18next's `t`, or anything that looks a key up the same way (a `count` picks the plural form). */
export type TranslateText = (key: string, params: Record<string, string | number>) => string;

/** What joins the items of a list parameter (language codes, kinds, renames): the same in the seven languages. */
const LIST_SEPARATOR = ", ";

/** A TextMessage, told from a name in languages and from a list. */
export function isTextMessage(value: unknown): value is TextMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { key?: unknown }).key === "string" &&
    typeof (value as { params?: unknown }).params === "object"
  );
}

function paramText(value: MessageParam, language: string, translate: TranslateText): string | number {
  if (typeof value === "string" || typeof value === "number") return value;
  if (Array.isArray(value)) {
    return (value as readonly (string | TextMessage)[])
      .map((item) => (typeof item === "string" ? item : formatTextMessage(item, language, translate)))
      .join(LIST_SEPARATOR);
  }
  if (isTextMessage(value)) return formatTextMessage(value, language, translate);
  const names = value as NameInLanguages;
  return Object.hasOwn(names, language) && typeof names[language] === "string"
    ? (names[language] as string)
    : names.en;
}

/** The parameters of `message` as i18next interpolates them in `language`. */
export function interpolationParams(
  message: TextMessage,
  language: string,
  translate: TranslateText,
): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.params)) {
    params[name] = paramText(value, language, translate);
  }
  return params;
}

/**
 * The sentence `message` says in `language` (the language `translate` looks keys up in); a plain
 * string — a summary stored before summaries were text keys — as it is.
 */
export function formatTextMessage(
  message: TextMessage | string,
  language: string,
  translate: TranslateText,
): string {
  if (typeof message === "string") return message;
  return translate(message.key, interpolationParams(message, language, translate));
}

/** Every text key `message` uses, its nested messages' included (for checks that the texts exist). */
export function textKeysOf(message: TextMessage): string[] {
  const keys = [message.key];
  for (const value of Object.values(message.params)) {
    if (isTextMessage(value)) keys.push(...textKeysOf(value));
    else if (Array.isArray(value)) {
      for (const item of value as readonly (string | TextMessage)[])
        if (typeof item !== "string") keys.push(...textKeysOf(item));
    }
  }
  return keys;
}
