/**
 * The string formats of the form vocabulary (screens schema): ISO dates, RFC 3339 date-times and JSON
 * text. Linear-time checks without eval, shared by the schema interpreter and the widgets.
 */

/** A calendar date YYYY-MM-DD that exists (no 31 February). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An RFC 3339 date-time with a time zone, e.g. 2024-05-01T08:30:00Z or …+02:00. */
export function isIsoDateTime(value: string): boolean {
  const match =
    /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?([Zz]|[+-]\d{2}:\d{2})$/.exec(value);
  if (!match || !isIsoDate(match[1] ?? "")) return false;
  return Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4] ?? 0) < 61;
}

/** Whether the text is one JSON value. */
export function parsesAsJson(value: string): boolean {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}
