/**
 * The cross-filter rule of a definition's widgets, written once for both sides: the runtime turns a
 * viewer's selections in the filter widgets (date range, select, multi-select) into the viewer
 * filters each data widget's query call sends, and the upstream accepts exactly those (anything
 * else is refused with 400, so a viewer — or a visitor of a shared link — can only narrow what a
 * widget shows, by the columns its definition offers).
 *
 * A widget is a filter widget when its kind's renderer is one of FILTER_RENDERERS. The upstream does
 * not read the widgets manifest: it passes `kindRendererOf = (kind) => kind`, which is right because
 * the manifest never names a filter renderer under another kind, nor another renderer under a filter
 * renderer's name (the manifest check refuses both).
 */
import type { WidgetDefinition } from "../../schemas/payloads/analytics-content.ts";
import type { DataQuery, DataQueryFilter } from "../../schemas/payloads/data-query.ts";

/** A value a filter compares with. */
export type Literal = string | number | boolean | null;

/** The renderers of the filter widgets, and the operator each one's selection becomes. */
export const FILTER_OPERATORS = { dateRange: "Between", select: "Equals", multiSelect: "In" } as const;

/** A renderer of a filter widget. */
export type FilterRenderer = keyof typeof FILTER_OPERATORS;
/** The operator of a viewer filter. */
export type FilterOperator = (typeof FILTER_OPERATORS)[FilterRenderer];

/** Whether a renderer (or, upstream, a kind) is one of the filter widgets'. */
export function isFilterKind(kind: string | undefined): kind is FilterRenderer {
  return kind !== undefined && Object.hasOwn(FILTER_OPERATORS, kind);
}

/** What the viewer picked in one filter widget: a range (Between), one value (Equals) or several (In). */
export type FilterSelection = {
  widgetId: string;
  column: string;
  operator: FilterOperator;
  value?: Literal;
  values?: Literal[];
};

/** A filter widget of a definition: the column it filters, its operator and the widgets it narrows. */
export interface FilterWidget {
  widgetId: string;
  renderer: FilterRenderer;
  column: string;
  operator: FilterOperator;
  /** Ids of the data widgets its selection applies to. */
  targets: string[];
}

/** The renderer of a widget's kind (the manifest's lookup in the runtime; the identity upstream). */
export type KindRendererOf = (kind: string) => string | undefined;

function sourceOf(widget: WidgetDefinition): number | undefined {
  return widget.Query?.Source.RecId;
}

function settingsOf(widget: WidgetDefinition): Record<string, unknown> {
  const settings = widget.Settings;
  return settings !== null && typeof settings === "object" && !Array.isArray(settings) ? settings : {};
}

/** A data widget: one with a query that is not a filter widget itself. */
function isDataWidget(widget: WidgetDefinition, kindRendererOf: KindRendererOf): boolean {
  return widget.Query !== undefined && !isFilterKind(kindRendererOf(widget.Kind));
}

/**
 * The filter widgets of a definition's widgets, each with its column and the widget ids it targets.
 * A filter widget without a `Settings.Column` text filters nothing and is left out. `Settings.Targets`
 * names its targets (ids that are not data widgets of the definition are dropped); without it, the
 * targets are every data widget whose Query.Source.RecId is the filter widget's own (none when the
 * filter widget has no query).
 */
export function filterWidgets(
  widgets: readonly WidgetDefinition[],
  kindRendererOf: KindRendererOf,
): FilterWidget[] {
  const dataWidgets = widgets.filter((widget) => isDataWidget(widget, kindRendererOf));
  const found: FilterWidget[] = [];
  for (const widget of widgets) {
    const renderer = kindRendererOf(widget.Kind);
    if (!isFilterKind(renderer)) continue;
    const settings = settingsOf(widget);
    const column = settings.Column;
    if (typeof column !== "string" || column === "") continue;
    const source = sourceOf(widget);
    const named = Array.isArray(settings.Targets)
      ? settings.Targets.filter((target): target is string => typeof target === "string")
      : undefined;
    const targets =
      named !== undefined
        ? dataWidgets.filter((data) => named.includes(data.Id))
        : source === undefined
          ? []
          : dataWidgets.filter((data) => sourceOf(data) === source);
    found.push({
      widgetId: widget.Id,
      renderer,
      column,
      operator: FILTER_OPERATORS[renderer],
      targets: targets.map((target) => target.Id),
    });
  }
  return found;
}

/** The filter a complete selection becomes; undefined while it selects nothing (no filter then). */
function filterOf(selection: FilterSelection): DataQueryFilter | undefined {
  if (selection.operator === "Equals") {
    return selection.value === undefined
      ? undefined
      : { Column: selection.column, Operator: "Equals", Value: selection.value };
  }
  const values = selection.values;
  if (values === undefined) return undefined;
  if (selection.operator === "Between") {
    return values.length === 2 && values.every((value) => value !== null)
      ? { Column: selection.column, Operator: "Between", Values: [...values] }
      : undefined;
  }
  return values.length === 0 ? undefined : { Column: selection.column, Operator: "In", Values: [...values] };
}

/**
 * The viewer filters one widget's query receives from the selections (the Filters of the widget
 * query request): one per filter widget that targets it and has a complete selection on its own
 * column with its own operator (a later selection of the same filter widget replaces an earlier one).
 */
export function filtersFor(
  widgetId: string,
  widgets: readonly WidgetDefinition[],
  selections: readonly FilterSelection[],
  kindRendererOf: KindRendererOf,
): DataQueryFilter[] {
  const latest = new Map<string, FilterSelection>();
  for (const selection of selections) latest.set(selection.widgetId, selection);
  const filters: DataQueryFilter[] = [];
  for (const filter of filterWidgets(widgets, kindRendererOf)) {
    if (!filter.targets.includes(widgetId)) continue;
    const selection = latest.get(filter.widgetId);
    if (!selection || selection.column !== filter.column || selection.operator !== filter.operator) continue;
    const made = filterOf(selection);
    if (made) filters.push(made);
  }
  return filters;
}

/**
 * Whether viewer filters sent for a widget are all allowed: each names a column some filter widget
 * targeting the widget declares, with that filter widget's operator (Between, Equals or In). The
 * upstream refuses the request otherwise (400), naming the first column refused.
 */
export function checkViewerFilters(
  widgetId: string,
  widgets: readonly WidgetDefinition[],
  filters: readonly DataQueryFilter[],
  kindRendererOf: KindRendererOf,
): { ok: true } | { ok: false; column: string } {
  const declared = filterWidgets(widgets, kindRendererOf).filter((filter) =>
    filter.targets.includes(widgetId),
  );
  for (const filter of filters) {
    const allowed = declared.some(
      (declaration) => declaration.column === filter.Column && declaration.operator === filter.Operator,
    );
    if (!allowed) return { ok: false, column: filter.Column };
  }
  return { ok: true };
}

/** The query a widget runs: its own Query with the viewer filters appended (all must hold). */
export function queryWithFilters(
  widget: { Query: DataQuery },
  filters: readonly DataQueryFilter[],
): DataQuery {
  if (filters.length === 0) return widget.Query;
  return { ...widget.Query, Filters: [...(widget.Query.Filters ?? []), ...filters] };
}
