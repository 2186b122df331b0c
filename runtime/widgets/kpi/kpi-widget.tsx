/**
 * The KPI widget: the value large, and beside it the change against the previous period, told by an
 * arrow, a word (up, down, unchanged) and the signed percentage — colour is never the only cue
 * (WCAG 2.2 SC 1.4.1) — with the previous value it compares with.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { measureFormatter } from "../value-format.ts";
import type { WidgetRendererProps } from "../widget-props.ts";
import { SHELL_WIDGET_COLOURS } from "../widget-style.ts";
import { kpiModel } from "./kpi-model.ts";

const ARROWS = { up: "▲", down: "▼", flat: "▬" } as const;
const CHANGE_KEYS = { up: "Widget_KpiUp", down: "Widget_KpiDown", flat: "Widget_KpiFlat" } as const;
/** From zero there is no ratio to show: the direction alone. */
const DIRECTION_KEYS = {
  up: "Widget_KpiUpFromZero",
  down: "Widget_KpiDownFromZero",
  flat: "Widget_KpiFlat",
} as const;

/** A KPI. */
export default function KpiWidget({ result, widget, settings, style }: WidgetRendererProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const model = useMemo(() => (result ? kpiModel(result, widget.Query) : null), [result, widget.Query]);
  const format = useMemo(() => measureFormatter(settings, locale), [settings, locale]);
  if (!model) {
    return (
      <div className="widget-state">
        <p className="widget-state__title">{t("Widget_ShapeUnsupported")}</p>
      </div>
    );
  }
  const comparison = model.comparison;
  // The word says the direction, so the size is shown without a sign ("Down 12 %", not "Down −12 %").
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  // The success and danger tokens are measured on the shell's surfaces only; on a theme's own
  // background the arrow takes the text colour (the word and the sign still tell the direction).
  const onShellSurface = Object.values(SHELL_WIDGET_COLOURS).some(
    (colours) => colours.background === style.background,
  );
  return (
    <div className="widget-kpi">
      <p className="widget-kpi__value">
        {model.value === null ? t("Widget_KpiNoValue") : format(model.value)}
      </p>
      {comparison ? (
        <p
          className={`widget-kpi__change${onShellSurface ? ` widget-kpi__change--${comparison.direction}` : ""}`}
        >
          <span className="widget-kpi__arrow" aria-hidden="true">
            {ARROWS[comparison.direction]}
          </span>{" "}
          <span className="widget-kpi__delta">
            {comparison.change === null
              ? t(DIRECTION_KEYS[comparison.direction])
              : t(CHANGE_KEYS[comparison.direction], { change: percent.format(Math.abs(comparison.change)) })}
          </span>{" "}
          <span className="widget-kpi__previous">
            {t(`Widget_KpiVsPrevious_${comparison.bucket ?? "row"}`, {
              previous: format(comparison.previous),
            })}
          </span>
        </p>
      ) : null}
    </div>
  );
}
