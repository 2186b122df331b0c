/**
 * The engine's results against an independent computation in plain JavaScript over the same rows
 * (reference-engine.ts): every aggregate over every bucket of a fixed table that crosses days, ISO
 * weeks (Sunday → Monday), months, quarters and years near midnight UTC; then generated tables and
 * queries (fast-check) — filters of every operator, plain rows, groups, sorts, TopN with Other and
 * limits; then views, fusions and merges composed from their inputs.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import fc from "fast-check";
import {
  AGGREGATE_FUNCTIONS,
  DATE_BUCKETS,
  type DataQuery,
} from "../../../../schemas/payloads/data-query.ts";
import { type AnalyticsService, openAnalytics } from "../../../../server/upstream/analytics/service.ts";
import { openSqliteStore, type UpstreamStore } from "../../../../server/upstream/store/index.ts";
import type { DataColumn, DataValue } from "../../../../server/upstream/store/types/data-tables.ts";
import { referenceResult } from "./reference-engine.ts";

let dir: string;
let store: UpstreamStore;
let analytics: AnalyticsService;
let accountId: number;
let scope: { accountId: number; userId: number; area: string; types: string[] };
let folderId: number;
const now = () => Date.UTC(2026, 0, 1);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "tessera-analytics-results-"));
  store = openSqliteStore(join(dir, "upstream.sqlite"), now);
  const { user, account } = await store.accounts.create(
    {
      name: "Results",
      domain: "results",
      subscriptionType: "Business",
      features: new Map(),
      ownerRole: { name: "Owner", permissions: "TableAndViews_rw" },
      owner: { email: "owner@results.example", fullName: "Owner", passwordHash: null },
    },
    now(),
  );
  accountId = account.recId;
  scope = {
    accountId,
    userId: user.recId,
    area: "TableAndViews",
    types: ["DataTable", "DataView", "DataFusion", "DataMerge"],
  };
  folderId = (await store.content.folders.ensureRoots(scope, now())).Team.recId;
  analytics = openAnalytics(store, { now });
});
after(async () => {
  await analytics.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

let tableCount = 0;
/** A data source object with a definition (derived) or the rows (a table). */
async function createSource(type: string, properties: Record<string, unknown> = {}): Promise<number> {
  tableCount += 1;
  const created = await store.content.library.create(
    scope,
    { type, name: `${type} ${tableCount}`, folderId, properties },
    now(),
  );
  if (typeof created === "string") throw new Error(created);
  return created.recId;
}
async function table(columns: DataColumn[], rows: DataValue[][]): Promise<number> {
  const recId = await createSource("DataTable");
  await store.jobs.dataTables.define(accountId, recId, columns, rows, now());
  return recId;
}

/** Numbers within a relative 1e-9 (sums and averages may add in another order); the rest exactly. */
function assertCellsEqual(actual: unknown[][], expected: unknown[][], message: string): void {
  assert.equal(actual.length, expected.length, `${message}: row count`);
  actual.forEach((row, r) => {
    row.forEach((cell, c) => {
      const want = expected[r]?.[c];
      if (typeof cell === "number" && typeof want === "number") {
        assert.ok(
          Math.abs(cell - want) <= 1e-9 * Math.max(1, Math.abs(want)),
          `${message}: [${r}][${c}] ${cell} ≠ ${want}`,
        );
      } else {
        assert.deepEqual(cell, want, `${message}: [${r}][${c}]`);
      }
    });
  });
}

async function compare(columns: DataColumn[], rows: DataValue[][], query: DataQuery, message: string) {
  const result = await analytics.query(accountId, query);
  const expected = referenceResult(columns, rows, query);
  assertCellsEqual(result.Rows, expected.Rows, `${message} ${JSON.stringify(query)}`);
  assert.equal(result.OtherRow, expected.OtherRow, `${message}: OtherRow`);
  assert.equal(result.Truncated, expected.Truncated, `${message}: Truncated`);
  return result;
}

const CALENDAR: DataColumn[] = [
  { name: "At", type: "Date" },
  { name: "Label", type: "Text" },
  { name: "Amount", type: "Number" },
  { name: "Flag", type: "Boolean" },
];

/** Rows every 13 h 7 min across 2023-12-24 … 2025-01-10 (both year ends, every weekday, both sides of midnight). */
function calendarRows(): DataValue[][] {
  const rows: DataValue[][] = [];
  const start = Date.UTC(2023, 11, 24, 22, 30);
  for (let i = 0; i < 700; i += 1) {
    const ms = start + i * (13 * 3_600_000 + 7 * 60_000);
    const at = i % 5 === 0 ? new Date(ms).toISOString().slice(0, 10) : new Date(ms).toISOString();
    rows.push([
      i % 17 === 0 ? null : at,
      i % 11 === 0 ? null : i % 7 === 0 ? "" : (["north", "South", "éast", "west"][i % 4] as string),
      i % 13 === 0 ? null : ((i * 37) % 200) - 50 + (i % 4) * 0.25,
      i % 9 === 0 ? null : i % 3 === 0,
    ]);
  }
  return rows;
}

test("every aggregate over every date bucket matches the reference (UTC, ISO weeks from Monday)", async () => {
  const rows = calendarRows();
  const recId = await table(CALENDAR, rows);
  const Source = { RecId: recId };
  const columnFor: Record<string, string[]> = {
    count: ["", "Label", "Amount"],
    countDistinct: ["Label", "Amount", "At", "Flag"],
    sum: ["Amount"],
    avg: ["Amount"],
    min: ["Amount", "At", "Label", "Flag"],
    max: ["Amount", "At", "Label", "Flag"],
  };
  for (const bucket of DATE_BUCKETS) {
    for (const fn of AGGREGATE_FUNCTIONS) {
      for (const column of columnFor[fn] as string[]) {
        const aggregate = { Function: fn, As: "M", ...(column && { Column: column }) };
        await compare(
          CALENDAR,
          rows,
          { Source, GroupBy: [{ Column: "At", Bucket: bucket, As: "B" }], Aggregates: [aggregate] },
          bucket,
        );
      }
    }
  }
  // A bucket's value is its first day: a Sunday night is in the week of the Monday before.
  const weeks = await analytics.query(accountId, {
    Source,
    Filters: [{ Column: "At", Operator: "Between", Values: ["2024-01-07", "2024-01-08"] }],
    GroupBy: [{ Column: "At", Bucket: "week" }],
    Aggregates: [{ Function: "count", As: "N" }],
  });
  assert.deepEqual(
    weeks.Rows.map((row) => row[0]),
    ["2024-01-01", "2024-01-08"],
  );
  // Without buckets and without groups.
  for (const fn of AGGREGATE_FUNCTIONS) {
    const column = (columnFor[fn] as string[]).find(Boolean) as string;
    await compare(
      CALENDAR,
      rows,
      { Source, Aggregates: [{ Function: fn, Column: column, As: "M" }] },
      `${fn} overall`,
    );
    await compare(
      CALENDAR,
      rows,
      {
        Source,
        GroupBy: [{ Column: "Label" }, { Column: "Flag" }],
        Aggregates: [{ Function: fn, Column: column, As: "M" }],
      },
      `${fn} by two`,
    );
  }
});

test("an aggregate over no rows: count 0, the others empty", async () => {
  const recId = await table(CALENDAR, calendarRows());
  const result = await analytics.query(accountId, {
    Source: { RecId: recId },
    Filters: [{ Column: "Label", Operator: "Equals", Value: "nowhere" }],
    Aggregates: AGGREGATE_FUNCTIONS.map((fn) => ({ Function: fn, Column: "Amount", As: fn })),
  });
  assert.deepEqual(result.Rows, [[0, 0, null, null, null, null]]);
});

// ── Generated tables and queries ────────────────────────────────────────────────────────────────

const GENERATED: DataColumn[] = [
  { name: "D", type: "Date" },
  { name: "T", type: "Text" },
  { name: "N", type: "Number" },
  { name: "B", type: "Boolean" },
  { name: "U", type: "Text" },
];
const day = fc.integer({ min: Date.UTC(2024, 0, 1) / 86_400_000, max: Date.UTC(2025, 11, 31) / 86_400_000 });
const dateCell = fc.oneof(
  day.map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10)),
  fc
    .tuple(day, fc.integer({ min: 0, max: 86_399 }))
    .map(([d, s]) => new Date(d * 86_400_000 + s * 1000).toISOString()),
);
const text = fc.constantFrom("alpha", "Alpha", "beta", "Beta gamma", "é", "z", "");
const number = fc.integer({ min: -40, max: 40 }).map((n) => n / 4);
const row = fc.tuple(
  fc.option(dateCell, { nil: null }),
  fc.option(text, { nil: null }),
  fc.option(number, { nil: null }),
  fc.option(fc.boolean(), { nil: null }),
  fc.option(fc.constantFrom("x", "y", "w"), { nil: null }),
);
const dateLiteral = fc.oneof(dateCell, fc.constant("2025-01-01"));
const filter = fc.oneof(
  fc.record({
    Column: fc.constant("T"),
    Operator: fc.constantFrom("Equals", "NotEquals"),
    Value: fc.option(text, { nil: null }),
  }),
  fc.record({
    Column: fc.constant("N"),
    Operator: fc.constantFrom("Less", "LessOrEqual", "Greater", "GreaterOrEqual", "Equals", "NotEquals"),
    Value: number,
  }),
  fc.record({
    Column: fc.constant("D"),
    Operator: fc.constantFrom("Less", "LessOrEqual", "Greater", "GreaterOrEqual", "Equals", "NotEquals"),
    Value: dateLiteral,
  }),
  fc.record({
    Column: fc.constant("D"),
    Operator: fc.constant("Between"),
    Values: fc.tuple(dateLiteral, dateLiteral).map(([a, b]) => (a < b ? [a, b] : [b, a])),
  }),
  fc.record({
    Column: fc.constant("N"),
    Operator: fc.constant("Between"),
    Values: fc.tuple(number, number).map(([a, b]) => [Math.min(a, b), Math.max(a, b)]),
  }),
  fc.record({
    Column: fc.constant("T"),
    Operator: fc.constantFrom("In", "NotIn"),
    Values: fc.array(fc.option(text, { nil: null }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    Column: fc.constant("T"),
    Operator: fc.constantFrom("Contains", "StartsWith"),
    Value: fc.constantFrom("a", "BE", "ga", "é", ""),
  }),
  fc.record({
    Column: fc.constantFrom("D", "T", "N", "B", "U"),
    Operator: fc.constantFrom("IsEmpty", "IsNotEmpty"),
  }),
  fc.record({
    Column: fc.constant("B"),
    Operator: fc.constantFrom("Equals", "NotEquals"),
    Value: fc.option(fc.boolean(), { nil: null }),
  }),
  fc.record({
    Column: fc.constant("U"),
    Operator: fc.constantFrom("Less", "GreaterOrEqual"),
    Value: fc.constantFrom("x", "xa", ""),
  }),
);
const dimension = fc.oneof(
  fc.constantFrom("T", "B", "U", "N").map((Column) => ({ Column })),
  fc.constantFrom(...DATE_BUCKETS).map((Bucket) => ({ Column: "D", Bucket })),
);
/** Measures whose values a sort or TopN may rank by (exact in floating point on these numbers). */
const rankable = fc.oneof(
  fc.constant({ Function: "count" as const }),
  fc.constantFrom("T", "N", "D").map((Column) => ({ Function: "count" as const, Column })),
  fc.constantFrom("T", "N", "D", "U").map((Column) => ({ Function: "countDistinct" as const, Column })),
  fc.constant({ Function: "sum" as const, Column: "N" }),
  fc
    .tuple(fc.constantFrom("min" as const, "max" as const), fc.constantFrom("N", "D", "T"))
    .map(([fn, Column]) => ({ Function: fn, Column })),
);
const anyMeasure = fc.oneof(rankable, fc.constant({ Function: "avg" as const, Column: "N" }));

const groupedQuery = fc
  .record({
    dims: fc.uniqueArray(dimension, { maxLength: 2, selector: (d) => d.Column }),
    measures: fc.array(anyMeasure, { minLength: 1, maxLength: 3 }),
    filters: fc.array(filter, { maxLength: 3 }),
    sortFirst: fc.boolean(),
    descending: fc.boolean(),
    limit: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
  })
  .map(({ dims, measures, filters, sortFirst, descending, limit }) => {
    const query: DataQuery = {
      Source: { RecId: 0 },
      ...(filters.length > 0 && { Filters: filters as DataQuery["Filters"] }),
      ...(dims.length > 0 && { GroupBy: dims.map((dim, i) => ({ ...dim, As: `g${i}` })) }),
      Aggregates: measures.map((measure, i) => ({ ...measure, As: `m${i}` })),
      ...(limit !== undefined && { Limit: limit }),
    };
    // Sort by a dimension or a rankable measure (an average may differ in its last bit).
    const rankableIndex = measures.findIndex((measure) => measure.Function !== "avg");
    if (sortFirst && rankableIndex >= 0) query.Sort = [{ By: `m${rankableIndex}`, Descending: descending }];
    else if (sortFirst && dims.length > 0) query.Sort = [{ By: "g0", Descending: descending }];
    return query;
  });

const topNQuery = fc
  .record({
    dim: dimension,
    by: rankable,
    more: fc.array(anyMeasure, { maxLength: 2 }),
    n: fc.integer({ min: 1, max: 6 }),
    other: fc.boolean(),
    filters: fc.array(filter, { maxLength: 2 }),
  })
  .map(
    ({ dim, by, more, n, other, filters }): DataQuery => ({
      Source: { RecId: 0 },
      ...(filters.length > 0 && { Filters: filters as DataQuery["Filters"] }),
      GroupBy: [{ ...dim, As: "g0" }],
      Aggregates: [{ ...by, As: "m0" }, ...more.map((measure, i) => ({ ...measure, As: `m${i + 1}` }))],
      TopN: { By: "m0", N: n, Other: other },
    }),
  );

const rowsQuery = fc
  .record({
    select: fc.uniqueArray(fc.constantFrom("D", "T", "N", "B", "U"), { minLength: 1, maxLength: 5 }),
    filters: fc.array(filter, { maxLength: 3 }),
    sort: fc.uniqueArray(
      fc.record({ By: fc.constantFrom("D", "T", "N", "B", "U"), Descending: fc.boolean() }),
      { maxLength: 2, selector: (key) => key.By },
    ),
    limit: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
  })
  .map(
    ({ select, filters, sort, limit }): DataQuery => ({
      Source: { RecId: 0 },
      Select: [...new Set([...select, ...sort.map((key) => key.By)])],
      ...(filters.length > 0 && { Filters: filters as DataQuery["Filters"] }),
      ...(sort.length > 0 && { Sort: sort }),
      ...(limit !== undefined && { Limit: limit }),
    }),
  );

test("generated tables and queries: the engine agrees with the reference", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(row, { maxLength: 60 }),
      fc.array(fc.oneof(groupedQuery, topNQuery, rowsQuery), { minLength: 1, maxLength: 4 }),
      async (rows, queries) => {
        const recId = await table(GENERATED, rows);
        for (const query of queries)
          await compare(GENERATED, rows, { ...query, Source: { RecId: recId } }, "generated");
      },
    ),
    { numRuns: 60 },
  );
});

test("views, fusions and merges compose their inputs", async () => {
  const orders: DataColumn[] = [
    { name: "Customer", type: "Text" },
    { name: "Amount", type: "Number" },
    { name: "Day", type: "Date" },
  ];
  const customers: DataColumn[] = [
    { name: "Customer", type: "Text" },
    { name: "Segment", type: "Text" },
    { name: "Amount", type: "Number" },
  ];
  const orderRows: DataValue[][] = [
    ["c1", 10, "2025-01-02"],
    ["c2", 5, "2025-01-03"],
    ["c1", 7, "2025-02-01"],
    [null, 1, "2025-02-02"],
    ["c9", 3, "2025-03-01"],
  ];
  const customerRows: DataValue[][] = [
    ["c1", "Retail", 100],
    ["c2", "Corporate", 200],
    ["c3", "Retail", 300],
  ];
  const ordersId = await table(orders, orderRows);
  const customersId = await table(customers, customerRows);
  const view = await createSource("DataView", {
    Definition: {
      Version: 1,
      Source: { RecId: ordersId },
      Columns: ["Day", "Amount"],
      Filters: [{ Column: "Amount", Operator: "GreaterOrEqual", Value: 5 }],
    },
  });
  const viewColumns = [orders[2], orders[1]] as DataColumn[];
  const viewRows = orderRows.filter((r) => (r[1] as number) >= 5).map((r) => [r[2], r[1]]) as DataValue[][];
  await compare(viewColumns, viewRows, { Source: { RecId: view } }, "view rows");
  await compare(
    viewColumns,
    viewRows,
    {
      Source: { RecId: view },
      GroupBy: [{ Column: "Day", Bucket: "month" }],
      Aggregates: [{ Function: "sum", Column: "Amount", As: "S" }],
    },
    "view groups",
  );

  const fusion = await createSource("DataFusion", {
    Definition: { Version: 1, Sources: [{ RecId: ordersId }, { RecId: customersId }] },
  });
  const fusionColumns = [...orders, customers[1]] as DataColumn[];
  const fusionRows = [
    ...orderRows.map((r) => [...r, null]),
    ...customerRows.map((r) => [r[0], r[2], null, r[1]]),
  ] as DataValue[][];
  assert.deepEqual((await analytics.source(accountId, fusion))?.columns, fusionColumns);
  await compare(fusionColumns, fusionRows, { Source: { RecId: fusion } }, "fusion rows in input order");
  await compare(
    fusionColumns,
    fusionRows,
    {
      Source: { RecId: fusion },
      GroupBy: [{ Column: "Customer" }],
      Aggregates: [
        { Function: "sum", Column: "Amount", As: "S" },
        { Function: "countDistinct", Column: "Segment", As: "C" },
      ],
    },
    "fusion groups",
  );

  for (const join of ["Inner", "Left"] as const) {
    const merge = await createSource("DataMerge", {
      Definition: {
        Version: 1,
        Left: { RecId: ordersId },
        Right: { RecId: customersId },
        On: [{ Left: "Customer", Right: "Customer" }],
        Join: join,
      },
    });
    const mergeColumns: DataColumn[] = [
      ...orders,
      { name: "Segment", type: "Text" },
      { name: "Amount (right)", type: "Number" },
    ];
    const mergeRows = orderRows.flatMap((o) => {
      const matched = customerRows.filter((c) => o[0] !== null && c[0] === o[0]);
      if (matched.length === 0) return join === "Left" ? [[...o, null, null]] : [];
      return matched.map((c) => [...o, c[1], c[2]]);
    }) as DataValue[][];
    assert.deepEqual((await analytics.source(accountId, merge))?.columns, mergeColumns);
    await compare(mergeColumns, mergeRows, { Source: { RecId: merge } }, `${join} merge rows`);
    await compare(
      mergeColumns,
      mergeRows,
      {
        Source: { RecId: merge },
        GroupBy: [{ Column: "Segment" }],
        Aggregates: [
          { Function: "sum", Column: "Amount (right)", As: "S" },
          { Function: "count", As: "N" },
        ],
      },
      `${join} merge groups`,
    );
  }

  // A view of the fusion: derived sources nest.
  const nested = await createSource("DataView", {
    Definition: {
      Version: 1,
      Source: { RecId: fusion },
      Filters: [{ Column: "Segment", Operator: "IsEmpty" }],
    },
  });
  const nestedRows = fusionRows.filter((r) => r[3] === null);
  await compare(
    fusionColumns,
    nestedRows,
    { Source: { RecId: nested }, Sort: [{ By: "Amount", Descending: true }] },
    "nested view",
  );
});
