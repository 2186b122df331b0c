/**
 * The designer's input and words as data (runtime/screens/analytics/editor/editor-input.ts,
 * editor-words.ts, palette-groups.ts, editor-data.ts): each key on a widget frame and on the page,
 * which focused elements keep their own keys, a pointer's pixels as grid cells, the live region's
 * sentence of each step and the Undo button's words, the palette of the shipped manifest, and the
 * data calls' answers read defensively.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { columnsOf, sourcesOf } from "../../../../../runtime/screens/analytics/editor/editor-data.ts";
import {
  cellsMoved,
  draggedBox,
  frameCommand,
  gridPitch,
  type KeyPress,
  keepsOwnKeys,
  pageCommand,
} from "../../../../../runtime/screens/analytics/editor/editor-input.ts";
import {
  announcement,
  changeWords,
  placeValues,
} from "../../../../../runtime/screens/analytics/editor/editor-words.ts";
import { paletteGroups } from "../../../../../runtime/screens/analytics/editor/palette-groups.ts";
import type { WidgetsManifest } from "../../../../../schemas/widgets.ts";

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe("keys on a focused widget frame", () => {
  const cases: Array<[string, KeyPress, unknown]> = [
    ["ArrowRight moves a column right", press("ArrowRight"), { type: "step", direction: "right" }],
    ["ArrowUp moves up", press("ArrowUp"), { type: "step", direction: "up" }],
    ["Shift+ArrowRight widens", press("ArrowRight", { shiftKey: true }), { type: "resize", dW: 1, dH: 0 }],
    ["Shift+ArrowLeft narrows", press("ArrowLeft", { shiftKey: true }), { type: "resize", dW: -1, dH: 0 }],
    [
      "Shift+ArrowDown makes it taller",
      press("ArrowDown", { shiftKey: true }),
      { type: "resize", dW: 0, dH: 1 },
    ],
    ["Delete removes", press("Delete"), { type: "remove" }],
    ["Backspace removes", press("Backspace"), { type: "remove" }],
    ["Enter opens its settings", press("Enter"), { type: "settings" }],
    ["Tab is left to the browser", press("Tab"), null],
    ["a letter does nothing", press("a"), null],
    ["Ctrl+ArrowRight is the browser's", press("ArrowRight", { ctrlKey: true }), null],
    ["Alt+ArrowLeft (history back) is the browser's", press("ArrowLeft", { altKey: true }), null],
    ["Shift+Enter does nothing", press("Enter", { shiftKey: true }), null],
  ];
  for (const [name, key, expect] of cases) test(name, () => assert.deepEqual(frameCommand(key), expect));
});

describe("keys of the page", () => {
  const cases: Array<[string, KeyPress, "undo" | "redo" | "save" | null]> = [
    ["Ctrl+Z undoes", press("z", { ctrlKey: true }), "undo"],
    ["⌘Z undoes (Mac)", press("z", { metaKey: true }), "undo"],
    ["Ctrl+Shift+Z redoes (the key reads Z)", press("Z", { ctrlKey: true, shiftKey: true }), "redo"],
    ["Ctrl+Y redoes", press("y", { ctrlKey: true }), "redo"],
    ["Z alone types", press("z"), null],
    ["Ctrl+Alt+Z is not ours", press("z", { ctrlKey: true, altKey: true }), null],
    ["Ctrl+Shift+Y is not ours", press("y", { ctrlKey: true, shiftKey: true }), null],
    ["Ctrl+S saves (not the browser's Save page)", press("s", { ctrlKey: true }), "save"],
    ["⌘S saves (Mac)", press("s", { metaKey: true }), "save"],
    ["Ctrl+Shift+S is not ours", press("S", { ctrlKey: true, shiftKey: true }), null],
  ];
  for (const [name, key, expect] of cases) test(name, () => assert.equal(pageCommand(key), expect));
  const targets: Array<[string, Parameters<typeof keepsOwnKeys>[0], boolean]> = [
    [
      "a text input keeps its own undo",
      { tagName: "INPUT", isContentEditable: false, type: "text", inDialog: false },
      true,
    ],
    [
      "a number input too",
      { tagName: "INPUT", isContentEditable: false, type: "number", inDialog: false },
      true,
    ],
    ["a text area too", { tagName: "TEXTAREA", isContentEditable: false, inDialog: false }, true],
    ["an editable region too", { tagName: "DIV", isContentEditable: true, inDialog: false }, true],
    ["anything in a dialog", { tagName: "BUTTON", isContentEditable: false, inDialog: true }, true],
    [
      "a checkbox does not",
      { tagName: "INPUT", isContentEditable: false, type: "checkbox", inDialog: false },
      false,
    ],
    ["a widget frame does not", { tagName: "DIV", isContentEditable: false, inDialog: false }, false],
    ["a button does not", { tagName: "BUTTON", isContentEditable: false, inDialog: false }, false],
  ];
  for (const [name, target, expect] of targets) test(name, () => assert.equal(keepsOwnKeys(target), expect));
});

describe("a pointer's travel as grid cells", () => {
  // 12 columns over 1188 px with 12 px gaps: a column every 100 px; 80 px rows with the gap: 92 px.
  const pitch = gridPitch(1188, 12, 80);
  test("the pitch of columns and rows", () => assert.deepEqual(pitch, { column: 100, row: 92 }));
  const cases: Array<[string, number, number, { dx: number; dy: number }]> = [
    ["less than half a cell stays", 49, 45, { dx: 0, dy: 0 }],
    ["more than half a cell snaps to the next", 51, 47, { dx: 1, dy: 1 }],
    ["backwards", -260, -190, { dx: -3, dy: -2 }],
  ];
  for (const [name, x, y, expect] of cases)
    test(name, () => assert.deepEqual(cellsMoved(x, y, pitch), expect));
  test("a grid not drawn yet moves nothing", () =>
    assert.deepEqual(cellsMoved(500, 500, gridPitch(0, 0, 0)), { dx: 0, dy: 0 }));
  test("a move stays on the grid; a resize grows from the corner and stops at the last column", () => {
    const start = { X: 8, Y: 2, W: 3, H: 2 };
    assert.deepEqual(draggedBox(start, "move", { dx: 5, dy: -9 }), { X: 9, Y: 0, W: 3, H: 2 });
    assert.deepEqual(draggedBox(start, "resize", { dx: 5, dy: 3 }), { X: 8, Y: 2, W: 4, H: 5 });
    assert.deepEqual(draggedBox(start, "resize", { dx: -9, dy: -9 }), { X: 8, Y: 2, W: 1, H: 1 });
  });
});

describe("words of the steps", () => {
  const nameOf = (id: string) => ({ "kpi-1": "Revenue", "bar-1": "Orders by region" })[id] ?? id;
  const box = { X: 3, Y: 0, W: 6, H: 4 };
  test("places count from 1, as people do", () =>
    assert.deepEqual(placeValues(box), { column: 4, row: 1, width: 6, height: 4 }));
  const cases: Array<[string, Parameters<typeof announcement>[0], unknown]> = [
    [
      "added",
      { type: "added", widgetId: "bar-1", position: box },
      {
        key: "DashboardEditor_Announce_added",
        values: { widget: "Orders by region", column: 4, row: 1, width: 6, height: 4 },
      },
    ],
    [
      "moved",
      { type: "moved", widgetId: "kpi-1", position: { X: 1, Y: 0, W: 3, H: 2 } },
      {
        key: "DashboardEditor_Announce_moved",
        values: { widget: "Revenue", column: 2, row: 1, width: 3, height: 2 },
      },
    ],
    [
      "blocked at an edge",
      { type: "blocked", widgetId: "kpi-1", reason: "edge" },
      { key: "DashboardEditor_Announce_edge", values: { widget: "Revenue" } },
    ],
    [
      "the grid is full",
      { type: "blocked", widgetId: "kpi-9", reason: "full" },
      { key: "DashboardEditor_Announce_full", values: { max: 40 } },
    ],
    [
      "undone says what",
      { type: "undone", change: { type: "moved", widgetId: "kpi-1", position: box } },
      {
        key: "DashboardEditor_Announce_undone",
        values: {},
        what: { key: "DashboardEditor_Change_moved", values: { widget: "Revenue" } },
      },
    ],
    ["the row height", { type: "layout" }, { key: "DashboardEditor_Announce_layout", values: {} }],
  ];
  for (const [name, change, expect] of cases)
    test(name, () => assert.deepEqual(announcement(change, nameOf, 40), expect));
  test("Undo's words name the step it takes back", () => {
    assert.deepEqual(
      changeWords(
        { type: "removed", widgetId: "kpi-1", widget: { Id: "kpi-1", Kind: "kpi", Position: box } },
        nameOf,
      ),
      {
        key: "DashboardEditor_Change_removed",
        values: { widget: "Revenue" },
      },
    );
  });
});

describe("the palette of the shipped manifest", () => {
  const manifest = JSON.parse(
    readFileSync(new URL("../../../../../manifests/widgets.json", import.meta.url), "utf8"),
  ) as WidgetsManifest;
  test("enabled kinds by category, charts first, in the manifest's order", () => {
    const groups = paletteGroups(manifest, () => true);
    assert.deepEqual(
      groups.map((group) => [group.category, group.kinds.map((kind) => kind.kind)]),
      [
        ["chart", ["kpi", "line", "area", "bar", "pie", "donut", "scatter"]],
        ["table", ["table", "pivot"]],
        ["content", ["text", "image"]],
        ["filter", ["dateRange", "select", "multiSelect"]],
      ],
    );
  });
  test("a disabled kind, or one whose renderer this build lacks, is not offered; an empty group goes", () => {
    const restricted: WidgetsManifest = {
      ...manifest,
      kinds: manifest.kinds.map((kind) => (kind.kind === "pie" ? { ...kind, enabled: false } : kind)),
    };
    const groups = paletteGroups(restricted, (renderer) => renderer !== "text" && renderer !== "image");
    assert.ok(!groups.some((group) => group.kinds.some((kind) => kind.kind === "pie")));
    assert.ok(!groups.some((group) => group.category === "content"));
  });
});

describe("the data calls' answers", () => {
  test("sources: entries that are not sources are left out; no list is no answer", () => {
    assert.deepEqual(
      sourcesOf({
        items: [{ RecId: 3, Type: "DataTable", Name: "Sales orders", RowCount: 10 }, { RecId: "x" }, null],
      }),
      [{ RecId: 3, Type: "DataTable", Name: "Sales orders", RowCount: 10 }],
    );
    assert.equal(sourcesOf({ rows: [] }), null);
    assert.equal(sourcesOf(null), null);
  });
  test("columns: every column named and typed, else no answer", () => {
    assert.deepEqual(columnsOf({ Columns: [{ Name: "Revenue", Type: "Number", Extra: 1 }] }), [
      { Name: "Revenue", Type: "Number" },
    ]);
    assert.equal(columnsOf({ Columns: [{ Name: "Revenue", Type: "Money" }] }), null);
    assert.equal(columnsOf({}), null);
  });
});
