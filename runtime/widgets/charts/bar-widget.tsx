/** The bar widget's chunk: ECharts' bar chart and the parts it uses, nothing else. */
import "echarts/lib/chart/bar";
import "echarts/lib/component/grid";
import "echarts/lib/component/tooltip";
import "echarts/lib/component/legendScroll";
import { init, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import type { WidgetRendererProps } from "../widget-props.ts";
import { CartesianWidget } from "./cartesian-widget.tsx";

use([CanvasRenderer]);

/** A bar chart (grouped or stacked, vertical or horizontal). */
export default function BarWidget(props: WidgetRendererProps) {
  return <CartesianWidget {...props} init={init} type="bar" />;
}
