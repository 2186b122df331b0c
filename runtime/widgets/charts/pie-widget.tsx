/** The pie widget's chunk (pie and donut kinds): ECharts' pie chart and the parts it uses. */
import "echarts/lib/chart/pie";
import "echarts/lib/component/tooltip";
import "echarts/lib/component/legendScroll";
import { init, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import type { WidgetRendererProps } from "../widget-props.ts";
import { pieSummary } from "./chart-summary.ts";
import { type ChartType, ChartWidget } from "./chart-widget.tsx";
import { pieData, pieOption, type Slice } from "./pie-options.ts";

use([CanvasRenderer]);

const PIE: ChartType<Slice[]> = { data: pieData, option: pieOption, summary: pieSummary };

/** A pie or donut chart. */
export default function PieWidget(props: WidgetRendererProps) {
  return <ChartWidget {...props} init={init} chart={PIE} />;
}
