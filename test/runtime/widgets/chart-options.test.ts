/**
 * The chart option builders (runtime/widgets/charts/*-options.ts) and summaries, as data: which
 * columns become categories, series and slices, what the settings change, and what a screen reader
 * is told.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { cartesianData, cartesianOption } from "../../../runtime/widgets/charts/cartesian-options.ts";
import {
  cartesianSummary,
  pieSummary,
  scatterSummary,
} from "../../../runtime/widgets/charts/chart-summary.ts";
import { pieData, pieOption } from "../../../runtime/widgets/charts/pie-options.ts";
import { scatterData, scatterOption } from "../../../runtime/widgets/charts/scatter-options.ts";
import { widgetStyle } from "../../../runtime/widgets/widget-style.ts";
import { CONTEXT, MONTHLY_QUERY, month, orders, region, result, revenue, t } from "./result-fixtures.ts";

const monthly = result(
  [month, revenue, orders],
  [
    ["2025-01-01", 100, 4],
    ["2025-02-01", 250, 9],
    ["2025-03-01", null, 0],
  ],
);
const byRegion = result(
  [month, region, revenue],
  [
    ["2025-01-01", "North", 10],
    ["2025-01-01", "South", 20],
    ["2025-02-01", "North", 30],
  ],
);

describe("line, area and bar data", () => {
  test("one dimension: bucket labels as categories, one series per measure, empty cells as gaps", () => {
    const data = cartesianData(monthly, MONTHLY_QUERY, CONTEXT);
    assert.deepEqual(data?.categories, ["Jan 2025", "Feb 2025", "Mar 2025"]);
    assert.deepEqual(data?.series, [
      { name: "Revenue", values: [100, 250, null] },
      { name: "Orders", values: [4, 9, 0] },
    ]);
  });

  test("a second dimension splits the first measure into series; a missing pair is a gap", () => {
    const data = cartesianData(byRegion, undefined, CONTEXT);
    assert.equal(data?.categories.length, 2);
    assert.deepEqual(data?.series, [
      { name: "North", values: [10, 30] },
      { name: "South", values: [20, null] },
    ]);
  });

  test("the TopN Other row and empty values are named", () => {
    const data = cartesianData(
      result(
        [region, revenue],
        [
          ["North", 5],
          [null, 2],
          [null, 9],
        ],
        2,
      ),
      undefined,
      CONTEXT,
    );
    assert.deepEqual(data?.categories, ["North", "(empty)", "Other"]);
  });

  test("no dimension or no measure: nothing to draw", () => {
    assert.equal(cartesianData(result([revenue], [[1]]), undefined, CONTEXT), null);
    assert.equal(cartesianData(result([region], [["North"]]), undefined, CONTEXT), null);
  });
});

describe("line, area and bar options", () => {
  const data = cartesianData(monthly, MONTHLY_QUERY, CONTEXT)!;
  const series = (option: ReturnType<typeof cartesianOption>) =>
    option.series as Array<Record<string, unknown>>;

  test("bar: grouped by default, stacked on request, horizontal swaps the axes", () => {
    const grouped = cartesianOption("bar", data, {}, CONTEXT);
    assert.ok(series(grouped).every((entry) => entry.type === "bar" && entry.stack === undefined));
    assert.equal((grouped.xAxis as { type: string }).type, "category");
    const stacked = cartesianOption("bar", data, { Stacked: true, Horizontal: true }, CONTEXT);
    assert.ok(series(stacked).every((entry) => entry.stack === "total"));
    assert.equal((stacked.xAxis as { type: string }).type, "value");
    assert.equal((stacked.yAxis as { type: string; inverse: boolean }).type, "category");
  });

  test("line and area: Smooth, area fill only for area; no animation (print and export draw at once)", () => {
    const line = cartesianOption("line", data, { Smooth: true }, CONTEXT);
    assert.equal(series(line)[0]?.smooth, true);
    assert.equal(series(line)[0]?.areaStyle, undefined);
    const area = cartesianOption("area", data, {}, CONTEXT);
    assert.ok(series(area)[0]?.areaStyle);
    assert.equal(area.animation, false);
  });

  test("the palette and text colours are the widget style's; a legend only for several series", () => {
    const dark = { ...CONTEXT, style: widgetStyle(null, "dark") };
    const option = cartesianOption("line", data, { ShowLegend: true }, dark);
    assert.deepEqual(option.color, [...widgetStyle(null, "dark").series]);
    assert.equal((option.legend as { show: boolean }).show, true);
    assert.equal((option.textStyle as { color: string }).color, dark.style.text);
    const single = cartesianData(result([month, revenue], [["2025-01-01", 1]]), undefined, CONTEXT)!;
    assert.equal(
      (cartesianOption("line", single, { ShowLegend: true }, CONTEXT).legend as { show: boolean }).show,
      false,
    );
    assert.equal(
      (cartesianOption("line", data, { ShowLegend: false }, CONTEXT).legend as { show: boolean }).show,
      false,
    );
  });

  test("the summary names the span and each series' lowest, highest and latest values", () => {
    assert.deepEqual(cartesianSummary(data, CONTEXT, t), [
      "Widget_SummaryCategories(count=3,first=Jan 2025,last=Mar 2025)",
      "Widget_SummarySeries(name=Revenue,min=100,minAt=Jan 2025,max=250,maxAt=Feb 2025,last=250,lastAt=Feb 2025)",
      "Widget_SummarySeries(name=Orders,min=0,minAt=Mar 2025,max=9,maxAt=Feb 2025,last=0,lastAt=Mar 2025)",
    ]);
  });
});

describe("pie", () => {
  const shares = result(
    [region, revenue],
    [
      ["North", 30],
      ["South", 0],
      [null, 10],
      ["West", -2],
    ],
    2,
  );

  test("one slice per positive row; Other named; zero and negative slices left out", () => {
    assert.deepEqual(pieData(shares, undefined, CONTEXT), [
      { name: "North", value: 30 },
      { name: "Other", value: 10 },
    ]);
  });

  test("donut: a ring; pie: a disc", () => {
    const slices = pieData(shares, undefined, CONTEXT)!;
    const radius = (settings: Record<string, unknown>) =>
      (pieOption(slices, settings, CONTEXT).series as Array<{ radius: unknown }>)[0]?.radius;
    assert.deepEqual(radius({ Donut: true }), ["45%", "70%"]);
    assert.deepEqual(radius({}), [0, "70%"]);
  });

  test("the summary lists slices largest first with their shares", () => {
    assert.deepEqual(pieSummary(pieData(shares, undefined, CONTEXT)!, CONTEXT, t), [
      "Widget_SummaryPie(count=2,total=40)",
      "Widget_SummarySlice(name=North,value=30,share=75%)",
      "Widget_SummarySlice(name=Other,value=10,share=25%)",
    ]);
  });
});

describe("scatter", () => {
  test("plain rows: two Number columns, a text column splits them into series", () => {
    const rows = result(
      [
        { Name: "Segment", Type: "Text", Role: "Column" },
        { Name: "Quantity", Type: "Number", Role: "Column" },
        { Name: "Revenue", Type: "Number", Role: "Column" },
      ],
      [
        ["Retail", 1, 10],
        ["Corporate", 2, 30],
        ["Retail", 3, null],
      ],
    );
    const data = scatterData(rows, undefined, CONTEXT)!;
    assert.equal(data.xName, "Quantity");
    assert.deepEqual(
      data.series.map((series) => [series.name, series.points.map((point) => point.value)]),
      [
        ["Retail", [[1, 10]]],
        ["Corporate", [[2, 30]]],
      ],
    );
    const option = scatterOption(data, {}, CONTEXT);
    assert.equal((option.xAxis as { name: string }).name, "Quantity");
  });

  test("groups with two measures: one series, each point named by its group", () => {
    const data = scatterData(
      result(
        [region, revenue, orders],
        [
          ["North", 10, 2],
          ["South", 5, 1],
        ],
      ),
      undefined,
      CONTEXT,
    )!;
    assert.equal(data.series.length, 1);
    assert.deepEqual(data.series[0]?.points, [
      { value: [10, 2], name: "North" },
      { value: [5, 1], name: "South" },
    ]);
    assert.deepEqual(scatterSummary(data, CONTEXT, t), [
      "Widget_SummaryScatter(count=2,x=Revenue,minX=5,maxX=10,y=Orders,minY=1,maxY=2)",
    ]);
  });

  test("fewer than two measures: nothing to draw", () => {
    assert.equal(scatterData(result([region, revenue], [["North", 1]]), undefined, CONTEXT), null);
  });
});
