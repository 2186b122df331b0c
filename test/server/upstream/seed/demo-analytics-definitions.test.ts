/**
 * The definitions of the analytics demo (server/upstream/seed/demo-analytics-*.ts) against the
 * schemas of schemas/payloads/analytics-content.ts and data-sources.ts, the widgets manifest
 * (kinds, settings), the column catalogues of the demo's sources (every query names existing
 * columns with fitting types, in the shape its renderer draws) and the 12-column grid (no widget
 * sticks out or overlaps another).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { filterWidgets, isFilterKind } from "../../../../core/analytics/cross-filter.ts";
import widgetsDocument from "../../../../manifests/widgets.json" with { type: "json" };
import {
  validateBinderDefinition,
  validateDashboardDefinition,
  validateDataFusionDefinition,
  validateDataMergeDefinition,
  validateDataViewDefinition,
  validateInsightDefinition,
  validateLiveDocDefinition,
  validateReportDefinition,
} from "../../../../schemas/generated/validators.js";
import { GRID_COLUMNS, type WidgetDefinition } from "../../../../schemas/payloads/analytics-content.ts";
import type { WidgetsManifest } from "../../../../schemas/widgets.ts";
import { compileSettingsSchema } from "../../../../server/gateway/manifests/check-widgets.ts";
import { type CatalogueColumn, checkQuery } from "../../../../server/upstream/analytics/query-check.ts";
import {
  composeFusion,
  composeMerge,
  composeView,
} from "../../../../server/upstream/analytics/source-plan.ts";
import { derivedSourceDefinitions } from "../../../../server/upstream/seed/demo-analytics.ts";
import {
  type DemoSources,
  marketingDefinition,
  salesOverviewDefinition,
  supportDefinition,
  wholeBuckets,
} from "../../../../server/upstream/seed/demo-analytics-dashboards.ts";
import {
  CUSTOMER_COLUMNS,
  MARKETING_COLUMNS,
  northwindData,
  SALES_ARCHIVE_COLUMNS,
  SALES_ORDER_COLUMNS,
  SUPPORT_TICKET_COLUMNS,
} from "../../../../server/upstream/seed/demo-analytics-data.ts";
import {
  monthlyReviewDefinition,
  quarterlyReviewDefinition,
  revenueByCategoryDefinition,
  weeklySalesReportDefinition,
  weekStart,
} from "../../../../server/upstream/seed/demo-analytics-documents.ts";
import { type Catalogue, shapeProblems } from "./widget-shape.ts";

const NOW = Date.UTC(2025, 0, 15, 9, 0, 0);
const SOURCES: DemoSources = {
  salesOrders: 101,
  salesArchive: 102,
  customers: 103,
  supportTickets: 104,
  marketingDaily: 105,
  emeaOrders: 106,
  allOrders: 107,
  ordersWithCustomers: 108,
};
const DERIVED = derivedSourceDefinitions(SOURCES);

/** The catalogue of every demo source by RecId, composed by the query engine's rules. */
const CATALOGUES = (() => {
  const catalogues = new Map<number, CatalogueColumn[]>([
    [SOURCES.salesOrders, SALES_ORDER_COLUMNS],
    [SOURCES.salesArchive, SALES_ARCHIVE_COLUMNS],
    [SOURCES.customers, CUSTOMER_COLUMNS],
    [SOURCES.supportTickets, SUPPORT_TICKET_COLUMNS],
    [SOURCES.marketingDaily, MARKETING_COLUMNS],
  ]);
  const of = (recId: number) => {
    const catalogue = catalogues.get(recId);
    assert.ok(catalogue, `no source ${recId}`);
    return catalogue;
  };
  const composed = <T extends { columns: CatalogueColumn[] }>(
    result: { ok: true; value: T } | { ok: false; message: string },
  ) => {
    assert.ok(result.ok, result.ok ? "" : result.message);
    return result.value.columns;
  };
  catalogues.set(
    SOURCES.emeaOrders,
    composed(composeView(DERIVED.emeaOrders, of(DERIVED.emeaOrders.Source.RecId))),
  );
  catalogues.set(
    SOURCES.allOrders,
    composed(composeFusion(DERIVED.allOrders.Sources.map((source) => of(source.RecId)))),
  );
  const merge = DERIVED.ordersWithCustomers;
  catalogues.set(
    SOURCES.ordersWithCustomers,
    composed(composeMerge(merge, of(merge.Left.RecId), of(merge.Right.RecId))),
  );
  return new Map(
    [...catalogues].map(([recId, columns]) => [
      recId,
      new Map(columns.map((c) => [c.name, c.type])) as Catalogue,
    ]),
  );
})();
const columnsOf = (catalogue: Catalogue): CatalogueColumn[] =>
  [...catalogue].map(([name, type]) => ({ name, type }));

const salesRows = northwindData(NOW).salesOrders.rows;
const dashboards = {
  "Sales overview": salesOverviewDefinition(SOURCES, NOW),
  "Marketing KPIs": marketingDefinition(SOURCES, NOW),
  "Support performance": supportDefinition(SOURCES, NOW),
};
const liveDoc = monthlyReviewDefinition(SOURCES, salesRows, NOW);
const insight = revenueByCategoryDefinition(SOURCES, salesRows);
const report = weeklySalesReportDefinition(SOURCES, NOW);

const liveDocWidgets = liveDoc.Blocks.flatMap((block) => ("Widget" in block ? [block.Widget] : []));
const reportWidgets = report.Sections.flatMap((section) => section.Widgets);
/** Every widget of the demo with where it sits. */
const everyWidget: { where: string; widget: WidgetDefinition }[] = [
  ...Object.entries(dashboards).flatMap(([name, definition]) =>
    definition.Widgets.map((widget) => ({ where: name, widget })),
  ),
  ...liveDocWidgets.map((widget) => ({ where: "Monthly business review", widget })),
  { where: "Revenue by category", widget: insight.Widget },
  ...reportWidgets.map((widget) => ({ where: "Weekly sales report", widget })),
];

const widgetsManifest = widgetsDocument as unknown as WidgetsManifest;
const kinds = new Map(widgetsManifest.kinds.map((kind) => [kind.kind, kind]));
const rendererOf = (kind: string) => kinds.get(kind)?.renderer;

/** The validator's errors in words, for the assertion message. */
function schemaErrors(validate: { (data: unknown): boolean; errors?: unknown }, data: unknown): string {
  return validate(data) ? "" : JSON.stringify(validate.errors);
}

describe("every seeded definition validates against its schema", () => {
  const rows: [string, { (data: unknown): boolean; errors?: unknown }, unknown][] = [
    ...Object.entries(dashboards).map(
      ([name, definition]) =>
        [`dashboard ${name}`, validateDashboardDefinition, definition] as [
          string,
          typeof validateDashboardDefinition,
          unknown,
        ],
    ),
    ["binder Quarterly review", validateBinderDefinition, quarterlyReviewDefinition([1, 2, 3])],
    ["live document Monthly business review", validateLiveDocDefinition, liveDoc],
    ["insight Revenue by category", validateInsightDefinition, insight],
    ["report Weekly sales report", validateReportDefinition, report],
    ["view EMEA orders", validateDataViewDefinition, DERIVED.emeaOrders],
    ["fusion Sales orders, all years", validateDataFusionDefinition, DERIVED.allOrders],
    ["merge Orders with customers", validateDataMergeDefinition, DERIVED.ordersWithCustomers],
  ];
  for (const [name, validate, definition] of rows) {
    test(name, () => assert.equal(schemaErrors(validate, definition), ""));
  }
});

describe("dashboards hold what the demo promises", () => {
  test("Sales overview has 10–12 widgets, Marketing KPIs 6–8, Support performance 6–10", () => {
    assert.ok(
      dashboards["Sales overview"].Widgets.length >= 10 && dashboards["Sales overview"].Widgets.length <= 12,
    );
    assert.ok(
      dashboards["Marketing KPIs"].Widgets.length >= 6 && dashboards["Marketing KPIs"].Widgets.length <= 8,
    );
    assert.ok(
      dashboards["Support performance"].Widgets.length >= 6 &&
        dashboards["Support performance"].Widgets.length <= 10,
    );
  });

  for (const [name, definition] of Object.entries(dashboards)) {
    test(`${name}: a date range filter and a select, each narrowing at least the widgets of its source`, () => {
      const filters = filterWidgets(definition.Widgets, rendererOf);
      const dateRange = filters.find((filter) => filter.renderer === "dateRange");
      const select = filters.find((filter) => filter.renderer === "select");
      assert.ok(dateRange && select, JSON.stringify(filters));
      for (const filter of filters) {
        const own = definition.Widgets.find((widget) => widget.Id === filter.widgetId)?.Query?.Source.RecId;
        const sameSource = definition.Widgets.filter(
          (widget) => widget.Query?.Source.RecId === own && !isFilterKind(rendererOf(widget.Kind)),
        );
        for (const widget of sameSource)
          assert.ok(filter.targets.includes(widget.Id), `${filter.widgetId} → ${widget.Id}`);
        // A target's source has the filtered column, with the filter widget's type.
        const type = CATALOGUES.get(own as number)?.get(filter.column);
        for (const target of filter.targets) {
          const source = definition.Widgets.find((widget) => widget.Id === target)?.Query?.Source
            .RecId as number;
          assert.equal(CATALOGUES.get(source)?.get(filter.column), type, `${target} has ${filter.column}`);
        }
      }
    });
  }

  test("Sales overview's KPIs compare complete months (the running month left out)", () => {
    for (const id of ["revenue", "orders", "margin"]) {
      const kpi = dashboards["Sales overview"].Widgets.find((widget) => widget.Id === id);
      assert.deepEqual(kpi?.Query?.Filters, [{ Column: "OrderDate", Operator: "Less", Value: "2025-01-01" }]);
      assert.equal(kpi?.Query?.GroupBy?.[0]?.Bucket, "month");
    }
  });

  test("the demo uses every widget kind of the manifest but the image", () => {
    const used = new Set(everyWidget.map(({ widget }) => widget.Kind));
    const missing = [...kinds.keys()].filter((kind) => !used.has(kind));
    assert.deepEqual(missing, ["image"]);
  });
});

describe("every widget fits its kind and its source", () => {
  for (const { where, widget } of everyWidget) {
    test(`${where} / ${widget.Id} (${widget.Kind})`, () => {
      const kind = kinds.get(widget.Kind);
      assert.ok(kind?.enabled, `kind ${widget.Kind} is an enabled kind of the manifest`);
      const validate = compileSettingsSchema(kind.settingsSchema);
      assert.ok(!(validate instanceof Error));
      assert.ok(validate(widget.Settings ?? {}), JSON.stringify(validate.errors));
      const catalogue = widget.Query ? CATALOGUES.get(widget.Query.Source.RecId) : undefined;
      if (widget.Query) {
        assert.ok(catalogue, `source ${widget.Query.Source.RecId} is a demo source`);
        const checked = checkQuery(widget.Query, columnsOf(catalogue));
        assert.ok(checked.ok, checked.ok ? "" : `${checked.refusal.code}: ${checked.refusal.message}`);
      }
      assert.deepEqual(shapeProblems(widget, kind.renderer, catalogue), []);
    });
  }
});

describe("the shape check refuses what a renderer cannot draw (so the rows above can fail)", () => {
  const orders = CATALOGUES.get(SOURCES.salesOrders) as Catalogue;
  const at = { X: 0, Y: 0, W: 4, H: 4 };
  const source = { RecId: SOURCES.salesOrders };
  const rows: { name: string; widget: WidgetDefinition; renderer: string; problem: RegExp }[] = [
    {
      name: "a pie of two dimensions",
      renderer: "pie",
      widget: {
        Id: "p",
        Kind: "pie",
        Position: at,
        Query: {
          Source: source,
          GroupBy: [{ Column: "Region" }, { Column: "Channel" }],
          Aggregates: [{ Function: "count", As: "N" }],
        },
      },
      problem: /one dimension and one measure/,
    },
    {
      name: "a KPI grouped by a text column",
      renderer: "kpi",
      widget: {
        Id: "k",
        Kind: "kpi",
        Position: at,
        Query: {
          Source: source,
          GroupBy: [{ Column: "Region" }],
          Aggregates: [{ Function: "count", As: "N" }],
        },
      },
      problem: /date bucket/,
    },
    {
      name: "a date range over a Text column",
      renderer: "dateRange",
      widget: {
        Id: "d",
        Kind: "dateRange",
        Position: at,
        Settings: { Column: "Region" },
        Query: {
          Source: source,
          GroupBy: [{ Column: "Region" }],
          Aggregates: [{ Function: "count", As: "N" }],
        },
      },
      problem: /filters a Date column/,
    },
    {
      name: "a text widget with a query",
      renderer: "text",
      widget: { Id: "t", Kind: "text", Position: at, Query: { Source: source, Select: ["Region"] } },
      problem: /no query/,
    },
  ];
  for (const row of rows) {
    test(row.name, () =>
      assert.match(shapeProblems(row.widget, row.renderer, orders).join("; "), row.problem),
    );
  }
  test("the engine's check refuses a sum of a Text column on the same catalogue", () => {
    const checked = checkQuery(
      { Source: source, Aggregates: [{ Function: "sum", Column: "Product", As: "S" }] },
      columnsOf(orders),
    );
    assert.equal(checked.ok, false);
  });
});

/** The widgets' boxes that overlap or leave the grid. */
function layoutProblems(widgets: readonly WidgetDefinition[]): string[] {
  const problems: string[] = [];
  widgets.forEach((a, index) => {
    const { X, Y, W, H } = a.Position;
    if (X + W > GRID_COLUMNS) problems.push(`${a.Id} ends at column ${X + W}`);
    for (const b of widgets.slice(index + 1)) {
      const p = b.Position;
      if (X < p.X + p.W && p.X < X + W && Y < p.Y + p.H && p.Y < Y + H)
        problems.push(`${a.Id} overlaps ${b.Id}`);
    }
  });
  return problems;
}

describe("layouts tile the 12-column grid without overlaps", () => {
  for (const [name, definition] of Object.entries(dashboards)) {
    test(name, () => assert.deepEqual(layoutProblems(definition.Widgets), []));
    test(`${name}: the rows are filled edge to edge`, () => {
      // Every grid cell from the top to the lowest widget's bottom is covered: no holes.
      const bottom = Math.max(...definition.Widgets.map((w) => w.Position.Y + w.Position.H));
      const covered = new Set<string>();
      for (const { Position: p } of definition.Widgets)
        for (let y = p.Y; y < p.Y + p.H; y++) for (let x = p.X; x < p.X + p.W; x++) covered.add(`${x},${y}`);
      assert.equal(covered.size, bottom * GRID_COLUMNS);
    });
  }
  for (const section of report.Sections) {
    test(`Weekly sales report / ${section.Title}`, () =>
      assert.deepEqual(layoutProblems(section.Widgets), []));
  }
  test("the live document's and the insight's widgets fit the grid", () => {
    assert.deepEqual(layoutProblems([insight.Widget]), []);
    for (const widget of liveDocWidgets) assert.deepEqual(layoutProblems([widget]), []);
  });
  test("the self-check finds an overlap and a widget past the last column", () => {
    const at = (Id: string, X: number, Y: number, W: number, H: number): WidgetDefinition => ({
      Id,
      Kind: "text",
      Position: { X, Y, W, H },
    });
    assert.deepEqual(layoutProblems([at("a", 0, 0, 6, 2), at("b", 5, 1, 4, 2), at("c", 9, 0, 4, 1)]), [
      "a overlaps b",
      "c ends at column 13",
    ]);
  });
});

describe("trends keep whole buckets (a part month at either end would look like a jump)", () => {
  const first = Date.UTC(2023, 0, 17);
  const bounds = (bucket: "week" | "month" | "quarter", from: number) =>
    wholeBuckets("D", bucket, from, NOW)?.map((filter) => `${filter.Operator} ${filter.Value}`);
  test("from the first whole month, quarter or ISO week after the data starts to the running one, excluded", () => {
    assert.deepEqual(bounds("month", first), ["GreaterOrEqual 2023-02-01", "Less 2025-01-01"]);
    assert.deepEqual(bounds("quarter", first), ["GreaterOrEqual 2023-04-01", "Less 2025-01-01"]);
    assert.deepEqual(bounds("week", first), ["GreaterOrEqual 2023-01-23", "Less 2025-01-13"]);
  });
  test("data starting on a bucket's first day keeps that bucket", () => {
    assert.deepEqual(bounds("month", Date.UTC(2023, 1, 1)), ["GreaterOrEqual 2023-02-01", "Less 2025-01-01"]);
    assert.deepEqual(bounds("week", Date.UTC(2023, 0, 16)), ["GreaterOrEqual 2023-01-16", "Less 2025-01-13"]);
  });
  test("Sales overview's revenue by month runs over whole months", () => {
    const line = dashboards["Sales overview"].Widgets.find((widget) => widget.Id === "revenue-by-month");
    assert.deepEqual(line?.Query?.Filters, wholeBuckets("OrderDate", "month", Date.UTC(2023, 0, 17), NOW));
  });
});

describe("widget ids are unique within a definition", () => {
  const unique = (ids: string[]) => assert.equal(new Set(ids).size, ids.length, ids.join(", "));
  for (const [name, definition] of Object.entries(dashboards)) {
    test(name, () => unique(definition.Widgets.map((widget) => widget.Id)));
  }
  test("the live document, across its blocks", () => unique(liveDocWidgets.map((widget) => widget.Id)));
  test("the report, across its sections", () => unique(reportWidgets.map((widget) => widget.Id)));
});

describe("the documents say what their figures show", () => {
  test("the live document quotes December 2024 against November from the rows", () => {
    let december = 0;
    let november = 0;
    for (const row of salesRows) {
      const month = (row[0] as string).slice(0, 7);
      if (month === "2024-12") december += row[11] as number;
      if (month === "2024-11") november += row[11] as number;
    }
    const first = liveDoc.Blocks[0];
    assert.ok(first && "Html" in first);
    assert.match(first.Html, /December 2024/);
    assert.ok(first.Html.includes(`€${Math.round(december).toLocaleString("en-GB")}`), first.Html);
    const change = ((december / november - 1) * 100).toFixed(1);
    assert.ok(first.Html.includes(`${change.replace("-", "")} %`), first.Html);
    assert.ok(first.Html.includes(december >= november ? "up" : "down"));
  });

  test("the binder pages through the dashboards in the given order", () => {
    assert.deepEqual(quarterlyReviewDefinition([7, 3, 9]), { Version: 1, DashboardRecIds: [7, 3, 9] });
  });

  test("the weekly report's last week is the ISO week before the seed's (weeks start on Monday)", () => {
    assert.equal(weekStart(NOW), "2025-01-13");
    assert.equal(weekStart(Date.UTC(2025, 0, 19, 23)), "2025-01-13");
    assert.equal(weekStart(Date.UTC(2025, 0, 20)), "2025-01-20");
    assert.match(report.Sections[0]?.Html ?? "", /2025-01-06/);
  });
});
