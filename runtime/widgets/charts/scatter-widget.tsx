/** The scatter widget's chunk: ECharts' scatter chart and the parts it uses. */
import "echarts/lib/chart/scatter";
import "echarts/lib/component/grid";
import "echarts/lib/component/tooltip";
import "echarts/lib/component/legendScroll";
import { init, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { WidgetRendererProps } from "../widget-props.ts";
import { scatterSummary } from "./chart-summary.ts";
import { ChartUnreadable } from "./chart-unreadable.tsx";
import { EChart } from "./echarts-chart.tsx";
import { scatterData, scatterOption } from "./scatter-options.ts";
import { useChartContext } from "./use-chart-context.ts";

use([CanvasRenderer]);

/** A scatter chart. */
export default function ScatterWidget(props: WidgetRendererProps) {
  const { t } = useTranslation();
  const context = useChartContext(props.style, props.settings);
  const { result, widget, settings } = props;
  const data = useMemo(
    () => (result ? scatterData(result, widget.Query, context) : null),
    [result, widget.Query, context],
  );
  const option = useMemo(
    () => (data ? scatterOption(data, settings, context) : null),
    [data, settings, context],
  );
  const summary = useMemo(() => (data ? scatterSummary(data, context, t) : []), [data, context, t]);
  if (!data || !option) return <ChartUnreadable />;
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
