/**
 * The rules one text of a language follows, beside the key rule (exactly English's keys) that only
 * the whole set can check: not empty, not longer than MAX_TEXT_LENGTH, the multi-line text rule of
 * schemas/text-rules.ts (texts are shown as messages), and the placeholders of the English text.
 * The configuration plane words them (server/gateway/config/check-texts.ts); the studio's texts
 * editor shows them beside the field.
 */
import { isMultiLineText } from "../../schemas/text-rules.ts";
import { type PlaceholderDifference, placeholderDifference } from "./placeholders.ts";

/** Longest text accepted (the longest shipped text is far shorter). */
export const MAX_TEXT_LENGTH = 4000;

/** One rule a text breaks. */
export type TextViolation =
  /** Not a string, or blank after trimming. */
  | { rule: "empty" }
  | { rule: "tooLong"; maxLength: number }
  /** A control or direction-override character (schemas/text-rules.ts). */
  | { rule: "multiLine" }
  | ({ rule: "placeholders" } & PlaceholderDifference);

/**
 * The rules `text` breaks, in this order: empty (then nothing else is checked), too long, multi-line
 * rule, placeholders. `english` is the English text of the same key, or undefined for English itself
 * (or when English has no text to compare with).
 */
export function textViolations(text: unknown, english: string | undefined): TextViolation[] {
  if (typeof text !== "string" || text.trim() === "") return [{ rule: "empty" }];
  const violations: TextViolation[] = [];
  if (text.length > MAX_TEXT_LENGTH) violations.push({ rule: "tooLong", maxLength: MAX_TEXT_LENGTH });
  if (!isMultiLineText(text)) violations.push({ rule: "multiLine" });
  if (english !== undefined) {
    const difference = placeholderDifference(text, english);
    if (difference.missing.length > 0 || difference.extra.length > 0) {
      violations.push({ rule: "placeholders", ...difference });
    }
  }
  return violations;
}
