/**
 * The dashboard grid while it is edited, as pure functions (schemas/payloads/analytics-content.ts:
 * 12 columns, Position {X, Y, W, H} in columns and rows): where a new widget goes, and what moving or
 * resizing one does to the others — vertical compaction as react-grid-layout does it, which is what
 * people who build dashboards in Grafana or Metabase expect: a widget moved onto others pushes them
 * down (or, dragged far enough past one, lets it hop above), and then every widget floats up as far
 * as it can, so the layout never keeps holes and no two widgets ever overlap.
 */
import { GRID_COLUMNS } from "../../../../schemas/payloads/analytics-content.ts";

/** A place on the grid, in columns and rows. */
export interface Box {
  X: number;
  Y: number;
  W: number;
  H: number;
}

/** Anything placed on the grid under an id (a widget definition). */
export interface Placed {
  Id: string;
  Position: Box;
}

/** Tallest widget, in rows (the definition schema's Position.H maximum). */
export const MAX_WIDGET_ROWS = 24;

/** Whether two boxes share at least one cell. */
export function overlaps(a: Box, b: Box): boolean {
  return a.X < b.X + b.W && b.X < a.X + a.W && a.Y < b.Y + b.H && b.Y < a.Y + a.H;
}

/** A box made whole and kept on the grid: integers, 1 ≤ W ≤ 12, X + W ≤ 12, 1 ≤ H ≤ 24, Y ≥ 0. */
export function clampBox(box: Box): Box {
  const W = Math.min(GRID_COLUMNS, Math.max(1, Math.trunc(box.W) || 1));
  const X = Math.min(GRID_COLUMNS - W, Math.max(0, Math.trunc(box.X) || 0));
  const H = Math.min(MAX_WIDGET_ROWS, Math.max(1, Math.trunc(box.H) || 1));
  const Y = Math.max(0, Math.trunc(box.Y) || 0);
  return { X, Y, W, H };
}

/** The first row under every widget (0 for an empty grid). */
export function bottomRow(items: readonly Placed[]): number {
  return items.reduce((bottom, item) => Math.max(bottom, item.Position.Y + item.Position.H), 0);
}

/** Reading order: by row, then column, then the order in the definition (stable). */
function byRowThenColumn<T extends Placed>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        a.item.Position.Y - b.item.Position.Y || a.item.Position.X - b.item.Position.X || a.index - b.index,
    )
    .map((entry) => entry.item);
}

/**
 * The items floated up as far as they go, in reading order, each against the ones placed before it
 * (react-grid-layout's vertical compaction). The result never overlaps, whatever the input. Items
 * keep their order in the list; an item whose place does not change is the same object.
 */
export function compact<T extends Placed>(items: readonly T[]): T[] {
  const placed: Box[] = [];
  const moved = new Map<string, Box>();
  for (const item of byRowThenColumn(items)) {
    const box = clampBox(item.Position);
    // Start no lower than the bottom of what is placed: nothing lower can hold it up.
    let y = Math.min(box.Y, bottomOf(placed));
    while (y > 0 && !placed.some((other) => overlaps({ ...box, Y: y - 1 }, other))) y -= 1;
    let collision = placed.find((other) => overlaps({ ...box, Y: y }, other));
    while (collision) {
      y = collision.Y + collision.H;
      collision = placed.find((other) => overlaps({ ...box, Y: y }, other));
    }
    const final = { ...box, Y: y };
    placed.push(final);
    moved.set(item.Id, final);
  }
  return items.map((item) => withPosition(item, moved.get(item.Id) ?? item.Position));
}

function bottomOf(boxes: readonly Box[]): number {
  return boxes.reduce((bottom, box) => Math.max(bottom, box.Y + box.H), 0);
}

function withPosition<T extends Placed>(item: T, position: Box): T {
  const current = item.Position;
  if (
    current.X === position.X &&
    current.Y === position.Y &&
    current.W === position.W &&
    current.H === position.H
  )
    return item;
  return { ...item, Position: position };
}

/**
 * Pushes the items that overlap `fixed` out of its way, the way react-grid-layout moves an element:
 * on a user's move a colliding item first tries to hop above the moved one (when the rows above it
 * are free), else it goes down just under it, and whatever it then overlaps moves on in turn.
 */
function resolveCollisions<T extends Placed>(items: T[], fixedId: string, hop: boolean): T[] {
  const layout = items.map((item) => ({ ...item, Position: { ...item.Position } }));
  const moveAway = (moverId: string, depth: number) => {
    if (depth > layout.length) return; // each item moves down at most once per level
    const mover = layout.find((item) => item.Id === moverId) as T;
    const collisions = byRowThenColumn(
      layout.filter((item) => item.Id !== moverId && overlaps(item.Position, mover.Position)),
    );
    for (const collision of collisions) {
      if (!overlaps(collision.Position, mover.Position)) continue;
      if (hop && moverId === fixedId) {
        const above = { ...collision.Position, Y: Math.max(mover.Position.Y - collision.Position.H, 0) };
        const free =
          above.Y < collision.Position.Y &&
          !layout.some((item) => item.Id !== collision.Id && overlaps(item.Position, above));
        if (free) {
          collision.Position = above;
          continue;
        }
      }
      collision.Position = { ...collision.Position, Y: mover.Position.Y + mover.Position.H };
      moveAway(collision.Id, depth + 1);
    }
  };
  moveAway(fixedId, 0);
  return layout;
}

/**
 * The layout after the item `id` was moved to column `to.X`, row `to.Y` (kept on the grid): the
 * others make way (hop above or pushed down), then everything is compacted. Unknown id: unchanged.
 */
export function moveItem<T extends Placed>(
  items: readonly T[],
  id: string,
  to: { X: number; Y: number },
): T[] {
  const target = items.find((item) => item.Id === id);
  if (!target) return [...items];
  const box = clampBox({ ...target.Position, X: to.X, Y: to.Y });
  const moved = items.map((item) => (item.Id === id ? { ...item, Position: box } : item));
  return compact(keepOriginals(items, resolveCollisions(moved, id, true)));
}

/**
 * The layout after the item `id` took the size `size` (kept on the grid, its X moved left when the
 * width would leave it): the others it now covers are pushed down, then everything is compacted.
 */
export function resizeItem<T extends Placed>(
  items: readonly T[],
  id: string,
  size: { W: number; H: number },
): T[] {
  const target = items.find((item) => item.Id === id);
  if (!target) return [...items];
  const box = clampBox({ ...target.Position, W: size.W, H: size.H });
  const resized = items.map((item) => (item.Id === id ? { ...item, Position: box } : item));
  return compact(keepOriginals(items, resolveCollisions(resized, id, false)));
}

/** The items whose place did not change are the original objects (cheap comparisons downstream). */
function keepOriginals<T extends Placed>(original: readonly T[], next: readonly T[]): T[] {
  const byId = new Map(original.map((item) => [item.Id, item]));
  return next.map((item) => {
    const before = byId.get(item.Id);
    return before ? withPosition(before, item.Position) : item;
  });
}

/**
 * The first place, in reading order (top to bottom, left to right), where a `W` × `H` box overlaps
 * nothing — where a new widget goes. Always found: under everything there is room.
 */
export function firstFreePlace(items: readonly Placed[], size: { W: number; H: number }): Box {
  const { W, H } = clampBox({ X: 0, Y: 0, ...size });
  const bottom = bottomRow(items);
  for (let Y = 0; Y <= bottom; Y += 1) {
    for (let X = 0; X + W <= GRID_COLUMNS; X += 1) {
      const box = { X, Y, W, H };
      if (!items.some((item) => overlaps(item.Position, box))) return box;
    }
  }
  return { X: 0, Y: bottom, W, H };
}

/** Whether two layouts put every item at the same place. */
export function samePlaces(a: readonly Placed[], b: readonly Placed[]): boolean {
  if (a.length !== b.length) return false;
  const places = new Map(b.map((item) => [item.Id, item.Position]));
  return a.every((item) => {
    const other = places.get(item.Id);
    return (
      other !== undefined &&
      other.X === item.Position.X &&
      other.Y === item.Position.Y &&
      other.W === item.Position.W &&
      other.H === item.Position.H
    );
  });
}

/** A step of the keyboard: one column sideways, or up or down. */
export type GridDirection = "left" | "right" | "up" | "down";

/**
 * The layout after a keyboard move of one step (WCAG 2.1.1: everything the mouse does, the keyboard
 * does). Sideways is one column. Up and down go one row, or, where compaction would float the
 * widget straight back, as many rows as it takes to change places with the next widget (a key press
 * that does nothing would look broken). Null when the widget cannot go that way.
 */
export function stepItem<T extends Placed>(
  items: readonly T[],
  id: string,
  direction: GridDirection,
): T[] | null {
  const target = items.find((item) => item.Id === id);
  if (!target) return null;
  const { X, Y } = target.Position;
  if (direction === "left" || direction === "right") {
    const nextX = X + (direction === "left" ? -1 : 1);
    if (nextX < 0 || nextX + target.Position.W > GRID_COLUMNS) return null;
    const next = moveItem(items, id, { X: nextX, Y });
    return samePlaces(next, items) ? null : next;
  }
  if (direction === "up") {
    if (Y === 0) return null;
    const next = moveItem(items, id, { X, Y: Y - 1 });
    return samePlaces(next, items) ? null : next;
  }
  const bottom = bottomRow(items);
  for (let nextY = Y + 1; nextY <= bottom; nextY += 1) {
    const next = moveItem(items, id, { X, Y: nextY });
    const moved = next.find((item) => item.Id === id) as T;
    if (moved.Position.Y > Y) return next;
  }
  return null;
}
