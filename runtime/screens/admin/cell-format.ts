/**
 * How a list cell shows its value, per column format (schemas/screens.ts): numbers and currencies with
 * the UI language's separators, dates and date-times in the user's locale, bytes as KB/MB/GB, booleans
 * as yes/no marks, statuses as toned badges from the column's options (unknown values raw), e-mail
 * addresses as mailto links. Pure: the caller gives the locale, the time zone and `t`.
 */
import type { ScreenColumn } from "../../../schemas/screens.ts";
import { formatBytes } from "../../forms/file-rules.ts";
import { isIsoDate } from "../../forms/formats.ts";
import type { Row } from "./list-request.ts";

/** Badge colours of a status value. */
export type Tone = "neutral" | "info" | "success" | "warning" | "danger";

/** What a cell renders. */
export type CellView =
  | { kind: "empty" }
  | { kind: "text"; text: string }
  | { kind: "boolean"; value: boolean; label: string }
  | { kind: "status"; text: string; tone: Tone }
  | { kind: "email"; text: string; href: string | null };

/** Formatting settings: the UI language and, for tests, a fixed time zone. */
export interface CellFormatOptions {
  locale: string;
  timeZone?: string;
  t: (key: string) => string;
}

/** Text keys of the boolean marks. */
export const BOOLEAN_KEYS = { yes: "AdminCell_Yes", no: "AdminCell_No" } as const;

/** A plain e-mail address: no white space, no characters that would change a mailto link. */
const MAILTO_SAFE = /^[^\s@?#&/\\<>"]+@[^\s@?#&/\\<>"]+$/;

function numberOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

function dateText(value: unknown, options: CellFormatOptions, withTime: boolean): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  // A calendar date is the same day everywhere: format it in UTC so no time zone shifts it.
  const calendar = typeof value === "string" && isIsoDate(value);
  const date = new Date(calendar ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return null;
  const format = new Intl.DateTimeFormat(options.locale, {
    dateStyle: "medium",
    ...(withTime && !calendar ? { timeStyle: "short" } : {}),
    timeZone: calendar ? "UTC" : options.timeZone,
  });
  return format.format(date);
}

function currencyText(amount: number, currency: unknown, locale: string): string {
  if (typeof currency === "string" && /^[A-Za-z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(
        amount,
      );
    } catch {
      // An unknown code: the amount with the code as sent.
    }
  }
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );
  return typeof currency === "string" && currency !== "" ? `${number} ${currency}` : number;
}

function booleanOf(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === "true") return true;
  if (value === 0 || value === "false") return false;
  return null;
}

/** The raw value as text (objects as JSON), for the text format and for values a format cannot read. */
export function rawText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value) ?? "";
}

/** The view of the column's value in `row`. */
export function formatCell(column: ScreenColumn, row: Row, options: CellFormatOptions): CellView {
  const value = row[column.field];
  if (value === null || value === undefined || value === "") return { kind: "empty" };
  const text = (formatted: string | null): CellView => ({ kind: "text", text: formatted ?? rawText(value) });
  switch (column.format ?? "text") {
    case "number": {
      const number = numberOf(value);
      return text(number === null ? null : new Intl.NumberFormat(options.locale).format(number));
    }
    case "currency": {
      const number = numberOf(value);
      const currency = column.currencyField ? row[column.currencyField] : undefined;
      return text(number === null ? null : currencyText(number, currency, options.locale));
    }
    case "bytes": {
      const number = numberOf(value);
      return text(number === null ? null : formatBytes(number, options.locale));
    }
    case "date":
      return text(dateText(value, options, false));
    case "datetime":
      return text(dateText(value, options, true));
    case "boolean": {
      const flag = booleanOf(value);
      if (flag === null) return text(null);
      return { kind: "boolean", value: flag, label: options.t(flag ? BOOLEAN_KEYS.yes : BOOLEAN_KEYS.no) };
    }
    case "status": {
      const option = column.options?.find((o) => o.value === value);
      if (!option) return { kind: "status", text: rawText(value), tone: "neutral" };
      return { kind: "status", text: options.t(option.labelKey), tone: option.tone ?? "neutral" };
    }
    case "email": {
      const address = rawText(value);
      return { kind: "email", text: address, href: MAILTO_SAFE.test(address) ? `mailto:${address}` : null };
    }
    default:
      return text(null);
  }
}

/** An ISO date-time for display (medium date, short time); text that is not a date as it came. */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}
