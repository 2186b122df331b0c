/**
 * The widget renderers by renderer name (schemas/widgets.ts WIDGET_RENDERERS; a manifest kind names
 * one), through the registry mechanism of every registry (runtime/renderers/registry.ts: exact
 * lookup, duplicates throw, lazy entries, a visible fallback). Each chart type is a chunk of its
 * own with only the ECharts parts it draws, so a page loads what it shows (line and area are one
 * ECharts chart type, one module).
 */
import { LazyRegistry } from "../renderers/registry.ts";
import type { WidgetRendererProps } from "./widget-props.ts";
import { WidgetUnavailable } from "./widget-unavailable.tsx";

/** The widget renderers of this build. */
export const widgetRegistry = new LazyRegistry<WidgetRendererProps>("widgets", WidgetUnavailable);
widgetRegistry.register("kpi", () => import("./kpi/kpi-widget.tsx"));
widgetRegistry.register("line", () => import("./charts/line-widget.tsx"));
widgetRegistry.register("area", () => import("./charts/line-widget.tsx"));
widgetRegistry.register("bar", () => import("./charts/bar-widget.tsx"));
widgetRegistry.register("pie", () => import("./charts/pie-widget.tsx"));
widgetRegistry.register("scatter", () => import("./charts/scatter-widget.tsx"));
widgetRegistry.register("table", () => import("./table/table-widget.tsx"));
widgetRegistry.register("pivot", () => import("./pivot/pivot-widget.tsx"));
widgetRegistry.register("text", () => import("./content/text-widget.tsx"));
widgetRegistry.register("image", () => import("./content/image-widget.tsx"));
widgetRegistry.register("dateRange", () => import("./filters/date-range-filter.tsx"));
widgetRegistry.register("select", () => import("./filters/select-filter.tsx"));
widgetRegistry.register("multiSelect", () => import("./filters/select-filter.tsx"));
