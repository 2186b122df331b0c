/**
 * The viewers' decisions as data (runtime/screens/analytics/): which stored definitions they can draw,
 * where each widget's rows come from, how the page's filter selections cross to the widgets they
 * target (core/analytics/cross-filter.ts through page-filters.ts), the grid's reading order and
 * places, a binder's pages, and when the editor is offered.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import {
  binderPagesOf,
  pageIndexOf,
  searchWithPage,
} from "../../../../runtime/screens/analytics/binder-pages.ts";
import { dashboardEditorPath } from "../../../../runtime/screens/analytics/dashboard-editor-path.ts";
import {
  binderDefinitionOf,
  dashboardDefinitionOf,
  insightDefinitionOf,
  liveDocDefinitionOf,
  liveDocWidgets,
  reportDefinitionOf,
  widgetsOf,
} from "../../../../runtime/screens/analytics/definitions.ts";
import {
  gridPlacement,
  readingOrder,
  rowHeightOf,
} from "../../../../runtime/screens/analytics/grid-layout.ts";
import { pageFilters, withSelection } from "../../../../runtime/screens/analytics/page-filters.ts";
import {
  sourceKey,
  widgetQueryBody,
  widgetQueryCall,
} from "../../../../runtime/screens/analytics/widget-data.ts";
import { dateRangeSelection, selectSelection } from "../../../../runtime/widgets/filters/filter-options.ts";
import { kindRendererOf } from "../../../../runtime/widgets/widget-kinds.ts";
import type { WidgetDefinition } from "../../../../schemas/payloads/analytics-content.ts";
import type { WidgetsManifest } from "../../../../schemas/widgets.ts";
import { ROOT } from "../../../helpers/manifest-fixtures.ts";

const SHIPPED = JSON.parse(readFileSync(join(ROOT, "manifests/widgets.json"), "utf8")) as WidgetsManifest;
const rendererOf = kindRendererOf(SHIPPED);

const at = (X: number, Y: number, W = 3, H = 2) => ({ X, Y, W, H });
const query = (source: number) => ({
  Source: { RecId: source },
  Aggregates: [{ Function: "count" as const, As: "n" }],
});

describe("definitions", () => {
  test("a dashboard's widgets; malformed and repeated ones left out, the rest kept", () => {
    const definition = dashboardDefinitionOf({
      Thumbnail: "x",
      Definition: {
        Version: 1,
        Theme: "Classic",
        RowHeight: 60,
        Widgets: [
          { Id: "a", Kind: "kpi", Position: at(0, 0), Query: query(1) },
          { Id: "a", Kind: "bar", Position: at(3, 0) },
          { Id: "Bad Id", Kind: "kpi", Position: at(0, 2) },
          { Id: "b", Kind: "kpi", Position: { X: 0, Y: "1", W: 1, H: 1 } },
          {
            Id: "c",
            Kind: "text",
            Position: at(0, 4),
            Settings: { Html: "<p>hi</p>" },
            Query: { Source: {} },
          },
        ],
      },
    });
    assert.equal(definition?.Theme, "Classic");
    assert.equal(definition?.RowHeight, 60);
    assert.deepEqual(
      definition?.Widgets.map((widget) => [widget.Id, widget.Query !== undefined]),
      [
        ["a", true],
        ["c", false],
      ],
    );
  });

  test("no definition, another version or no widget list: none (the viewer's empty state)", () => {
    assert.equal(dashboardDefinitionOf({ Thumbnail: "x" }), null);
    assert.equal(dashboardDefinitionOf({ Definition: { Version: 2, Widgets: [] } }), null);
    assert.equal(dashboardDefinitionOf({ Definition: { Version: 1 } }), null);
    assert.equal(dashboardDefinitionOf(null), null);
  });

  test("binder, live document, insight and report", () => {
    assert.deepEqual(binderDefinitionOf({ Definition: { Version: 1, DashboardRecIds: [3, "4", 5] } }), {
      Version: 1,
      DashboardRecIds: [3, 5],
    });
    const doc = liveDocDefinitionOf({
      Definition: {
        Version: 1,
        Blocks: [
          { Type: "Text", Html: "<h2>Intro</h2>" },
          { Type: "Widget", Widget: { Id: "w1", Kind: "line", Position: at(0, 0, 12, 4) } },
          { Type: "Widget", Widget: { Id: "w1", Kind: "bar", Position: at(0, 0) } },
          { Type: "Script", Html: "x" },
        ],
      },
    });
    assert.deepEqual(
      doc?.Blocks.map((block) => block.Type),
      ["Text", "Widget"],
    );
    assert.deepEqual(
      liveDocWidgets(doc!).map((widget) => widget.Id),
      ["w1"],
    );
    assert.equal(insightDefinitionOf({ Definition: { Version: 1, Note: "n", Widget: { Id: "x" } } }), null);
    assert.equal(
      insightDefinitionOf({
        Definition: { Version: 1, Note: "n", Widget: { Id: "x", Kind: "kpi", Position: at(0, 0) } },
      })?.Note,
      "n",
    );
    const report = reportDefinitionOf({
      Definition: {
        Version: 1,
        Sections: [
          { Title: "One", Widgets: [{ Id: "k", Kind: "kpi", Position: at(0, 0) }] },
          { Title: "Two", Html: "<p>x</p>", Widgets: [{ Id: "k", Kind: "bar", Position: at(0, 0) }] },
          { Widgets: [] },
        ],
      },
    });
    // Widget ids are unique across a report's sections: a repeat in a later section is left out.
    assert.deepEqual(
      report?.Sections.map((section) => [section.Title, section.Widgets.length]),
      [
        ["One", 1],
        ["Two", 0],
      ],
    );
    assert.equal(widgetsOf("nope").length, 0);
  });
});

describe("widget data calls", () => {
  test("member, binder and shared calls; ids and codes encoded", () => {
    assert.deepEqual(widgetQueryCall({ kind: "member", area: "Dashboards", recId: 7 }, "revenue"), {
      base: "app",
      path: "Content/Dashboards/Objects/7/Widgets/revenue/Query",
    });
    assert.deepEqual(widgetQueryCall({ kind: "member", area: "Reports", recId: 9 }, "k"), {
      base: "app",
      path: "Content/Reports/Objects/9/Widgets/k/Query",
    });
    assert.deepEqual(widgetQueryCall({ kind: "binder", binderRecId: 3, dashboardRecId: 7 }, "k"), {
      base: "app",
      path: "Content/Binders/Objects/3/Pages/7/Widgets/k/Query",
    });
    assert.deepEqual(widgetQueryCall({ kind: "shared", type: "LiveDoc", code: "a/b?c" }, "k"), {
      base: "webservices",
      path: "Share/LiveDoc/a%2Fb%3Fc/Widgets/k/Query",
    });
    assert.deepEqual(widgetQueryCall({ kind: "sharedBinder", code: "abc", dashboardRecId: 7 }, "k"), {
      base: "webservices",
      path: "Share/Binder/abc/Pages/7/Widgets/k/Query",
    });
  });

  test("the body carries the viewer filters only when there are some", () => {
    assert.deepEqual(widgetQueryBody([]), {});
    const filter = { Column: "Region", Operator: "Equals" as const, Value: "EMEA" };
    assert.deepEqual(widgetQueryBody([filter]), { Filters: [filter] });
  });

  test("each source has its own load keys (a binder page's widget is not its dashboard's)", () => {
    const keys = [
      sourceKey({ kind: "member", area: "Dashboards", recId: 7 }),
      sourceKey({ kind: "binder", binderRecId: 3, dashboardRecId: 7 }),
      sourceKey({ kind: "shared", type: "Dashboard", code: "7" }),
      sourceKey({ kind: "sharedBinder", code: "7", dashboardRecId: 7 }),
    ];
    assert.equal(new Set(keys).size, keys.length);
  });
});

describe("cross-filtering on a page", () => {
  const widgets: WidgetDefinition[] = [
    {
      Id: "dates",
      Kind: "dateRange",
      Position: at(0, 0),
      Query: query(1),
      Settings: { Column: "OrderDate" },
    },
    {
      Id: "region",
      Kind: "select",
      Position: at(3, 0),
      Query: query(1),
      Settings: { Column: "Region", Targets: ["revenue"] },
    },
    { Id: "revenue", Kind: "kpi", Position: at(6, 0), Query: query(1) },
    { Id: "trend", Kind: "line", Position: at(0, 2, 12, 4), Query: query(1) },
    { Id: "tickets", Kind: "bar", Position: at(0, 6, 12, 4), Query: query(2) },
    { Id: "note", Kind: "text", Position: at(0, 10, 12, 1) },
  ];
  const range = dateRangeSelection("dates", "OrderDate", { from: "2025-01-01", to: "2025-03-31" }, null);
  const emea = selectSelection("region", "Region", { value: "EMEA", count: 3 });

  test("a date range reaches the widgets over the same source, not another source's nor the filters", () => {
    const filters = pageFilters(widgets, withSelection([], "dates", range), rendererOf);
    const between = [{ Column: "OrderDate", Operator: "Between", Values: ["2025-01-01", "2025-03-31"] }];
    assert.deepEqual(filters.get("revenue"), between);
    assert.deepEqual(filters.get("trend"), between);
    assert.deepEqual(filters.get("tickets"), []);
    assert.deepEqual(filters.get("dates"), []);
    assert.deepEqual(filters.get("region"), []);
    assert.deepEqual(filters.get("note"), []);
  });

  test("a select with Targets narrows those only; both filters add up on a widget both target", () => {
    const selections = withSelection(withSelection([], "dates", range), "region", emea);
    const filters = pageFilters(widgets, selections, rendererOf);
    assert.deepEqual(
      filters.get("revenue")?.map((filter) => filter.Column),
      ["OrderDate", "Region"],
    );
    assert.deepEqual(
      filters.get("trend")?.map((filter) => filter.Column),
      ["OrderDate"],
    );
  });

  test("a new selection replaces the filter widget's earlier one; clearing removes it", () => {
    const later = dateRangeSelection("dates", "OrderDate", { from: "2025-02-01", to: "2025-02-28" }, null);
    let selections = withSelection([], "dates", range);
    selections = withSelection(selections, "dates", later);
    assert.equal(selections.length, 1);
    assert.deepEqual(pageFilters(widgets, selections, rendererOf).get("trend")?.[0]?.Values, [
      "2025-02-01",
      "2025-02-28",
    ]);
    assert.deepEqual(withSelection(selections, "dates", null), []);
  });
});

describe("the grid", () => {
  test("reading order is by row, then column, then definition order", () => {
    const widgets = [
      { Id: "c", Position: at(6, 2) },
      { Id: "a", Position: at(0, 0) },
      { Id: "b", Position: at(3, 0) },
      { Id: "d", Position: at(0, 2) },
      { Id: "e", Position: at(0, 2) },
    ];
    assert.deepEqual(
      readingOrder(widgets).map((widget) => widget.Id),
      ["a", "b", "d", "e", "c"],
    );
  });

  test("places on the 12 columns, clamped into the grid", () => {
    assert.deepEqual(gridPlacement(at(6, 2, 6, 5)), { gridColumn: "7 / span 6", gridRow: "3 / span 5" });
    assert.deepEqual(gridPlacement({ X: 10, Y: 0, W: 6, H: 0 }), {
      gridColumn: "11 / span 2",
      gridRow: "1 / span 1",
    });
    assert.deepEqual(gridPlacement({ X: -2, Y: -1, W: 20, H: 2 }), {
      gridColumn: "1 / span 12",
      gridRow: "1 / span 2",
    });
  });

  test("row height: the definition's within 40–200 px, else the default", () => {
    assert.equal(rowHeightOf(60), 60);
    assert.equal(rowHeightOf(20), 80);
    assert.equal(rowHeightOf("60"), 80);
  });
});

describe("binder pages", () => {
  test("pages in order; one the caller may not see is unavailable; entries it cannot read left out", () => {
    const pages = binderPagesOf([
      { RecId: 5, Name: "Sales", Definition: { Version: 1, Widgets: [] }, Available: true },
      { RecId: 6, Name: "Hidden", Definition: null, Available: false },
      { RecId: "7", Name: "Bad" },
      { RecId: 8, Name: "Shared page", Definition: { Version: 1, Widgets: [] } },
    ]);
    assert.deepEqual(
      pages.map((page) => [page.recId, page.available, page.definition !== null]),
      [
        [5, true, true],
        [6, false, false],
        [8, true, true],
      ],
    );
  });

  test("?page=n (1-based) within the pages; the first page leaves it out of the address", () => {
    assert.equal(pageIndexOf("?page=2", 3), 1);
    assert.equal(pageIndexOf("?page=9", 3), 2);
    assert.equal(pageIndexOf("?page=0", 3), 0);
    assert.equal(pageIndexOf("?page=x", 3), 0);
    assert.equal(pageIndexOf("", 0), 0);
    assert.equal(searchWithPage("?a=1", 2), "?a=1&page=3");
    assert.equal(searchWithPage("?page=3", 0), "");
  });
});

describe("the editor of a dashboard without a definition", () => {
  const designer = { path: "/dashboard/designer/:recId", screen: { kind: "dashboardEditor" } };
  test("offered at its route when the manifest serves it, never otherwise", () => {
    assert.equal(dashboardEditorPath([designer], 12), "/dashboard/designer/12");
    assert.equal(dashboardEditorPath([], 12), null);
    assert.equal(dashboardEditorPath([{ ...designer, upgrade: { feature: "Dashboard" } }], 12), null);
    assert.equal(dashboardEditorPath([{ path: "/dashboard/editor/:id" }], 12), null);
  });
});
