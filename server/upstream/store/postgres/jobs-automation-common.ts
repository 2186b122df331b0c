/**
 * Helpers of the schedule and alert families in PostgreSQL (../sqlite/jobs-automation-common.ts):
 * automation rows joined with their object (read by ../job-rows.ts), history entries
 * (automation_history, migration 7) written on the caller's transaction, and the object checks.
 */
import type { HistoryStatus } from "../types/library.ts";
import { type Queryable, row } from "./database.ts";

/** Automation rows with their object's name, owner and deletion. */
const OBJECT_JOIN = (table: string) => `SELECT j.*, o.name, o.owner_user_id, o.deleted_at FROM ${table} j
  JOIN objects o ON o.id = j.object_id AND o.account_id = j.account_id`;
/** Schedule rows with their object. */
export const SCHEDULES = OBJECT_JOIN("schedule_jobs");
/** Alert rows with their object. */
export const ALERTS = OBJECT_JOIN("alert_jobs");

/** PostgreSQL's booleans, as ../job-rows.ts reads them. */
export const flag = (value: unknown): boolean => value === true;

/** Records a history entry on the caller's transaction; its id. */
export async function insertHistory(
  on: Queryable,
  accountId: number,
  objectId: number,
  entry: { status: HistoryStatus; startedAt: number; message: string; taskId: number | null },
  now: number,
): Promise<number> {
  const inserted = await row<{ id: number }>(
    on,
    `INSERT INTO automation_history (account_id, object_id, status, started_at, finished_at, message, task_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [accountId, objectId, entry.status, entry.startedAt, now, entry.message, entry.taskId],
  );
  return (inserted as { id: number }).id;
}

/** Whether the object is a live object of the type in the account. */
export async function liveObject(
  on: Queryable,
  accountId: number,
  objectId: number,
  type: string,
): Promise<boolean> {
  const found = await row(
    on,
    "SELECT 1 FROM objects WHERE account_id = $1 AND id = $2 AND type = $3 AND deleted_at IS NULL",
    [accountId, objectId, type],
  );
  return found !== undefined;
}
