/**
 * The dashboard editor's reducer (runtime/screens/analytics/editor/editor-model.ts) with the shipped
 * widgets manifest: adding a widget of a kind (its defaults, the first free place, a unique id),
 * duplicating, removing, moving, resizing, changing a widget, the row height; the history (undo,
 * redo, bounded), the dirty flag against the saved definition — table-driven, then properties over
 * any sequence of steps (fast-check): undo takes every step back, redo makes them again, and the
 * layout never overlaps nor leaves the 12 columns.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  canonicalJson,
  canRedo,
  canUndo,
  changedWidget,
  type EditorAction,
  type EditorChange,
  type EditorState,
  editorReducer,
  HISTORY_LIMIT,
  initialEditorState,
  initialSettings,
  isDirty,
  newWidgetId,
  redoChange,
  undoChange,
} from "../../../../../runtime/screens/analytics/editor/editor-model.ts";
import { overlaps } from "../../../../../runtime/screens/analytics/editor/grid-compaction.ts";
import type { DashboardDefinition } from "../../../../../schemas/payloads/analytics-content.ts";
import type { WidgetKind, WidgetsManifest } from "../../../../../schemas/widgets.ts";

const MANIFEST = JSON.parse(
  readFileSync(new URL("../../../../../manifests/widgets.json", import.meta.url), "utf8"),
) as WidgetsManifest;
const kind = (name: string) => MANIFEST.kinds.find((entry) => entry.kind === name) as WidgetKind;
const QUERY = { Source: { RecId: 7 }, Aggregates: [{ Function: "count" as const, As: "Orders" }] };

const empty: DashboardDefinition = { Version: 1, Widgets: [] };
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const places = (state: EditorState) =>
  state.definition.Widgets.map(
    (w) => `${w.Id}:${w.Position.X},${w.Position.Y},${w.Position.W},${w.Position.H}`,
  );

describe("adding widgets", () => {
  test("a KPI: the kind's defaults, the top left, id kpi-1, one undoable step", () => {
    const state = run(initialEditorState(empty), { type: "add", kind: kind("kpi") });
    assert.deepEqual(state.definition.Widgets, [
      {
        Id: "kpi-1",
        Kind: "kpi",
        Position: { X: 0, Y: 0, W: 3, H: 2 },
        Settings: { Format: "number", Decimals: 0 },
      },
    ]);
    assert.deepEqual(state.last, { type: "added", widgetId: "kpi-1", position: { X: 0, Y: 0, W: 3, H: 2 } });
    assert.ok(canUndo(state) && !canRedo(state) && isDirty(state));
  });
  test("the next ones take the first free places, ids counting up per kind", () => {
    const state = run(
      initialEditorState(empty),
      { type: "add", kind: kind("kpi") },
      { type: "add", kind: kind("kpi") },
      { type: "add", kind: kind("bar") },
      { type: "add", kind: kind("table") },
    );
    assert.deepEqual(places(state), ["kpi-1:0,0,3,2", "kpi-2:3,0,3,2", "bar-1:6,0,6,4", "table-1:0,2,6,5"]);
  });
  test("a filter kind starts without an empty Targets (no list: the widgets of its own source)", () => {
    assert.equal(initialSettings(kind("dateRange")), undefined);
    const state = run(initialEditorState(empty), { type: "add", kind: kind("select") });
    assert.equal(state.definition.Widgets[0]?.Settings, undefined);
    assert.equal(state.definition.Widgets[0]?.Id, "select-1");
  });
  test("a kind name in capitals becomes a valid widget id", () => {
    assert.equal(newWidgetId("multiSelect", []), "multiselect-1");
    assert.equal(newWidgetId("kpi", [{ Id: "kpi-1" }, { Id: "kpi-3" }]), "kpi-2");
    assert.match(newWidgetId("Über Widget!", []), /^[a-z0-9][a-z0-9-]{0,39}$/);
  });
  test("at 40 widgets nothing is added and the step says why", () => {
    let state = initialEditorState(empty);
    for (let n = 0; n < 40; n += 1) state = editorReducer(state, { type: "add", kind: kind("kpi") });
    const full = editorReducer(state, { type: "add", kind: kind("kpi") });
    assert.equal(full.definition, state.definition);
    assert.equal(full.past.length, state.past.length);
    assert.equal(full.last?.type, "blocked");
  });
});

describe("changing widgets", () => {
  const start = run(
    initialEditorState(empty),
    { type: "add", kind: kind("kpi") },
    { type: "add", kind: kind("bar") },
    { type: "update", widgetId: "kpi-1", patch: { Title: "Orders", Query: QUERY } },
  );
  test("update: title and query in one step", () => {
    const widget = start.definition.Widgets[0];
    assert.equal(widget?.Title, "Orders");
    assert.deepEqual(widget?.Query, QUERY);
    assert.deepEqual(start.last, { type: "edited", widgetId: "kpi-1" });
  });
  test("an empty title and a null query are removed; a patch that changes nothing is no step", () => {
    const cleared = editorReducer(start, {
      type: "update",
      widgetId: "kpi-1",
      patch: { Title: "  ", Query: null },
    });
    assert.equal("Title" in (cleared.definition.Widgets[0] ?? {}), false);
    assert.equal("Query" in (cleared.definition.Widgets[0] ?? {}), false);
    const same = editorReducer(start, { type: "update", widgetId: "kpi-1", patch: { Title: "Orders" } });
    assert.equal(same, start);
  });
  test("duplicate: a new id at the first free place, its own copy of the query", () => {
    const state = editorReducer(start, { type: "duplicate", widgetId: "kpi-1" });
    const copy = state.definition.Widgets.find((w) => w.Id === "kpi-2");
    assert.deepEqual(copy?.Position, { X: 9, Y: 0, W: 3, H: 2 });
    assert.deepEqual(copy?.Query, QUERY);
    assert.notEqual(copy?.Query, start.definition.Widgets[0]?.Query);
    assert.equal(copy?.Title, "Orders");
  });
  test("remove: the others float up", () => {
    const moved = run(start, { type: "move", widgetId: "kpi-1", to: { X: 6, Y: 0 } });
    assert.deepEqual(places(moved), ["kpi-1:6,0,3,2", "bar-1:3,2,6,4"]);
    const removed = editorReducer(moved, { type: "remove", widgetId: "kpi-1" });
    assert.deepEqual(places(removed), ["bar-1:3,0,6,4"]);
    assert.deepEqual(removed.last, {
      type: "removed",
      widgetId: "kpi-1",
      widget: moved.definition.Widgets.find((w) => w.Id === "kpi-1"),
    });
  });
  test("a move to where it already is, or a step against the edge, is no step", () => {
    const nowhere = editorReducer(start, { type: "move", widgetId: "kpi-1", to: { X: 0, Y: 0 } });
    assert.equal(nowhere.definition, start.definition);
    assert.deepEqual(nowhere.last, { type: "blocked", widgetId: "kpi-1", reason: "edge" });
    const edge = editorReducer(start, { type: "step", widgetId: "kpi-1", direction: "left" });
    assert.equal(edge.past.length, start.past.length);
  });
  test("resize says where the widget now is", () => {
    const state = editorReducer(start, { type: "resize", widgetId: "kpi-1", size: { W: 4, H: 3 } });
    assert.deepEqual(state.last, {
      type: "resized",
      widgetId: "kpi-1",
      position: { X: 0, Y: 0, W: 4, H: 3 },
    });
  });
  test("widget theme: set and cleared, each one step", () => {
    const set = editorReducer(start, { type: "theme", theme: "Classic" });
    assert.equal(set.definition.Theme, "Classic");
    assert.deepEqual(set.last, { type: "theme" });
    assert.equal(editorReducer(set, { type: "theme", theme: "Classic" }), set);
    assert.equal("Theme" in editorReducer(set, { type: "theme", theme: null }).definition, false);
  });
  test("row height: set and cleared", () => {
    const set = editorReducer(start, { type: "rowHeight", rowHeight: 100 });
    assert.equal(set.definition.RowHeight, 100);
    assert.equal("RowHeight" in editorReducer(set, { type: "rowHeight", rowHeight: null }).definition, false);
  });
});

describe("history and the dirty flag", () => {
  test("undo and redo walk the steps; a new step drops what could be redone", () => {
    const two = run(
      initialEditorState(empty),
      { type: "add", kind: kind("kpi") },
      { type: "add", kind: kind("pie") },
    );
    const back = editorReducer(two, { type: "undo" });
    assert.deepEqual(places(back), ["kpi-1:0,0,3,2"]);
    assert.deepEqual(back.last, {
      type: "undone",
      change: { type: "added", widgetId: "pie-1", position: { X: 3, Y: 0, W: 4, H: 4 } },
    });
    assert.equal(changedWidget(back.last as EditorChange), "pie-1");
    assert.deepEqual(redoChange(back), {
      type: "added",
      widgetId: "pie-1",
      position: { X: 3, Y: 0, W: 4, H: 4 },
    });
    assert.deepEqual(places(editorReducer(back, { type: "redo" })), places(two));
    const other = editorReducer(back, { type: "add", kind: kind("text") });
    assert.ok(!canRedo(other));
    assert.equal(undoChange(other)?.type, "added");
  });
  test("undo on an empty history and redo on an empty future change nothing", () => {
    const state = initialEditorState(empty);
    assert.equal(editorReducer(state, { type: "undo" }), state);
    assert.equal(editorReducer(state, { type: "redo" }), state);
  });
  test(`the history keeps the last ${HISTORY_LIMIT} steps`, () => {
    let state = run(initialEditorState(empty), { type: "add", kind: kind("kpi") });
    for (let n = 0; n < HISTORY_LIMIT + 20; n += 1)
      state = editorReducer(state, { type: "update", widgetId: "kpi-1", patch: { Title: `T${n}` } });
    assert.equal(state.past.length, HISTORY_LIMIT);
  });
  test("dirty: after a change; clean again when undone to the saved definition; a save is the new baseline", () => {
    const start = initialEditorState(empty);
    assert.equal(isDirty(start), false);
    const added = editorReducer(start, { type: "add", kind: kind("kpi") });
    assert.equal(isDirty(added), true);
    assert.equal(isDirty(editorReducer(added, { type: "undo" })), false);
    const saved = editorReducer(added, { type: "saved", definition: added.definition });
    assert.equal(isDirty(saved), false);
    assert.equal(isDirty(editorReducer(saved, { type: "undo" })), true);
  });
  test("a stored layout with holes is compacted on opening, and that is not a change", () => {
    const holes: DashboardDefinition = {
      Version: 1,
      Widgets: [{ Id: "a", Kind: "kpi", Position: { X: 0, Y: 5, W: 3, H: 2 } }],
    };
    const state = initialEditorState(holes);
    assert.deepEqual(state.definition.Widgets[0]?.Position, { X: 0, Y: 0, W: 3, H: 2 });
    assert.equal(isDirty(state), false);
  });
  test("the same definition with its keys in another order is not a change", () => {
    assert.equal(
      canonicalJson({ a: 1, b: { c: 2, d: [1, 2] } }),
      canonicalJson({ b: { d: [1, 2], c: 2 }, a: 1 }),
    );
  });
});

// Properties: any sequence of steps on a dashboard that starts with a few widgets.
const kinds = MANIFEST.kinds.filter((entry) => entry.enabled);
const action = (ids: string[]) =>
  fc.oneof(
    fc.constantFrom(...kinds).map((k): EditorAction => ({ type: "add", kind: k })),
    fc
      .record({
        id: fc.constantFrom(...ids),
        X: fc.integer({ min: -2, max: 13 }),
        Y: fc.integer({ min: 0, max: 30 }),
      })
      .map(({ id, X, Y }): EditorAction => ({ type: "move", widgetId: id, to: { X, Y } })),
    fc
      .record({
        id: fc.constantFrom(...ids),
        W: fc.integer({ min: 0, max: 13 }),
        H: fc.integer({ min: 0, max: 25 }),
      })
      .map(({ id, W, H }): EditorAction => ({ type: "resize", widgetId: id, size: { W, H } })),
    fc
      .record({
        id: fc.constantFrom(...ids),
        direction: fc.constantFrom("left" as const, "right" as const, "up" as const, "down" as const),
      })
      .map(({ id, direction }): EditorAction => ({ type: "step", widgetId: id, direction })),
    fc.constantFrom(...ids).map((id): EditorAction => ({ type: "remove", widgetId: id })),
    fc.constantFrom(...ids).map((id): EditorAction => ({ type: "duplicate", widgetId: id })),
    fc
      .record({ id: fc.constantFrom(...ids), title: fc.string({ maxLength: 20 }) })
      .map(({ id, title }): EditorAction => ({ type: "update", widgetId: id, patch: { Title: title } })),
  );
const IDS = ["kpi-1", "bar-1", "table-1", "kpi-2", "pie-1", "text-1"];
const seeded = run(
  initialEditorState(empty),
  { type: "add", kind: kind("kpi") },
  { type: "add", kind: kind("bar") },
  { type: "add", kind: kind("table") },
);
const baseline = editorReducer(seeded, { type: "saved", definition: seeded.definition });

describe("properties of any sequence of steps", () => {
  test("undo takes every step back to the start, redo makes each again; the grid holds throughout", () => {
    fc.assert(
      fc.property(fc.array(action(IDS), { maxLength: 30 }), (actions) => {
        const states = [baseline];
        for (const next of actions) {
          const state = editorReducer(states[states.length - 1] as EditorState, next);
          const widgets = state.definition.Widgets;
          for (const [i, a] of widgets.entries()) {
            assert.ok(a.Position.X + a.Position.W <= 12);
            for (const b of widgets.slice(i + 1))
              assert.ok(!overlaps(a.Position, b.Position), `${a.Id} ∩ ${b.Id}`);
          }
          assert.equal(new Set(widgets.map((w) => w.Id)).size, widgets.length, "ids unique");
          states.push(state);
        }
        const last = states[states.length - 1] as EditorState;
        let state = last;
        const steps = state.past.length - baseline.past.length;
        for (let n = 0; n < steps; n += 1) state = editorReducer(state, { type: "undo" });
        assert.equal(canonicalJson(state.definition), canonicalJson(baseline.definition));
        assert.equal(isDirty(state), false);
        for (let n = 0; n < steps; n += 1) state = editorReducer(state, { type: "redo" });
        assert.equal(canonicalJson(state.definition), canonicalJson(last.definition));
      }),
      { numRuns: 200 },
    );
  });
});
