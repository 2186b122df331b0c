import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { selectKeyAction } from "../../../runtime/components/select/select-keys.ts";
import {
  buildRows,
  filterOptions,
  foldText,
  isSelectable,
  moveActive,
  type SelectOption,
  type SelectRow,
  selectAllState,
  toggleAll,
  toggleValue,
  typeahead,
} from "../../../runtime/components/select/select-options.ts";
import {
  CLOSED_SELECT,
  type SelectState,
  selectReducer,
} from "../../../runtime/components/select/select-state.ts";

const fruit: SelectOption[] = [
  { label: "Fruit", header: true },
  { label: "Apple", value: "apple", description: "Red or green" },
  { label: "Banana", value: "banana" },
  { label: "Cherry", value: "cherry", disabled: true },
  { label: "", separator: true },
  { label: "Vegetables", header: true },
  { label: "Céleri", value: "celery", indent: 1 },
  { label: "Carrot", value: "carrot" },
];

describe("§3 option fields", () => {
  test("headers, separators, disabled options and options without a value are not selectable", () => {
    assert.deepEqual(
      fruit.filter(isSelectable).map((o) => o.value),
      ["apple", "banana", "celery", "carrot"],
    );
  });
});

describe("filtering", () => {
  test("case- and accent-insensitive, on label and description", () => {
    assert.equal(foldText("Céleri"), "celeri");
    assert.deepEqual(
      filterOptions(fruit, "CEL").map((o) => o.label),
      ["Vegetables", "Céleri"],
    );
    assert.deepEqual(
      filterOptions(fruit, "green").map((o) => o.label),
      ["Fruit", "Apple"],
    );
  });
  test("a separator stays only between two shown groups", () => {
    assert.deepEqual(
      filterOptions(fruit, "a").map((o) => (o.separator ? "—" : o.label)),
      ["Fruit", "Apple", "Banana", "—", "Vegetables", "Carrot"],
    );
  });
  test("an empty search shows everything", () =>
    assert.equal(filterOptions(fruit, "  ").length, fruit.length));
  test("no match, no rows", () => assert.deepEqual(filterOptions(fruit, "zzz"), []));
});

describe("rows: select-all from 5 options (§9), add-custom last", () => {
  const five: SelectOption[] = ["a", "b", "c", "d", "e"].map((v) => ({ label: v.toUpperCase(), value: v }));
  test("a multi-select of 5 options offers select-all", () => {
    assert.equal(
      buildRows(five, { multiple: true, allowCustom: false, totalSelectable: 5 })[0]?.kind,
      "selectAll",
    );
  });
  test("4 options, or a single select, do not", () => {
    assert.notEqual(
      buildRows(five.slice(0, 4), { multiple: true, allowCustom: false, totalSelectable: 4 })[0]?.kind,
      "selectAll",
    );
    assert.notEqual(
      buildRows(five, { multiple: false, allowCustom: false, totalSelectable: 5 })[0]?.kind,
      "selectAll",
    );
  });
  test("the count is the select's, not what the search left", () => {
    const rows = buildRows(five.slice(0, 1), { multiple: true, allowCustom: true, totalSelectable: 5 });
    assert.deepEqual(
      rows.map((r) => r.kind),
      ["selectAll", "option", "addCustom"],
    );
  });
});

describe("keyboard movement skips what cannot be chosen", () => {
  const rows: SelectRow[] = fruit.map((option) => ({ kind: "option", option }));
  test("next and previous stop at the ends (no wrap)", () => {
    assert.equal(moveActive(rows, -1, "next"), 1);
    assert.equal(moveActive(rows, 2, "next"), 6, "skips disabled Cherry, the separator and the header");
    assert.equal(moveActive(rows, 7, "next"), 7);
    assert.equal(moveActive(rows, 1, "previous"), 1);
  });
  test("first and last", () => {
    assert.equal(moveActive(rows, 4, "first"), 1);
    assert.equal(moveActive(rows, 4, "last"), 7);
  });
  test("typeahead finds the next label starting with the typed character, wrapping", () => {
    assert.equal(typeahead(rows, -1, "c"), 6, "Céleri matches c (Cherry is disabled)");
    assert.equal(typeahead(rows, 6, "c"), 7);
    assert.equal(typeahead(rows, 7, "c"), 6);
    assert.equal(typeahead(rows, 2, "z"), 2);
  });
});

describe("selection changes", () => {
  test("single select replaces, multi-select toggles", () => {
    assert.deepEqual(toggleValue(["a"], "b", false), ["b"]);
    assert.deepEqual(toggleValue(["a"], "b", true), ["a", "b"]);
    assert.deepEqual(toggleValue(["a", "b"], "a", true), ["b"]);
  });
  test("select-all selects the shown selectable options, then deselects them", () => {
    const shown = filterOptions(fruit, "");
    assert.equal(selectAllState(shown, []), "none");
    const all = toggleAll(shown, ["other"]);
    assert.deepEqual(all, ["other", "apple", "banana", "celery", "carrot"]);
    assert.equal(selectAllState(shown, all), "all");
    assert.equal(selectAllState(shown, ["apple"]), "some");
    assert.deepEqual(toggleAll(shown, all), ["other"]);
  });
});

describe("§4.5 states: open, closed, adding a custom value; Escape cancels", () => {
  const open: SelectState = selectReducer(CLOSED_SELECT, { type: "open", active: 2 });
  test("open, query and activate", () => {
    assert.deepEqual(open, { mode: "open", query: "", active: 2, customText: "" });
    const typed = selectReducer(open, { type: "query", query: "ba", active: 0 });
    assert.equal(typed.query, "ba");
    assert.equal(selectReducer(typed, { type: "activate", index: 3 }).active, 3);
  });
  test("adding starts from the search text; Escape cancels it back to the list, then closes", () => {
    const adding = selectReducer({ ...open, query: "kiwi" }, { type: "startAdding" });
    assert.equal(adding.mode, "adding");
    assert.equal(adding.customText, "kiwi");
    const cancelled = selectReducer(adding, { type: "escape" });
    assert.equal(cancelled.mode, "open");
    assert.equal(cancelled.customText, "");
    assert.deepEqual(selectReducer(cancelled, { type: "escape" }), CLOSED_SELECT);
  });
  test("a custom value added keeps a multi-select open and closes a single select", () => {
    const adding = selectReducer(open, { type: "startAdding" });
    assert.equal(selectReducer(adding, { type: "customAdded", keepOpen: true }).mode, "open");
    assert.deepEqual(selectReducer(adding, { type: "customAdded", keepOpen: false }), CLOSED_SELECT);
  });
  test("events that do not apply leave the state alone", () => {
    assert.equal(selectReducer(CLOSED_SELECT, { type: "escape" }), CLOSED_SELECT);
    assert.equal(selectReducer(CLOSED_SELECT, { type: "startAdding" }), CLOSED_SELECT);
    assert.equal(selectReducer(open, { type: "open", active: 0 }), open);
  });
});

describe("keys (APG select-only combobox)", () => {
  const rows: SelectRow[] = fruit.map((option) => ({ kind: "option", option }));
  const open: SelectState = { mode: "open", query: "", active: 1, customText: "" };
  const cases: Array<[string, SelectState, string, boolean, unknown]> = [
    ["ArrowDown opens a closed select", CLOSED_SELECT, "ArrowDown", false, { type: "open" }],
    ["Enter opens", CLOSED_SELECT, "Enter", false, { type: "open" }],
    [
      "a letter on a closed searchable select starts the search",
      CLOSED_SELECT,
      "b",
      true,
      { type: "openAndSearch", query: "b" },
    ],
    [
      "a letter on a closed plain select jumps",
      CLOSED_SELECT,
      "b",
      false,
      { type: "openAndActivate", index: 2 },
    ],
    ["ArrowDown moves", open, "ArrowDown", false, { type: "activate", index: 2 }],
    ["Enter chooses", open, "Enter", true, { type: "choose", index: 1 }],
    ["Space chooses without a search box", open, " ", false, { type: "choose", index: 1 }],
    ["Space types in the search box", open, " ", true, { type: "none" }],
    ["Escape closes and returns focus", open, "Escape", true, { type: "close", focusTrigger: true }],
    ["Tab closes without moving focus back", open, "Tab", false, { type: "close", focusTrigger: false }],
    ["Delete removes the active option", open, "Delete", false, { type: "remove", index: 1 }],
    ["End goes last", open, "End", false, { type: "activate", index: 7 }],
  ];
  for (const [name, state, key, searchable, expected] of cases) {
    test(name, () =>
      assert.deepEqual(selectKeyAction(state, { key }, { rows, searchable, blocked: false }), expected),
    );
  }
  test("a disabled or read-only select does not open", () => {
    assert.deepEqual(
      selectKeyAction(CLOSED_SELECT, { key: "Enter" }, { rows, searchable: false, blocked: true }),
      {
        type: "none",
      },
    );
  });
});
