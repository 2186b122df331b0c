/**
 * `npm run bench:query-engine` — which engine answers the analytical queries of the dashboards
 * (server/upstream/analytics/README.md), measured in one run on one 100,000-row sales-like table
 * (./sales-rows.ts) in the upstream's own store (a fresh SQLite file, the real migrations):
 *
 * - `json-rows`: the store as it is — one JSON array per row (data_table_rows.data), every cell read
 *   with `->>` at query time;
 * - `sqlite-typed`: a typed STRICT table in the same SQLite file (one column per data column, REAL,
 *   TEXT, INTEGER), filled from the JSON rows;
 * - `duckdb`: DuckDB in memory (@duckdb/node-api), the rows parsed in JavaScript and appended typed;
 * - `engine`: the query service as it ships (server/upstream/analytics: checks, compilation, DuckDB
 *   fed from the store with the JSON parsed by DuckDB itself; the result cache bypassed), on the same
 *   queries as descriptions.
 *
 * Per engine: the full load (store → queryable), the refresh after a 1,000-row import, and p50 / p95
 * of five typical widget queries (month buckets with a sum, countDistinct per region, the top 10 with
 * Other, a filtered count, the 100 largest rows sorted), after one warm-up round.
 * Options: --rows 100000, --rounds 15, --out <file.json>. Measured, never asserted (DESIGN.md §8).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  BOOLEAN,
  DOUBLE,
  type DuckDBConnection,
  DuckDBDataChunk,
  DuckDBInstance,
  DuckDBTimestampValue,
  type DuckDBType,
  type DuckDBValue,
  TIMESTAMP,
  VARCHAR,
} from "@duckdb/node-api";
import type { DataQuery } from "../../../schemas/payloads/data-query.ts";
import { openAnalytics } from "../../../server/upstream/analytics/service.ts";
import { openSqliteStore } from "../../../server/upstream/store/index.ts";
import type { DataValue } from "../../../server/upstream/store/types/data-tables.ts";
import { SALES_COLUMNS, salesRows } from "./sales-rows.ts";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    rounds: { type: "string", default: "15" },
    out: { type: "string" },
  },
});
const rowCount = Number(values.rows);
const rounds = Number(values.rounds);
if (!Number.isInteger(rowCount) || rowCount < 1000 || rowCount > 1_000_000) throw new Error("bad --rows");
if (!Number.isInteger(rounds) || rounds < 3 || rounds > 200) throw new Error("bad --rounds");
const REFRESH_ROWS = 1000;
const END_MS = Date.UTC(2025, 11, 31);

/** One engine under test: how it becomes current, and its five queries. */
interface Engine {
  name: string;
  /** From the store's rows to queryable (first load). */
  load(): Promise<void>;
  /** Current again after REFRESH_ROWS more rows were imported into the store. */
  refresh(): Promise<void>;
  queries: Record<QueryName, () => Promise<unknown>>;
  close(): Promise<void>;
}
const QUERY_NAMES = ["monthSum", "countDistinct", "topNOther", "filteredCount", "rowsSorted"] as const;
type QueryName = (typeof QUERY_NAMES)[number];

const col = (name: string) => SALES_COLUMNS.findIndex((column) => column.name === name);
const C = {
  date: col("OrderDate"),
  orderId: col("OrderId"),
  region: col("Region"),
  product: col("Product"),
  customer: col("CustomerId"),
  revenue: col("Revenue"),
  returned: col("Returned"),
};

/** The five queries as SQL over a relation whose cells are `cell(i)`; date bucketing differs. */
function queriesSql(from: string, cell: (i: number) => string, month: string, isFalse: string) {
  const base = (columns: string) => `SELECT ${columns} FROM ${from}`;
  return {
    monthSum: `SELECT m, SUM(r) AS v FROM (${base(`${month} AS m, ${cell(C.revenue)} AS r`)}) GROUP BY m ORDER BY m`,
    countDistinct: `SELECT g, COUNT(DISTINCT c) AS v FROM (${base(`${cell(C.region)} AS g, ${cell(C.customer)} AS c`)}) GROUP BY g ORDER BY g`,
    topNOther: `WITH g AS (SELECT p, SUM(r) AS v FROM (${base(`${cell(C.product)} AS p, ${cell(C.revenue)} AS r`)}) GROUP BY p),
      ranked AS (SELECT p, v, ROW_NUMBER() OVER (ORDER BY v DESC, p) AS n FROM g)
      SELECT CASE WHEN n <= 10 THEN p END AS p, SUM(v) AS v, MIN(n) AS o FROM ranked
      GROUP BY CASE WHEN n <= 10 THEN p END ORDER BY o`,
    filteredCount: `SELECT COUNT(*) AS v FROM (${base(`${cell(C.region)} AS g, ${cell(C.returned)} AS x, ${cell(C.date)} AS d`)})
      WHERE g = 'EMEA' AND ${isFalse.replace("$x", "x")} AND d >= '2025-01-01' AND d < '2025-07-01'`,
    rowsSorted: `${base(`${cell(C.date)} AS d, ${cell(C.orderId)} AS o, ${cell(C.product)} AS p, ${cell(C.revenue)} AS r`)}
      ORDER BY r DESC, o LIMIT 100`,
  };
}

/** The same five queries as descriptions for the shipped engine. */
function queryDescriptions(recId: number): Record<QueryName, DataQuery> {
  const Source = { RecId: recId };
  return {
    monthSum: {
      Source,
      GroupBy: [{ Column: "OrderDate", Bucket: "month", As: "Month" }],
      Aggregates: [{ Function: "sum", Column: "Revenue", As: "Revenue" }],
      Sort: [{ By: "Month" }],
    },
    countDistinct: {
      Source,
      GroupBy: [{ Column: "Region" }],
      Aggregates: [{ Function: "countDistinct", Column: "CustomerId", As: "Customers" }],
      Sort: [{ By: "Region" }],
    },
    topNOther: {
      Source,
      GroupBy: [{ Column: "Product" }],
      Aggregates: [{ Function: "sum", Column: "Revenue", As: "Revenue" }],
      TopN: { By: "Revenue", N: 10, Other: true },
    },
    filteredCount: {
      Source,
      Filters: [
        { Column: "Region", Operator: "Equals", Value: "EMEA" },
        { Column: "Returned", Operator: "Equals", Value: false },
        { Column: "OrderDate", Operator: "GreaterOrEqual", Value: "2025-01-01" },
        { Column: "OrderDate", Operator: "Less", Value: "2025-07-01" },
      ],
      Aggregates: [{ Function: "count", As: "Orders" }],
    },
    rowsSorted: {
      Source,
      Select: ["OrderDate", "OrderId", "Product", "Revenue"],
      Sort: [{ By: "Revenue", Descending: true }, { By: "OrderId" }],
      Limit: 100,
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), "tessera-bench-query-"));
const file = join(dataDir, "upstream.sqlite");
let clock = Date.UTC(2026, 0, 1);
const now = () => clock;
const store = openSqliteStore(file, now);

/** The raw database of the store, for the two SQLite engines (the bench's own SQL). */
async function rawDatabase() {
  const { default: Database } = await import("better-sqlite3");
  return new Database(file);
}

async function prepareTable(): Promise<{ accountId: number; tableId: number; storeMs: number }> {
  const { user, account } = await store.accounts.create(
    {
      name: "Bench",
      domain: "bench",
      subscriptionType: "Business",
      features: new Map([["TablesAndView", "Included"]]),
      ownerRole: { name: "Owner", permissions: "TableAndViews_rw" },
      owner: { email: "bench@bench.example", fullName: "Bench", passwordHash: null },
    },
    now(),
  );
  const scope = { accountId: account.recId, userId: user.recId, area: "TableAndViews", types: ["DataTable"] };
  const roots = await store.content.folders.ensureRoots(scope, now());
  const table = await store.content.library.create(
    scope,
    { type: "DataTable", name: "Sales orders", folderId: roots.Team.recId, properties: {} },
    now(),
  );
  if (typeof table === "string") throw new Error(table);
  const started = performance.now();
  await store.jobs.dataTables.define(
    account.recId,
    table.recId,
    SALES_COLUMNS,
    salesRows(rowCount, END_MS),
    now(),
  );
  return { accountId: account.recId, tableId: table.recId, storeMs: performance.now() - started };
}

/** Appends rows to the stored table as an import does (the JSON rows), bumping its version. */
async function importRows(accountId: number, tableId: number, rows: DataValue[][]): Promise<void> {
  const db = await rawDatabase();
  const insert = db.prepare(
    "INSERT INTO data_table_rows (account_id, object_id, data, import_task_id) VALUES (?, ?, ?, NULL)",
  );
  db.transaction(() => {
    for (const row of rows) insert.run(accountId, tableId, JSON.stringify(row));
    db.prepare("UPDATE data_tables SET modified_at = ? WHERE object_id = ?").run(now(), tableId);
  })();
  db.close();
}

function jsonRowsEngine(accountId: number, tableId: number): Engine {
  let db: Awaited<ReturnType<typeof rawDatabase>>;
  const from = `data_table_rows WHERE account_id = ${accountId} AND object_id = ${tableId}`;
  const sql = queriesSql(
    from,
    (i) => `data ->> '$[${i}]'`,
    `substr(data ->> '$[${C.date}]', 1, 7) || '-01'`,
    "$x = 0",
  );
  const run = (text: string) => async () => db.prepare(text).all();
  return {
    name: "json-rows",
    load: async () => {
      db = await rawDatabase();
    },
    refresh: async () => undefined,
    queries: Object.fromEntries(QUERY_NAMES.map((name) => [name, run(sql[name])])) as Engine["queries"],
    close: async () => {
      db.close();
    },
  };
}

function sqliteTypedEngine(accountId: number, tableId: number): Engine {
  let db: Awaited<ReturnType<typeof rawDatabase>>;
  const sqlType = { Number: "REAL", Text: "TEXT", Boolean: "INTEGER", Date: "TEXT" } as const;
  const columns = SALES_COLUMNS.map((column, i) => `c${i} ${sqlType[column.type]}`).join(", ");
  const sql = queriesSql("bench_typed", (i) => `c${i}`, `substr(c${C.date}, 1, 7) || '-01'`, "$x = 0");
  let loadedTo = 0;
  const copy = (after: number) => {
    const cells = SALES_COLUMNS.map((_, i) => `data ->> '$[${i}]'`).join(", ");
    const result = db
      .prepare(
        `INSERT INTO bench_typed (row_id, ${SALES_COLUMNS.map((_, i) => `c${i}`).join(", ")})
         SELECT id, ${cells} FROM data_table_rows WHERE account_id = ? AND object_id = ? AND id > ? ORDER BY id`,
      )
      .run(accountId, tableId, after);
    const { maxId } = db.prepare("SELECT MAX(row_id) AS maxId FROM bench_typed").get() as { maxId: number };
    loadedTo = maxId;
    return result;
  };
  const run = (text: string) => async () => db.prepare(text).all();
  return {
    name: "sqlite-typed",
    load: async () => {
      db = await rawDatabase();
      db.exec(
        `DROP TABLE IF EXISTS bench_typed; CREATE TABLE bench_typed (row_id INTEGER PRIMARY KEY, ${columns}) STRICT`,
      );
      db.transaction(() => copy(0))();
    },
    refresh: async () => {
      db.transaction(() => copy(loadedTo))();
    },
    queries: Object.fromEntries(QUERY_NAMES.map((name) => [name, run(sql[name])])) as Engine["queries"],
    close: async () => {
      db.exec("DROP TABLE IF EXISTS bench_typed");
      db.close();
    },
  };
}

function duckdbEngine(accountId: number, tableId: number): Engine {
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;
  let loadedTo = 0;
  const types: DuckDBType[] = SALES_COLUMNS.map((column) =>
    column.type === "Number"
      ? DOUBLE
      : column.type === "Boolean"
        ? BOOLEAN
        : column.type === "Date"
          ? TIMESTAMP
          : VARCHAR,
  );
  const sql = queriesSql(
    "t",
    (i) => `c${i}`,
    `strftime(date_trunc('month', c${C.date}), '%Y-%m-%d')`,
    "NOT $x",
  ).valueOf() as Record<QueryName, string>;
  // DuckDB compares a TIMESTAMP with a date literal directly.
  const append = async (after: number) => {
    const db = await rawDatabase();
    const rows = db
      .prepare(
        "SELECT id, data FROM data_table_rows WHERE account_id = ? AND object_id = ? AND id > ? ORDER BY id",
      )
      .all(accountId, tableId, after) as { id: number; data: string }[];
    db.close();
    const appender = await connection.createAppender("t");
    const size = 2048;
    for (let start = 0; start < rows.length; start += size) {
      const slice = rows.slice(start, start + size);
      const columns: DuckDBValue[][] = SALES_COLUMNS.map(() => new Array(slice.length));
      slice.forEach((row, r) => {
        const cells = JSON.parse(row.data) as DataValue[];
        SALES_COLUMNS.forEach((column, c) => {
          const value = cells[c] ?? null;
          (columns[c] as DuckDBValue[])[r] =
            value === null
              ? null
              : column.type === "Date"
                ? new DuckDBTimestampValue(BigInt(Date.parse(`${value}T00:00:00Z`)) * 1000n)
                : (value as DuckDBValue);
        });
      });
      const chunk = DuckDBDataChunk.create(types, slice.length);
      chunk.setColumns(columns);
      appender.appendDataChunk(chunk);
    }
    appender.closeSync();
    loadedTo = rows.at(-1)?.id ?? after;
  };
  const run = (text: string) => async () => (await connection.runAndReadAll(text)).getRows();
  return {
    name: "duckdb",
    load: async () => {
      instance = await DuckDBInstance.create(":memory:", { threads: "2" });
      connection = await instance.connect();
      const columns = SALES_COLUMNS.map((_, i) => `c${i} ${types[i]?.toString()}`).join(", ");
      await connection.run(`CREATE TABLE t (${columns})`);
      await append(0);
    },
    refresh: async () => append(loadedTo),
    queries: Object.fromEntries(QUERY_NAMES.map((name) => [name, run(sql[name])])) as Engine["queries"],
    close: async () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

function shippedEngine(accountId: number, tableId: number): Engine {
  let analytics: ReturnType<typeof openAnalytics>;
  const descriptions = queryDescriptions(tableId);
  const run = (name: QueryName) => async () =>
    analytics.runUncached(accountId, descriptions[name], { maxRowsScanned: 10_000_000 });
  return {
    name: "engine",
    load: async () => {
      analytics = openAnalytics(store, { now });
      await analytics.warm(accountId, tableId);
    },
    refresh: async () => analytics.warm(accountId, tableId),
    queries: Object.fromEntries(QUERY_NAMES.map((name) => [name, run(name)])) as Engine["queries"],
    close: async () => analytics.close(),
  };
}

const percentile = (samples: readonly number[], p: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

const { accountId, tableId, storeMs } = await prepareTable();
const engines = [jsonRowsEngine, sqliteTypedEngine, duckdbEngine, shippedEngine].map((make) =>
  make(accountId, tableId),
);
const report: Record<string, unknown>[] = [];
let nextOrder = rowCount + 1;
for (const engine of engines) {
  const rssBefore = process.memoryUsage().rss;
  const loadMs = await timed(() => engine.load());
  const rssAfterLoadMb = (process.memoryUsage().rss - rssBefore) / 1_048_576;
  const results: Record<string, { p50: number; p95: number }> = {};
  for (const name of QUERY_NAMES) {
    await engine.queries[name]();
    const samples: number[] = [];
    for (let round = 0; round < rounds; round += 1) samples.push(await timed(engine.queries[name]));
    results[name] = { p50: percentile(samples, 50), p95: percentile(samples, 95) };
  }
  clock += 1000;
  await importRows(accountId, tableId, salesRows(REFRESH_ROWS, END_MS, nextOrder, nextOrder));
  nextOrder += REFRESH_ROWS;
  const refreshMs = await timed(() => engine.refresh());
  await engine.close();
  report.push({ engine: engine.name, loadMs, refreshMs, rssAfterLoadMb, queries: results });
}
await store.close();
rmSync(dataDir, { recursive: true, force: true });

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
console.log(`query engine benchmark: ${rowCount} rows, ${rounds} rounds, ${cpus().length} cores`);
console.log(`store (JSON rows, the real define): ${fmt(storeMs)} ms`);
console.log(
  ["engine", "load ms", "refresh ms", "+RSS MB", ...QUERY_NAMES.map((n) => `${n} p50/p95`)].join(" | "),
);
for (const row of report) {
  const queries = row.queries as Record<QueryName, { p50: number; p95: number }>;
  console.log(
    [
      row.engine,
      fmt(row.loadMs as number),
      fmt(row.refreshMs as number),
      (row.rssAfterLoadMb as number).toFixed(0),
      ...QUERY_NAMES.map((name) => `${fmt(queries[name].p50)}/${fmt(queries[name].p95)}`),
    ].join(" | "),
  );
}
if (values.out)
  await writeFile(values.out, `${JSON.stringify({ rowCount, rounds, storeMs, report }, null, 2)}\n`);
