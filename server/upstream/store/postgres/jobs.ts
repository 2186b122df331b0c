/**
 * PostgreSQL implementation of the jobs area (../sqlite/jobs.ts): data table rows here, exports in
 * ./jobs-exports.ts, imports in ./jobs-imports.ts, schedules in ./jobs-schedules.ts, alerts in
 * ./jobs-alerts.ts, the staff-side billing and connector changes in ./jobs-billing.ts (shared helpers
 * in ./jobs-common.ts and ./jobs-automation-common.ts).
 */
import { parseJson } from "../database.ts";
import type { Aggregate, DataColumn, DataTableStoreFamily, DataValue } from "../types/data-tables.ts";
import type { JobStores } from "../types/jobs.ts";
import { row, rows, run, type UpstreamDatabase } from "./database.ts";
import { PostgresAlertJobStore } from "./jobs-alerts.ts";
import { PostgresBillingJobStore } from "./jobs-billing.ts";
import { insertRows, tableColumns, upsertColumns } from "./jobs-common.ts";
import { PostgresExportJobStore } from "./jobs-exports.ts";
import { PostgresImportJobStore } from "./jobs-imports.ts";
import { PostgresScheduleJobStore } from "./jobs-schedules.ts";

/** Cells per read when a sum is computed here: bounded memory over large tables. */
const CELLS_PER_READ = 10_000;

/** A cell as SQLite's json_extract gives it to an aggregate: an INTEGER (exact), a REAL, or TEXT. */
type SqliteCell = { integer: bigint } | { real: number } | { text: string };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_TEXT = /^[+-]?\d+$/;
const REAL_PREFIX = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/;

/**
 * A cell read from its JSON type (`json_typeof`) and text (`->>`), as json_extract returns it: an
 * integer literal within 64 bits is an INTEGER, any other number a REAL, true and false 1 and 0, a
 * string TEXT (taking SQLite's numeric affinity when it is wholly a number), an array or object its
 * JSON text. Null for a JSON null or a missing cell.
 */
export function sqliteCell(type: string | null, text: string | null): SqliteCell | null {
  if (type === null || type === "null" || text === null) return null;
  if (type === "boolean") return { integer: text === "true" ? 1n : 0n };
  if (
    type === "number" ||
    (type === "string" && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text))
  ) {
    const trimmed = text.trim();
    if (INTEGER_TEXT.test(trimmed)) {
      const integer = BigInt(trimmed);
      if (integer >= INT64_MIN && integer <= INT64_MAX) return { integer };
    }
    return { real: Number(trimmed) };
  }
  return { text };
}

/** sqlite3_value_double of a TEXT: the number its text begins with, else 0. */
function textAsDouble(text: string): number {
  const prefix = REAL_PREFIX.exec(text.trimStart());
  return prefix ? Number(prefix[0]) : 0;
}

/** An integer as SQLite adds it to a double: beyond 2^52 as a multiple of 16384 and the rest. */
function splitInteger(value: bigint): [number, number] {
  if (value <= -4503599627370496n || value >= 4503599627370496n) {
    const small = value % 16384n;
    return [Number(value - small), Number(small)];
  }
  return [Number(value), 0];
}

/**
 * SQLite's SUM/TOTAL/AVG state (func.c sumStep, totalFinalize, avgFinalize): integers are added
 * exactly until a REAL or TEXT value or an overflow, then every value is added with the
 * Kahan-Babuska-Neumaier compensation — so a sum here is the sum SQLite gives, to the last bit.
 */
export class SqliteSum {
  count = 0;
  private integerSum = 0n;
  private approximate = false;
  private sum = 0;
  private error = 0;

  /** Starts again (a transaction that runs again reads every cell again). */
  reset(): void {
    this.count = 0;
    this.integerSum = 0n;
    this.approximate = false;
    this.sum = 0;
    this.error = 0;
  }

  add(cell: SqliteCell | null): void {
    if (cell === null) return;
    this.count += 1;
    if (!this.approximate) {
      if ("integer" in cell) {
        const next = this.integerSum + cell.integer;
        if (next >= INT64_MIN && next <= INT64_MAX) {
          this.integerSum = next;
          return;
        }
        this.startApproximating();
        this.stepInteger(cell.integer);
        return;
      }
      this.startApproximating();
    } else if ("integer" in cell) {
      this.stepInteger(cell.integer);
      return;
    }
    if ("integer" in cell) return;
    this.step("real" in cell ? cell.real : textAsDouble(cell.text));
  }

  /** TOTAL: 0 over no values. */
  total(): number {
    if (!this.approximate) return Number(this.integerSum);
    return Number.isFinite(this.error) ? this.sum + this.error : this.sum;
  }

  /** AVG: null over no values. */
  average(): number | null {
    return this.count === 0 ? null : this.total() / this.count;
  }

  /** kahanBabuskaNeumaierInit: the exact integer sum so far becomes the running sum and its error. */
  private startApproximating() {
    this.approximate = true;
    const [big, small] = splitInteger(this.integerSum);
    this.sum = big;
    this.error = small;
  }

  /** kahanBabuskaNeumaierStepInt64: an integer beyond 2^52 is added in two parts. */
  private stepInteger(value: bigint) {
    // Adding the 0 of an integer within 2^52 changes neither the sum nor its error.
    const [big, small] = splitInteger(value);
    this.step(big);
    this.step(small);
  }

  private step(value: number) {
    const sum = this.sum;
    const next = sum + value;
    this.error += Math.abs(sum) > Math.abs(value) ? sum - next + value : value - next + sum;
    this.sum = next;
  }
}

/**
 * MIN and MAX over the numbers (and true and false as 1 and 0) of a cell, compared exactly as NUMERIC
 * and returned as the nearest double, as SQLite compares INTEGER and REAL values.
 */
const EXTREMES: Record<"Min" | "Max", string> = { Min: "MIN", Max: "MAX" };

/** Data table rows in PostgreSQL. */
export class PostgresDataTableStore implements DataTableStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async describe(accountId: number, objectId: number) {
    const columns = await tableColumns(this.db.pool, accountId, objectId, false);
    if (!columns) return undefined;
    const counted = await row<{ n: number }>(
      this.db.pool,
      "SELECT COUNT(*) AS n FROM data_table_rows WHERE account_id = $1 AND object_id = $2",
      [accountId, objectId],
    );
    return { columns, rowCount: (counted as { n: number }).n };
  }

  async rows(accountId: number, objectId: number, offset: number, limit: number) {
    const found = await rows<{ data: string }>(
      this.db.pool,
      "SELECT data FROM data_table_rows WHERE account_id = $1 AND object_id = $2 ORDER BY id LIMIT $3 OFFSET $4",
      [accountId, objectId, limit, offset],
    );
    return found.map((entry) => parseJson<DataValue[]>(entry.data, []));
  }

  async aggregate(accountId: number, objectId: number, column: number, aggregate: Aggregate) {
    if (!Number.isInteger(column) || column < 0) throw new Error("column must be an index");
    // `json`, not `jsonb`: a number's text as stored, which tells SQLite's INTEGER from its REAL.
    const cells = `SELECT id, json_typeof(data::json -> $1::int) AS t, data::json ->> $1::int AS c
      FROM data_table_rows WHERE account_id = $2 AND object_id = $3`;
    if (aggregate === "Min" || aggregate === "Max") {
      // The function comes from a fixed map; the cell's index is a bound parameter.
      const found = (await row<{ value: number | null; n: number }>(
        this.db.pool,
        `SELECT ${EXTREMES[aggregate]}(CASE t WHEN 'number' THEN c::NUMERIC WHEN 'boolean' THEN (c = 'true')::INT END)
           ::DOUBLE PRECISION AS value, COUNT(c) AS n FROM (${cells}) cells`,
        [column, accountId, objectId],
      )) as { value: number | null; n: number };
      return found.n === 0 ? null : found.value;
    }
    if (aggregate === "Count") {
      const found = await row<{ n: number }>(this.db.pool, `SELECT COUNT(c) AS n FROM (${cells}) cells`, [
        column,
        accountId,
        objectId,
      ]);
      return (found as { n: number }).n;
    }
    // SQLite's compensated sum is not PostgreSQL's: the cells are read in id order (SQLite's scan of
    // the table's index) in one snapshot and summed here as SQLite sums them.
    const sum = new SqliteSum();
    await this.db.transaction(async (tx) => {
      sum.reset();
      let after = 0;
      for (;;) {
        const page = await rows<{ id: number; t: string | null; c: string | null }>(
          tx,
          `${cells} AND id > $4 ORDER BY id LIMIT $5`,
          [column, accountId, objectId, after, CELLS_PER_READ],
        );
        for (const cell of page) sum.add(sqliteCell(cell.t, cell.c));
        if (page.length < CELLS_PER_READ) break;
        after = (page[page.length - 1] as { id: number }).id;
      }
    });
    if (sum.count === 0) return null;
    return aggregate === "Sum" ? sum.total() : sum.average();
  }

  async define(
    accountId: number,
    objectId: number,
    columns: DataColumn[],
    rowsToStore: DataValue[][],
    now: number,
  ) {
    await this.db.transaction(async (tx) => {
      if (!(await tableColumns(tx, accountId, objectId, false)))
        throw new Error("not a data table of the account");
      await upsertColumns(tx, accountId, objectId, columns, now);
      await run(tx, "DELETE FROM data_table_rows WHERE account_id = $1 AND object_id = $2", [
        accountId,
        objectId,
      ]);
      await insertRows(tx, accountId, objectId, rowsToStore, null);
    });
  }
}

/** Every family of the jobs area over one database. */
export function openJobStores(db: UpstreamDatabase): JobStores {
  return {
    dataTables: new PostgresDataTableStore(db),
    exports: new PostgresExportJobStore(db),
    imports: new PostgresImportJobStore(db),
    billing: new PostgresBillingJobStore(db),
    schedules: new PostgresScheduleJobStore(db),
    alerts: new PostgresAlertJobStore(db),
  };
}
