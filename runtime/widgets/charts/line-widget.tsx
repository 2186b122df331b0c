/**
 * The line and area widgets' chunk: ECharts' line chart and the parts it uses, nothing else. Each
 * part is ECharts' own registration module (`echarts/lib/chart/line` registers the line chart, as
 * `use(LineChart)` would): importing the `echarts/charts` and `echarts/components` barrels instead
 * made the bundler place every chart any widget uses in one chunk all of them share.
 */
import "echarts/lib/chart/line";
import "echarts/lib/component/grid";
import "echarts/lib/component/tooltip";
import "echarts/lib/component/legendScroll";
import { init, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import type { WidgetRendererProps } from "../widget-props.ts";
import { CartesianWidget } from "./cartesian-widget.tsx";

use([CanvasRenderer]);

/** A line or area chart. */
export default function LineWidget(props: WidgetRendererProps) {
  return <CartesianWidget {...props} init={init} type={props.renderer === "area" ? "area" : "line"} />;
}
