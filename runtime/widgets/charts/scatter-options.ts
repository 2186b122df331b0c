/**
 * Scatter charts: either plain rows of two Number columns (a text column, when there is one, splits
 * them into series), or groups with two measures each (one point per group, named by it).
 */
import type { ScatterSeriesOption } from "echarts/charts";
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from "echarts/components";
import type { ComposeOption } from "echarts/core";
import type { DataQuery, DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import { numberOf, resultShape } from "../result-shape.ts";
import { bucketOf, dimensionLabel } from "../value-format.ts";
import type { WidgetSettings } from "../widget-kinds.ts";
import { MAX_SERIES } from "./cartesian-options.ts";
import { type ChartContext, flag, legendOption, textStyle, tooltipOption } from "./chart-context.ts";

/** The option of a scatter chart. */
export type ScatterOption = ComposeOption<
  ScatterSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** One point: x, y and the group it stands for (grouped results). */
export type ScatterPoint = { value: [number, number]; name?: string };

/** The axes' names and the series of points. */
export interface ScatterData {
  xName: string;
  yName: string;
  series: { name: string; points: ScatterPoint[] }[];
}

/** The points of a result; null without two measures. */
export function scatterData(
  result: DataQueryResult,
  query: DataQuery | undefined,
  context: Pick<ChartContext, "locale" | "texts">,
): ScatterData | null {
  const { dimensions, measures } = resultShape(result);
  const [xIndex, yIndex] = measures;
  if (xIndex === undefined || yIndex === undefined) return null;
  const xName = result.Columns[xIndex]?.Name ?? "";
  const yName = result.Columns[yIndex]?.Name ?? "";
  const [dimension] = dimensions;
  const column = dimension === undefined ? undefined : result.Columns[dimension];
  const labelOf = (row: DataQueryResult["Rows"][number], rowIndex: number) =>
    column && dimension !== undefined
      ? dimensionLabel(row[dimension], column, {
          bucket: bucketOf(query, column),
          locale: context.locale,
          texts: context.texts,
          isOther: rowIndex === result.OtherRow,
        })
      : "";
  // A selected text column splits rows into series; a grouped dimension names each point.
  const splits = column?.Role === "Column";
  const series = new Map<string, ScatterPoint[]>();
  const single = `${yName} / ${xName}`;
  result.Rows.forEach((row, rowIndex) => {
    const x = numberOf(row[xIndex]);
    const y = numberOf(row[yIndex]);
    if (x === null || y === null) return;
    const label = labelOf(row, rowIndex);
    const name = splits ? label : single;
    let points = series.get(name);
    if (!points) {
      if (series.size >= MAX_SERIES) return;
      points = [];
      series.set(name, points);
    }
    points.push(splits || !column ? { value: [x, y] } : { value: [x, y], name: label });
  });
  return { xName, yName, series: [...series].map(([name, points]) => ({ name, points })) };
}

/** The ECharts option of a scatter chart. */
export function scatterOption(
  data: ScatterData,
  settings: WidgetSettings,
  context: ChartContext,
): ScatterOption {
  const { style } = context;
  const legend = legendOption(context, flag(settings.ShowLegend, true), data.series.length);
  const axis = (name: string) => ({
    type: "value" as const,
    name,
    nameTextStyle: { color: style.muted },
    scale: true,
    axisLabel: { color: style.muted, formatter: (value: number) => context.axisFormat(value) },
    axisLine: { lineStyle: { color: style.line } },
    splitLine: { lineStyle: { color: style.line, opacity: 0.35 } },
  });
  return {
    animation: false,
    color: [...style.series],
    backgroundColor: "transparent",
    textStyle: textStyle(context),
    tooltip: tooltipOption(context, "item"),
    legend,
    grid: { left: 8, right: 24, bottom: 8, top: legend.show ? 40 : 28, containLabel: true },
    xAxis: { ...axis(data.xName), nameLocation: "middle", nameGap: 28 },
    yAxis: axis(data.yName),
    series: data.series.map((entry) => ({
      type: "scatter" as const,
      name: entry.name,
      data: entry.points,
      symbolSize: 8,
    })),
  } as ScatterOption;
}
