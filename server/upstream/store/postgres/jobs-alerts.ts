/**
 * Alerts in PostgreSQL (../sqlite/jobs-alerts.ts): the condition and automation of each alert, the
 * scheduler's claim (the next run moves only while it is still the one the scheduler saw), and each
 * evaluation recorded in the alert history with the value it measured.
 */
import { alertFromRow, type Row } from "../job-rows.ts";
import type { AlertJobStoreFamily, AlertSettingsInput } from "../types/automation.ts";
import type { HistoryStatus } from "../types/library.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";
import { ALERTS, flag, insertHistory, liveObject } from "./jobs-automation-common.ts";

async function readAlert(on: Queryable, accountId: number, objectId: number) {
  const found = await row<Row>(on, `${ALERTS} WHERE j.account_id = $1 AND j.object_id = $2`, [
    accountId,
    objectId,
  ]);
  return found ? alertFromRow(found, flag) : undefined;
}

export class PostgresAlertJobStore implements AlertJobStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async get(accountId: number, objectId: number) {
    return readAlert(this.db.pool, accountId, objectId);
  }

  async save(
    accountId: number,
    objectId: number,
    input: AlertSettingsInput,
    nextRunAt: number | null,
    now: number,
  ) {
    return this.db.transaction(async (tx) => {
      if (!(await liveObject(tx, accountId, objectId, "Alert"))) return undefined;
      await run(
        tx,
        `INSERT INTO alert_jobs (object_id, account_id, data_table_id, column_name, aggregate, operator, threshold,
           message, dashboards, recipients, recurrence, enabled, next_run_at, modified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         ON CONFLICT (object_id) DO UPDATE SET data_table_id = $3, column_name = $4, aggregate = $5,
           operator = $6, threshold = $7, message = $8, dashboards = $9, recipients = $10, recurrence = $11,
           enabled = $12, next_run_at = $13, modified_at = $14`,
        [
          objectId,
          accountId,
          input.dataTableId,
          input.column,
          input.aggregate,
          input.operator,
          input.threshold,
          input.message,
          JSON.stringify(input.dashboardIds),
          JSON.stringify(input.recipientUserIds),
          JSON.stringify(input.recurrence),
          input.enabled,
          nextRunAt,
          now,
        ],
      );
      return readAlert(tx, accountId, objectId);
    });
  }

  async dueForScheduler(now: number, limit: number) {
    const found = await rows<Row>(
      this.db.pool,
      `${ALERTS} WHERE j.enabled AND j.next_run_at <= $1 AND o.deleted_at IS NULL
       ORDER BY j.next_run_at LIMIT $2`,
      [now, limit],
    );
    return found.map((entry) => alertFromRow(entry, flag));
  }

  async claimForScheduler(accountId: number, objectId: number, expected: number, nextRunAt: number | null) {
    // One UPDATE: of two schedulers claiming one run, the second re-reads next_run_at after the first's
    // row lock and changes nothing.
    const changes = await run(
      this.db.pool,
      `UPDATE alert_jobs SET next_run_at = $1 WHERE account_id = $2 AND object_id = $3 AND enabled
         AND next_run_at = $4`,
      [nextRunAt, accountId, objectId, expected],
    );
    return changes === 1;
  }

  async recordEvaluation(
    accountId: number,
    objectId: number,
    evaluation: { status: HistoryStatus; value: number | null; message: string; startedAt: number },
    now: number,
  ) {
    return this.db.transaction(async (tx) => {
      if (!(await readAlert(tx, accountId, objectId))) return undefined;
      await run(
        tx,
        "UPDATE alert_jobs SET last_evaluated_at = $1, last_value = $2 WHERE account_id = $3 AND object_id = $4",
        [now, evaluation.value, accountId, objectId],
      );
      return insertHistory(tx, accountId, objectId, { ...evaluation, taskId: null }, now);
    });
  }
}
