/**
 * What the filter widgets offer and what a choice becomes (the cross-filter rule of
 * core/analytics/cross-filter.ts turns the selection into the other widgets' viewer filters):
 * a select's options are its query's first column (its count, when there is one, shown beside),
 * a date range's bounds the min and max its query returns; a range left open at one end takes the
 * data's own bound there, so every range sent is complete.
 */
import type { FilterSelection, Literal } from "../../../core/analytics/cross-filter.ts";
import type { DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import { numberOf, resultShape } from "../result-shape.ts";
import { isoDateParts } from "../value-format.ts";

/** One option of a select. */
export interface FilterOption {
  value: Literal;
  count: number | null;
}

/** Most options a select offers (a filter over more values is not one to pick from a list). */
export const MAX_FILTER_OPTIONS = 500;

/** The options of a select or multi-select from its query's result. */
export function selectOptions(result: DataQueryResult | null): FilterOption[] {
  if (!result) return [];
  const { measures } = resultShape(result);
  const countIndex = measures.find((index) => index !== 0);
  const seen = new Set<string>();
  const options: FilterOption[] = [];
  result.Rows.forEach((row, index) => {
    if (index === result.OtherRow) return;
    const value = row[0] ?? null;
    const key = JSON.stringify(value);
    if (seen.has(key) || options.length >= MAX_FILTER_OPTIONS) return;
    seen.add(key);
    options.push({ value, count: countIndex === undefined ? null : numberOf(row[countIndex]) });
  });
  return options;
}

/** An option's value as the key of a form control (`<option value>`, checkbox ids). */
export function optionKey(value: Literal): string {
  return JSON.stringify(value);
}

/** The value an option key stands for (from the options, so nothing else can be chosen). */
export function optionByKey(options: readonly FilterOption[], key: string): FilterOption | undefined {
  return options.find((option) => optionKey(option.value) === key);
}

/** A date or date-time text as the YYYY-MM-DD of a date input; null otherwise. */
export function dateInputValue(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const parts = isoDateParts(value);
  if (!parts) return null;
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)}`;
}

/** The first and last date of a date range's data: the first two dates of its first row, ordered. */
export function dateBounds(result: DataQueryResult | null): { min: string; max: string } | null {
  const row = result?.Rows[0];
  if (!row) return null;
  const dates = row.map(dateInputValue).filter((value): value is string => value !== null);
  const [a, b] = dates;
  if (a === undefined) return null;
  const second = b ?? a;
  return a <= second ? { min: a, max: second } : { min: second, max: a };
}

/** A select's selection (null: every value, no filter). */
export function selectSelection(
  widgetId: string,
  column: string,
  option: FilterOption | undefined,
): FilterSelection | null {
  return option ? { widgetId, column, operator: "Equals", value: option.value } : null;
}

/** A multi-select's selection (none checked: no filter). */
export function multiSelection(
  widgetId: string,
  column: string,
  options: readonly FilterOption[],
): FilterSelection | null {
  return options.length === 0
    ? null
    : { widgetId, column, operator: "In", values: options.map((option) => option.value) };
}

/**
 * A date range's selection from the two inputs: an empty end takes the data's bound; a range
 * equal to the data's bounds, or with no input at all, filters nothing; From after To is swapped.
 */
export function dateRangeSelection(
  widgetId: string,
  column: string,
  input: { from: string; to: string },
  bounds: { min: string; max: string } | null,
): FilterSelection | null {
  const from = dateInputValue(input.from) ?? bounds?.min ?? null;
  const to = dateInputValue(input.to) ?? bounds?.max ?? null;
  if (from === null || to === null) return null;
  const [low, high] = from <= to ? [from, to] : [to, from];
  if (bounds && low <= bounds.min && high >= bounds.max) return null;
  return { widgetId, column, operator: "Between", values: [low, high] };
}
