/**
 * The geometry of the usage bar charts as pure functions: a "nice" scale maximum, its ticks and one
 * bar per datum within the plot area, so the SVG component only draws what these return.
 */

/** One value of a chart. */
export interface BarDatum {
  label: string;
  value: number;
  /** A shorter label for under a column (e.g. "Nov 21"); the table keeps the full one. */
  short?: string;
}

/** A bar placed in the SVG's coordinates. */
export interface BarBox extends BarDatum {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The plot area inside the SVG's viewBox. */
export interface PlotArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value` (1 for nothing to show). */
export function niceMax(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** `count` + 1 evenly spaced tick values from 0 to `max`. */
export function ticks(max: number, count: number): number[] {
  const parts = Math.max(1, Math.trunc(count));
  return Array.from({ length: parts + 1 }, (_, index) => (max * index) / parts);
}

/** The y coordinate of `value` on a scale 0…max in `area` (0 at the bottom). */
export function scaleY(value: number, max: number, area: PlotArea): number {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return area.top + area.height * (1 - share);
}

/** One bar per datum, side by side with a gap of `gapShare` of each slot; negative values count as 0. */
export function barLayout(data: readonly BarDatum[], area: PlotArea, max: number, gapShare = 0.2): BarBox[] {
  if (data.length === 0) return [];
  const slot = area.width / data.length;
  const width = slot * (1 - gapShare);
  return data.map((datum, index) => {
    const y = scaleY(Math.max(0, datum.value), max, area);
    return {
      ...datum,
      x: area.left + slot * index + (slot - width) / 2,
      y,
      width,
      height: area.top + area.height - y,
    };
  });
}

/**
 * How many steps the value axis has: `preferred`, or for whole-number data (counts) the largest
 * step count up to `preferred` that divides the maximum, so no tick reads 0.25 sessions.
 */
export function tickCount(max: number, integer: boolean, preferred: number): number {
  if (!integer) return preferred;
  for (let count = Math.min(preferred, Math.max(1, Math.trunc(max))); count > 1; count -= 1) {
    if (max % count === 0) return count;
  }
  return 1;
}

/** One row per datum for a horizontal chart: the bar's length follows the value along `area`'s width. */
export function rowLayout(data: readonly BarDatum[], area: PlotArea, max: number, gapShare = 0.25): BarBox[] {
  if (data.length === 0) return [];
  const slot = area.height / data.length;
  const height = slot * (1 - gapShare);
  return data.map((datum, index) => {
    const share = max > 0 ? Math.min(1, Math.max(0, datum.value / max)) : 0;
    return {
      ...datum,
      x: area.left,
      y: area.top + slot * index + (slot - height) / 2,
      width: area.width * share,
      height,
    };
  });
}

/** The largest datum (the first one on ties), for the chart's text summary; null when empty. */
export function largest(data: readonly BarDatum[]): BarDatum | null {
  let best: BarDatum | null = null;
  for (const datum of data) if (best === null || datum.value > best.value) best = datum;
  return best;
}

/** Every `step`-th label is shown so long series stay readable (the table has them all). */
export function labelStep(count: number, room: number): number {
  return count <= room ? 1 : Math.ceil(count / Math.max(1, room));
}
