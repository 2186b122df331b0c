/**
 * How a renderer reads a query result (schemas/payloads/data-query.ts): the viewer draws the
 * result's columns in order, dimensions then measures. A grouped query says which is which
 * (Role Dimension / Measure); a plain Select's columns count as dimensions unless they are Number
 * columns, which count as measures. A malformed answer reads as no rows rather than failing the page.
 */
import type { DataQueryResult } from "../../schemas/payloads/data-query.ts";

/** One column of a result. */
export type ResultColumn = DataQueryResult["Columns"][number];
/** One cell of a result. */
export type Cell = DataQueryResult["Rows"][number][number];

/** The column indexes of a result's dimensions and measures, in column order. */
export interface ResultShape {
  dimensions: number[];
  measures: number[];
}

/** The dimensions and measures of `result`. */
export function resultShape(result: Pick<DataQueryResult, "Columns">): ResultShape {
  const dimensions: number[] = [];
  const measures: number[] = [];
  result.Columns.forEach((column, index) => {
    const measure = column.Role === "Measure" || (column.Role === "Column" && column.Type === "Number");
    (measure ? measures : dimensions).push(index);
  });
  return { dimensions, measures };
}

/** A cell as a finite number, or null (text, empty, NaN). */
export function numberOf(cell: Cell | undefined): number | null {
  return typeof cell === "number" && Number.isFinite(cell) ? cell : null;
}

/** Whether a value is a query result the renderers can read: columns described, rows as wide as them. */
export function isDataQueryResult(value: unknown): value is DataQueryResult {
  if (value === null || typeof value !== "object") return false;
  const result = value as Partial<DataQueryResult>;
  if (!Array.isArray(result.Columns) || !Array.isArray(result.Rows)) return false;
  const columns = result.Columns;
  const described = columns.every(
    (column) =>
      column !== null &&
      typeof column === "object" &&
      typeof column.Name === "string" &&
      ["Number", "Text", "Date", "Boolean"].includes(column.Type) &&
      ["Column", "Dimension", "Measure"].includes(column.Role),
  );
  const cellOk = (cell: unknown) =>
    cell === null || typeof cell === "string" || typeof cell === "number" || typeof cell === "boolean";
  return (
    described &&
    result.Rows.every((row) => Array.isArray(row) && row.length === columns.length && row.every(cellOk)) &&
    (result.OtherRow === null || result.OtherRow === undefined || Number.isInteger(result.OtherRow))
  );
}

/** Whether a result has rows to draw. */
export function hasRows(result: DataQueryResult | null): boolean {
  return result !== null && result.Rows.length > 0;
}
