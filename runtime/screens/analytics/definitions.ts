/**
 * The definitions the viewers draw (schemas/payloads/analytics-content.ts), read from an object's
 * `Properties.Definition`. The upstream validates a definition on every write, but objects older
 * than definitions have none, and a viewer must not fail on a stored value it cannot read: a
 * malformed definition reads as none (the "no definition" state) and a malformed widget is left
 * out, the rest is drawn.
 */
import type {
  BinderDefinition,
  DashboardDefinition,
  InsightDefinition,
  LiveDocDefinition,
  ReportDefinition,
  WidgetDefinition,
} from "../../../schemas/payloads/analytics-content.ts";
import { objectOrEmpty } from "../../widgets/widget-kinds.ts";

const WIDGET_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const integer = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** A widget a viewer can draw (an id, a kind, a position), else null. */
export function widgetOf(value: unknown): WidgetDefinition | null {
  const widget = objectOrEmpty(value);
  const position = objectOrEmpty(widget.Position);
  if (typeof widget.Id !== "string" || !WIDGET_ID.test(widget.Id) || typeof widget.Kind !== "string")
    return null;
  if (![position.X, position.Y, position.W, position.H].every(integer)) return null;
  const query = widget.Query;
  const validQuery =
    query !== null && typeof query === "object" && integer(objectOrEmpty(objectOrEmpty(query).Source).RecId);
  return {
    Id: widget.Id,
    Kind: widget.Kind,
    ...(typeof widget.Title === "string" ? { Title: widget.Title } : {}),
    Position: {
      X: position.X as number,
      Y: position.Y as number,
      W: position.W as number,
      H: position.H as number,
    },
    ...(validQuery ? { Query: query as WidgetDefinition["Query"] } : {}),
    ...(widget.Settings !== undefined ? { Settings: objectOrEmpty(widget.Settings) } : {}),
  };
}

/** The widgets of a list that a viewer can draw, ids kept unique (a repeated id is left out). */
export function widgetsOf(value: unknown): WidgetDefinition[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const widgets: WidgetDefinition[] = [];
  for (const item of value) {
    const widget = widgetOf(item);
    if (!widget || seen.has(widget.Id)) continue;
    seen.add(widget.Id);
    widgets.push(widget);
  }
  return widgets;
}

/** The `Definition` of version 1 in an object's Properties, else null. */
function definitionOf(properties: unknown): Record<string, unknown> | null {
  const definition = objectOrEmpty(properties).Definition;
  if (definition === null || typeof definition !== "object" || Array.isArray(definition)) return null;
  const value = definition as Record<string, unknown>;
  return value.Version === 1 ? value : null;
}

/** A dashboard's definition from its Properties. */
export function dashboardDefinitionOf(properties: unknown): DashboardDefinition | null {
  const definition = definitionOf(properties);
  if (!definition || !Array.isArray(definition.Widgets)) return null;
  return {
    Version: 1,
    ...(text(definition.Theme) ? { Theme: text(definition.Theme) } : {}),
    ...(integer(definition.RowHeight) ? { RowHeight: definition.RowHeight } : {}),
    Widgets: widgetsOf(definition.Widgets),
  };
}

/** A dashboard definition that is itself the value (a binder page's `Definition`). */
export function dashboardOfDefinition(definition: unknown): DashboardDefinition | null {
  return dashboardDefinitionOf({ Definition: definition });
}

/** A binder's definition from its Properties. */
export function binderDefinitionOf(properties: unknown): BinderDefinition | null {
  const definition = definitionOf(properties);
  if (!definition || !Array.isArray(definition.DashboardRecIds)) return null;
  const ids = definition.DashboardRecIds.filter((id): id is number => integer(id) && id > 0);
  return ids.length === 0 ? null : { Version: 1, DashboardRecIds: ids };
}

/** A block of a live document. */
export type LiveDocBlock = LiveDocDefinition["Blocks"][number];

/** A live document's definition from its Properties (blocks it cannot read left out). */
export function liveDocDefinitionOf(properties: unknown): LiveDocDefinition | null {
  const definition = definitionOf(properties);
  if (!definition || !Array.isArray(definition.Blocks)) return null;
  const seen = new Set<string>();
  const blocks: LiveDocBlock[] = [];
  for (const item of definition.Blocks) {
    const block = objectOrEmpty(item);
    if (block.Type === "Text" && typeof block.Html === "string")
      blocks.push({ Type: "Text", Html: block.Html });
    if (block.Type === "Widget") {
      const widget = widgetOf(block.Widget);
      if (widget && !seen.has(widget.Id)) {
        seen.add(widget.Id);
        blocks.push({ Type: "Widget", Widget: widget });
      }
    }
  }
  return { Version: 1, ...(text(definition.Theme) ? { Theme: text(definition.Theme) } : {}), Blocks: blocks };
}

/** An insight's definition from its Properties. */
export function insightDefinitionOf(properties: unknown): InsightDefinition | null {
  const definition = definitionOf(properties);
  const widget = definition ? widgetOf(definition.Widget) : null;
  if (!definition || !widget) return null;
  return { Version: 1, ...(text(definition.Note) ? { Note: text(definition.Note) } : {}), Widget: widget };
}

/** A report section. */
export type ReportSection = ReportDefinition["Sections"][number];

/** A report's definition from its Properties (widget ids unique across its sections). */
export function reportDefinitionOf(properties: unknown): ReportDefinition | null {
  const definition = definitionOf(properties);
  if (!definition || !Array.isArray(definition.Sections)) return null;
  const seen = new Set<string>();
  const sections: ReportSection[] = [];
  for (const item of definition.Sections) {
    const section = objectOrEmpty(item);
    if (typeof section.Title !== "string") continue;
    const widgets = widgetsOf(section.Widgets).filter((widget) => !seen.has(widget.Id));
    for (const widget of widgets) seen.add(widget.Id);
    sections.push({
      Title: section.Title,
      ...(typeof section.Html === "string" ? { Html: section.Html } : {}),
      Widgets: widgets,
    });
  }
  if (sections.length === 0) return null;
  return {
    Version: 1,
    ...(text(definition.Theme) ? { Theme: text(definition.Theme) } : {}),
    Sections: sections as ReportDefinition["Sections"],
  };
}

/** Every widget of a live document, in block order. */
export function liveDocWidgets(definition: LiveDocDefinition): WidgetDefinition[] {
  return definition.Blocks.flatMap((block) => (block.Type === "Widget" ? [block.Widget] : []));
}
