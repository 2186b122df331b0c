/**
 * The pivot table of a result with two dimensions and one measure: the first dimension's values are
 * the rows, the second's the columns (each in the order they first appear, which the query sorts),
 * a cell the measure of that pair (the sum when the result holds the pair more than once), with
 * totals per row, per column and overall.
 */
import type { DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import { numberOf, resultShape } from "../result-shape.ts";

/** A pivot: labels of rows and columns, cells by [row][column] (null: no value), totals. */
export interface Pivot {
  rowTitle: string;
  columnTitle: string;
  measure: string;
  rows: string[];
  columns: string[];
  cells: (number | null)[][];
  rowTotals: number[];
  columnTotals: number[];
  total: number;
}

/** Most columns a pivot spreads (more would not fit a widget nor be read). */
export const MAX_PIVOT_COLUMNS = 50;

/** The pivot of a result; null unless it has two dimensions and a measure. */
export function pivotOf(
  result: DataQueryResult,
  labelOf: (row: number, column: number) => string,
): Pivot | null {
  const { dimensions, measures } = resultShape(result);
  const [rowDimension, columnDimension] = dimensions;
  const [measure] = measures;
  if (rowDimension === undefined || columnDimension === undefined || measure === undefined) return null;
  const rows: string[] = [];
  const columns: string[] = [];
  const rowAt = new Map<string, number>();
  const columnAt = new Map<string, number>();
  const entries: { row: number; column: number; value: number | null }[] = [];
  result.Rows.forEach((row, index) => {
    const rowLabel = labelOf(index, rowDimension);
    const columnLabel = labelOf(index, columnDimension);
    if (!columnAt.has(columnLabel)) {
      if (columns.length >= MAX_PIVOT_COLUMNS) return;
      columnAt.set(columnLabel, columns.length);
      columns.push(columnLabel);
    }
    if (!rowAt.has(rowLabel)) {
      rowAt.set(rowLabel, rows.length);
      rows.push(rowLabel);
    }
    entries.push({
      row: rowAt.get(rowLabel) as number,
      column: columnAt.get(columnLabel) as number,
      value: numberOf(row[measure]),
    });
  });
  const cells: (number | null)[][] = rows.map(() => columns.map(() => null));
  for (const entry of entries) {
    if (entry.value === null) continue;
    const line = cells[entry.row] as (number | null)[];
    line[entry.column] = (line[entry.column] ?? 0) + entry.value;
  }
  const rowTotals = cells.map((line) => line.reduce<number>((sum, cell) => sum + (cell ?? 0), 0));
  const columnTotals = columns.map((_, column) => cells.reduce((sum, line) => sum + (line[column] ?? 0), 0));
  return {
    rowTitle: result.Columns[rowDimension]?.Name ?? "",
    columnTitle: result.Columns[columnDimension]?.Name ?? "",
    measure: result.Columns[measure]?.Name ?? "",
    rows,
    columns,
    cells,
    rowTotals,
    columnTotals,
    total: rowTotals.reduce((sum, value) => sum + value, 0),
  };
}
