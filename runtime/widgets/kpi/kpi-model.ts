/**
 * A KPI from its result: one measure, optionally grouped by one date bucket sorted ascending — the
 * value is the last row's measure and the comparison the previous row's ("vs previous month").
 * The change is relative to the previous value's size, so a fall from −10 to −20 reads as down.
 */
import type { DataQuery, DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import { numberOf, resultShape } from "../result-shape.ts";
import { bucketOf, type DateBucket } from "../value-format.ts";

/** Which way the value moved against the previous one. */
export type KpiDirection = "up" | "down" | "flat";

/** What a KPI shows. */
export interface KpiModel {
  /** The measure's name (the result column). */
  measure: string;
  /** null when the last row's measure is empty. */
  value: number | null;
  comparison: {
    previous: number;
    direction: KpiDirection;
    /** Relative change (0.12 = +12 %); null when the previous value is 0. */
    change: number | null;
    /** The bucket compared over; undefined for a dimension without one. */
    bucket: DateBucket | undefined;
  } | null;
}

/** The KPI of a result; null when it has no measure or no rows. */
export function kpiModel(result: DataQueryResult, query: DataQuery | undefined): KpiModel | null {
  const { dimensions, measures } = resultShape(result);
  const measureIndex = measures[0];
  if (measureIndex === undefined) return null;
  // The upstream's Other row (TopN) is not a period; it never counts as the last one.
  const rows = result.Rows.filter((_, index) => index !== result.OtherRow);
  const last = rows.at(-1);
  if (!last) return null;
  const measure = result.Columns[measureIndex]?.Name ?? "";
  const value = numberOf(last[measureIndex]);
  const dimension = dimensions[0];
  const previousRow = rows.at(-2);
  const previous = previousRow ? numberOf(previousRow[measureIndex]) : null;
  if (dimension === undefined || previous === null || value === null) {
    return { measure, value, comparison: null };
  }
  const column = result.Columns[dimension];
  const direction: KpiDirection = value > previous ? "up" : value < previous ? "down" : "flat";
  return {
    measure,
    value,
    comparison: {
      previous,
      direction,
      change: previous === 0 ? null : (value - previous) / Math.abs(previous),
      bucket: column ? bucketOf(query, column) : undefined,
    },
  };
}
