/**
 * Alerts in SQLite: the condition and automation of each alert, the scheduler's claim (the next
 * run moves only while it is still the one the scheduler saw), and each evaluation recorded in the
 * alert history with the value it measured.
 */
import { bool, type SqliteDatabase } from "../database.ts";
import { alertFromRow, type Row } from "../job-rows.ts";
import type { AlertJobStoreFamily, AlertSettingsInput } from "../types/automation.ts";
import type { HistoryStatus } from "../types/library.ts";
import { ALERTS, insertHistory, liveObject } from "./jobs-automation-common.ts";

export class SqliteAlertJobStore implements AlertJobStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private read(accountId: number, objectId: number) {
    const row = this.db
      .prepare(`${ALERTS} WHERE j.account_id = ? AND j.object_id = ?`)
      .get(accountId, objectId);
    return row ? alertFromRow(row as Row, bool) : undefined;
  }

  async get(accountId: number, objectId: number) {
    return this.read(accountId, objectId);
  }

  async save(
    accountId: number,
    objectId: number,
    input: AlertSettingsInput,
    nextRunAt: number | null,
    now: number,
  ) {
    return this.db.transaction(() => {
      if (!liveObject(this.db, accountId, objectId, "Alert")) return undefined;
      const values = {
        id: objectId,
        account: accountId,
        table: input.dataTableId,
        column: input.column,
        aggregate: input.aggregate,
        operator: input.operator,
        threshold: input.threshold,
        message: input.message,
        dashboards: JSON.stringify(input.dashboardIds),
        recipients: JSON.stringify(input.recipientUserIds),
        recurrence: JSON.stringify(input.recurrence),
        enabled: input.enabled ? 1 : 0,
        next: nextRunAt,
        now,
      };
      this.db
        .prepare(
          `INSERT INTO alert_jobs (object_id, account_id, data_table_id, column_name, aggregate, operator, threshold,
             message, dashboards, recipients, recurrence, enabled, next_run_at, modified_at)
           VALUES (@id, @account, @table, @column, @aggregate, @operator, @threshold, @message, @dashboards,
             @recipients, @recurrence, @enabled, @next, @now)
           ON CONFLICT (object_id) DO UPDATE SET data_table_id = @table, column_name = @column, aggregate = @aggregate,
             operator = @operator, threshold = @threshold, message = @message, dashboards = @dashboards,
             recipients = @recipients, recurrence = @recurrence, enabled = @enabled, next_run_at = @next,
             modified_at = @now`,
        )
        .run(values);
      return this.read(accountId, objectId);
    })();
  }

  async dueForScheduler(now: number, limit: number) {
    const rows = this.db
      .prepare(
        `${ALERTS} WHERE j.enabled = 1 AND j.next_run_at <= ? AND o.deleted_at IS NULL ORDER BY j.next_run_at LIMIT ?`,
      )
      .all(now, limit) as Row[];
    return rows.map((row) => alertFromRow(row, bool));
  }

  async claimForScheduler(accountId: number, objectId: number, expected: number, nextRunAt: number | null) {
    const { changes } = this.db
      .prepare(
        `UPDATE alert_jobs SET next_run_at = ? WHERE account_id = ? AND object_id = ? AND enabled = 1
           AND next_run_at = ?`,
      )
      .run(nextRunAt, accountId, objectId, expected);
    return changes === 1;
  }

  async recordEvaluation(
    accountId: number,
    objectId: number,
    evaluation: { status: HistoryStatus; value: number | null; message: string; startedAt: number },
    now: number,
  ) {
    return this.db.transaction((): number | undefined => {
      if (!this.read(accountId, objectId)) return undefined;
      this.db
        .prepare(
          "UPDATE alert_jobs SET last_evaluated_at = ?, last_value = ? WHERE account_id = ? AND object_id = ?",
        )
        .run(now, evaluation.value, accountId, objectId);
      return insertHistory(this.db, accountId, objectId, { ...evaluation, taskId: null }, now);
    })();
  }
}
