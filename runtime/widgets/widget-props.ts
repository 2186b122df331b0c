/** What every widget renderer of the registry (widget-registry.ts) receives. */
import type { FilterSelection } from "../../core/analytics/cross-filter.ts";
import type { WidgetDefinition } from "../../schemas/payloads/analytics-content.ts";
import type { DataQueryResult } from "../../schemas/payloads/data-query.ts";
import type { WidgetRenderer } from "../../schemas/widgets.ts";
import type { WidgetSettings } from "./widget-kinds.ts";
import type { WidgetStyle } from "./widget-style.ts";

/** Takes the widget's picture as a `data:image/png` URL (charts; null while there is none). */
export type PictureTaker = () => string | null;

/** A filter widget's part in the page's cross-filtering: its column, its selection, how to change it. */
export interface FilterBinding {
  column: string;
  selection: FilterSelection | null;
  select: (selection: FilterSelection | null) => void;
}

/** Props of a widget renderer. */
export interface WidgetRendererProps {
  widget: WidgetDefinition;
  /** The renderer drawing it (line and area share a module, and tell themselves apart by it). */
  renderer: WidgetRenderer;
  /** The kind's defaults under the widget's own Settings. */
  settings: WidgetSettings;
  /** The query's rows (null for widgets without data: text, image). */
  result: DataQueryResult | null;
  /** The widget's accessible name (its title, else its kind's name). */
  title: string;
  style: WidgetStyle;
  /** Charts hand over how their picture is taken (Export PNG); null when they go. */
  onPicture: (taker: PictureTaker | null) => void;
  /** Filter widgets only. */
  filter?: FilterBinding;
}
