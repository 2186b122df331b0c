import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  addRecentColour,
  normalizeColour,
} from "../../../runtime/components/colour-picker/recent-colours.ts";
import {
  countByCategory,
  filterIcons,
  type IconEntry,
} from "../../../runtime/components/icon-picker/icon-filter.ts";
import { menuKeyMove, menuTypeahead, moveInMenu } from "../../../runtime/components/menu/menu-navigation.ts";
import { scrollTopForIndex, virtualRange } from "../../../runtime/components/virtual-list/virtual-range.ts";
import {
  ICON_PICKER_CATEGORIES,
  ICON_WEIGHTS,
  RECENT_COLOURS_MAX,
  VIRTUAL_LIST_BUFFER_ITEMS,
} from "../../../runtime/state/constants.ts";

describe("§9 virtual list range (buffer 4)", () => {
  const base = { count: 10_000, itemHeight: 30, viewportHeight: 300 };
  test("the buffer constant", () => assert.equal(VIRTUAL_LIST_BUFFER_ITEMS, 4));
  test("at the top: the visible rows and 4 more below", () => {
    assert.deepEqual(virtualRange({ ...base, scrollTop: 0 }), {
      start: 0,
      end: 14,
      offsetTop: 0,
      totalHeight: 300_000,
    });
  });
  test("in the middle: 4 rows of buffer on each side", () => {
    const range = virtualRange({ ...base, scrollTop: 3000 });
    assert.deepEqual([range.start, range.end, range.offsetTop], [96, 114, 2880]);
  });
  test("a partly visible row counts as visible", () => {
    const range = virtualRange({ ...base, scrollTop: 15, buffer: 0 });
    assert.deepEqual([range.start, range.end], [0, 11]);
  });
  test("at the end: clamped to the count", () => {
    const range = virtualRange({ ...base, scrollTop: 10_000_000 });
    assert.deepEqual([range.start, range.end], [9986, 10_000]);
  });
  test("10,000 rows render a screenful, not 10,000", () => {
    const range = virtualRange({ ...base, scrollTop: 123_456 });
    assert.ok(range.end - range.start <= 300 / 30 + 1 + 2 * VIRTUAL_LIST_BUFFER_ITEMS);
  });
  test("empty and degenerate lists", () => {
    assert.deepEqual(virtualRange({ ...base, count: 0, scrollTop: 0 }), {
      start: 0,
      end: 0,
      offsetTop: 0,
      totalHeight: 0,
    });
    assert.deepEqual(virtualRange({ count: 3, itemHeight: 30, viewportHeight: 300, scrollTop: 0 }).end, 3);
  });
  test("scrolling to reveal a row moves as little as possible", () => {
    const view = { itemHeight: 30, scrollTop: 300, viewportHeight: 300 };
    assert.equal(scrollTopForIndex(12, view), 300, "already visible");
    assert.equal(scrollTopForIndex(5, view), 150, "above: aligned to the top");
    assert.equal(scrollTopForIndex(25, view), 480, "below: aligned to the bottom");
  });
});

describe("§9 recent colours: at most 8, most recent first, deduplicated", () => {
  test("the constant", () => assert.equal(RECENT_COLOURS_MAX, 8));
  test("normalised to #rrggbb", () => {
    assert.equal(normalizeColour("#ABC"), "#aabbcc");
    assert.equal(normalizeColour("A1B2C3"), "#a1b2c3");
    assert.equal(normalizeColour("red"), null);
    assert.equal(normalizeColour("#12345"), null);
  });
  test("a used colour goes first", () => {
    assert.deepEqual(addRecentColour(["#111111", "#222222"], "#333333"), ["#333333", "#111111", "#222222"]);
  });
  test("a colour used again moves to the front instead of repeating", () => {
    assert.deepEqual(addRecentColour(["#111111", "#222222", "#333333"], "#222"), [
      "#222222",
      "#111111",
      "#333333",
    ]);
    assert.deepEqual(addRecentColour(["#ABCDEF", "#abcdef"], "#000"), ["#000000", "#abcdef"]);
  });
  test("the oldest falls off beyond 8", () => {
    const eight = Array.from({ length: 8 }, (_, i) => `#00000${i}`);
    const next = addRecentColour(eight, "#ffffff");
    assert.equal(next.length, 8);
    assert.equal(next[0], "#ffffff");
    assert.ok(!next.includes("#000007"));
  });
  test("an invalid colour changes nothing; invalid stored entries are dropped", () => {
    assert.deepEqual(addRecentColour(["#111111", "bogus"], "nope"), ["#111111"]);
  });
});

describe("§9 icon picker categories and weights", () => {
  const icons: IconEntry[] = [
    { name: "arrow-up", category: "arrow", weights: ["regular", "solid"] },
    { name: "chart-pie", category: "chart", weights: ["regular", "light"], keywords: ["donut"] },
    { name: "github", category: "social", weights: ["brands"] },
  ];
  test("the 18 categories and 5 weights", () => {
    assert.equal(ICON_PICKER_CATEGORIES.length, 18);
    assert.deepEqual(ICON_WEIGHTS, ["brands", "duo-tone", "light", "regular", "solid"]);
  });
  test("filter by category, weight and search (name words and keywords)", () => {
    assert.deepEqual(
      filterIcons(icons, { weight: "regular" }).map((i) => i.name),
      ["arrow-up", "chart-pie"],
    );
    assert.deepEqual(
      filterIcons(icons, { weight: "regular", category: "chart" }).map((i) => i.name),
      ["chart-pie"],
    );
    assert.deepEqual(
      filterIcons(icons, { weight: "light", query: "DONUT" }).map((i) => i.name),
      ["chart-pie"],
    );
    assert.deepEqual(filterIcons(icons, { weight: "brands", query: "pie" }), []);
    assert.deepEqual(
      filterIcons(icons, { weight: "regular", query: "arrow up" }).map((i) => i.name),
      ["arrow-up"],
    );
  });
  test("counts per category in the §9 order", () => {
    const counts = countByCategory(icons, "regular");
    assert.deepEqual([...counts.keys()], ICON_PICKER_CATEGORIES);
    assert.equal(counts.get("arrow"), 1);
    assert.equal(counts.get("social"), 0);
  });
});

describe("menu keyboard (APG menu)", () => {
  const enabled = (i: number) => i !== 2;
  test("arrows wrap and skip disabled items", () => {
    assert.equal(moveInMenu(4, 1, "next", enabled), 3);
    assert.equal(moveInMenu(4, 3, "next", enabled), 0);
    assert.equal(moveInMenu(4, 0, "previous", enabled), 3);
    assert.equal(moveInMenu(4, -1, "first", enabled), 0);
    assert.equal(moveInMenu(4, 0, "last", enabled), 3);
    assert.equal(
      moveInMenu(3, 0, "next", () => false),
      -1,
    );
  });
  test("typeahead", () => {
    const labels = ["Open", "Options", "Print", "Other"];
    assert.equal(menuTypeahead(labels, 0, "o", enabled), 1);
    assert.equal(menuTypeahead(labels, 1, "o", enabled), 3);
    assert.equal(menuTypeahead(labels, 0, "p", enabled), 0, "Print is disabled");
  });
  test("keys", () => {
    assert.equal(menuKeyMove("ArrowDown"), "next");
    assert.equal(menuKeyMove("Home"), "first");
    assert.equal(menuKeyMove("a"), null);
  });
});
