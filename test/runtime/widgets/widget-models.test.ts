/**
 * The models of the KPI, table, pivot, filter and image widgets (runtime/widgets/*), as data: what
 * a KPI compares, how a table sorts and totals, how a pivot spreads, what a filter offers and what
 * a choice becomes, which image addresses load.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { imageSource } from "../../../runtime/widgets/content/image-url.ts";
import {
  dateBounds,
  dateRangeSelection,
  multiSelection,
  optionByKey,
  optionKey,
  selectOptions,
  selectSelection,
} from "../../../runtime/widgets/filters/filter-options.ts";
import { kpiModel } from "../../../runtime/widgets/kpi/kpi-model.ts";
import { pivotOf } from "../../../runtime/widgets/pivot/pivot-model.ts";
import { ariaSort, nextSort, sortedRowOrder, totalsRow } from "../../../runtime/widgets/table/table-model.ts";
import {
  formatBucket,
  measureFormatter,
  numberFormatOptions,
} from "../../../runtime/widgets/value-format.ts";
import { MONTHLY_QUERY, month, orders, region, result, revenue } from "./result-fixtures.ts";

describe("KPI", () => {
  test("the last row against the previous one, over the query's bucket", () => {
    const model = kpiModel(
      result(
        [month, revenue],
        [
          ["2025-01-01", 80],
          ["2025-02-01", 100],
          ["2025-03-01", 120],
        ],
      ),
      MONTHLY_QUERY,
    );
    assert.deepEqual(model, {
      measure: "Revenue",
      value: 120,
      comparison: { previous: 100, direction: "up", change: 0.2, bucket: "month" },
    });
  });

  test("down and flat; a change from a negative value is relative to its size", () => {
    const down = kpiModel(
      result(
        [month, revenue],
        [
          ["2025-01-01", -10],
          ["2025-02-01", -20],
        ],
      ),
      MONTHLY_QUERY,
    );
    assert.equal(down?.comparison?.direction, "down");
    assert.equal(down?.comparison?.change, -1);
    const flat = kpiModel(
      result(
        [month, revenue],
        [
          ["2025-01-01", 5],
          ["2025-02-01", 5],
        ],
      ),
      MONTHLY_QUERY,
    );
    assert.equal(flat?.comparison?.direction, "flat");
  });

  test("from zero: a direction without a ratio", () => {
    const model = kpiModel(
      result(
        [month, revenue],
        [
          ["2025-01-01", 0],
          ["2025-02-01", 7],
        ],
      ),
      MONTHLY_QUERY,
    );
    assert.deepEqual(model?.comparison, { previous: 0, direction: "up", change: null, bucket: "month" });
  });

  test("one measure without a dimension: the value alone; the Other row never counts as a period", () => {
    assert.deepEqual(kpiModel(result([revenue], [[42]]), undefined), {
      measure: "Revenue",
      value: 42,
      comparison: null,
    });
    const withOther = kpiModel(
      result(
        [region, revenue],
        [
          ["North", 3],
          ["South", 4],
          [null, 9],
        ],
        2,
      ),
      undefined,
    );
    assert.equal(withOther?.value, 4);
    assert.equal(withOther?.comparison?.previous, 3);
  });

  test("no measure or no row: no KPI", () => {
    assert.equal(kpiModel(result([region], [["North"]]), undefined), null);
    assert.equal(kpiModel(result([revenue], []), undefined), null);
  });
});

describe("measure formats", () => {
  test("number, currency and percent with Decimals; an unknown currency falls back to a number", () => {
    assert.equal(
      measureFormatter({ Format: "currency", Currency: "EUR", Decimals: 0 }, "en")(1234.5),
      "€1,235",
    );
    assert.equal(measureFormatter({ Format: "percent", Decimals: 1 }, "en")(0.125), "12.5%");
    assert.equal(measureFormatter({ Decimals: 2 }, "de")(1234.5), "1.234,50");
    assert.equal(measureFormatter({ Format: "currency", Currency: "XYZ1" }, "en")(2), "2");
    assert.deepEqual(numberFormatOptions({ Decimals: 99 }), {
      maximumFractionDigits: 6,
      minimumFractionDigits: 6,
    });
  });

  test("date buckets read as their period", () => {
    assert.equal(formatBucket("2025-03-01", "month", "en"), "Mar 2025");
    assert.equal(formatBucket("2025-04-01", "quarter", "en"), "Q2 2025");
    assert.equal(formatBucket("2025-01-01", "year", "en"), "2025");
    assert.equal(formatBucket("2025-03-03", "week", "en"), "Mar 3, 2025");
    assert.equal(formatBucket("not a date", "day", "en"), "not a date");
  });
});

describe("table", () => {
  const rows = result(
    [region, revenue, { Name: "Closed", Type: "Boolean", Role: "Column" }],
    [
      ["b", 2, true],
      [null, 5, false],
      ["a", 10, null],
      ["B", 2, true],
    ],
  );

  test("a header cycles ascending, descending, unsorted; aria-sort follows", () => {
    const first = nextSort(null, 1);
    assert.deepEqual(first, { column: 1, direction: "ascending" });
    assert.equal(ariaSort(first, 1), "ascending");
    assert.equal(ariaSort(first, 0), "none");
    const second = nextSort(first, 1);
    assert.equal(second?.direction, "descending");
    assert.equal(nextSort(second, 1), null);
    assert.deepEqual(nextSort(second, 0), { column: 0, direction: "ascending" });
  });

  test("numbers by value, stable for equal ones; text by collation; empty cells last both ways", () => {
    assert.deepEqual(sortedRowOrder(rows.Rows, { column: 1, direction: "ascending" }, "en"), [0, 3, 1, 2]);
    assert.deepEqual(sortedRowOrder(rows.Rows, { column: 1, direction: "descending" }, "en"), [2, 1, 0, 3]);
    assert.deepEqual(sortedRowOrder(rows.Rows, { column: 0, direction: "ascending" }, "en"), [2, 0, 3, 1]);
    assert.deepEqual(sortedRowOrder(rows.Rows, { column: 0, direction: "descending" }, "en"), [0, 3, 2, 1]);
    assert.deepEqual(sortedRowOrder(rows.Rows, { column: 2, direction: "ascending" }, "en"), [1, 0, 3, 2]);
    assert.deepEqual(sortedRowOrder(rows.Rows, null, "en"), [0, 1, 2, 3]);
  });

  test("totals of the Number columns only", () => {
    assert.deepEqual(totalsRow(rows), [null, 19, null]);
  });
});

describe("pivot", () => {
  const label = (data: ReturnType<typeof result>) => (row: number, column: number) =>
    String(data.Rows[row]?.[column] ?? "(empty)");

  test("rows × columns in first-seen order, repeated pairs summed, totals each way", () => {
    const data = result(
      [region, { Name: "Channel", Type: "Text", Role: "Dimension" }, revenue],
      [
        ["North", "Web", 10],
        ["North", "Store", 5],
        ["South", "Web", 7],
        ["North", "Web", 1],
        ["South", "Phone", null],
      ],
    );
    const pivot = pivotOf(data, label(data));
    assert.deepEqual(pivot?.rows, ["North", "South"]);
    assert.deepEqual(pivot?.columns, ["Web", "Store", "Phone"]);
    assert.deepEqual(pivot?.cells, [
      [11, 5, null],
      [7, null, null],
    ]);
    assert.deepEqual(pivot?.rowTotals, [16, 7]);
    assert.deepEqual(pivot?.columnTotals, [18, 5, 0]);
    assert.equal(pivot?.total, 23);
  });

  test("fewer than two dimensions: no pivot", () => {
    const data = result([region, revenue], [["North", 1]]);
    assert.equal(pivotOf(data, label(data)), null);
  });
});

describe("filters", () => {
  const regions = result(
    [region, orders],
    [
      ["North", 12],
      ["South", 3],
      [null, 1],
      ["North", 1],
    ],
  );

  test("a select offers each value once with its count; keys give the value back", () => {
    const options = selectOptions(regions);
    assert.deepEqual(options, [
      { value: "North", count: 12 },
      { value: "South", count: 3 },
      { value: null, count: 1 },
    ]);
    assert.deepEqual(optionByKey(options, optionKey(null)), { value: null, count: 1 });
    assert.equal(optionByKey(options, '"West"'), undefined);
  });

  test("a select choice is Equals; All is no filter", () => {
    const [north] = selectOptions(regions);
    assert.deepEqual(selectSelection("region", "Region", north), {
      widgetId: "region",
      column: "Region",
      operator: "Equals",
      value: "North",
    });
    assert.equal(selectSelection("region", "Region", undefined), null);
  });

  test("multi-select choices are In; none checked is no filter", () => {
    const options = selectOptions(regions);
    assert.deepEqual(multiSelection("regions", "Region", options.slice(0, 2)), {
      widgetId: "regions",
      column: "Region",
      operator: "In",
      values: ["North", "South"],
    });
    assert.equal(multiSelection("regions", "Region", []), null);
  });

  test("date bounds from the min and max row, date-times as dates, in order", () => {
    const bounds = result(
      [
        { Name: "Last", Type: "Date", Role: "Measure" },
        { Name: "First", Type: "Date", Role: "Measure" },
      ],
      [["2025-12-31T10:00:00Z", "2024-01-01"]],
    );
    assert.deepEqual(dateBounds(bounds), { min: "2024-01-01", max: "2025-12-31" });
    assert.equal(dateBounds(result([revenue], [])), null);
  });

  test("a date range is Between; an open end takes the data's bound; the whole span is no filter", () => {
    const bounds = { min: "2024-01-01", max: "2025-12-31" };
    assert.deepEqual(dateRangeSelection("dates", "OrderDate", { from: "2025-07-01", to: "" }, bounds), {
      widgetId: "dates",
      column: "OrderDate",
      operator: "Between",
      values: ["2025-07-01", "2025-12-31"],
    });
    assert.deepEqual(
      dateRangeSelection("dates", "OrderDate", { from: "2025-08-01", to: "2025-02-01" }, bounds)?.values,
      ["2025-02-01", "2025-08-01"],
    );
    assert.equal(dateRangeSelection("dates", "OrderDate", { from: "", to: "" }, bounds), null);
    assert.equal(
      dateRangeSelection("dates", "OrderDate", { from: "2024-01-01", to: "2025-12-31" }, bounds),
      null,
    );
    assert.equal(dateRangeSelection("dates", "OrderDate", { from: "2025-02-30x", to: "" }, null), null);
  });
});

describe("image addresses", () => {
  const origin = "https://app.example";
  const cases: Array<[string, unknown, string | null]> = [
    ["https anywhere", "https://cdn.example/logo.png", "https://cdn.example/logo.png"],
    ["a path on this origin", "/api/Media/5/Download?inline=true", "/api/Media/5/Download?inline=true"],
    ["not http", "http://cdn.example/logo.png", null],
    ["not protocol-relative", "//evil.example/x.png", null],
    ["not a backslash trick", "/\\evil.example/x.png", null],
    ["not javascript:", "javascript:alert(1)", null],
    ["not data:", "data:image/png;base64,AAAA", null],
    ["not credentials in the address", "https://user:pass@cdn.example/x.png", null],
    ["not a relative path", "logo.png", null],
    ["not empty or a number", 5, null],
  ];
  for (const [name, url, expected] of cases) {
    test(name, () => assert.equal(imageSource(url, origin), expected));
  }
});
