import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { compactFormatter, measureFormatter } from "../value-format.ts";
import type { WidgetSettings } from "../widget-kinds.ts";
import type { WidgetStyle } from "../widget-style.ts";
import type { ChartContext } from "./chart-context.ts";

/** The chart context of a widget in the UI language. */
export function useChartContext(style: WidgetStyle, settings: WidgetSettings): ChartContext {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(
    () => ({
      style,
      locale,
      texts: {
        other: t("Widget_Other"),
        empty: t("Widget_EmptyValue"),
        yes: t("Widget_Yes"),
        no: t("Widget_No"),
      },
      format: measureFormatter(settings, locale),
      axisFormat: compactFormatter(locale),
    }),
    [style, locale, settings, t],
  );
}
