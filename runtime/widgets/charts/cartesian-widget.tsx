/**
 * The line, area and bar widgets: a ChartWidget (chart-widget.tsx) of the cartesian type named by
 * `type` (cartesian-options.ts, chart-summary.ts), drawn with the `init` of the chart type's own module.
 */
import type { init as initChart } from "echarts/core";
import type { WidgetRendererProps } from "../widget-props.ts";
import {
  type CartesianData,
  type CartesianRenderer,
  cartesianData,
  cartesianOption,
} from "./cartesian-options.ts";
import { cartesianSummary } from "./chart-summary.ts";
import { type ChartType, ChartWidget } from "./chart-widget.tsx";

const cartesian = (type: CartesianRenderer): ChartType<CartesianData> => ({
  data: cartesianData,
  option: (data, settings, context) => cartesianOption(type, data, settings, context),
  summary: cartesianSummary,
});
const CHARTS: Record<CartesianRenderer, ChartType<CartesianData>> = {
  line: cartesian("line"),
  area: cartesian("area"),
  bar: cartesian("bar"),
};

/** A cartesian chart widget drawn with `init`. */
export function CartesianWidget({
  type,
  ...props
}: WidgetRendererProps & { init: typeof initChart; type: CartesianRenderer }) {
  return <ChartWidget {...props} chart={CHARTS[type]} />;
}
