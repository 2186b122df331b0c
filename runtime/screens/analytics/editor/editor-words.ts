/**
 * The words of the dashboard editor's steps, as text keys with their values: the live region's
 * announcement of each step (WCAG 4.1.3: a move, a resize, an addition is told to screen readers
 * without moving focus), what Undo and Redo would take back or make again (their buttons' names),
 * and a widget's place on the grid (columns and rows counted from 1, as people count).
 */
import type { EditorChange } from "./editor-model.ts";
import type { Box } from "./grid-compaction.ts";

/** A text key, its values, and the words that fill its `{{what}}` (an undone step). */
export interface Words {
  key: string;
  values: Record<string, string | number>;
  what?: Words;
}

/** A place on the grid in words' values: column and row from 1, width and height in cells. */
export function placeValues(box: Box): Record<string, number> {
  return { column: box.X + 1, row: box.Y + 1, width: box.W, height: box.H };
}

/** What a step of the history did, as the object of "Undo …" and "Redo …". */
export function changeWords(change: EditorChange, nameOf: (widgetId: string) => string): Words {
  switch (change.type) {
    case "undone":
    case "redone":
      return changeWords(change.change, nameOf);
    case "layout":
    case "theme":
      return { key: `DashboardEditor_Change_${change.type}`, values: {} };
    case "blocked":
      return { key: "DashboardEditor_Change_edited", values: { widget: nameOf(change.widgetId) } };
    default:
      return { key: `DashboardEditor_Change_${change.type}`, values: { widget: nameOf(change.widgetId) } };
  }
}

/** The live region's sentence for a step. */
export function announcement(
  change: EditorChange,
  nameOf: (widgetId: string) => string,
  maxWidgets: number,
): Words {
  switch (change.type) {
    case "added":
    case "duplicated":
    case "moved":
    case "resized":
      return {
        key: `DashboardEditor_Announce_${change.type}`,
        values: { widget: nameOf(change.widgetId), ...placeValues(change.position) },
      };
    case "removed":
    case "edited":
      return { key: `DashboardEditor_Announce_${change.type}`, values: { widget: nameOf(change.widgetId) } };
    case "layout":
    case "theme":
      return { key: `DashboardEditor_Announce_${change.type}`, values: {} };
    case "blocked":
      return change.reason === "full"
        ? { key: "DashboardEditor_Announce_full", values: { max: maxWidgets } }
        : { key: "DashboardEditor_Announce_edge", values: { widget: nameOf(change.widgetId) } };
    case "undone":
    case "redone":
      return {
        key: `DashboardEditor_Announce_${change.type}`,
        values: {},
        what: changeWords(change.change, nameOf),
      };
  }
}
