/**
 * What every chart option builder is given besides the result: the widget's colours, the UI
 * language, the value formatter of its settings and the texts a label may need. Builders are pure
 * (no ECharts import), so the options are tested as data.
 */
import type { LabelTexts } from "../value-format.ts";
import type { WidgetStyle } from "../widget-style.ts";

/** The inputs of a chart option besides the result and the settings. */
export interface ChartContext {
  style: WidgetStyle;
  locale: string;
  texts: LabelTexts;
  /** Formats a measure (tooltips, summaries). */
  format: (value: number) => string;
  /** Formats an axis tick (short). */
  axisFormat: (value: number) => string;
}

/** The text style every chart part shares. */
export function textStyle(context: ChartContext) {
  return { color: context.style.text, fontFamily: "inherit" };
}

/** The legend, when the settings show one and there is more than one entry to tell apart. */
export function legendOption(context: ChartContext, show: boolean, entries: number) {
  return show && entries > 1
    ? {
        show: true,
        type: "scroll" as const,
        top: 0,
        textStyle: { color: context.style.text },
        pageTextStyle: { color: context.style.text },
        pageIconColor: context.style.text,
      }
    : { show: false };
}

/** The tooltip's colours: the widget's surface and text, so it reads like the widget. */
export function tooltipOption(context: ChartContext, trigger: "axis" | "item") {
  return {
    trigger,
    confine: true,
    backgroundColor: context.style.background,
    borderColor: context.style.line,
    textStyle: { color: context.style.text },
    valueFormatter: (value: unknown) =>
      typeof value === "number" ? context.format(value) : String(value ?? ""),
  };
}

/** A boolean setting, else its default. */
export function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}
