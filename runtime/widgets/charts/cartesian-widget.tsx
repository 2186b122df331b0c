/**
 * The line, area and bar widgets: the option and summary from cartesian-options.ts and
 * chart-summary.ts, drawn by EChart with the `init` of the chart type's own module.
 */
import type { init as initChart } from "echarts/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { WidgetRendererProps } from "../widget-props.ts";
import { type CartesianRenderer, cartesianData, cartesianOption } from "./cartesian-options.ts";
import { cartesianSummary } from "./chart-summary.ts";
import { ChartUnreadable } from "./chart-unreadable.tsx";
import { EChart } from "./echarts-chart.tsx";
import { useChartContext } from "./use-chart-context.ts";

/** A cartesian chart widget drawn with `init`. */
export function CartesianWidget(
  props: WidgetRendererProps & { init: typeof initChart; type: CartesianRenderer },
) {
  const { t } = useTranslation();
  const context = useChartContext(props.style, props.settings);
  const { result, widget, settings, type } = props;
  const data = useMemo(
    () => (result ? cartesianData(result, widget.Query, context) : null),
    [result, widget.Query, context],
  );
  const option = useMemo(
    () => (data ? cartesianOption(type, data, settings, context) : null),
    [data, settings, context, type],
  );
  const summary = useMemo(() => (data ? cartesianSummary(data, context, t) : []), [data, context, t]);
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
