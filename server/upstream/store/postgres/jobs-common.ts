/**
 * Helpers of the jobs area's PostgreSQL families (../sqlite/jobs-common.ts), run on the caller's
 * transaction: Task objects behind jobs (migration 7), and the columns and rows of data tables
 * (migration 9).
 */
import { generateUid } from "../../identity/secrets.ts";
import { parseJson } from "../database.ts";
import type { DataColumn, DataValue } from "../types/data-tables.ts";
import { type Queryable, row, run } from "./database.ts";

/** Rows per INSERT when a data table is filled: bounded statements, few round trips. */
const ROWS_PER_INSERT = 5000;

/** Creates a Task object with its run state (Queued) on the caller's transaction; its id. */
export async function insertTask(
  on: Queryable,
  accountId: number,
  input: { name: string; kind: string; ownerUserId: number | null; relatedObjectId: number | null },
  now: number,
): Promise<number> {
  const inserted = await row<{ id: number }>(
    on,
    `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
     VALUES ($1, $2, 'Task', $3, $4, '{}', $5, $5) RETURNING id`,
    [generateUid(), accountId, input.name, input.ownerUserId, now],
  );
  const taskId = (inserted as { id: number }).id;
  // The related object must be in the same account (the sub-select yields NULL otherwise).
  await run(
    on,
    `INSERT INTO tasks (object_id, account_id, kind, status, progress, related_object_id)
     VALUES ($1, $2, $3, 'Queued', 0, (SELECT id FROM objects WHERE account_id = $2 AND id = $4))`,
    [taskId, accountId, input.kind, input.relatedObjectId],
  );
  return taskId;
}

/** The status of a task of the account, or undefined. */
export async function taskStatus(
  on: Queryable,
  accountId: number,
  taskId: number,
): Promise<string | undefined> {
  const found = await row<{ status: string }>(
    on,
    "SELECT status FROM tasks WHERE account_id = $1 AND object_id = $2",
    [accountId, taskId],
  );
  return found?.status;
}

/** A data table's columns ([] when it has none yet); undefined unless a DataTable of the account. */
export async function tableColumns(
  on: Queryable,
  accountId: number,
  objectId: number,
  liveOnly: boolean,
): Promise<DataColumn[] | undefined> {
  const found = await row<{ deleted_at: number | null; columns: string | null }>(
    on,
    `SELECT o.deleted_at, t.columns FROM objects o
     LEFT JOIN data_tables t ON t.object_id = o.id AND t.account_id = o.account_id
     WHERE o.account_id = $1 AND o.id = $2 AND o.type = 'DataTable'`,
    [accountId, objectId],
  );
  if (!found || (liveOnly && found.deleted_at !== null)) return undefined;
  return parseJson<DataColumn[]>(found.columns, []);
}

/**
 * Appends rows to a data table on the caller's transaction, with ids growing in the rows' order (the
 * INSERT … SELECT takes them in ordinality order, as SQLite's one INSERT per row does).
 */
export async function insertRows(
  on: Queryable,
  accountId: number,
  objectId: number,
  rows: readonly DataValue[][],
  importTaskId: number | null,
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const data = rows.slice(start, start + ROWS_PER_INSERT).map((cells) => JSON.stringify(cells));
    await run(
      on,
      `INSERT INTO data_table_rows (account_id, object_id, data, import_task_id)
       SELECT $1, $2, t.data, $4 FROM unnest($3::text[]) WITH ORDINALITY AS t (data, n) ORDER BY t.n`,
      [accountId, objectId, data, importTaskId],
    );
  }
}

/** Sets a data table's columns on the caller's transaction. */
export async function upsertColumns(
  on: Queryable,
  accountId: number,
  objectId: number,
  columns: readonly DataColumn[],
  now: number,
): Promise<void> {
  await run(
    on,
    `INSERT INTO data_tables (object_id, account_id, columns, modified_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (object_id) DO UPDATE SET columns = excluded.columns, modified_at = excluded.modified_at`,
    [objectId, accountId, JSON.stringify(columns), now],
  );
}
