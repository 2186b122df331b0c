/**
 * Values as the widgets show them, in the UI language: measures by the kind's Format setting
 * (number, currency, percent; Decimals), date buckets by their bucket (a month as "Mar 2025", a
 * quarter as "Q1 2025"), and the TopN Other row and empty values by their texts.
 */
import type { DataQuery } from "../../schemas/payloads/data-query.ts";
import type { Cell, ResultColumn } from "./result-shape.ts";
import type { WidgetSettings } from "./widget-kinds.ts";

/** A date bucket of a GroupBy (schemas/payloads/data-query.ts DATE_BUCKETS). */
export type DateBucket = NonNullable<NonNullable<DataQuery["GroupBy"]>[number]["Bucket"]>;

/** Most decimals a Decimals setting may ask for (Intl's own limit is 100; 6 is all a widget shows). */
const MAX_DECIMALS = 6;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The number format a kind's settings ask for. */
export function numberFormatOptions(settings: WidgetSettings): Intl.NumberFormatOptions {
  const decimals =
    typeof settings.Decimals === "number" && Number.isInteger(settings.Decimals)
      ? Math.min(MAX_DECIMALS, Math.max(0, settings.Decimals))
      : undefined;
  const digits =
    decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  if (settings.Format === "percent") return { style: "percent", ...digits };
  if (
    settings.Format === "currency" &&
    typeof settings.Currency === "string" &&
    /^[A-Z]{3}$/.test(settings.Currency)
  ) {
    return { style: "currency", currency: settings.Currency, ...digits };
  }
  return { maximumFractionDigits: 2, ...digits };
}

/** A formatter of measures for `settings` in `locale`. */
export function measureFormatter(settings: WidgetSettings, locale: string): (value: number) => string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, numberFormatOptions(settings));
  } catch {
    // A currency Intl does not know: the number without it rather than no widget.
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  }
  return (value) => format.format(value);
}

/** Axis labels: short forms (1.2K, 3.4M) so they fit. */
export function compactFormatter(locale: string): (value: number) => string {
  const format = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
  return (value) => format.format(value);
}

/** The UTC calendar date of an ISO text, or null. */
export function isoDateParts(text: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** A date bucket's value ("2025-03-01") as a label of its bucket. */
export function formatBucket(text: string, bucket: DateBucket | undefined, locale: string): string {
  const parts = isoDateParts(text);
  if (!parts) return text;
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  const utc = { timeZone: "UTC" } as const;
  switch (bucket) {
    case "year":
      return String(parts.year);
    case "quarter":
      return `Q${Math.floor((parts.month - 1) / 3) + 1} ${parts.year}`;
    case "month":
      return new Intl.DateTimeFormat(locale, { ...utc, month: "short", year: "numeric" }).format(date);
    default:
      return new Intl.DateTimeFormat(locale, { ...utc, dateStyle: "medium" }).format(date);
  }
}

/** The bucket a result column was grouped by, from the widget's query (matched by output name). */
export function bucketOf(query: DataQuery | undefined, column: ResultColumn): DateBucket | undefined {
  const group = query?.GroupBy?.find((entry) => (entry.As ?? entry.Column) === column.Name);
  return group?.Bucket;
}

/** Texts a label needs besides the value itself. */
export interface LabelTexts {
  /** The TopN rest (OtherRow). */
  other: string;
  /** An empty value. */
  empty: string;
  yes: string;
  no: string;
}

/** How one dimension cell reads: a bucket label, a date, a yes/no, the Other row, or the text. */
export function dimensionLabel(
  cell: Cell | undefined,
  column: ResultColumn,
  options: { bucket?: DateBucket; locale: string; texts: LabelTexts; isOther?: boolean },
): string {
  if (options.isOther) return options.texts.other;
  if (cell === null || cell === undefined || cell === "") return options.texts.empty;
  if (typeof cell === "boolean") return cell ? options.texts.yes : options.texts.no;
  if (column.Type === "Date" && typeof cell === "string")
    return formatBucket(cell, options.bucket, options.locale);
  return String(cell);
}
