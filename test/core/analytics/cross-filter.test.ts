/**
 * The cross-filter rule (core/analytics/cross-filter.ts) as tables over one definition: which widgets
 * are filter widgets and whom they target, which viewer filters a widget receives from the
 * selections, which viewer filters the upstream accepts for a widget, and the query a widget runs.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  checkViewerFilters,
  type FilterSelection,
  filtersFor,
  filterWidgets,
  isFilterKind,
  type KindRendererOf,
  queryWithFilters,
} from "../../../core/analytics/cross-filter.ts";
import type { WidgetDefinition } from "../../../schemas/payloads/analytics-content.ts";
import type { DataQueryFilter } from "../../../schemas/payloads/data-query.ts";

const SALES = 11;
const TICKETS = 12;
const position = { X: 0, Y: 0, W: 4, H: 3 };
const sum = { Function: "sum", Column: "Revenue", As: "Revenue" } as const;

const widget = (
  Id: string,
  Kind: string,
  source?: number,
  Settings?: Record<string, unknown>,
): WidgetDefinition => ({
  Id,
  Kind,
  Position: position,
  ...(source !== undefined && { Query: { Source: { RecId: source }, Aggregates: [sum] } }),
  ...(Settings && { Settings }),
});

/** A dashboard: two filters on Sales, one on Tickets with named targets, charts on both sources. */
const WIDGETS: WidgetDefinition[] = [
  widget("period", "dateRange", SALES, { Column: "OrderDate" }),
  widget("region", "select", SALES, { Column: "Region" }),
  widget("channels", "multiSelect", TICKETS, { Column: "Channel", Targets: ["tickets", "revenue", "nope"] }),
  widget("no-column", "select", SALES, {}),
  widget("revenue", "line", SALES),
  widget("top", "pie", SALES),
  widget("tickets", "bar", TICKETS),
  widget("note", "text"),
];
const identity: KindRendererOf = (kind) => kind;

test("isFilterKind: the three filter renderers and nothing else", () => {
  const cases: [string | undefined, boolean][] = [
    ["dateRange", true],
    ["select", true],
    ["multiSelect", true],
    ["bar", false],
    ["Select", false],
    ["toString", false],
    ["__proto__", false],
    [undefined, false],
  ];
  for (const [kind, expected] of cases) assert.equal(isFilterKind(kind), expected, String(kind));
});

test("filterWidgets: columns, operators, default and named targets", () => {
  assert.deepEqual(filterWidgets(WIDGETS, identity), [
    {
      widgetId: "period",
      renderer: "dateRange",
      column: "OrderDate",
      operator: "Between",
      targets: ["revenue", "top"],
    },
    {
      widgetId: "region",
      renderer: "select",
      column: "Region",
      operator: "Equals",
      targets: ["revenue", "top"],
    },
    // Named targets keep only data widgets of the definition, in definition order.
    {
      widgetId: "channels",
      renderer: "multiSelect",
      column: "Channel",
      operator: "In",
      targets: ["revenue", "tickets"],
    },
  ]);
});

test("filterWidgets: the kind's renderer decides, so an aliased kind is a filter widget in the runtime", () => {
  const aliased = [widget("when", "period", SALES, { Column: "OrderDate" }), widget("chart", "bar", SALES)];
  const runtime: KindRendererOf = (kind) => ({ period: "dateRange", bar: "bar" })[kind];
  assert.deepEqual(
    filterWidgets(aliased, runtime).map((found) => [found.widgetId, found.targets]),
    [["when", ["chart"]]],
  );
  assert.deepEqual(filterWidgets(aliased, identity), []);
  // A filter widget without a query has no default targets.
  assert.deepEqual(
    filterWidgets(
      [widget("f", "select", undefined, { Column: "Region" }), widget("c", "bar", SALES)],
      identity,
    )[0]?.targets,
    [],
  );
});

const period: FilterSelection = {
  widgetId: "period",
  column: "OrderDate",
  operator: "Between",
  values: ["2025-01-01", "2025-03-31"],
};
const region: FilterSelection = { widgetId: "region", column: "Region", operator: "Equals", value: "EMEA" };
const channels: FilterSelection = {
  widgetId: "channels",
  column: "Channel",
  operator: "In",
  values: ["Web", "Phone"],
};

const forCases: {
  name: string;
  widgetId: string;
  selections: FilterSelection[];
  expect: DataQueryFilter[];
}[] = [
  { name: "no selection, no filter", widgetId: "revenue", selections: [], expect: [] },
  {
    name: "every targeting filter, in definition order",
    widgetId: "revenue",
    selections: [channels, region, period],
    expect: [
      { Column: "OrderDate", Operator: "Between", Values: ["2025-01-01", "2025-03-31"] },
      { Column: "Region", Operator: "Equals", Value: "EMEA" },
      { Column: "Channel", Operator: "In", Values: ["Web", "Phone"] },
    ],
  },
  { name: "a widget no filter targets", widgetId: "tickets", selections: [period, region], expect: [] },
  {
    name: "named targets",
    widgetId: "tickets",
    selections: [channels],
    expect: [{ Column: "Channel", Operator: "In", Values: ["Web", "Phone"] }],
  },
  { name: "a filter widget receives nothing", widgetId: "region", selections: [period], expect: [] },
  {
    name: "the later selection of one filter widget wins",
    widgetId: "top",
    selections: [region, { ...region, value: "APAC" }],
    expect: [{ Column: "Region", Operator: "Equals", Value: "APAC" }],
  },
  {
    name: "a selection on another column than its widget's is ignored",
    widgetId: "top",
    selections: [{ ...region, column: "Country" }],
    expect: [],
  },
  {
    name: "a selection with another operator is ignored",
    widgetId: "top",
    selections: [{ ...region, operator: "In", values: ["EMEA"] }],
    expect: [],
  },
  {
    name: "an open range is no filter",
    widgetId: "top",
    selections: [{ ...period, values: ["2025-01-01", null] }],
    expect: [],
  },
  {
    name: "a one-sided range is no filter",
    widgetId: "top",
    selections: [{ ...period, values: ["2025-01-01"] }],
    expect: [],
  },
  {
    name: "an empty multi-selection is no filter",
    widgetId: "tickets",
    selections: [{ ...channels, values: [] }],
    expect: [],
  },
  {
    name: "an unset select is no filter",
    widgetId: "top",
    selections: [{ widgetId: "region", column: "Region", operator: "Equals" }],
    expect: [],
  },
  {
    name: "the empty value of a select is a filter on it",
    widgetId: "top",
    selections: [{ ...region, value: null }],
    expect: [{ Column: "Region", Operator: "Equals", Value: null }],
  },
  {
    name: "a selection of an unknown widget is ignored",
    widgetId: "top",
    selections: [{ ...region, widgetId: "ghost" }],
    expect: [],
  },
];
for (const { name, widgetId, selections, expect } of forCases) {
  test(`filtersFor: ${name}`, () =>
    assert.deepEqual(filtersFor(widgetId, WIDGETS, selections, identity), expect));
}

const checkCases: {
  name: string;
  widgetId: string;
  filters: DataQueryFilter[];
  expect: ReturnType<typeof checkViewerFilters>;
}[] = [
  { name: "no filters", widgetId: "revenue", filters: [], expect: { ok: true } },
  {
    name: "what filtersFor makes is accepted",
    widgetId: "revenue",
    filters: filtersFor("revenue", WIDGETS, [period, region, channels], identity),
    expect: { ok: true },
  },
  {
    name: "an undeclared column",
    widgetId: "revenue",
    filters: [{ Column: "Cost", Operator: "Equals", Value: 1 }],
    expect: { ok: false, column: "Cost" },
  },
  {
    name: "a declared column with another operator",
    widgetId: "revenue",
    filters: [{ Column: "Region", Operator: "NotEquals", Value: "EMEA" }],
    expect: { ok: false, column: "Region" },
  },
  {
    name: "a declared column with the operator of another filter widget",
    widgetId: "revenue",
    filters: [{ Column: "Region", Operator: "In", Values: ["EMEA"] }],
    expect: { ok: false, column: "Region" },
  },
  {
    name: "a column declared for other widgets only",
    widgetId: "tickets",
    filters: [{ Column: "Region", Operator: "Equals", Value: "EMEA" }],
    expect: { ok: false, column: "Region" },
  },
  {
    name: "the first refused column is named",
    widgetId: "top",
    filters: [
      { Column: "Region", Operator: "Equals", Value: "EMEA" },
      { Column: "Product", Operator: "Contains", Value: "x" },
      { Column: "Cost", Operator: "Equals", Value: 1 },
    ],
    expect: { ok: false, column: "Product" },
  },
  {
    name: "a widget that does not exist",
    widgetId: "ghost",
    filters: [{ Column: "Region", Operator: "Equals", Value: "EMEA" }],
    expect: { ok: false, column: "Region" },
  },
  {
    name: "filters for a filter widget",
    widgetId: "region",
    filters: [{ Column: "OrderDate", Operator: "Between", Values: ["2025-01-01", "2025-02-01"] }],
    expect: { ok: false, column: "OrderDate" },
  },
];
for (const { name, widgetId, filters, expect } of checkCases) {
  test(`checkViewerFilters: ${name}`, () =>
    assert.deepEqual(checkViewerFilters(widgetId, WIDGETS, filters, identity), expect));
}

test("queryWithFilters appends the viewer filters to the widget's own (AND) and changes nothing else", () => {
  const own: DataQueryFilter = { Column: "Returned", Operator: "Equals", Value: false };
  const query = { Source: { RecId: SALES }, Filters: [own], Aggregates: [sum], Limit: 10 };
  const viewer: DataQueryFilter[] = [{ Column: "Region", Operator: "Equals", Value: "EMEA" }];
  assert.deepEqual(queryWithFilters({ Query: query }, viewer), { ...query, Filters: [own, ...viewer] });
  assert.deepEqual(query.Filters, [own], "the stored query is not changed");
  assert.equal(queryWithFilters({ Query: query }, []), query);
  const bare = { Source: { RecId: SALES }, Aggregates: [sum] };
  assert.deepEqual(queryWithFilters({ Query: bare }, viewer), { ...bare, Filters: viewer });
});
