/**
 * The dashboard editor as one pure reducer: the definition being edited, every change a user makes
 * to it (add a widget of a kind, move, resize, remove, duplicate, change its title, settings or
 * query, the grid's row height), an undo/redo history of whole definitions (bounded; each step a
 * snapshot that shares the unchanged widgets with the one before), the definition last saved (the
 * dirty flag and the leave guard) and what the last step did (the live region's words and where
 * focus goes). Layout rules are grid-compaction.ts'.
 */
import { isFilterKind } from "../../../../core/analytics/cross-filter.ts";
import {
  type DashboardDefinition,
  MAX_WIDGETS,
  type WidgetDefinition,
} from "../../../../schemas/payloads/analytics-content.ts";
import type { DataQuery } from "../../../../schemas/payloads/data-query.ts";
import type { WidgetKind, WidgetRenderer } from "../../../../schemas/widgets.ts";
import {
  type Box,
  compact,
  firstFreePlace,
  type GridDirection,
  moveItem,
  resizeItem,
  samePlaces,
  stepItem,
} from "./grid-compaction.ts";

/** Most steps Undo goes back. */
export const HISTORY_LIMIT = 100;

/** The size a new widget of a renderer takes, in columns and rows (about what its drawing needs). */
export const NEW_WIDGET_SIZES: Readonly<Record<WidgetRenderer, { W: number; H: number }>> = {
  kpi: { W: 3, H: 2 },
  line: { W: 6, H: 4 },
  area: { W: 6, H: 4 },
  bar: { W: 6, H: 4 },
  pie: { W: 4, H: 4 },
  scatter: { W: 6, H: 4 },
  table: { W: 6, H: 5 },
  pivot: { W: 6, H: 5 },
  text: { W: 4, H: 3 },
  image: { W: 4, H: 3 },
  dateRange: { W: 3, H: 2 },
  select: { W: 3, H: 2 },
  multiSelect: { W: 3, H: 2 },
};

/** What one step did: the words of the live region and the widget focus stays on. */
export type EditorChange =
  | { type: "added" | "duplicated"; widgetId: string; position: Box }
  | { type: "moved" | "resized"; widgetId: string; position: Box }
  | { type: "removed"; widgetId: string; widget: WidgetDefinition }
  | { type: "edited"; widgetId: string }
  | { type: "layout" | "theme" }
  | { type: "blocked"; widgetId: string; reason: "edge" | "full" }
  | { type: "undone" | "redone"; change: EditorChange };

/** One undoable step: the definition before it, and what it did. */
interface HistoryEntry {
  definition: DashboardDefinition;
  change: EditorChange;
}

/** Everything the editor knows. */
export interface EditorState {
  definition: DashboardDefinition;
  /** The last definition the upstream holds: unsaved changes are the difference. */
  saved: DashboardDefinition;
  past: readonly HistoryEntry[];
  future: readonly HistoryEntry[];
  /** What the last step did (null before the first). */
  last: EditorChange | null;
}

/** A title patch, a settings patch, a query (null: none). */
export interface WidgetPatch {
  Title?: string;
  Settings?: Record<string, unknown>;
  Query?: DataQuery | null;
}

/** The steps of the editor. */
export type EditorAction =
  | { type: "add"; kind: WidgetKind }
  | { type: "move"; widgetId: string; to: { X: number; Y: number } }
  | { type: "step"; widgetId: string; direction: GridDirection }
  | { type: "resize"; widgetId: string; size: { W: number; H: number } }
  | { type: "remove"; widgetId: string }
  | { type: "duplicate"; widgetId: string }
  | { type: "update"; widgetId: string; patch: WidgetPatch }
  | { type: "rowHeight"; rowHeight: number | null }
  | { type: "theme"; theme: string | null }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "saved"; definition: DashboardDefinition }
  | { type: "load"; definition: DashboardDefinition };

/**
 * The editor over a stored definition, compacted (a stored layout may have holes or overlaps; the
 * grid keeps none while it is edited). The compacted layout is the baseline: opening the editor is
 * not a change to save.
 */
export function initialEditorState(definition: DashboardDefinition): EditorState {
  const widgets = compact(definition.Widgets);
  const start = samePlaces(widgets, definition.Widgets) ? definition : { ...definition, Widgets: widgets };
  return { definition: start, saved: start, past: [], future: [], last: null };
}

/** A stable text of a JSON value (keys sorted): two definitions that read the same are equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Whether leaving would lose changes. */
export function isDirty(state: EditorState): boolean {
  return state.definition !== state.saved && canonicalJson(state.definition) !== canonicalJson(state.saved);
}

export const canUndo = (state: EditorState) => state.past.length > 0;
export const canRedo = (state: EditorState) => state.future.length > 0;

/** The widget of the definition with the id. */
export function widgetById(definition: DashboardDefinition, id: string): WidgetDefinition | undefined {
  return definition.Widgets.find((widget) => widget.Id === id);
}

/**
 * A widget id for a new widget of `kind`, unique in the definition and matching the schema's id
 * pattern (lower-case letters, digits, hyphens): the kind's name and the first free number.
 */
export function newWidgetId(kind: string, widgets: readonly Pick<WidgetDefinition, "Id">[]): string {
  const base =
    kind
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 30) || "widget";
  const taken = new Set(widgets.map((widget) => widget.Id));
  let number = 1;
  while (taken.has(`${base}-${number}`)) number += 1;
  return `${base}-${number}`;
}

/**
 * The settings a new widget of `kind` starts with: the kind's defaults, except an empty Targets of a
 * filter kind — the cross-filter rule reads an empty list as "filters nothing"
 * (core/analytics/cross-filter.ts), while no list means every widget over the filter's own source,
 * which is what a new filter should do.
 */
export function initialSettings(kind: WidgetKind): Record<string, unknown> | undefined {
  const settings: Record<string, unknown> = { ...(kind.defaults ?? {}) };
  if (isFilterKind(kind.renderer) && Array.isArray(settings.Targets) && settings.Targets.length === 0) {
    delete settings.Targets;
  }
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/** A widget with a patch applied: an empty title and a null query are removed. */
export function patchedWidget(widget: WidgetDefinition, patch: WidgetPatch): WidgetDefinition {
  const next: WidgetDefinition = { ...widget };
  if (patch.Title !== undefined) {
    const title = patch.Title.trim();
    if (title === "") delete next.Title;
    else next.Title = title;
  }
  if (patch.Settings !== undefined) {
    if (Object.keys(patch.Settings).length === 0) delete next.Settings;
    else next.Settings = patch.Settings;
  }
  if (patch.Query !== undefined) {
    if (patch.Query === null) delete next.Query;
    else next.Query = patch.Query;
  }
  return next;
}

/** A state with `definition` as a new undoable step. */
function commit(state: EditorState, definition: DashboardDefinition, change: EditorChange): EditorState {
  const past = [...state.past, { definition: state.definition, change }];
  return {
    ...state,
    definition,
    past: past.length > HISTORY_LIMIT ? past.slice(past.length - HISTORY_LIMIT) : past,
    future: [],
    last: change,
  };
}

const blocked = (state: EditorState, widgetId: string, reason: "edge" | "full"): EditorState => ({
  ...state,
  last: { type: "blocked", widgetId, reason },
});

function withWidgets(definition: DashboardDefinition, widgets: WidgetDefinition[]): DashboardDefinition {
  return { ...definition, Widgets: widgets };
}

function positionOf(widgets: readonly WidgetDefinition[], id: string): Box {
  return (widgets.find((widget) => widget.Id === id) as WidgetDefinition).Position;
}

/** The editor after one step. A step that changes nothing adds no history. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { definition } = state;
  const widgets = definition.Widgets;
  switch (action.type) {
    case "add": {
      const id = newWidgetId(action.kind.kind, widgets);
      if (widgets.length >= MAX_WIDGETS) return blocked(state, id, "full");
      const settings = initialSettings(action.kind);
      const widget: WidgetDefinition = {
        Id: id,
        Kind: action.kind.kind,
        Position: firstFreePlace(widgets, NEW_WIDGET_SIZES[action.kind.renderer]),
        ...(settings ? { Settings: settings } : {}),
      };
      const next = compact([...widgets, widget]);
      return commit(state, withWidgets(definition, next), {
        type: "added",
        widgetId: id,
        position: positionOf(next, id),
      });
    }
    case "duplicate": {
      const original = widgetById(definition, action.widgetId);
      if (!original) return state;
      if (widgets.length >= MAX_WIDGETS) return blocked(state, action.widgetId, "full");
      const id = newWidgetId(original.Kind, widgets);
      const copy: WidgetDefinition = {
        ...structuredClone(original),
        Id: id,
        Position: firstFreePlace(widgets, original.Position),
      };
      const next = compact([...widgets, copy]);
      return commit(state, withWidgets(definition, next), {
        type: "duplicated",
        widgetId: id,
        position: positionOf(next, id),
      });
    }
    case "move":
    case "step":
    case "resize": {
      if (!widgetById(definition, action.widgetId)) return state;
      const next =
        action.type === "move"
          ? moveItem(widgets, action.widgetId, action.to)
          : action.type === "resize"
            ? resizeItem(widgets, action.widgetId, action.size)
            : stepItem(widgets, action.widgetId, action.direction);
      if (!next || samePlaces(next, widgets)) return blocked(state, action.widgetId, "edge");
      return commit(state, withWidgets(definition, next), {
        type: action.type === "resize" ? "resized" : "moved",
        widgetId: action.widgetId,
        position: positionOf(next, action.widgetId),
      });
    }
    case "remove": {
      const widget = widgetById(definition, action.widgetId);
      if (!widget) return state;
      const next = compact(widgets.filter((item) => item.Id !== action.widgetId));
      return commit(state, withWidgets(definition, next), {
        type: "removed",
        widgetId: action.widgetId,
        widget,
      });
    }
    case "update": {
      const widget = widgetById(definition, action.widgetId);
      if (!widget) return state;
      const patched = patchedWidget(widget, action.patch);
      if (canonicalJson(patched) === canonicalJson(widget)) return state;
      const next = widgets.map((item) => (item.Id === action.widgetId ? patched : item));
      return commit(state, withWidgets(definition, next), { type: "edited", widgetId: action.widgetId });
    }
    case "rowHeight": {
      const next: DashboardDefinition = { ...definition };
      if (action.rowHeight === null) delete next.RowHeight;
      else next.RowHeight = action.rowHeight;
      if (next.RowHeight === definition.RowHeight) return state;
      return commit(state, next, { type: "layout" });
    }
    case "theme": {
      const next: DashboardDefinition = { ...definition };
      if (action.theme === null) delete next.Theme;
      else next.Theme = action.theme;
      if (next.Theme === definition.Theme) return state;
      return commit(state, next, { type: "theme" });
    }
    case "undo": {
      const entry = state.past[state.past.length - 1];
      if (!entry) return state;
      return {
        ...state,
        definition: entry.definition,
        past: state.past.slice(0, -1),
        future: [{ definition, change: entry.change }, ...state.future],
        last: { type: "undone", change: entry.change },
      };
    }
    case "redo": {
      const [entry, ...rest] = state.future;
      if (!entry) return state;
      return {
        ...state,
        definition: entry.definition,
        past: [...state.past, { definition, change: entry.change }],
        future: rest,
        last: { type: "redone", change: entry.change },
      };
    }
    case "saved":
      return { ...state, saved: action.definition };
    case "load":
      return initialEditorState(action.definition);
  }
}

/** The widget a step was about (null for the grid's own settings). */
export function changedWidget(change: EditorChange): string | null {
  if (change.type === "undone" || change.type === "redone") return changedWidget(change.change);
  return "widgetId" in change ? change.widgetId : null;
}

/** The change Undo would take back, and the one Redo would make again (the buttons' names). */
export function undoChange(state: EditorState): EditorChange | null {
  return state.past[state.past.length - 1]?.change ?? null;
}
export function redoChange(state: EditorState): EditorChange | null {
  return state.future[0]?.change ?? null;
}

/**
 * A widget by id in the definition or, when a step took it away, in the history (the words of
 * "undo adding …" name a widget the undo removed).
 */
export function widgetInHistory(state: EditorState, id: string): WidgetDefinition | undefined {
  const definitions = [
    state.definition,
    ...state.future.map((e) => e.definition),
    ...state.past.map((e) => e.definition),
  ];
  for (const definition of definitions) {
    const widget = widgetById(definition, id);
    if (widget) return widget;
  }
  return undefined;
}
