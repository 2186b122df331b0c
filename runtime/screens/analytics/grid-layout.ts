/**
 * The dashboard grid (analytics-content.ts: 12 columns, Position {X, Y, W, H} in columns and rows)
 * as pure functions: the reading order of widgets (by row, then column — the order they are
 * placed in the document, so keyboard and screen-reader order follow the layout, WCAG 2.2 SC 1.3.2
 * and 2.4.3), and each widget's place on the wide grid. Narrow viewports and the /mobile routes
 * stack the widgets in that order, one per row (analytics.css).
 */
import { GRID_COLUMNS, type WidgetDefinition } from "../../../schemas/payloads/analytics-content.ts";

/** Height of one grid row in pixels when the definition names none. */
export const DEFAULT_ROW_HEIGHT = 80;

/** The widgets in reading order: Y, then X, then their order in the definition. */
export function readingOrder<T extends Pick<WidgetDefinition, "Position">>(widgets: readonly T[]): T[] {
  return widgets
    .map((widget, index) => ({ widget, index }))
    .sort(
      (a, b) =>
        a.widget.Position.Y - b.widget.Position.Y ||
        a.widget.Position.X - b.widget.Position.X ||
        a.index - b.index,
    )
    .map((entry) => entry.widget);
}

/** A widget's grid lines, clamped into the grid (a stored position may be out of it). */
export function gridPlacement(position: WidgetDefinition["Position"]): {
  gridColumn: string;
  gridRow: string;
} {
  const x = Math.min(Math.max(0, Math.trunc(position.X)), GRID_COLUMNS - 1);
  const w = Math.min(Math.max(1, Math.trunc(position.W)), GRID_COLUMNS - x);
  const y = Math.max(0, Math.trunc(position.Y));
  const h = Math.max(1, Math.trunc(position.H));
  return { gridColumn: `${x + 1} / span ${w}`, gridRow: `${y + 1} / span ${h}` };
}

/** The row height of a definition in pixels. */
export function rowHeightOf(rowHeight: unknown): number {
  return typeof rowHeight === "number" && Number.isInteger(rowHeight) && rowHeight >= 40 && rowHeight <= 200
    ? rowHeight
    : DEFAULT_ROW_HEIGHT;
}
