/**
 * Keyboard operation of the shell's menus (WAI-ARIA Authoring Practices, menu
 * button and disclosure navigation): which item a key moves focus to.
 */

/** Where focus goes: an item index, "close" (Escape: close and return focus to the button), or null (not ours). */
export type MenuKeyTarget = number | "close" | null;

/**
 * Up/Down move to the previous/next item and wrap; Home/End go to the first/last;
 * Escape closes. With `columnStarts` (the index of the first item of each column,
 * ascending), Left/Right move to the first item of the previous/next column.
 * `index` is -1 when no item has focus yet.
 */
export function menuKeyTarget(
  key: string,
  index: number,
  count: number,
  columnStarts: readonly number[] = [],
): MenuKeyTarget {
  if (key === "Escape") return "close";
  if (count <= 0) return null;
  switch (key) {
    case "ArrowDown":
      return index < 0 ? 0 : (index + 1) % count;
    case "ArrowUp":
      return index < 0 ? count - 1 : (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    case "ArrowRight":
    case "ArrowLeft": {
      if (columnStarts.length < 2) return null;
      const column = columnOf(index, columnStarts);
      const next = key === "ArrowRight" ? column + 1 : column - 1;
      if (next < 0 || next >= columnStarts.length) return null;
      return columnStarts[next] ?? null;
    }
    default:
      return null;
  }
}

function columnOf(index: number, columnStarts: readonly number[]): number {
  let column = 0;
  for (let c = 0; c < columnStarts.length; c += 1) if (index >= (columnStarts[c] ?? 0)) column = c;
  return column;
}
