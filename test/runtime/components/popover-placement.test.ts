import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { clampVertical, placePopover } from "../../../runtime/components/popover/popover-placement.ts";
import { POPOVER_OFFSET_PX, POPOVER_VIEWPORT_CLAMP_PX } from "../../../runtime/state/constants.ts";

const viewport = { width: 1000, height: 800 };
const anchor = (top: number, left = 100, height = 30, width = 120) => ({ top, left, height, width });

describe("§9 popover placement", () => {
  test("the spec's numbers", () => {
    assert.equal(POPOVER_OFFSET_PX, 5);
    assert.equal(POPOVER_VIEWPORT_CLAMP_PX, 10);
  });

  test("opens below its anchor, offset by 5 px, aligned to its start", () => {
    const placed = placePopover({ anchor: anchor(100), popover: { width: 200, height: 150 }, viewport });
    assert.deepEqual(placed, { top: 135, left: 100, side: "below", maxHeight: 150 });
  });

  test("reopens above when there is no room below", () => {
    const placed = placePopover({ anchor: anchor(700), popover: { width: 200, height: 150 }, viewport });
    assert.equal(placed.side, "above");
    assert.equal(placed.top, 700 - POPOVER_OFFSET_PX - 150);
  });

  test("stays below when it fits exactly above the 10 px clamp", () => {
    // Below: from 100 + 30 + 5 = 135 to 800 - 10 = 790 leaves 655 px.
    const placed = placePopover({ anchor: anchor(100), popover: { width: 200, height: 655 }, viewport });
    assert.equal(placed.side, "below");
    assert.equal(placed.top + placed.maxHeight, viewport.height - POPOVER_VIEWPORT_CLAMP_PX);
  });

  test("too tall for both sides: the larger side, shrunk to the room it has", () => {
    const below = placePopover({ anchor: anchor(200), popover: { width: 200, height: 900 }, viewport });
    assert.equal(below.side, "below");
    assert.equal(below.maxHeight, 800 - 10 - (200 + 30 + 5));
    const above = placePopover({ anchor: anchor(600), popover: { width: 200, height: 900 }, viewport });
    assert.equal(above.side, "above");
    assert.equal(above.top, POPOVER_VIEWPORT_CLAMP_PX);
    assert.equal(above.maxHeight, 600 - 5 - 10);
  });

  test("bottom-end aligns the popover's end with the anchor's end", () => {
    const placed = placePopover({
      anchor: anchor(100, 600),
      popover: { width: 300, height: 100 },
      viewport,
      placement: "bottom-end",
    });
    assert.equal(placed.left, 600 + 120 - 300);
  });

  test("horizontally kept inside the viewport", () => {
    const placed = placePopover({ anchor: anchor(100, 950), popover: { width: 200, height: 100 }, viewport });
    assert.equal(placed.left, 800);
    const start = placePopover({ anchor: anchor(100, -50), popover: { width: 200, height: 100 }, viewport });
    assert.equal(start.left, 0);
  });

  test("a sub-menu opens to the right, flips left without room, and is clamped vertically", () => {
    const right = placePopover({
      anchor: anchor(780, 300, 30, 200),
      popover: { width: 250, height: 200 },
      viewport,
      placement: "right-start",
    });
    assert.equal(right.side, "right");
    assert.equal(right.left, 300 + 200 + 5);
    assert.equal(right.top, 800 - 10 - 200);
    const left = placePopover({
      anchor: anchor(100, 700, 30, 200),
      popover: { width: 250, height: 200 },
      viewport,
      placement: "right-start",
    });
    assert.equal(left.side, "left");
    assert.equal(left.left, 700 - 5 - 250);
  });

  test("vertical clamp keeps 10 px from both edges", () => {
    assert.equal(clampVertical(-40, 100, 800, 10), 10);
    assert.equal(clampVertical(750, 100, 800, 10), 690);
    assert.equal(clampVertical(300, 100, 800, 10), 300);
  });
});
