/**
 * The filter selections of one page, shared by every widget on it (a dashboard, a binder page, a
 * live document, a report): a selection in a filter widget replaces that widget's earlier one, and
 * each data widget receives the viewer filters the cross-filter rule gives it
 * (core/analytics/cross-filter.ts) — so only the widgets a filter targets load again.
 */
import { useCallback, useMemo, useState } from "react";
import {
  type FilterSelection,
  filtersFor,
  filterWidgets,
  type KindRendererOf,
} from "../../../core/analytics/cross-filter.ts";
import type { WidgetDefinition } from "../../../schemas/payloads/analytics-content.ts";
import type { DataQueryFilter } from "../../../schemas/payloads/data-query.ts";
import type { FilterBinding } from "../../widgets/widget-props.ts";

/** The selections after `widgetId`'s selection became `selection` (null: cleared). */
export function withSelection(
  selections: readonly FilterSelection[],
  widgetId: string,
  selection: FilterSelection | null,
): FilterSelection[] {
  const others = selections.filter((entry) => entry.widgetId !== widgetId);
  return selection ? [...others, selection] : others;
}

/** The viewer filters of every widget of the page under `selections`, by widget id. */
export function pageFilters(
  widgets: readonly WidgetDefinition[],
  selections: readonly FilterSelection[],
  rendererOf: KindRendererOf,
): Map<string, DataQueryFilter[]> {
  return new Map(
    widgets.map((widget) => [widget.Id, filtersFor(widget.Id, widgets, selections, rendererOf)]),
  );
}

/** What a page's widgets need of its filter state. */
export interface PageFilters {
  /** The viewer filters a widget's query call sends. */
  filtersOf: (widgetId: string) => DataQueryFilter[];
  /** The binding of a filter widget (undefined for others). */
  bindingOf: (widgetId: string) => FilterBinding | undefined;
  /** Whether any filter is set. */
  active: boolean;
  clear: () => void;
}

/** The filter state of a page over `widgets`. */
export function usePageFilters(
  widgets: readonly WidgetDefinition[],
  rendererOf: KindRendererOf,
): PageFilters {
  const [selections, setSelections] = useState<FilterSelection[]>([]);
  const filters = useMemo(
    () => pageFilters(widgets, selections, rendererOf),
    [widgets, selections, rendererOf],
  );
  const declared = useMemo(
    () => new Map(filterWidgets(widgets, rendererOf).map((filter) => [filter.widgetId, filter])),
    [widgets, rendererOf],
  );
  const filtersOf = useCallback((widgetId: string) => filters.get(widgetId) ?? [], [filters]);
  const bindingOf = useCallback(
    (widgetId: string): FilterBinding | undefined => {
      const filter = declared.get(widgetId);
      if (!filter) return undefined;
      return {
        column: filter.column,
        selection: selections.find((entry) => entry.widgetId === widgetId) ?? null,
        select: (selection) => setSelections((current) => withSelection(current, widgetId, selection)),
      };
    },
    [declared, selections],
  );
  const clear = useCallback(() => setSelections([]), []);
  return { filtersOf, bindingOf, active: selections.length > 0, clear };
}
