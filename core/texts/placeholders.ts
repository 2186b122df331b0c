/**
 * The {{placeholders}} of a text (i18next's interpolation syntax) and the rule every translation
 * follows: the same placeholders as the English text, as many times each. One rule for the shipped
 * locales (scripts/check-locales.ts), every published configuration (server/gateway/config/
 * check-texts.ts) and the studio's texts editor.
 */

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** The placeholder names of a text, sorted, a name repeated as often as the text uses it. */
export function placeholderNames(text: string): string[] {
  if (!text.includes("{{")) return [];
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string).sort();
}

/**
 * The sorted, comma-joined placeholder names of a text: two texts follow the placeholder rule
 * together exactly when these are equal.
 */
export function placeholdersOf(text: string): string {
  return placeholderNames(text).join(",");
}

/** How a translation's placeholders differ from English's, each list sorted. */
export interface PlaceholderDifference {
  /** Used by English and not by the translation (a name once per missing use). */
  missing: string[];
  /** Used by the translation and not by English (a name once per extra use). */
  extra: string[];
}

/**
 * The placeholders `text` lacks and adds against `english`, counted as multisets, so both lists are
 * empty exactly when `placeholdersOf(text) === placeholdersOf(english)`.
 */
export function placeholderDifference(text: string, english: string): PlaceholderDifference {
  const englishNames = placeholderNames(english);
  const names = placeholderNames(text);
  if (englishNames.length === 0) return { missing: [], extra: names };
  const remaining = new Map<string, number>();
  for (const name of englishNames) remaining.set(name, (remaining.get(name) ?? 0) + 1);
  const extra: string[] = [];
  for (const name of names) {
    const left = remaining.get(name) ?? 0;
    if (left > 0) remaining.set(name, left - 1);
    else extra.push(name);
  }
  const missing: string[] = [];
  for (const [name, left] of remaining) for (let i = 0; i < left; i += 1) missing.push(name);
  return { missing: missing.sort(), extra };
}
