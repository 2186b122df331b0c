/**
 * Keyboard movement in a menu (WAI-ARIA APG menu pattern), pure: arrows wrap, Home and End jump,
 * typed characters move to the next item starting with them; disabled items are skipped.
 */

/** A key-driven move in a menu. */
export type MenuMove = "next" | "previous" | "first" | "last";

/** The index focused after `move` from `current` among `count` items, or -1 when none is enabled. */
export function moveInMenu(
  count: number,
  current: number,
  move: MenuMove,
  isEnabled: (index: number) => boolean,
): number {
  if (count <= 0) return -1;
  const step = move === "next" || move === "first" ? 1 : -1;
  let index = move === "first" ? 0 : move === "last" ? count - 1 : current + step;
  for (let tried = 0; tried < count; tried += 1) {
    index = (index + count) % count;
    if (isEnabled(index)) return index;
    index += step;
  }
  return -1;
}

/** The next enabled item after `current` whose label starts with `typed` (case-insensitive), else `current`. */
export function menuTypeahead(
  labels: ReadonlyArray<string>,
  current: number,
  typed: string,
  isEnabled: (index: number) => boolean,
): number {
  const needle = typed.toLocaleLowerCase();
  for (let offset = 1; offset <= labels.length; offset += 1) {
    const index = (current + offset) % labels.length;
    if (isEnabled(index) && (labels[index] ?? "").toLocaleLowerCase().startsWith(needle)) return index;
  }
  return current;
}

/** The move a key asks for in a vertical menu, or null for other keys. */
export function menuKeyMove(key: string): MenuMove | null {
  switch (key) {
    case "ArrowDown":
      return "next";
    case "ArrowUp":
      return "previous";
    case "Home":
    case "PageUp":
      return "first";
    case "End":
    case "PageDown":
      return "last";
    default:
      return null;
  }
}
