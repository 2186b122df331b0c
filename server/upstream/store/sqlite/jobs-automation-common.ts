/**
 * Helpers of the schedule and alert families in SQLite (./jobs-schedules.ts, ./jobs-alerts.ts):
 * automation rows joined with their object (read by ../job-rows.ts), history entries (automation_history, migration 7)
 * written inside the caller's transaction, and the object checks.
 */
import type { SqliteDatabase } from "../database.ts";
import type { HistoryStatus } from "../types/library.ts";

/** Automation rows with their object's name, owner and deletion. */
const OBJECT_JOIN = (table: string) => `SELECT j.*, o.name, o.owner_user_id, o.deleted_at FROM ${table} j
  JOIN objects o ON o.id = j.object_id AND o.account_id = j.account_id`;
/** Schedule rows with their object. */
export const SCHEDULES = OBJECT_JOIN("schedule_jobs");
/** Alert rows with their object. */
export const ALERTS = OBJECT_JOIN("alert_jobs");

/** Records a history entry inside the caller's transaction; its id. */
export function insertHistory(
  db: SqliteDatabase,
  accountId: number,
  objectId: number,
  entry: { status: HistoryStatus; startedAt: number; message: string; taskId: number | null },
  now: number,
): number {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO automation_history (account_id, object_id, status, started_at, finished_at, message, task_id)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(accountId, objectId, entry.status, entry.startedAt, now, entry.message, entry.taskId);
  return Number(lastInsertRowid);
}

/** Whether the object is a live object of the type in the account. */
export function liveObject(db: SqliteDatabase, accountId: number, objectId: number, type: string): boolean {
  return (
    db
      .prepare("SELECT 1 FROM objects WHERE account_id = ? AND id = ? AND type = ? AND deleted_at IS NULL")
      .get(accountId, objectId, type) !== undefined
  );
}
