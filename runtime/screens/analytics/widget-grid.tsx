/**
 * Widgets on the 12-column grid of their definition (grid-layout.ts), in reading order, each a
 * WidgetView of its own with its data from `source` and the page's filters; on narrow viewports and
 * where the route asks (`stacked`: the /mobile routes) one column, in the same order (analytics.css).
 */
import type { CSSProperties } from "react";
import type { WidgetDefinition } from "../../../schemas/payloads/analytics-content.ts";
import { WidgetView } from "../../widgets/widget-view.tsx";
import { gridPlacement, readingOrder, rowHeightOf } from "./grid-layout.ts";
import type { PageFilters } from "./page-filters.ts";
import { loadWidgetQuery, sourceKey, type WidgetSource } from "./widget-data.ts";
import type { WidgetSetup } from "./widget-setup.ts";
import "./analytics.css";

/** Props of a WidgetGrid. */
export interface WidgetGridProps {
  widgets: readonly WidgetDefinition[];
  rowHeight?: number;
  /** One column whatever the viewport (the /mobile routes). */
  stacked?: boolean;
  setup: WidgetSetup;
  filters: PageFilters;
  source: WidgetSource;
  headingLevel?: 2 | 3;
}

/** A grid of widgets. */
export function WidgetGrid(props: WidgetGridProps) {
  const { setup, filters, source } = props;
  const rowHeight = rowHeightOf(props.rowHeight);
  return (
    <div
      className={props.stacked ? "analytics-grid analytics-grid--stacked" : "analytics-grid"}
      style={{ "--analytics-row-height": `${rowHeight}px` } as CSSProperties}
    >
      {readingOrder(props.widgets).map((widget) => (
        <PlacedWidget
          key={widget.Id}
          widget={widget}
          rowHeight={rowHeight}
          setup={setup}
          filters={filters}
          source={source}
          headingLevel={props.headingLevel}
        />
      ))}
    </div>
  );
}

/** One widget at its place, loading its rows with the filters it receives. */
export function PlacedWidget(props: {
  widget: WidgetDefinition;
  rowHeight: number;
  setup: WidgetSetup;
  filters: PageFilters;
  source: WidgetSource;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const { widget, setup, filters, source } = props;
  const kind = setup.kindOf(widget);
  const viewerFilters = filters.filtersOf(widget.Id);
  const placement = gridPlacement(widget.Position);
  const style = {
    "--analytics-column": placement.gridColumn,
    "--analytics-row": placement.gridRow,
    "--analytics-height": `${Math.max(1, widget.Position.H) * props.rowHeight}px`,
  } as CSSProperties;
  return (
    <WidgetView
      widget={widget}
      kind={kind}
      theme={setup.styleOf(widget, kind)}
      load={(signal) => loadWidgetQuery(source, widget.Id, viewerFilters, signal)}
      loadKey={`${sourceKey(source)}:${widget.Id}:${JSON.stringify(viewerFilters)}`}
      filter={filters.bindingOf(widget.Id)}
      headingLevel={props.headingLevel}
      style={style}
      className={["analytics-grid__item", props.className ?? ""].filter(Boolean).join(" ")}
    />
  );
}
