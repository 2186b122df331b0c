/**
 * The data picker's model (runtime/screens/analytics/editor/data-pick.ts) over the columns of
 * «Sales orders»: the query each renderer's choice becomes (the shapes of schemas/payloads/
 * data-query.ts the viewers read), the natural order when none is chosen, a stored query read back
 * into a choice, typed filter values, and the problems the upstream would refuse — table-driven,
 * then a property: any choice read back from its query gives the same query.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  type DataPick,
  emptyPick,
  filterOf,
  functionsFor,
  operatorsFor,
  pickOf,
  pickProblems,
  pickShape,
  queryOf,
  type SourceColumn,
  uniqueLabel,
} from "../../../../../runtime/screens/analytics/editor/data-pick.ts";
import { canonicalJson } from "../../../../../runtime/screens/analytics/editor/editor-model.ts";
import { validateDataQuery } from "../../../../../schemas/generated/validators.js";
import type { WidgetDefinition } from "../../../../../schemas/payloads/analytics-content.ts";
import {
  WIDGET_RENDERERS,
  type WidgetRenderer,
  type WidgetsManifest,
} from "../../../../../schemas/widgets.ts";
import {
  type DemoSources,
  marketingDefinition,
  salesOverviewDefinition,
  supportDefinition,
} from "../../../../../server/upstream/seed/demo-analytics-dashboards.ts";
import {
  CUSTOMER_COLUMNS,
  MARKETING_COLUMNS,
  northwindData,
  SALES_ARCHIVE_COLUMNS,
  SALES_ORDER_COLUMNS,
  SUPPORT_TICKET_COLUMNS,
} from "../../../../../server/upstream/seed/demo-analytics-data.ts";
import {
  monthlyReviewDefinition,
  revenueByCategoryDefinition,
  weeklySalesReportDefinition,
} from "../../../../../server/upstream/seed/demo-analytics-documents.ts";

const COLUMNS: SourceColumn[] = [
  { Name: "OrderDate", Type: "Date" },
  { Name: "Region", Type: "Text" },
  { Name: "Category", Type: "Text" },
  { Name: "Revenue", Type: "Number" },
  { Name: "Quantity", Type: "Number" },
  { Name: "Returned", Type: "Boolean" },
];
const pick = (renderer: WidgetRenderer, change: Partial<DataPick>): DataPick => ({
  ...emptyPick(renderer),
  source: 12,
  ...change,
});
const revenue = { fn: "sum" as const, column: "Revenue", label: "Revenue" };

describe("the query of each renderer's choice", () => {
  const cases: Array<{ name: string; renderer: WidgetRenderer; pick: DataPick; expect: unknown }> = [
    {
      name: "kpi: a measure by month, oldest first (the last row is the value, the one before the comparison)",
      renderer: "kpi",
      pick: pick("kpi", {
        dimensions: [{ column: "OrderDate", bucket: "month", as: null }],
        measures: [revenue],
      }),
      expect: {
        Source: { RecId: 12 },
        GroupBy: [{ Column: "OrderDate", Bucket: "month" }],
        Aggregates: [{ Function: "sum", Column: "Revenue", As: "Revenue" }],
        Sort: [{ By: "OrderDate" }],
      },
    },
    {
      name: "bar: by a text dimension, largest first, with a row limit",
      renderer: "bar",
      pick: pick("bar", {
        dimensions: [{ column: "Region", bucket: null, as: null }],
        measures: [revenue],
        limit: 10,
      }),
      expect: {
        Source: { RecId: 12 },
        GroupBy: [{ Column: "Region" }],
        Aggregates: [{ Function: "sum", Column: "Revenue", As: "Revenue" }],
        Sort: [{ By: "Revenue", Descending: true }],
        Limit: 10,
      },
    },
    {
      name: "pie: the top 8 with Other, by its measure",
      renderer: "pie",
      pick: pick("pie", {
        dimensions: [{ column: "Category", bucket: null, as: null }],
        measures: [revenue],
      }),
      expect: {
        Source: { RecId: 12 },
        GroupBy: [{ Column: "Category" }],
        Aggregates: [{ Function: "sum", Column: "Revenue", As: "Revenue" }],
        Sort: [{ By: "Revenue", Descending: true }],
        TopN: { By: "Revenue", N: 8, Other: true },
      },
    },
    {
      name: "line: two dimensions (the second the series), time ascending, a filter typed by its column",
      renderer: "line",
      pick: pick("line", {
        dimensions: [
          { column: "OrderDate", bucket: "quarter", as: null },
          { column: "Region", bucket: null, as: null },
        ],
        measures: [{ fn: "count", column: null, label: "Order lines" }],
        filters: [{ column: "Quantity", operator: "GreaterOrEqual", value: "2", values: [] }],
      }),
      expect: {
        Source: { RecId: 12 },
        GroupBy: [{ Column: "OrderDate", Bucket: "quarter" }, { Column: "Region" }],
        Aggregates: [{ Function: "count", As: "Order lines" }],
        Filters: [{ Column: "Quantity", Operator: "GreaterOrEqual", Value: 2 }],
        Sort: [{ By: "OrderDate" }],
      },
    },
    {
      name: "table of rows: the chosen columns, an explicit sort",
      renderer: "table",
      pick: pick("table", {
        mode: "rows",
        columns: ["OrderDate", "Region", "Revenue"],
        sort: [{ by: "Revenue", descending: true }],
        limit: 100,
      }),
      expect: {
        Source: { RecId: 12 },
        Select: ["OrderDate", "Region", "Revenue"],
        Sort: [{ By: "Revenue", Descending: true }],
        Limit: 100,
      },
    },
    {
      name: "date range filter: the bounds of its column",
      renderer: "dateRange",
      pick: pick("dateRange", { filterColumn: "OrderDate" }),
      expect: {
        Source: { RecId: 12 },
        Aggregates: [
          { Function: "min", Column: "OrderDate", As: "From" },
          { Function: "max", Column: "OrderDate", As: "To" },
        ],
      },
    },
    {
      name: "select filter: each value with its count, in value order",
      renderer: "select",
      pick: pick("select", { filterColumn: "Region" }),
      expect: {
        Source: { RecId: 12 },
        GroupBy: [{ Column: "Region" }],
        Aggregates: [{ Function: "count", As: "Rows" }],
        Sort: [{ By: "Region" }],
      },
    },
    { name: "no source: no query", renderer: "bar", pick: emptyPick("bar"), expect: null },
    {
      name: "a filter without its column: no query",
      renderer: "select",
      pick: pick("select", {}),
      expect: null,
    },
    { name: "text has no data", renderer: "text", pick: pick("text", {}), expect: null },
  ];
  for (const { name, renderer, pick: choice, expect } of cases) {
    test(name, () => {
      const query = queryOf(choice, renderer, COLUMNS, "Rows");
      assert.deepEqual(query, expect);
      if (query) assert.ok(validateDataQuery(query), JSON.stringify(validateDataQuery.errors));
    });
  }
});

describe("typed filter values", () => {
  const cases: Array<[string, Parameters<typeof filterOf>[0], SourceColumn["Type"], unknown]> = [
    ["a number", { column: "Revenue", operator: "Greater", value: "1.5", values: [] }, "Number", 1.5],
    [
      "not a number",
      { column: "Revenue", operator: "Greater", value: "abc", values: [] },
      "Number",
      undefined,
    ],
    [
      "a date",
      { column: "OrderDate", operator: "Less", value: "2025-03-01", values: [] },
      "Date",
      "2025-03-01",
    ],
    ["not a date", { column: "OrderDate", operator: "Less", value: "March", values: [] }, "Date", undefined],
    ["a boolean", { column: "Returned", operator: "Equals", value: "true", values: [] }, "Boolean", true],
    [
      "an empty text (is empty says that)",
      { column: "Region", operator: "Equals", value: "", values: [] },
      "Text",
      undefined,
    ],
  ];
  for (const [name, filter, type, value] of cases) {
    test(name, () => assert.deepEqual(filterOf(filter, type)?.Value, value));
  }
  test("between takes two values, in takes a list, is empty takes none", () => {
    assert.deepEqual(
      filterOf({ column: "Revenue", operator: "Between", value: "", values: ["1", "9"] }, "Number"),
      {
        Column: "Revenue",
        Operator: "Between",
        Values: [1, 9],
      },
    );
    assert.equal(
      filterOf({ column: "Revenue", operator: "Between", value: "", values: ["1"] }, "Number"),
      undefined,
    );
    assert.deepEqual(
      filterOf({ column: "Region", operator: "In", value: "", values: ["EMEA", "APAC"] }, "Text")?.Values,
      ["EMEA", "APAC"],
    );
    assert.deepEqual(filterOf({ column: "Region", operator: "IsEmpty", value: "x", values: [] }, "Text"), {
      Column: "Region",
      Operator: "IsEmpty",
    });
  });
  test("operators and aggregates follow the column's type (the upstream's rules)", () => {
    assert.ok(operatorsFor("Text").includes("Contains"));
    assert.ok(!operatorsFor("Number").includes("Contains"));
    assert.deepEqual(operatorsFor("Boolean"), ["Equals", "NotEquals", "IsEmpty", "IsNotEmpty"]);
    assert.ok(functionsFor("Number").includes("sum"));
    assert.ok(!functionsFor("Text").includes("sum") && !functionsFor("Date").includes("avg"));
    assert.deepEqual(functionsFor(null), ["count"]);
  });
});

describe("what the upstream would refuse, seen while choosing", () => {
  const cases: Array<{ name: string; renderer: WidgetRenderer; pick: DataPick; keys: string[] }> = [
    {
      name: "sum of a text column",
      renderer: "bar",
      pick: pick("bar", {
        dimensions: [{ column: "Region", bucket: null, as: null }],
        measures: [{ fn: "sum", column: "Category", label: "Sum" }],
      }),
      keys: ["DashboardEditor_PickNeedsNumber"],
    },
    {
      name: "a month bucket on a text column",
      renderer: "line",
      pick: pick("line", {
        dimensions: [{ column: "Region", bucket: "month", as: null }],
        measures: [revenue],
      }),
      keys: ["DashboardEditor_PickBucketNeedsDate"],
    },
    {
      name: "a column the source does not have",
      renderer: "kpi",
      pick: pick("kpi", { measures: [{ fn: "sum", column: "Profit", label: "Profit" }] }),
      keys: ["DashboardEditor_PickUnknownColumn"],
    },
    {
      name: "a pie without its dimension",
      renderer: "pie",
      pick: pick("pie", { measures: [revenue] }),
      keys: ["DashboardEditor_PickTooFew_dimensions"],
    },
    {
      name: "a pivot with one dimension",
      renderer: "pivot",
      pick: pick("pivot", {
        dimensions: [{ column: "Region", bucket: null, as: null }],
        measures: [revenue],
      }),
      keys: ["DashboardEditor_PickTooFew_dimensions"],
    },
    {
      name: "two outputs with the same name",
      renderer: "bar",
      pick: pick("bar", { dimensions: [{ column: "Revenue", bucket: null, as: null }], measures: [revenue] }),
      keys: ["DashboardEditor_PickDuplicateOutput"],
    },
    {
      name: "a sort on a column that is not an output",
      renderer: "bar",
      pick: pick("bar", {
        dimensions: [{ column: "Region", bucket: null, as: null }],
        measures: [revenue],
        sort: [{ by: "Quantity", descending: false }],
      }),
      keys: ["DashboardEditor_PickSortOutput"],
    },
    {
      name: "a filter value not of its column's type",
      renderer: "kpi",
      pick: pick("kpi", {
        measures: [revenue],
        filters: [{ column: "Revenue", operator: "Less", value: "lots", values: [] }],
      }),
      keys: ["DashboardEditor_PickFilterValue"],
    },
    {
      name: "a row limit above 10,000",
      renderer: "table",
      pick: pick("table", { mode: "rows", columns: ["Region"], limit: 20_000 }),
      keys: ["DashboardEditor_PickLimit"],
    },
    {
      name: "a date range filter on a text column",
      renderer: "dateRange",
      pick: pick("dateRange", { filterColumn: "Region" }),
      keys: ["DashboardEditor_PickDateColumn"],
    },
    {
      name: "a scatter of rows with one number",
      renderer: "scatter",
      pick: pick("scatter", { mode: "rows", columns: ["Revenue", "Region"] }),
      keys: ["DashboardEditor_PickScatterNumbers"],
    },
    {
      name: "a good KPI",
      renderer: "kpi",
      pick: pick("kpi", {
        dimensions: [{ column: "OrderDate", bucket: "month", as: null }],
        measures: [revenue],
      }),
      keys: [],
    },
    { name: "nothing chosen yet is not a problem", renderer: "bar", pick: emptyPick("bar"), keys: [] },
  ];
  for (const { name, renderer, pick: choice, keys } of cases) {
    test(name, () =>
      assert.deepEqual(
        pickProblems(choice, renderer, COLUMNS).map((p) => p.key),
        keys,
      ),
    );
  }
  test("a measure's name is made unique", () => {
    assert.equal(uniqueLabel("Revenue", ["Revenue", "Revenue (2)"]), "Revenue (3)");
    assert.equal(uniqueLabel("Cost", ["Revenue"]), "Cost");
  });
});

describe("a stored query read back", () => {
  test("a filter widget's column comes from its settings", () => {
    const query = queryOf(pick("select", { filterColumn: "Region" }), "select", COLUMNS, "Rows");
    assert.equal(pickOf(query ?? undefined, "select", { Column: "Region" }).filterColumn, "Region");
  });
  const dimension = fc.record({
    column: fc.constantFrom("OrderDate", "Region", "Category"),
    bucket: fc.constantFrom(null, "month" as const, "year" as const),
    as: fc.constantFrom(null, "Period"),
  });
  const measure = fc.record({
    fn: fc.constantFrom("count" as const, "sum" as const, "max" as const),
    column: fc.constantFrom(null, "Revenue", "Quantity"),
    label: fc.constantFrom("A", "B", "C"),
  });
  const renderer = fc.constantFrom(...WIDGET_RENDERERS.filter((r) => pickShape(r) !== null));
  test("any choice gives the same query after a round trip through its stored query", () => {
    fc.assert(
      fc.property(
        renderer,
        fc.array(dimension, { maxLength: 3 }),
        fc.array(measure, { maxLength: 3 }),
        fc.constantFrom(null, 5, 100),
        fc.boolean(),
        (r, dimensions, measures, limit, rows) => {
          const choice = pick(r, {
            dimensions,
            measures,
            limit,
            mode: rows && pickShape(r)?.modes.includes("rows") ? "rows" : "groups",
            columns: ["Region", "Revenue"],
            filterColumn: "OrderDate",
            filters: [{ column: "Region", operator: "In", value: "", values: ["EMEA"] }],
          });
          const query = queryOf(choice, r, COLUMNS, "Rows");
          const settings = { Column: "OrderDate" };
          const again = queryOf(pickOf(query ?? undefined, r, settings), r, COLUMNS, "Rows");
          assert.deepEqual(again, query);
        },
      ),
    );
  });
});

describe("every demo widget's query opens in the picker as it is stored", () => {
  const manifest = JSON.parse(
    readFileSync(new URL("../../../../../manifests/widgets.json", import.meta.url), "utf8"),
  ) as WidgetsManifest;
  const sources: DemoSources = {
    salesOrders: 1,
    salesArchive: 2,
    customers: 3,
    supportTickets: 4,
    marketingDaily: 5,
    emeaOrders: 6,
    ordersWithCustomers: 7,
    allOrders: 8,
  };
  const now = Date.UTC(2026, 0, 15);
  const columns = (list: readonly { name: string; type: SourceColumn["Type"] }[]) =>
    list.map((column) => ({ Name: column.name, Type: column.type }));
  const union = (...lists: SourceColumn[][]) => [...new Map(lists.flat().map((c) => [c.Name, c])).values()];
  const sales = columns(SALES_ORDER_COLUMNS);
  const catalogues = new Map<number, SourceColumn[]>([
    [1, sales],
    [2, columns(SALES_ARCHIVE_COLUMNS)],
    [3, columns(CUSTOMER_COLUMNS)],
    [4, columns(SUPPORT_TICKET_COLUMNS)],
    [5, columns(MARKETING_COLUMNS)],
    [6, sales],
    [7, union(sales, columns(CUSTOMER_COLUMNS))],
    [8, sales],
  ]);
  const rows = northwindData(now).salesOrders.rows;
  const monthly = monthlyReviewDefinition(sources, rows, now);
  const widgets: WidgetDefinition[] = [
    ...salesOverviewDefinition(sources, now).Widgets,
    ...marketingDefinition(sources, now).Widgets,
    ...supportDefinition(sources, now).Widgets,
    ...monthly.Blocks.flatMap((block) => (block.Type === "Widget" ? [block.Widget] : [])),
    revenueByCategoryDefinition(sources, rows).Widget,
    ...weeklySalesReportDefinition(sources, now).Sections.flatMap((section) => section.Widgets),
  ];
  for (const widget of widgets.filter((w) => w.Query)) {
    test(`${widget.Kind} «${widget.Title ?? widget.Id}»`, () => {
      const renderer = manifest.kinds.find((kind) => kind.kind === widget.Kind)?.renderer as WidgetRenderer;
      const query = widget.Query as NonNullable<WidgetDefinition["Query"]>;
      const catalogue = catalogues.get(query.Source.RecId) ?? [];
      const pick = pickOf(query, renderer, (widget.Settings ?? {}) as Record<string, unknown>);
      assert.deepEqual(pickProblems(pick, renderer, catalogue), []);
      assert.equal(canonicalJson(queryOf(pick, renderer, catalogue, "Rows")), canonicalJson(query));
    });
  }
});
