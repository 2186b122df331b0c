/**
 * Helpers of the jobs area's SQLite families, used inside the caller's transaction: Task objects
 * behind jobs (migration 7), and the columns and rows of data tables (migration 9).
 */
import { generateUid } from "../../identity/secrets.ts";
import { parseJson, type SqliteDatabase } from "../database.ts";
import type { DataColumn, DataValue } from "../types/data-tables.ts";

/** Creates a Task object with its run state (Queued) inside the caller's transaction; its id. */
export function insertTask(
  db: SqliteDatabase,
  accountId: number,
  input: { name: string; kind: string; ownerUserId: number | null; relatedObjectId: number | null },
  now: number,
): number {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
       VALUES (?, ?, 'Task', ?, ?, '{}', ?, ?)`,
    )
    .run(generateUid(), accountId, input.name, input.ownerUserId, now, now);
  const taskId = Number(lastInsertRowid);
  // The related object must be in the same account (the sub-select yields NULL otherwise).
  db.prepare(
    `INSERT INTO tasks (object_id, account_id, kind, status, progress, related_object_id)
     VALUES (?, ?, ?, 'Queued', 0, (SELECT id FROM objects WHERE account_id = ? AND id = ?))`,
  ).run(taskId, accountId, input.kind, accountId, input.relatedObjectId);
  return taskId;
}

/** The status of a task of the account, or undefined. */
export function taskStatus(db: SqliteDatabase, accountId: number, taskId: number): string | undefined {
  const row = db
    .prepare("SELECT status FROM tasks WHERE account_id = ? AND object_id = ?")
    .get(accountId, taskId) as { status: string } | undefined;
  return row?.status;
}

/** A data table's columns ([] when it has none yet); undefined unless a DataTable of the account. */
export function tableColumns(
  db: SqliteDatabase,
  accountId: number,
  objectId: number,
  liveOnly: boolean,
): DataColumn[] | undefined {
  const row = db
    .prepare(
      `SELECT o.deleted_at, t.columns FROM objects o
       LEFT JOIN data_tables t ON t.object_id = o.id AND t.account_id = o.account_id
       WHERE o.account_id = ? AND o.id = ? AND o.type = 'DataTable'`,
    )
    .get(accountId, objectId) as { deleted_at: number | null; columns: string | null } | undefined;
  if (!row || (liveOnly && row.deleted_at !== null)) return undefined;
  return parseJson<DataColumn[]>(row.columns, []);
}

/** Appends rows to a data table inside the caller's transaction. */
export function insertRows(
  db: SqliteDatabase,
  accountId: number,
  objectId: number,
  rows: readonly DataValue[][],
  importTaskId: number | null,
): void {
  const insert = db.prepare(
    "INSERT INTO data_table_rows (account_id, object_id, data, import_task_id) VALUES (?, ?, ?, ?)",
  );
  for (const row of rows) insert.run(accountId, objectId, JSON.stringify(row), importTaskId);
}

/** Sets a data table's columns inside the caller's transaction. */
export function upsertColumns(
  db: SqliteDatabase,
  accountId: number,
  objectId: number,
  columns: readonly DataColumn[],
  now: number,
): void {
  db.prepare(
    `INSERT INTO data_tables (object_id, account_id, columns, modified_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (object_id) DO UPDATE SET columns = excluded.columns, modified_at = excluded.modified_at`,
  ).run(objectId, accountId, JSON.stringify(columns), now);
}
