/**
 * Layout of the navigation panel and the admin menu (§2.5, §9): sections in
 * columns, and the panel's width and position next to its button.
 */
import { POPOVER_OFFSET_PX, POPOVER_VIEWPORT_CLAMP_PX } from "../state/constants.ts";

/**
 * Groups sections by their `column` (1-based) into at most `maxColumns` columns,
 * keeping manifest order and dropping empty columns.
 */
export function groupColumns<T extends { column: number }>(
  sections: readonly T[],
  maxColumns: number,
): T[][] {
  const columns: T[][] = Array.from({ length: maxColumns }, () => []);
  for (const section of sections) {
    const index = Math.min(Math.max(section.column, 1), maxColumns) - 1;
    columns[index]?.push(section);
  }
  return columns.filter((column) => column.length > 0);
}

/** Where a panel goes and how wide it is, in CSS pixels. */
export interface PanelGeometry {
  left: number;
  top: number;
  width: number;
}

/**
 * The panel is `fullWidth` wide with all `maxColumns` columns (§9: 420 for 2,
 * at most 880 for 4) and proportionally narrower with fewer; it opens below its
 * button, offset like a popover, and stays POPOVER_VIEWPORT_CLAMP_PX inside the viewport.
 */
export function panelGeometry(options: {
  anchor: { left: number; bottom: number };
  viewportWidth: number;
  fullWidth: number;
  columns: number;
  maxColumns: number;
}): PanelGeometry {
  const { anchor, viewportWidth, fullWidth, maxColumns } = options;
  const columns = Math.min(Math.max(options.columns, 1), maxColumns);
  const room = Math.max(0, viewportWidth - 2 * POPOVER_VIEWPORT_CLAMP_PX);
  const width = Math.min(Math.round((fullWidth * columns) / maxColumns), room);
  const maxLeft = viewportWidth - POPOVER_VIEWPORT_CLAMP_PX - width;
  const left = Math.max(POPOVER_VIEWPORT_CLAMP_PX, Math.min(anchor.left, maxLeft));
  return { left, top: anchor.bottom + POPOVER_OFFSET_PX, width };
}
