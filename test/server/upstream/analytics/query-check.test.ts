/**
 * The pure rules of the query engine as tables: the semantic checks of a description (one case per
 * refusal, each with its 60xx code), the SQL built from a checked query (nothing the caller wrote in
 * its text — names, aliases and values travel as catalogue indexes and bound parameters), date
 * literals, and the composition rules of views, fusions and merges.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { DataQuery } from "../../../../schemas/payloads/data-query.ts";
import { dateSpan } from "../../../../server/upstream/analytics/date-literals.ts";
import { type CatalogueColumn, checkQuery } from "../../../../server/upstream/analytics/query-check.ts";
import {
  composeFusion,
  composeMerge,
  composeView,
  type SourcePlan,
} from "../../../../server/upstream/analytics/source-plan.ts";
import { querySql } from "../../../../server/upstream/analytics/sql-plan.ts";

const COLUMNS: CatalogueColumn[] = [
  { name: "OrderDate", type: "Date" },
  { name: "Region", type: "Text" },
  { name: "Revenue", type: "Number" },
  { name: "Returned", type: "Boolean" },
];
const Source = { RecId: 7 };
const sum = { Function: "sum", Column: "Revenue", As: "Revenue" } as const;

const refusals: [string, DataQuery, string][] = [
  ["unknown Select column", { Source, Select: ["Nope"] }, "DataColumnUnknown"],
  [
    "unknown filter column",
    { Source, Filters: [{ Column: "Nope", Operator: "IsEmpty" }] },
    "DataColumnUnknown",
  ],
  ["unknown GroupBy column", { Source, GroupBy: [{ Column: "Nope" }] }, "DataColumnUnknown"],
  [
    "unknown aggregate column",
    { Source, Aggregates: [{ Function: "max", Column: "Nope", As: "M" }] },
    "DataColumnUnknown",
  ],
  ["column names are exact", { Source, Select: ["region"] }, "DataColumnUnknown"],
  [
    "sum of a Text column",
    { Source, Aggregates: [{ Function: "sum", Column: "Region", As: "S" }] },
    "DataAggregateNeedsNumber",
  ],
  [
    "avg of a Date column",
    { Source, Aggregates: [{ Function: "avg", Column: "OrderDate", As: "A" }] },
    "DataAggregateNeedsNumber",
  ],
  [
    "sum without a column",
    { Source, Aggregates: [{ Function: "sum", As: "S" }] },
    "DataAggregateNeedsColumn",
  ],
  [
    "countDistinct without a column",
    { Source, Aggregates: [{ Function: "countDistinct", As: "C" }] },
    "DataAggregateNeedsColumn",
  ],
  [
    "a bucket on a Text column",
    { Source, GroupBy: [{ Column: "Region", Bucket: "month" }], Aggregates: [sum] },
    "DataBucketNeedsDate",
  ],
  ["Select with GroupBy", { Source, Select: ["Region"], GroupBy: [{ Column: "Region" }] }, "DataSelectMixed"],
  ["Select with Aggregates", { Source, Select: ["Region"], Aggregates: [sum] }, "DataSelectMixed"],
  ["TopN without GroupBy", { Source, Aggregates: [sum], TopN: { By: "Revenue", N: 3 } }, "DataTopNInvalid"],
  [
    "TopN with two GroupBy",
    {
      Source,
      GroupBy: [{ Column: "Region" }, { Column: "Returned" }],
      Aggregates: [sum],
      TopN: { By: "Revenue", N: 3 },
    },
    "DataTopNInvalid",
  ],
  [
    "TopN by a dimension",
    { Source, GroupBy: [{ Column: "Region" }], Aggregates: [sum], TopN: { By: "Region", N: 3 } },
    "DataTopNInvalid",
  ],
  ["TopN over plain rows", { Source, Select: ["Region"], TopN: { By: "Region", N: 3 } }, "DataTopNInvalid"],
  [
    "a sort key that is no output",
    { Source, GroupBy: [{ Column: "Region" }], Aggregates: [sum], Sort: [{ By: "OrderDate" }] },
    "DataSortKeyUnknown",
  ],
  [
    "a sort key of plain rows not selected",
    { Source, Select: ["Region"], Sort: [{ By: "Revenue" }] },
    "DataSortKeyUnknown",
  ],
  [
    "two outputs of one name",
    { Source, GroupBy: [{ Column: "Region", As: "X" }], Aggregates: [{ ...sum, As: "X" }] },
    "DataOutputDuplicate",
  ],
  ["a column selected twice", { Source, Select: ["Region", "Region"] }, "DataOutputDuplicate"],
  [
    "Less on a Boolean",
    { Source, Filters: [{ Column: "Returned", Operator: "Less", Value: true }] },
    "DataFilterInvalid",
  ],
  [
    "a text value for a Number",
    { Source, Filters: [{ Column: "Revenue", Operator: "Equals", Value: "10" }] },
    "DataFilterInvalid",
  ],
  [
    "a number value for a Text",
    { Source, Filters: [{ Column: "Region", Operator: "Equals", Value: 1 }] },
    "DataFilterInvalid",
  ],
  [
    "a number value for a Boolean",
    { Source, Filters: [{ Column: "Returned", Operator: "Equals", Value: 0 }] },
    "DataFilterInvalid",
  ],
  [
    "not a date",
    { Source, Filters: [{ Column: "OrderDate", Operator: "Greater", Value: "yesterday" }] },
    "DataFilterInvalid",
  ],
  [
    "a date that does not exist",
    { Source, Filters: [{ Column: "OrderDate", Operator: "Equals", Value: "2025-02-30" }] },
    "DataFilterInvalid",
  ],
  [
    "Between with one value",
    { Source, Filters: [{ Column: "Revenue", Operator: "Between", Values: [1] }] },
    "DataFilterInvalid",
  ],
  [
    "Between with an empty bound",
    { Source, Filters: [{ Column: "Revenue", Operator: "Between", Values: [1, null] }] },
    "DataFilterInvalid",
  ],
  [
    "Between with Value",
    { Source, Filters: [{ Column: "Revenue", Operator: "Between", Value: 1 }] },
    "DataFilterInvalid",
  ],
  [
    "In without values",
    { Source, Filters: [{ Column: "Region", Operator: "In", Values: [] }] },
    "DataFilterInvalid",
  ],
  [
    "In with a wrong type",
    { Source, Filters: [{ Column: "Region", Operator: "In", Values: ["EMEA", 2] }] },
    "DataFilterInvalid",
  ],
  [
    "Contains on a Number",
    { Source, Filters: [{ Column: "Revenue", Operator: "Contains", Value: "1" }] },
    "DataFilterInvalid",
  ],
  [
    "Equals without a value",
    { Source, Filters: [{ Column: "Region", Operator: "Equals" }] },
    "DataFilterInvalid",
  ],
  [
    "IsEmpty with a value",
    { Source, Filters: [{ Column: "Region", Operator: "IsEmpty", Value: "x" }] },
    "DataFilterInvalid",
  ],
  [
    "Less with Values",
    { Source, Filters: [{ Column: "Revenue", Operator: "Less", Values: [1] }] },
    "DataFilterInvalid",
  ],
];
for (const [name, query, code] of refusals) {
  test(`refused: ${name} → ${code}`, () => {
    const checked = checkQuery(query, COLUMNS);
    assert.equal(checked.ok, false);
    if (!checked.ok) {
      assert.equal(checked.refusal.code, code);
      assert.ok(checked.refusal.message.length > 10, "a readable message");
    }
  });
}

const accepted: [string, DataQuery][] = [
  ["every column without Select", { Source }],
  ["distinct values (GroupBy without Aggregates)", { Source, GroupBy: [{ Column: "Region" }] }],
  ["count without a column", { Source, Aggregates: [{ Function: "count", As: "N" }] }],
  [
    "min and max of text, dates and booleans",
    {
      Source,
      Aggregates: ["Region", "OrderDate", "Returned"].map((Column, i) => ({
        Function: "max",
        Column,
        As: `m${i}`,
      })),
    },
  ],
  [
    "Equals null (the empty value)",
    { Source, Filters: [{ Column: "Region", Operator: "Equals", Value: null }] },
  ],
  [
    "In with the empty value",
    { Source, Filters: [{ Column: "Region", Operator: "In", Values: [null, "EMEA"] }] },
  ],
  [
    "Between dates given as a day and an instant",
    {
      Source,
      Filters: [
        { Column: "OrderDate", Operator: "Between", Values: ["2025-01-01", "2025-03-31T23:00:00+01:00"] },
      ],
    },
  ],
  [
    "TopN by a measure with Other",
    {
      Source,
      GroupBy: [{ Column: "Region" }],
      Aggregates: [sum],
      TopN: { By: "Revenue", N: 3, Other: true },
    },
  ],
  [
    "a sort by an alias",
    {
      Source,
      GroupBy: [{ Column: "OrderDate", Bucket: "week", As: "Week" }],
      Aggregates: [sum],
      Sort: [{ By: "Week", Descending: true }],
    },
  ],
];
for (const [name, query] of accepted) {
  test(`accepted: ${name}`, () => assert.equal(checkQuery(query, COLUMNS).ok, true));
}

test("defaults: Limit 1000, columns by index, outputs typed by role", () => {
  const checked = checkQuery(
    {
      Source,
      GroupBy: [{ Column: "OrderDate", Bucket: "month", As: "Month" }],
      Aggregates: [sum, { Function: "min", Column: "Region", As: "First" }],
    },
    COLUMNS,
  );
  assert.ok(checked.ok);
  assert.equal(checked.query.limit, 1000);
  assert.deepEqual(checked.query.outputs, [
    { name: "Month", type: "Date", role: "Dimension" },
    { name: "Revenue", type: "Number", role: "Measure" },
    { name: "First", type: "Text", role: "Measure" },
  ]);
});

/** Texts that would break a statement that spliced them. */
const HOSTILE = [
  `x'); DROP TABLE objects; --`,
  `" OR 1=1 --`,
  "Revenue /* comment */",
  "a;b",
  "`back`tick",
  "\\'escaped",
  "$tag$ dollar-quoted $tag$",
  "'; SELECT 1; '",
];
const table: SourcePlan = {
  kind: "table",
  recId: 7,
  name: "Sales",
  type: "DataTable",
  columns: COLUMNS,
  version: "1.1.1",
  orderWidth: 1,
  state: { columns: COLUMNS, version: 1, generation: 1, maxRowId: 1 },
};

test("the SQL holds no text of the description: aliases and values are not in it, values are bound", () => {
  for (const hostile of HOSTILE) {
    const query: DataQuery = {
      Source,
      Filters: [
        { Column: "Region", Operator: "Equals", Value: hostile },
        { Column: "Region", Operator: "In", Values: [hostile, "EMEA"] },
        { Column: "Region", Operator: "Contains", Value: hostile },
      ],
      GroupBy: [{ Column: "Region", As: hostile }],
      Aggregates: [{ ...sum, As: `${hostile}!` }],
      Sort: [{ By: `${hostile}!`, Descending: true }],
      TopN: { By: `${hostile}!`, N: 5, Other: true },
    };
    const checked = checkQuery(query, COLUMNS);
    assert.ok(checked.ok, hostile);
    const statement = querySql(table, checked.query, () => '"t1"');
    assert.ok(!statement.sql.includes(hostile), `${hostile} is not in the SQL`);
    assert.deepEqual(
      statement.params.filter((param) => param.type === "VARCHAR").map((param) => param.value),
      [hostile, hostile, "EMEA", hostile],
    );
    // Every quoted identifier is one the engine generates.
    for (const [identifier] of statement.sql.matchAll(/"[^"]*"/g))
      assert.match(identifier, /^"[a-z][a-z0-9]*"$/);
    // The only string literals are the engine's own (none here: no bucket).
    assert.doesNotMatch(statement.sql, /'/);
  }
});

test("a hostile column name is refused before any SQL exists", () => {
  for (const hostile of HOSTILE) {
    for (const query of [
      { Source, Select: [hostile] },
      { Source, Filters: [{ Column: hostile, Operator: "IsEmpty" as const }] },
      { Source, GroupBy: [{ Column: hostile }] },
      { Source, Aggregates: [{ Function: "count" as const, Column: hostile, As: "N" }] },
      { Source, Select: ["Region"], Sort: [{ By: hostile }] },
    ]) {
      const checked = checkQuery(query, COLUMNS);
      assert.equal(checked.ok, false, hostile);
    }
  }
});

test("date literals: a day is the whole UTC day, an instant itself; no zone is UTC", () => {
  const cases: [string, ReturnType<typeof dateSpan>][] = [
    ["2025-03-31", { startMs: Date.UTC(2025, 2, 31), endMs: Date.UTC(2025, 3, 1), endInclusive: false }],
    [
      "2025-03-31T12:00",
      { startMs: Date.UTC(2025, 2, 31, 12), endMs: Date.UTC(2025, 2, 31, 12), endInclusive: true },
    ],
    [
      "2025-03-31T12:00:05.5+02:00",
      {
        startMs: Date.UTC(2025, 2, 31, 10, 0, 5, 500),
        endMs: Date.UTC(2025, 2, 31, 10, 0, 5, 500),
        endInclusive: true,
      },
    ],
    [
      "2024-02-29T23:59:59.999Z",
      {
        startMs: Date.UTC(2024, 1, 29, 23, 59, 59, 999),
        endMs: Date.UTC(2024, 1, 29, 23, 59, 59, 999),
        endInclusive: true,
      },
    ],
    ["2025-02-29", undefined],
    ["2025-13-01", undefined],
    ["2025-03-31T24:00", undefined],
    ["0999-01-01", undefined],
    ["2025-03-31 12:00", undefined],
    ["31/03/2025", undefined],
    ["", undefined],
  ];
  for (const [text, expected] of cases) assert.deepEqual(dateSpan(text), expected, text);
});

test("composition: a view keeps and orders columns, a fusion unions by name, a merge suffixes clashes", () => {
  const view = composeView({ Version: 1, Source, Columns: ["Revenue", "Region"] }, COLUMNS);
  assert.ok(view.ok);
  assert.deepEqual(view.value.keep, [2, 1]);
  assert.equal(composeView({ Version: 1, Source, Columns: ["Gone"] }, COLUMNS).ok, false);
  assert.equal(
    composeView({ Version: 1, Source, Filters: [{ Column: "Region", Operator: "Less", Value: 3 }] }, COLUMNS)
      .ok,
    false,
  );

  const fusion = composeFusion([
    COLUMNS,
    [
      { name: "Region", type: "Text" },
      { name: "Channel", type: "Text" },
    ],
  ]);
  assert.ok(fusion.ok);
  assert.deepEqual(
    fusion.value.columns.map((column) => column.name),
    ["OrderDate", "Region", "Revenue", "Returned", "Channel"],
  );
  assert.deepEqual(fusion.value.maps, [
    [0, 1, 2, 3, null],
    [null, 0, null, null, 1],
  ]);
  assert.equal(
    composeFusion([COLUMNS, [{ name: "Region", type: "Number" }]]).ok,
    false,
    "one name, two types",
  );

  const right: CatalogueColumn[] = [
    { name: "Region", type: "Text" },
    { name: "Revenue", type: "Number" },
    { name: "Manager", type: "Text" },
  ];
  const merge = composeMerge(
    { Version: 1, Left: Source, Right: Source, On: [{ Left: "Region", Right: "Region" }], Join: "Left" },
    COLUMNS,
    right,
  );
  assert.ok(merge.ok);
  assert.deepEqual(
    merge.value.columns.map((column) => column.name),
    ["OrderDate", "Region", "Revenue", "Returned", "Revenue (right)", "Manager"],
  );
  assert.deepEqual(merge.value.on, [[1, 0]]);
  assert.equal(
    composeMerge(
      { Version: 1, Left: Source, Right: Source, On: [{ Left: "Revenue", Right: "Region" }], Join: "Inner" },
      COLUMNS,
      right,
    ).ok,
    false,
    "keys of different types",
  );
});
