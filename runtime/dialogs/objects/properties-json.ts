/**
 * An object's definition (`Properties`, free JSON ≤ 48 KB) as text in the
 * settings dialogs. Binary-like entries (the base64 Thumbnail) are kept out of
 * the editor and put back on save: they are not edited as text.
 */
import { OBJECT_PROPERTIES_MAX_CHARS } from "./object-api.ts";

/** Keys kept out of the text editor. */
export const HIDDEN_PROPERTY_KEYS = ["Thumbnail"] as const;

const isHidden = (key: string) => (HIDDEN_PROPERTY_KEYS as readonly string[]).includes(key);

/** The editable part of `properties` as indented JSON. */
export function propertiesToText(properties: Readonly<Record<string, unknown>> | undefined): string {
  const shown = Object.fromEntries(Object.entries(properties ?? {}).filter(([key]) => !isHidden(key)));
  return JSON.stringify(shown, null, 2);
}

/** The outcome of reading the editor's text. */
export type ParsedProperties =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; errorKey: "Properties_InvalidJson" | "Properties_NotAnObject" | "Properties_TooLarge" };

/**
 * Reads the editor's text and puts the hidden entries of `original` back.
 * The result must be a JSON object within the upstream's size limit.
 */
export function parsePropertiesText(
  text: string,
  original: Readonly<Record<string, unknown>> | undefined,
): ParsedProperties {
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return { ok: false, errorKey: "Properties_InvalidJson" };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, errorKey: "Properties_NotAnObject" };
  }
  const edited = Object.fromEntries(Object.entries(value).filter(([key]) => !isHidden(key)));
  const hidden = Object.fromEntries(Object.entries(original ?? {}).filter(([key]) => isHidden(key)));
  const merged = { ...edited, ...hidden };
  if (JSON.stringify(merged).length > OBJECT_PROPERTIES_MAX_CHARS) {
    return { ok: false, errorKey: "Properties_TooLarge" };
  }
  return { ok: true, value: merged };
}

/** A validator for the kit's TextField: the text must read as properties (§5 custom validator). */
export function propertiesValidator(text: string): string | null {
  const parsed = parsePropertiesText(text, undefined);
  return parsed.ok ? null : parsed.errorKey;
}
