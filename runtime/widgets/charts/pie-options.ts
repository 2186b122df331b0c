/**
 * Pie and donut charts from one dimension and one measure (usually a TopN with its Other row):
 * one slice per row, labelled by name and share. Settings: Donut, ShowLegend. Slices of zero or
 * negative size cannot be drawn and are left out.
 */
import type { PieSeriesOption } from "echarts/charts";
import type { LegendComponentOption, TooltipComponentOption } from "echarts/components";
import type { ComposeOption } from "echarts/core";
import type { DataQuery, DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import { numberOf, resultShape } from "../result-shape.ts";
import { bucketOf, dimensionLabel } from "../value-format.ts";
import type { WidgetSettings } from "../widget-kinds.ts";
import { type ChartContext, flag, legendOption, textStyle, tooltipOption } from "./chart-context.ts";

/** The option of a pie chart. */
export type PieOption = ComposeOption<PieSeriesOption | LegendComponentOption | TooltipComponentOption>;

/** One slice. */
export interface Slice {
  name: string;
  value: number;
}

/** The slices of a result; null without a dimension or a measure. */
export function pieData(
  result: DataQueryResult,
  query: DataQuery | undefined,
  context: Pick<ChartContext, "locale" | "texts">,
): Slice[] | null {
  const { dimensions, measures } = resultShape(result);
  const [dimension] = dimensions;
  const [measure] = measures;
  if (dimension === undefined || measure === undefined) return null;
  const column = result.Columns[dimension];
  if (!column) return null;
  const slices: Slice[] = [];
  result.Rows.forEach((row, rowIndex) => {
    const value = numberOf(row[measure]);
    if (value === null || value <= 0) return;
    const name = dimensionLabel(row[dimension], column, {
      bucket: bucketOf(query, column),
      locale: context.locale,
      texts: context.texts,
      isOther: rowIndex === result.OtherRow,
    });
    slices.push({ name, value });
  });
  return slices;
}

/** The ECharts option of a pie or donut chart. */
export function pieOption(slices: Slice[], settings: WidgetSettings, context: ChartContext): PieOption {
  const donut = flag(settings.Donut, false);
  const legend = legendOption(context, flag(settings.ShowLegend, true), slices.length);
  return {
    animation: false,
    color: [...context.style.series],
    backgroundColor: "transparent",
    textStyle: textStyle(context),
    tooltip: tooltipOption(context, "item"),
    legend,
    series: [
      {
        type: "pie",
        radius: donut ? ["45%", "70%"] : [0, "70%"],
        center: ["50%", legend.show ? "56%" : "50%"],
        data: slices,
        // A border in the widget's background keeps adjacent slices apart where colours are close.
        itemStyle: { borderColor: context.style.background, borderWidth: 2 },
        label: { color: context.style.text, formatter: "{b}: {d}%" },
        labelLine: { lineStyle: { color: context.style.line } },
      },
    ],
  };
}
