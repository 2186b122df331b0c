/** Query results the widget tests read: shaped as the upstream answers them (schemas/payloads/data-query.ts). */

import type { ChartContext } from "../../../runtime/widgets/charts/chart-context.ts";
import { widgetStyle } from "../../../runtime/widgets/widget-style.ts";
import type { DataQueryResult } from "../../../schemas/payloads/data-query.ts";

type Columns = DataQueryResult["Columns"];

/** A result of `columns` and `rows` (the bookkeeping fields as a fresh, uncached answer). */
export function result(
  columns: Columns,
  rows: DataQueryResult["Rows"],
  otherRow: number | null = null,
): DataQueryResult {
  return {
    Columns: columns,
    Rows: rows,
    OtherRow: otherRow,
    Truncated: false,
    RowsScanned: rows.length,
    SourceVersion: "1",
    Cached: false,
    ElapsedMs: 1,
  };
}

export const month = { Name: "Month", Type: "Date", Role: "Dimension" } as const;
export const region = { Name: "Region", Type: "Text", Role: "Dimension" } as const;
export const revenue = { Name: "Revenue", Type: "Number", Role: "Measure" } as const;
export const orders = { Name: "Orders", Type: "Number", Role: "Measure" } as const;

/** A chart context in English, light theme, plain number formats. */
export const CONTEXT: ChartContext = {
  style: widgetStyle(null, "light"),
  locale: "en",
  texts: { other: "Other", empty: "(empty)", yes: "Yes", no: "No" },
  format: (value) => new Intl.NumberFormat("en").format(value),
  axisFormat: (value) => new Intl.NumberFormat("en", { notation: "compact" }).format(value),
};

/** A query grouping by month (the bucket the labels read). */
export const MONTHLY_QUERY = {
  Source: { RecId: 1 },
  GroupBy: [{ Column: "OrderDate", Bucket: "month" as const, As: "Month" }],
  Aggregates: [{ Function: "sum" as const, Column: "Revenue", As: "Revenue" }],
};

/** A t() that writes the key and its parameters, so tests see what was said. */
export const t = (key: string, params: Record<string, string | number> = {}) =>
  `${key}(${Object.entries(params)
    .map(([name, value]) => `${name}=${value}`)
    .join(",")})`;
