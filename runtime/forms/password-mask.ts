/**
 * SPEC §5 password input: a value made only of asterisks and longer than four characters is the server's
 * stand-in for a stored secret. It is never shown as such; the input shows a placeholder of eight
 * asterisks instead, and whatever the user types replaces it.
 */
import { MASKED_PASSWORD_MIN_CHARS, MASKED_PASSWORD_PLACEHOLDER_CHARS } from "../state/constants.ts";

/** The placeholder shown for a stored secret: eight asterisks (§5). */
export const MASKED_PASSWORD_PLACEHOLDER = "*".repeat(MASKED_PASSWORD_PLACEHOLDER_CHARS);

/** Whether `value` is a masked stored secret: only asterisks, longer than four characters (§5). */
export function isMaskedPassword(value: unknown): boolean {
  return typeof value === "string" && value.length >= MASKED_PASSWORD_MIN_CHARS && /^\*+$/.test(value);
}

/** What a password input shows for `value`: an empty input with the eight-asterisk placeholder for a
 * masked secret, else the value itself with the caller's placeholder. */
export function passwordDisplay(
  value: string | null | undefined,
  placeholder?: string,
): { value: string; placeholder: string | undefined } {
  if (isMaskedPassword(value)) return { value: "", placeholder: MASKED_PASSWORD_PLACEHOLDER };
  return { value: value ?? "", placeholder };
}
