/**
 * SQLite implementation of the jobs area (store/types/jobs.ts): data table rows here, exports in
 * ./jobs-exports.ts, imports in ./jobs-imports.ts, schedules in ./jobs-schedules.ts, alerts in
 * ./jobs-alerts.ts, the staff-side billing and connector changes in ./jobs-billing.ts (shared
 * helpers in ./jobs-common.ts and ./jobs-automation-common.ts).
 */
import { parseJson, type SqliteDatabase } from "../database.ts";
import type { Aggregate, DataColumn, DataTableStoreFamily, DataValue } from "../types/data-tables.ts";
import type { JobStores } from "../types/jobs.ts";
import { SqliteAlertJobStore } from "./jobs-alerts.ts";
import { SqliteBillingJobStore } from "./jobs-billing.ts";
import { insertRows, tableColumns, upsertColumns } from "./jobs-common.ts";
import { SqliteExportJobStore } from "./jobs-exports.ts";
import { SqliteImportJobStore } from "./jobs-imports.ts";
import { SqliteScheduleJobStore } from "./jobs-schedules.ts";

const AGGREGATE_SQL: Record<Aggregate, string> = {
  Count: "COUNT(v)",
  Sum: "TOTAL(v)",
  Avg: "AVG(v)",
  Min: "MIN(v)",
  Max: "MAX(v)",
};

/** Data table rows in SQLite. */
export class SqliteDataTableStore implements DataTableStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async describe(accountId: number, objectId: number) {
    const columns = tableColumns(this.db, accountId, objectId, false);
    if (!columns) return undefined;
    const { n } = this.db
      .prepare("SELECT COUNT(*) AS n FROM data_table_rows WHERE account_id = ? AND object_id = ?")
      .get(accountId, objectId) as { n: number };
    return { columns, rowCount: n };
  }

  async rows(accountId: number, objectId: number, offset: number, limit: number) {
    const rows = this.db
      .prepare(
        "SELECT data FROM data_table_rows WHERE account_id = ? AND object_id = ? ORDER BY id LIMIT ? OFFSET ?",
      )
      .all(accountId, objectId, limit, offset) as { data: string }[];
    return rows.map((row) => parseJson<DataValue[]>(row.data, []));
  }

  async aggregate(accountId: number, objectId: number, column: number, aggregate: Aggregate) {
    if (!Number.isInteger(column) || column < 0) throw new Error("column must be an index");
    // The function comes from a fixed map; the JSON path is a bound parameter.
    const row = this.db
      .prepare(
        `SELECT ${AGGREGATE_SQL[aggregate]} AS value, COUNT(v) AS n FROM (SELECT json_extract(data, ?) AS v
         FROM data_table_rows WHERE account_id = ? AND object_id = ?)`,
      )
      .get(`$[${column}]`, accountId, objectId) as { value: number | null; n: number };
    if (aggregate !== "Count" && row.n === 0) return null;
    return row.value;
  }

  async define(accountId: number, objectId: number, columns: DataColumn[], rows: DataValue[][], now: number) {
    this.db.transaction(() => {
      if (!tableColumns(this.db, accountId, objectId, false))
        throw new Error("not a data table of the account");
      upsertColumns(this.db, accountId, objectId, columns, now);
      this.db
        .prepare("DELETE FROM data_table_rows WHERE account_id = ? AND object_id = ?")
        .run(accountId, objectId);
      insertRows(this.db, accountId, objectId, rows, null);
    })();
  }
}

/** Every family of the jobs area over one database. */
export function openJobStores(db: SqliteDatabase): JobStores {
  return {
    dataTables: new SqliteDataTableStore(db),
    exports: new SqliteExportJobStore(db),
    imports: new SqliteImportJobStore(db),
    billing: new SqliteBillingJobStore(db),
    schedules: new SqliteScheduleJobStore(db),
    alerts: new SqliteAlertJobStore(db),
  };
}
