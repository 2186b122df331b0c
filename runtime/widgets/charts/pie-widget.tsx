/** The pie widget's chunk (pie and donut kinds): ECharts' pie chart and the parts it uses. */
import "echarts/lib/chart/pie";
import "echarts/lib/component/tooltip";
import "echarts/lib/component/legendScroll";
import { init, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { WidgetRendererProps } from "../widget-props.ts";
import { pieSummary } from "./chart-summary.ts";
import { ChartUnreadable } from "./chart-unreadable.tsx";
import { EChart } from "./echarts-chart.tsx";
import { pieData, pieOption } from "./pie-options.ts";
import { useChartContext } from "./use-chart-context.ts";

use([CanvasRenderer]);

/** A pie or donut chart. */
export default function PieWidget(props: WidgetRendererProps) {
  const { t } = useTranslation();
  const context = useChartContext(props.style, props.settings);
  const { result, widget, settings } = props;
  const slices = useMemo(
    () => (result ? pieData(result, widget.Query, context) : null),
    [result, widget.Query, context],
  );
  const option = useMemo(
    () => (slices ? pieOption(slices, settings, context) : null),
    [slices, settings, context],
  );
  const summary = useMemo(() => (slices ? pieSummary(slices, context, t) : []), [slices, context, t]);
  if (!slices || !option) return <ChartUnreadable />;
  return (
    <EChart
      init={init}
      option={option}
      label={props.title}
      summary={summary}
      background={props.style.background}
      onPicture={props.onPicture}
    />
  );
}
