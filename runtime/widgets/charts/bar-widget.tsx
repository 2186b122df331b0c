/** The bar widget's chunk: ECharts' bar chart and the parts it uses, nothing else. */
import { BarChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import { init, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import type { WidgetRendererProps } from "../widget-props.ts";
import { CartesianWidget } from "./cartesian-widget.tsx";

use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** A bar chart (grouped or stacked, vertical or horizontal). */
export default function BarWidget(props: WidgetRendererProps) {
  return <CartesianWidget {...props} init={init} type="bar" />;
}
