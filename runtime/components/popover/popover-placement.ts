/**
 * Where a popover goes (SPEC §9): POPOVER_OFFSET_PX away from its anchor, below it unless there is no
 * room below (then above, "reopens above"), and clamped POPOVER_VIEWPORT_CLAMP_PX from the top and bottom
 * edges of the viewport. Sub-menus open to the side and flip to the other side the same way. Pure: the
 * component measures and applies the result.
 */
import { POPOVER_OFFSET_PX, POPOVER_VIEWPORT_CLAMP_PX } from "../../state/constants.ts";

/** A rectangle in viewport coordinates (a DOMRect satisfies it). */
export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Where the popover is asked to open relative to its anchor. */
export type Placement = "bottom-start" | "bottom-end" | "right-start";

export interface PlacementInput {
  anchor: Rect;
  /** The popover's natural size. */
  popover: { width: number; height: number };
  viewport: { width: number; height: number };
  placement?: Placement;
  offset?: number;
  clamp?: number;
}

/** The computed position: top/left in viewport pixels, the side used, and the height available. */
export interface PlacementResult {
  top: number;
  left: number;
  side: "below" | "above" | "right" | "left";
  /** The height the popover may use without leaving the clamped viewport. */
  maxHeight: number;
}

/** Computes where a popover opens (§9 offset, flip above, vertical clamp). */
export function placePopover(input: PlacementInput): PlacementResult {
  const { anchor, popover, viewport } = input;
  const offset = input.offset ?? POPOVER_OFFSET_PX;
  const clamp = input.clamp ?? POPOVER_VIEWPORT_CLAMP_PX;
  const placement = input.placement ?? "bottom-start";
  const usableHeight = Math.max(0, viewport.height - 2 * clamp);
  const maxHeight = Math.min(popover.height, usableHeight);

  if (placement === "right-start") {
    const roomRight = viewport.width - (anchor.left + anchor.width + offset);
    const roomLeft = anchor.left - offset;
    const right = popover.width <= roomRight || roomRight >= roomLeft;
    const left = right ? anchor.left + anchor.width + offset : anchor.left - offset - popover.width;
    return {
      top: clampVertical(anchor.top, maxHeight, viewport.height, clamp),
      left: clampHorizontal(left, popover.width, viewport.width),
      side: right ? "right" : "left",
      maxHeight,
    };
  }

  const anchorBottom = anchor.top + anchor.height;
  const roomBelow = viewport.height - clamp - (anchorBottom + offset);
  const roomAbove = anchor.top - offset - clamp;
  // §9: reopen above only when the popover does not fit below and there is more room above.
  const below = popover.height <= roomBelow || roomBelow >= roomAbove;
  const height = Math.min(maxHeight, Math.max(0, below ? roomBelow : roomAbove)) || maxHeight;
  const top = below ? anchorBottom + offset : anchor.top - offset - height;
  const left = placement === "bottom-end" ? anchor.left + anchor.width - popover.width : anchor.left;
  return {
    top: clampVertical(top, height, viewport.height, clamp),
    left: clampHorizontal(left, popover.width, viewport.width),
    side: below ? "below" : "above",
    maxHeight: height,
  };
}

/** Keeps [top, top + height] at least `clamp` pixels from both vertical edges where it fits. */
export function clampVertical(top: number, height: number, viewportHeight: number, clamp: number): number {
  const lowest = viewportHeight - clamp - height;
  return Math.max(clamp, Math.min(top, lowest));
}

/** Keeps the popover inside the viewport horizontally (start edge wins when it is wider). */
function clampHorizontal(left: number, width: number, viewportWidth: number): number {
  return Math.max(0, Math.min(left, viewportWidth - width));
}
