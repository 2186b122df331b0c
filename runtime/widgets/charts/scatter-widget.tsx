/** The scatter widget's chunk: ECharts' scatter chart and the parts it uses. */
import "echarts/lib/chart/scatter";
import "echarts/lib/component/grid";
import "echarts/lib/component/tooltip";
import "echarts/lib/component/legendScroll";
import { init, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import type { WidgetRendererProps } from "../widget-props.ts";
import { scatterSummary } from "./chart-summary.ts";
import { type ChartType, ChartWidget } from "./chart-widget.tsx";
import { type ScatterData, scatterData, scatterOption } from "./scatter-options.ts";

use([CanvasRenderer]);

const SCATTER: ChartType<ScatterData> = { data: scatterData, option: scatterOption, summary: scatterSummary };

/** A scatter chart. */
export default function ScatterWidget(props: WidgetRendererProps) {
  return <ChartWidget {...props} init={init} chart={SCATTER} />;
}
