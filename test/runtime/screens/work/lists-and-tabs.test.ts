/**
 * The list contract of the work screens (`?page&pageSize&search&sort&<filters>` → `{items,total}`),
 * the `{screenTab?}` tabs of the account screens (APG keys) and the usage charts' geometry.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  barLayout,
  labelStep,
  largest,
  niceMax,
  rowLayout,
  scaleY,
  tickCount,
  ticks,
} from "../../../../runtime/screens/account/chart-geometry.ts";
import { resolveTab, tabAfterKey, tabPath } from "../../../../runtime/screens/account/screen-tabs.ts";
import {
  initialQuery,
  LIST_PAGE_SIZE,
  listPath,
  pageCount,
  pageRange,
  toggleSort,
  withFilter,
  withPage,
} from "../../../../runtime/screens/work/common/list-query.ts";
import { parseRecId } from "../../../../runtime/screens/work/common/record-id.ts";

describe("list queries", () => {
  test("the first page with the default order and no empty filter", () => {
    assert.equal(
      listPath("Tasks", initialQuery({ status: "" }, "-CreatedAt")),
      `Tasks?page=1&pageSize=${LIST_PAGE_SIZE}&sort=-CreatedAt`,
    );
  });
  test("search is trimmed and encoded; filters are sent", () => {
    const query = withFilter(initialQuery({ status: "" }), { search: "  a&b ", filters: { status: "Open" } });
    assert.equal(
      listPath("SupportTickets", query),
      `SupportTickets?page=1&pageSize=${LIST_PAGE_SIZE}&search=a%26b&status=Open`,
    );
  });
  test("a new search or filter goes back to page 1", () => {
    const onPage3 = { ...initialQuery(), page: 3 };
    assert.equal(withFilter(onPage3, { search: "x" }).page, 1);
    assert.equal(withFilter(onPage3, { filters: { status: "Failed" } }).page, 1);
  });
  for (const [total, size, pages] of [
    [0, 25, 1],
    [1, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [200, 25, 8],
  ] as const) {
    test(`${total} rows of ${size} fill ${pages} page(s)`, () => assert.equal(pageCount(total, size), pages));
  }
  test("pages stay within 1…last", () => {
    const query = initialQuery();
    assert.equal(withPage(query, 0, 100).page, 1);
    assert.equal(withPage(query, 99, 100).page, 4);
    assert.equal(withPage(query, 2.7, 100).page, 2);
  });
  test("the range shown", () => {
    assert.deepEqual(pageRange(initialQuery(), 0), { from: 0, to: 0 });
    assert.deepEqual(pageRange({ ...initialQuery(), page: 2 }, 30), { from: 26, to: 30 });
  });
  test("sorting toggles ascending then descending", () => {
    assert.equal(toggleSort("", "Name"), "Name");
    assert.equal(toggleSort("Name", "Name"), "-Name");
    assert.equal(toggleSort("-Name", "Name"), "Name");
    assert.equal(toggleSort("-Name", "Status"), "Status");
  });
  test("record ids from routes and queries are positive integers only", () => {
    assert.deepEqual(
      ["12", "0", "-1", "1e3", "abc", "", null, undefined, "99999999999999999"].map(parseRecId),
      [12, null, null, null, null, null, null, null, null],
    );
  });
});

describe("screen tabs", () => {
  const tabs = ["plan", "features", "invoices"] as const;
  for (const [param, tab] of [
    [undefined, "plan"],
    ["features", "features"],
    ["INVOICES", "invoices"],
    ["unknown", "plan"],
  ] as const) {
    test(`/subscription/${param ?? ""} opens ${tab}`, () => assert.equal(resolveTab(param, tabs), tab));
  }
  test("a tab's path", () => assert.equal(tabPath("/subscription/", "invoices"), "/subscription/invoices"));
  for (const [from, key, to] of [
    ["plan", "ArrowRight", "features"],
    ["invoices", "ArrowRight", "plan"],
    ["plan", "ArrowLeft", "invoices"],
    ["features", "Home", "plan"],
    ["plan", "End", "invoices"],
    ["plan", "Enter", null],
  ] as const) {
    test(`${key} on ${from} → ${to}`, () => assert.equal(tabAfterKey(tabs, from, key), to));
  }
});

describe("chart geometry", () => {
  for (const [value, max] of [
    [0, 1],
    [-3, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [12, 20],
    [450, 500],
    [1000, 1000],
    [0.3, 0.5],
  ] as const) {
    test(`scale maximum for ${value} is ${max}`, () => assert.equal(niceMax(value), max));
  }
  test("ticks from 0 to the maximum", () => assert.deepEqual(ticks(20, 4), [0, 5, 10, 15, 20]));
  const area = { left: 10, top: 0, width: 100, height: 50 };
  test("values map onto the plot height, clamped", () => {
    assert.equal(scaleY(0, 10, area), 50);
    assert.equal(scaleY(10, 10, area), 0);
    assert.equal(scaleY(5, 10, area), 25);
    assert.equal(scaleY(20, 10, area), 0);
  });
  test("bars share the width with gaps and stand on the axis", () => {
    const bars = barLayout(
      [
        { label: "a", value: 10 },
        { label: "b", value: 5 },
        { label: "c", value: -2 },
      ],
      { left: 0, top: 0, width: 90, height: 100 },
      10,
    );
    assert.equal(bars.length, 3);
    assert.ok(Math.abs((bars[0]?.width ?? 0) - 24) < 1e-9);
    assert.ok(Math.abs((bars[1]?.x ?? 0) - 33) < 1e-9);
    assert.deepEqual(
      bars.map((bar) => [bar.y, bar.height]),
      [
        [0, 100],
        [50, 50],
        [100, 0],
      ],
    );
  });
  test("the summary's largest value and the label thinning", () => {
    assert.deepEqual(
      largest([
        { label: "a", value: 1 },
        { label: "b", value: 3 },
        { label: "c", value: 3 },
      ]),
      { label: "b", value: 3 },
    );
    assert.equal(largest([]), null);
    assert.equal(labelStep(10, 12), 1);
    assert.equal(labelStep(30, 12), 3);
  });
  for (const [max, integer, count] of [
    [1, true, 1],
    [2, true, 2],
    [5, true, 1],
    [10, true, 2],
    [20, true, 4],
    [100, true, 4],
    [0.5, false, 4],
    [5, false, 4],
  ] as const) {
    test(`axis of ${max} (${integer ? "counts" : "sizes"}) has ${count} step(s)`, () =>
      assert.equal(tickCount(max, integer, 4), count));
  }
  test("rows: one per datum, length by value, clamped", () => {
    const rows = rowLayout(
      [
        { label: "a", value: 10 },
        { label: "b", value: 5 },
        { label: "c", value: 20 },
      ],
      { left: 100, top: 0, width: 200, height: 60 },
      10,
      0.5,
    );
    assert.deepEqual(
      rows.map((row) => [row.x, row.y, row.width, row.height]),
      [
        [100, 5, 200, 10],
        [100, 25, 100, 10],
        [100, 45, 200, 10],
      ],
    );
  });
});
