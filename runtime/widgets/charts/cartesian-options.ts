/**
 * Line, area and bar charts from a result: the first dimension is the category axis (in the
 * result's order, which the query sorts), a second dimension splits the first measure into one
 * series per value; without one, every measure is a series. Settings: Stacked, Horizontal (bar),
 * Smooth (line, area), ShowLegend.
 */
import type { BarSeriesOption, LineSeriesOption } from "echarts/charts";
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from "echarts/components";
import type { ComposeOption } from "echarts/core";
import type { DataQuery, DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import { numberOf, resultShape } from "../result-shape.ts";
import { bucketOf, dimensionLabel } from "../value-format.ts";
import type { WidgetSettings } from "../widget-kinds.ts";
import { type ChartContext, flag, legendOption, textStyle, tooltipOption } from "./chart-context.ts";

/** The option of a line, area or bar chart. */
export type CartesianOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** The renderers this builder draws. */
export type CartesianRenderer = "line" | "area" | "bar";

/** Categories and the series over them. */
export interface CartesianData {
  categories: string[];
  series: { name: string; values: (number | null)[] }[];
}

/** Most series drawn from a second dimension; the rest would be unreadable colours. */
export const MAX_SERIES = 12;
/** Up to this many points a line marks each one (beyond, the marks hide the line). */
const MAX_MARKED_POINTS = 40;

/** The categories and series of a result; null without a dimension or a measure. */
export function cartesianData(
  result: DataQueryResult,
  query: DataQuery | undefined,
  context: Pick<ChartContext, "locale" | "texts">,
): CartesianData | null {
  const { dimensions, measures } = resultShape(result);
  const [categoryIndex, seriesIndex] = dimensions;
  if (categoryIndex === undefined || measures.length === 0) return null;
  const labelOf = (row: DataQueryResult["Rows"][number], index: number, column: number, rowIndex: number) => {
    const described = result.Columns[column];
    if (!described) return "";
    return dimensionLabel(row[index], described, {
      bucket: bucketOf(query, described),
      locale: context.locale,
      texts: context.texts,
      isOther: rowIndex === result.OtherRow,
    });
  };
  const categories: string[] = [];
  const categoryAt = new Map<string, number>();
  const rowCategories = result.Rows.map((row, rowIndex) => {
    const label = labelOf(row, categoryIndex, categoryIndex, rowIndex);
    if (!categoryAt.has(label)) {
      categoryAt.set(label, categories.length);
      categories.push(label);
    }
    return categoryAt.get(label) as number;
  });
  if (seriesIndex === undefined) {
    return {
      categories,
      series: measures.map((measure) => {
        const values: (number | null)[] = categories.map(() => null);
        result.Rows.forEach((row, rowIndex) => {
          values[rowCategories[rowIndex] as number] = numberOf(row[measure]);
        });
        return { name: result.Columns[measure]?.Name ?? "", values };
      }),
    };
  }
  const measure = measures[0] as number;
  const byName = new Map<string, (number | null)[]>();
  result.Rows.forEach((row, rowIndex) => {
    const name = labelOf(row, seriesIndex, seriesIndex, -1);
    let values = byName.get(name);
    if (!values) {
      if (byName.size >= MAX_SERIES) return;
      values = categories.map(() => null);
      byName.set(name, values);
    }
    values[rowCategories[rowIndex] as number] = numberOf(row[measure]);
  });
  return { categories, series: [...byName].map(([name, values]) => ({ name, values })) };
}

/** The ECharts option of a line, area or bar chart. */
export function cartesianOption(
  renderer: CartesianRenderer,
  data: CartesianData,
  settings: WidgetSettings,
  context: ChartContext,
): CartesianOption {
  const stacked = flag(settings.Stacked, false);
  const horizontal = renderer === "bar" && flag(settings.Horizontal, false);
  const legend = legendOption(context, flag(settings.ShowLegend, true), data.series.length);
  const { style } = context;
  const categoryAxis = {
    type: "category" as const,
    data: data.categories,
    axisLabel: { color: style.muted, hideOverlap: true },
    axisLine: { lineStyle: { color: style.line } },
    axisTick: { lineStyle: { color: style.line } },
    // Bars sit between ticks; lines start at the first category.
    boundaryGap: renderer === "bar",
  };
  const valueAxis = {
    type: "value" as const,
    axisLabel: { color: style.muted, formatter: (value: number) => context.axisFormat(value) },
    splitLine: { lineStyle: { color: style.line, opacity: 0.35 } },
  };
  const series = data.series.map((entry) => {
    const common = { name: entry.name, data: entry.values, ...(stacked ? { stack: "total" } : {}) };
    if (renderer === "bar") {
      return { ...common, type: "bar" as const, emphasis: { focus: "series" as const } };
    }
    return {
      ...common,
      type: "line" as const,
      smooth: flag(settings.Smooth, renderer === "area"),
      showSymbol: data.categories.length <= MAX_MARKED_POINTS,
      connectNulls: false,
      ...(renderer === "area" ? { areaStyle: { opacity: stacked ? 0.55 : 0.25 } } : {}),
    };
  });
  return {
    animation: false,
    color: [...style.series],
    backgroundColor: "transparent",
    textStyle: textStyle(context),
    tooltip: tooltipOption(context, "axis"),
    legend,
    grid: { left: 8, right: 16, bottom: 8, top: legend.show ? 36 : 16, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? { ...categoryAxis, inverse: true } : valueAxis,
    series,
  } as CartesianOption;
}
