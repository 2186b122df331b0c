import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { menuKeyTarget } from "../../../runtime/shell/menu-keyboard.ts";
import { groupColumns, panelGeometry } from "../../../runtime/shell/menu-layout.ts";
import {
  ADMIN_MENU_COLUMNS,
  ADMIN_MENU_MAX_WIDTH_PX,
  MENU_COLUMNS,
  MENU_DROPDOWN_WIDTH_PX,
  POPOVER_OFFSET_PX,
  POPOVER_VIEWPORT_CLAMP_PX,
} from "../../../runtime/state/constants.ts";

describe("menu keys (WAI-ARIA menu button / disclosure navigation)", () => {
  const cases: Array<[string, number, number, number[] | undefined, ReturnType<typeof menuKeyTarget>]> = [
    ["ArrowDown", 0, 5, undefined, 1],
    ["ArrowDown", 4, 5, undefined, 0],
    ["ArrowDown", -1, 5, undefined, 0],
    ["ArrowUp", 0, 5, undefined, 4],
    ["ArrowUp", 3, 5, undefined, 2],
    ["ArrowUp", -1, 5, undefined, 4],
    ["Home", 3, 5, undefined, 0],
    ["End", 1, 5, undefined, 4],
    ["Escape", 2, 5, undefined, "close"],
    ["Escape", -1, 0, undefined, "close"],
    ["ArrowDown", -1, 0, undefined, null],
    ["Enter", 1, 5, undefined, null],
    ["a", 1, 5, undefined, null],
    ["ArrowRight", 1, 5, undefined, null],
    // Two columns: items 0–2 and 3–6.
    ["ArrowRight", 1, 7, [0, 3], 3],
    ["ArrowRight", 4, 7, [0, 3], null],
    ["ArrowLeft", 5, 7, [0, 3], 0],
    ["ArrowLeft", 2, 7, [0, 3], null],
    ["ArrowRight", -1, 7, [0, 3], 3],
    // Four columns (admin menu).
    ["ArrowRight", 4, 12, [0, 3, 6, 9], 6],
    ["ArrowLeft", 11, 12, [0, 3, 6, 9], 6],
  ];
  for (const [key, index, count, starts, expected] of cases) {
    test(`${key} at ${index} of ${count}${starts ? ` columns ${starts}` : ""} → ${expected}`, () => {
      assert.equal(menuKeyTarget(key, index, count, starts), expected);
    });
  }
});

describe("columns (§2.5: up to 2 columns; admin up to 4)", () => {
  const s = (id: string, column: number) => ({ id, column });
  test("sections go to their column in order; empty columns drop", () => {
    assert.deepEqual(groupColumns([s("a", 1), s("b", 2), s("c", 1)], MENU_COLUMNS), [
      [s("a", 1), s("c", 1)],
      [s("b", 2)],
    ]);
    assert.deepEqual(groupColumns([s("b", 2)], MENU_COLUMNS), [[s("b", 2)]]);
    assert.deepEqual(groupColumns([s("x", 3), s("y", 1)], ADMIN_MENU_COLUMNS), [[s("y", 1)], [s("x", 3)]]);
  });
  test("a column beyond the maximum joins the last one", () => {
    assert.deepEqual(groupColumns([s("a", 1), s("b", 4)], MENU_COLUMNS), [[s("a", 1)], [s("b", 4)]]);
  });
});

describe("panel geometry (§9 widths, popover offset and clamp)", () => {
  const anchor = { left: 12, bottom: 48 };
  test(`the navigation panel is ${MENU_DROPDOWN_WIDTH_PX} px with ${MENU_COLUMNS} columns, below its button`, () => {
    assert.deepEqual(
      panelGeometry({
        anchor,
        viewportWidth: 1280,
        fullWidth: MENU_DROPDOWN_WIDTH_PX,
        columns: 2,
        maxColumns: MENU_COLUMNS,
      }),
      { left: 12, top: 48 + POPOVER_OFFSET_PX, width: MENU_DROPDOWN_WIDTH_PX },
    );
  });
  test(`the admin menu is at most ${ADMIN_MENU_MAX_WIDTH_PX} px, narrower with fewer columns`, () => {
    const full = panelGeometry({
      anchor,
      viewportWidth: 1600,
      fullWidth: ADMIN_MENU_MAX_WIDTH_PX,
      columns: 4,
      maxColumns: 4,
    });
    const two = panelGeometry({
      anchor,
      viewportWidth: 1600,
      fullWidth: ADMIN_MENU_MAX_WIDTH_PX,
      columns: 2,
      maxColumns: 4,
    });
    assert.equal(full.width, ADMIN_MENU_MAX_WIDTH_PX);
    assert.equal(two.width, ADMIN_MENU_MAX_WIDTH_PX / 2);
  });
  test("a narrow viewport clamps the width and keeps the panel inside", () => {
    const g = panelGeometry({
      anchor: { left: 200, bottom: 40 },
      viewportWidth: 360,
      fullWidth: MENU_DROPDOWN_WIDTH_PX,
      columns: 2,
      maxColumns: 2,
    });
    assert.equal(g.width, 360 - 2 * POPOVER_VIEWPORT_CLAMP_PX);
    assert.equal(g.left, POPOVER_VIEWPORT_CLAMP_PX);
  });
  test("a button near the right edge shifts the panel left", () => {
    const g = panelGeometry({
      anchor: { left: 900, bottom: 40 },
      viewportWidth: 1000,
      fullWidth: MENU_DROPDOWN_WIDTH_PX,
      columns: 2,
      maxColumns: 2,
    });
    assert.equal(g.left + g.width, 1000 - POPOVER_VIEWPORT_CLAMP_PX);
  });
});
