/** The line and area widgets' chunk: ECharts' line chart and the parts it uses, nothing else. */
import { LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import { init, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import type { WidgetRendererProps } from "../widget-props.ts";
import { CartesianWidget } from "./cartesian-widget.tsx";

use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** A line or area chart. */
export default function LineWidget(props: WidgetRendererProps) {
  return <CartesianWidget {...props} init={init} type={props.renderer === "area" ? "area" : "line"} />;
}
