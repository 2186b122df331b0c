/**
 * A chart widget, whatever its chart type: the answer shaped into the type's data, the ECharts option
 * and the text summary made from that data (the type's *-options.ts and chart-summary.ts), drawn by
 * EChart with the `init` of the type's own chunk. This module registers no chart: each chart type
 * stays its own lazily loaded chunk with only its own ECharts parts (widget-registry.ts).
 */
import type { EChartsCoreOption, init as initChart } from "echarts/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { DataQuery, DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import type { WidgetSettings } from "../widget-kinds.ts";
import type { WidgetRendererProps } from "../widget-props.ts";
import type { ChartContext } from "./chart-context.ts";
import type { Translate } from "./chart-summary.ts";
import { ChartUnreadable } from "./chart-unreadable.tsx";
import { EChart } from "./echarts-chart.tsx";
import { useChartContext } from "./use-chart-context.ts";

/** How a chart type draws an answer. A module's constant, so that the widget's memos hold. */
export interface ChartType<Data> {
  /** The answer as the type's data; null when the answer does not fit the type. */
  data(result: DataQueryResult, query: DataQuery | undefined, context: ChartContext): Data | null;
  option(data: Data, settings: WidgetSettings, context: ChartContext): EChartsCoreOption;
  summary(data: Data, context: ChartContext, t: Translate): string[];
}

/** A widget drawn as a chart of `chart`'s type with `init`. */
export function ChartWidget<Data>(
  props: WidgetRendererProps & { init: typeof initChart; chart: ChartType<Data> },
) {
  const { t } = useTranslation();
  const context = useChartContext(props.style, props.settings);
  const { result, widget, settings, chart } = props;
  const data = useMemo(
    () => (result ? chart.data(result, widget.Query, context) : null),
    [chart, result, widget.Query, context],
  );
  const option = useMemo(
    () => (data ? chart.option(data, settings, context) : null),
    [chart, data, settings, context],
  );
  const summary = useMemo(() => (data ? chart.summary(data, context, t) : []), [chart, data, context, t]);
  if (!data || !option) return <ChartUnreadable />;
  return (
    <EChart
      init={props.init}
      option={option}
      label={props.title}
      summary={summary}
      background={props.style.background}
      onPicture={props.onPicture}
    />
  );
}
