/**
 * The edited grid (runtime/screens/analytics/editor/grid-compaction.ts): vertical compaction, moves
 * that push others down or let them hop above, resizes, the first free place of a new widget and
 * the keyboard's steps — table-driven on small layouts, then properties over any sequence of moves
 * and resizes (fast-check): no two widgets overlap, every widget stays inside the 12 columns, and a
 * compacted layout is compacted already.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  type Box,
  bottomRow,
  clampBox,
  compact,
  firstFreePlace,
  moveItem,
  overlaps,
  type Placed,
  resizeItem,
  stepItem,
} from "../../../../../runtime/screens/analytics/editor/grid-compaction.ts";

const at = (Id: string, X: number, Y: number, W: number, H: number): Placed => ({
  Id,
  Position: { X, Y, W, H },
});
/** The layout as "id:X,Y,W,H" in list order: a failing case reads at a glance. */
const places = (items: readonly Placed[]) =>
  items.map(
    (item) => `${item.Id}:${item.Position.X},${item.Position.Y},${item.Position.W},${item.Position.H}`,
  );

function assertNoOverlap(items: readonly Placed[]) {
  for (const [i, a] of items.entries()) {
    for (const b of items.slice(i + 1)) {
      assert.ok(!overlaps(a.Position, b.Position), `${a.Id} overlaps ${b.Id}: ${places(items).join(" ")}`);
    }
  }
}

describe("compaction floats every widget up", () => {
  const cases: Array<{ name: string; input: Placed[]; expect: string[] }> = [
    { name: "a hole above closes", input: [at("a", 0, 3, 4, 2)], expect: ["a:0,0,4,2"] },
    {
      name: "a widget under another stops on it",
      input: [at("a", 0, 0, 4, 2), at("b", 2, 5, 4, 2)],
      expect: ["a:0,0,4,2", "b:2,2,4,2"],
    },
    {
      name: "side by side stay in the first row",
      input: [at("a", 0, 1, 6, 2), at("b", 6, 4, 6, 3)],
      expect: ["a:0,0,6,2", "b:6,0,6,3"],
    },
    {
      name: "overlapping widgets are taken apart, the first in reading order keeps its place",
      input: [at("b", 0, 1, 4, 2), at("a", 0, 0, 4, 2)],
      expect: ["b:0,2,4,2", "a:0,0,4,2"],
    },
    {
      name: "a box off the grid comes back into its 12 columns",
      input: [at("a", 10, 0, 6, 2)],
      expect: ["a:6,0,6,2"],
    },
  ];
  for (const { name, input, expect } of cases) {
    test(name, () => assert.deepEqual(places(compact(input)), expect));
  }
  test("a widget that keeps its place is the same object", () => {
    const a = at("a", 0, 0, 4, 2);
    assert.equal(compact([a])[0], a);
  });
});

describe("moving a widget", () => {
  const start = [at("a", 0, 0, 6, 2), at("b", 6, 0, 6, 2), at("c", 0, 2, 12, 2)];
  const cases: Array<{ name: string; id: string; to: { X: number; Y: number }; expect: string[] }> = [
    {
      name: "onto a neighbour: the neighbour goes down under it",
      id: "a",
      to: { X: 3, Y: 0 },
      expect: ["a:3,0,6,2", "b:6,2,6,2", "c:0,4,12,2"],
    },
    {
      name: "dragged down onto a wider widget with no room above it: floats back (no hop)",
      id: "a",
      to: { X: 0, Y: 2 },
      expect: ["a:0,0,6,2", "b:6,0,6,2", "c:0,2,12,2"],
    },
    {
      name: "into empty rows under everything: it floats up to the last widget (no holes)",
      id: "b",
      to: { X: 6, Y: 9 },
      expect: ["a:0,0,6,2", "b:6,4,6,2", "c:0,2,12,2"],
    },
    {
      name: "past the right edge: kept inside the grid",
      id: "a",
      to: { X: 40, Y: 0 },
      expect: ["a:6,0,6,2", "b:6,2,6,2", "c:0,4,12,2"],
    },
  ];
  for (const { name, id, to, expect } of cases) {
    test(name, () => {
      const moved = moveItem(start, id, to);
      assert.deepEqual([...places(moved)].sort(), [...expect].sort());
      assertNoOverlap(moved);
    });
  }
  test("dragged down past the widget under it: that one hops above", () => {
    const column = [at("a", 0, 0, 6, 2), at("c", 0, 2, 6, 2), at("b", 6, 0, 6, 4)];
    assert.deepEqual(places(moveItem(column, "a", { X: 0, Y: 2 })), ["a:0,2,6,2", "c:0,0,6,2", "b:6,0,6,4"]);
  });
  test("an unknown id changes nothing", () => {
    assert.deepEqual(places(moveItem(start, "zz", { X: 1, Y: 1 })), places(start));
  });
});

describe("resizing a widget", () => {
  const start = [at("a", 0, 0, 6, 2), at("b", 6, 0, 6, 2), at("c", 0, 2, 6, 2)];
  test("wider: the widget it now covers goes down", () => {
    assert.deepEqual(places(resizeItem(start, "a", { W: 8, H: 2 })), ["a:0,0,8,2", "b:6,2,6,2", "c:0,2,6,2"]);
  });
  test("taller: the widget under it goes down", () => {
    assert.deepEqual(places(resizeItem(start, "a", { W: 6, H: 4 })), ["a:0,0,6,4", "b:6,0,6,2", "c:0,4,6,2"]);
  });
  test("wider than the grid from its column: it moves left to stay inside", () => {
    assert.deepEqual(places(resizeItem([at("a", 8, 0, 2, 2)], "a", { W: 6, H: 2 })), ["a:6,0,6,2"]);
  });
  test("no smaller than one cell, no taller than 24 rows", () => {
    assert.deepEqual(places(resizeItem([at("a", 0, 0, 2, 2)], "a", { W: 0, H: 99 })), ["a:0,0,1,24"]);
  });
});

describe("the keyboard's steps", () => {
  const start = [at("a", 0, 0, 6, 2), at("b", 0, 2, 6, 3), at("c", 6, 0, 6, 2)];
  const cases: Array<{
    name: string;
    id: string;
    direction: "left" | "right" | "up" | "down";
    expect: string[] | null;
  }> = [
    {
      name: "right one column",
      id: "a",
      direction: "right",
      expect: ["a:1,0,6,2", "b:0,2,6,3", "c:6,2,6,2"],
    },
    { name: "left at the first column: no step", id: "a", direction: "left", expect: null },
    { name: "up in the first row: no step", id: "a", direction: "up", expect: null },
    {
      name: "down: as many rows as it takes to change places with the widget under it",
      id: "a",
      direction: "down",
      expect: ["a:0,3,6,2", "b:0,0,6,3", "c:6,0,6,2"],
    },
    {
      name: "up: changes places with the widget above",
      id: "b",
      direction: "up",
      expect: ["a:0,3,6,2", "b:0,0,6,3", "c:6,0,6,2"],
    },
    { name: "down with nothing under it: no step", id: "c", direction: "down", expect: null },
    { name: "right at the last column: no step", id: "c", direction: "right", expect: null },
  ];
  for (const { name, id, direction, expect } of cases) {
    test(name, () => {
      const next = stepItem(start, id, direction);
      assert.deepEqual(next ? places(next) : null, expect);
    });
  }
});

describe("where a new widget goes", () => {
  const cases: Array<{ name: string; items: Placed[]; size: { W: number; H: number }; expect: Box }> = [
    {
      name: "an empty grid: the top left",
      items: [],
      size: { W: 4, H: 2 },
      expect: { X: 0, Y: 0, W: 4, H: 2 },
    },
    {
      name: "beside a widget when the row has room",
      items: [at("a", 0, 0, 6, 2)],
      size: { W: 6, H: 2 },
      expect: { X: 6, Y: 0, W: 6, H: 2 },
    },
    {
      name: "a hole at the right, under a shorter widget",
      items: [at("a", 0, 0, 8, 4), at("b", 8, 0, 4, 2)],
      size: { W: 4, H: 2 },
      expect: { X: 8, Y: 2, W: 4, H: 2 },
    },
    {
      name: "under everything when no row has room",
      items: [at("a", 0, 0, 12, 3)],
      size: { W: 12, H: 2 },
      expect: { X: 0, Y: 3, W: 12, H: 2 },
    },
  ];
  for (const { name, items, size, expect } of cases) {
    test(name, () => assert.deepEqual(firstFreePlace(items, size), expect));
  }
});

// Properties: layouts of up to 12 widgets, and any sequence of moves, resizes and steps on them.
const box = fc.record({
  X: fc.integer({ min: -2, max: 14 }),
  Y: fc.integer({ min: 0, max: 30 }),
  W: fc.integer({ min: 0, max: 14 }),
  H: fc.integer({ min: 0, max: 26 }),
});
const layout = fc
  .array(box, { minLength: 1, maxLength: 12 })
  .map((boxes) => boxes.map((Position, index) => ({ Id: `w${index}`, Position })));
const operation = fc.oneof(
  fc.record({
    op: fc.constant("move" as const),
    index: fc.nat(),
    X: fc.integer({ min: -3, max: 14 }),
    Y: fc.integer({ min: 0, max: 40 }),
  }),
  fc.record({
    op: fc.constant("resize" as const),
    index: fc.nat(),
    W: fc.integer({ min: -1, max: 14 }),
    H: fc.integer({ min: -1, max: 30 }),
  }),
  fc.record({
    op: fc.constant("step" as const),
    index: fc.nat(),
    direction: fc.constantFrom("left" as const, "right" as const, "up" as const, "down" as const),
  }),
);

function inGrid(items: readonly Placed[]) {
  for (const item of items) {
    const { X, Y, W, H } = item.Position;
    assert.ok(Number.isInteger(X) && Number.isInteger(Y) && Number.isInteger(W) && Number.isInteger(H));
    assert.ok(X >= 0 && Y >= 0 && W >= 1 && H >= 1 && H <= 24, `${item.Id} off the grid`);
    assert.ok(X + W <= 12, `${item.Id}: X + W = ${X + W} > 12`);
  }
}

describe("properties of any sequence of edits", () => {
  test("no two widgets ever overlap and every one stays inside the 12 columns", () => {
    fc.assert(
      fc.property(layout, fc.array(operation, { maxLength: 25 }), (start, operations) => {
        let items = compact(start);
        assertNoOverlap(items);
        inGrid(items);
        for (const operation of operations) {
          const id = items[operation.index % items.length]?.Id as string;
          if (operation.op === "move") items = moveItem(items, id, operation);
          else if (operation.op === "resize") items = resizeItem(items, id, operation);
          else items = stepItem(items, id, operation.direction) ?? items;
          assertNoOverlap(items);
          inGrid(items);
          assert.equal(items.length, start.length);
        }
      }),
      { numRuns: 300 },
    );
  });
  test("a compacted layout is compacted already (nothing floats further)", () => {
    fc.assert(
      fc.property(layout, (start) => {
        const once = compact(start);
        assert.deepEqual(places(compact(once)), places(once));
      }),
    );
  });
  test("a new widget's first free place overlaps nothing and fits the grid", () => {
    fc.assert(
      fc.property(
        layout,
        fc.record({ W: fc.integer({ min: 1, max: 12 }), H: fc.integer({ min: 1, max: 24 }) }),
        (start, size) => {
          const items = compact(start);
          const place = firstFreePlace(items, size);
          assert.ok(items.every((item) => !overlaps(item.Position, place)));
          assert.ok(place.X + place.W <= 12);
          assert.ok(place.Y <= bottomRow(items));
        },
      ),
    );
  });
  test("clampBox keeps a box whole and inside", () => {
    fc.assert(
      fc.property(box, (raw) => {
        const { X, W, H } = clampBox(raw);
        assert.ok(X + W <= 12 && W >= 1 && H >= 1 && H <= 24 && X >= 0);
      }),
    );
  });
});
