/**
 * Dates, numbers and sizes in the user's language (Intl). Missing values show as an em dash so a
 * table cell is never blank; an unparsable date shows as the text received.
 */
import { formatBytes } from "../../../forms/file-rules.ts";

/** What an absent value shows as. */
export const NO_VALUE = "—";

/** A date and time such as "21 Nov 2025, 14:05". */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return NO_VALUE;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** A calendar date such as "21 Nov 2025"; `YYYY-MM-DD` is read as that day (no time-zone shift). */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return NO_VALUE;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", ...(day ? { timeZone: "UTC" } : {}) }).format(
    date,
  );
}

/** A whole number with the language's grouping. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A size in bytes (kit formatting: B, KB, MB…). */
export function formatSize(bytes: number | null | undefined, locale: string): string {
  return typeof bytes === "number" ? formatBytes(bytes, locale) : NO_VALUE;
}

/** The ISO date (YYYY-MM-DD) of an ISO timestamp or date, for date inputs; "" when absent. */
export function isoDay(value: string | null | undefined): string {
  if (!value) return "";
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : "";
}

/** A day without the year, such as "Nov 21", for chart labels; `YYYY-MM-DD` is read as that day. */
export function formatShortDay(value: string, locale: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, {
    month: "short",
    day: "numeric",
    ...(day ? { timeZone: "UTC" } : {}),
  }).format(date);
}
