/**
 * The text a chart is described by for anyone who cannot see it (WCAG 2.2 SC 1.1.1): what it spans
 * and, per series, its lowest, highest and latest values — the same numbers a sighted reader takes
 * from it. Shown visually hidden beside the drawing and named by it (aria-describedby).
 */
import type { CartesianData } from "./cartesian-options.ts";
import type { ChartContext } from "./chart-context.ts";
import type { Slice } from "./pie-options.ts";
import type { ScatterData } from "./scatter-options.ts";

/** Translates a text key with parameters (i18next's t). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Most series a summary describes one by one. */
const MAX_DESCRIBED_SERIES = 6;

/** The summary of a line, area or bar chart. */
export function cartesianSummary(data: CartesianData, context: ChartContext, t: Translate): string[] {
  const first = data.categories[0] ?? "";
  const last = data.categories.at(-1) ?? "";
  const lines = [t("Widget_SummaryCategories", { count: data.categories.length, first, last })];
  for (const series of data.series.slice(0, MAX_DESCRIBED_SERIES)) {
    let min: { value: number; at: string } | null = null;
    let max: { value: number; at: string } | null = null;
    let latest: { value: number; at: string } | null = null;
    series.values.forEach((value, index) => {
      if (value === null) return;
      const at = data.categories[index] ?? "";
      if (!min || value < min.value) min = { value, at };
      if (!max || value > max.value) max = { value, at };
      latest = { value, at };
    });
    if (!min || !max || !latest) {
      lines.push(t("Widget_SummarySeriesEmpty", { name: series.name }));
      continue;
    }
    const [low, high, end] = [min, max, latest] as [
      { value: number; at: string },
      { value: number; at: string },
      { value: number; at: string },
    ];
    lines.push(
      t("Widget_SummarySeries", {
        name: series.name,
        min: context.format(low.value),
        minAt: low.at,
        max: context.format(high.value),
        maxAt: high.at,
        last: context.format(end.value),
        lastAt: end.at,
      }),
    );
  }
  if (data.series.length > MAX_DESCRIBED_SERIES) {
    lines.push(t("Widget_SummaryMoreSeries", { count: data.series.length - MAX_DESCRIBED_SERIES }));
  }
  return lines;
}

/** The summary of a pie chart: its slices, largest first, with their shares. */
export function pieSummary(slices: Slice[], context: ChartContext, t: Translate): string[] {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const lines = [t("Widget_SummaryPie", { count: slices.length, total: context.format(total) })];
  const percent = new Intl.NumberFormat(context.locale, { style: "percent", maximumFractionDigits: 1 });
  for (const slice of [...slices].sort((a, b) => b.value - a.value).slice(0, MAX_DESCRIBED_SERIES)) {
    lines.push(
      t("Widget_SummarySlice", {
        name: slice.name,
        value: context.format(slice.value),
        share: percent.format(total === 0 ? 0 : slice.value / total),
      }),
    );
  }
  return lines;
}

/** The summary of a scatter chart: how many points, and the ranges of both axes. */
export function scatterSummary(data: ScatterData, context: ChartContext, t: Translate): string[] {
  const points = data.series.flatMap((series) => series.points);
  if (points.length === 0) return [t("Widget_Empty")];
  const xs = points.map((point) => point.value[0]);
  const ys = points.map((point) => point.value[1]);
  return [
    t("Widget_SummaryScatter", {
      count: points.length,
      x: data.xName,
      minX: context.format(Math.min(...xs)),
      maxX: context.format(Math.max(...xs)),
      y: data.yName,
      minY: context.format(Math.min(...ys)),
      maxY: context.format(Math.max(...ys)),
    }),
  ];
}
