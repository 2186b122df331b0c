/**
 * The table widget's rows as pure functions: sorted on the client by one column (numbers by value,
 * text in the UI language's collation, dates as their ISO text — which sorts by time — and empty
 * cells last either way), and the totals row of the Number columns (Settings.ShowTotals).
 */
import type { DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import type { Cell } from "../result-shape.ts";

/** A column sort: which column, which way. */
export interface TableSort {
  column: number;
  direction: "ascending" | "descending";
}

/** The next sort when the header of `column` is chosen: ascending, then descending, then none. */
export function nextSort(current: TableSort | null, column: number): TableSort | null {
  if (!current || current.column !== column) return { column, direction: "ascending" };
  return current.direction === "ascending" ? { column, direction: "descending" } : null;
}

/** aria-sort of a column header under `sort`. */
export function ariaSort(sort: TableSort | null, column: number): "ascending" | "descending" | "none" {
  return sort?.column === column ? sort.direction : "none";
}

const isEmpty = (cell: Cell | undefined) => cell === null || cell === undefined || cell === "";

/** Compares two cells of one column, empty ones last; null when they do not compare (keep order). */
function compareCells(a: Cell | undefined, b: Cell | undefined, collator: Intl.Collator): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/**
 * The row indexes of `rows` in the order `sort` gives (stable: equal cells keep the result's order);
 * the result's order without a sort. Empty cells go last in both directions.
 */
export function sortedRowOrder(
  rows: DataQueryResult["Rows"],
  sort: TableSort | null,
  locale: string,
): number[] {
  const order = rows.map((_, index) => index);
  if (!sort) return order;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: "base" });
  const sign = sort.direction === "ascending" ? 1 : -1;
  return order.sort((left, right) => {
    const a = rows[left]?.[sort.column];
    const b = rows[right]?.[sort.column];
    const emptyA = isEmpty(a);
    const emptyB = isEmpty(b);
    if (emptyA || emptyB) return emptyA === emptyB ? left - right : emptyA ? 1 : -1;
    return sign * compareCells(a, b, collator) || left - right;
  });
}

/**
 * The totals row: the sum of each Number column (measures and selected Number columns), null for
 * the others; the Other row of a TopN is a row like the rest (its groups are part of the total).
 */
export function totalsRow(result: Pick<DataQueryResult, "Columns" | "Rows">): (number | null)[] {
  return result.Columns.map((column, index) => {
    if (column.Type !== "Number") return null;
    let sum = 0;
    for (const row of result.Rows) {
      const cell = row[index];
      if (typeof cell === "number" && Number.isFinite(cell)) sum += cell;
    }
    return sum;
  });
}
