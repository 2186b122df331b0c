/**
 * Schedule and alert history in SQLite (/scheduleshistory, /alertshistory): one entry per schedule
 * run or alert evaluation, shown for the schedules and alerts the viewer sees (the same Personal and
 * share rules as the objects themselves); deleted objects keep their history until purged.
 */
import type { SqliteDatabase } from "../database.ts";
import type { ContentScope, HistoryEntry, HistoryStatus, HistoryStoreFamily } from "../types/library.ts";
import type { ListQuery } from "../types/list-page.ts";
import { orderBy, pageOf, searchCondition } from "./content-common.ts";
import { LIBRARY_SCOPE, scopeParams } from "./content-library.ts";

const SORT_COLUMNS: Record<string, string> = {
  StartedAt: "h.started_at",
  FinishedAt: "h.finished_at",
  Status: "h.status",
  Name: "o.name COLLATE NOCASE",
};

const SELECT = `SELECT h.*, o.name AS object_name, o.deleted_at AS object_deleted_at
  FROM automation_history h JOIN objects o ON o.id = h.object_id AND o.account_id = h.account_id`;

export function entryFromRow(row: Record<string, unknown>): HistoryEntry {
  return {
    recId: row.id as number,
    objectId: row.object_id as number,
    objectName: row.object_name as string,
    objectDeleted: row.object_deleted_at !== null,
    status: row.status as HistoryStatus,
    startedAt: row.started_at as number,
    finishedAt: (row.finished_at as number | null) ?? null,
    message: row.message as string,
    taskId: (row.task_id as number | null) ?? null,
  };
}

export class SqliteHistoryStore implements HistoryStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async list(scope: ContentScope, query: ListQuery & { objectId?: number }) {
    const search = searchCondition("o.name", query.search);
    const where = `WHERE h.account_id = @account AND ${LIBRARY_SCOPE} AND ${search.sql}
      AND (@object IS NULL OR h.object_id = @object)`;
    const values = scopeParams(scope, {
      object: query.objectId ?? null,
      search: search.value,
      limit: query.limit,
      offset: query.offset,
    });
    return pageOf(
      this.db,
      { select: SELECT, where, order: orderBy(query, SORT_COLUMNS, "h.id"), values },
      entryFromRow,
    );
  }

  async record(
    accountId: number,
    objectId: number,
    entry: Omit<HistoryEntry, "recId" | "objectId" | "objectName" | "objectDeleted">,
  ) {
    // INSERT … SELECT: nothing is written unless the object is in the account.
    const { changes, lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO automation_history (account_id, object_id, status, started_at, finished_at, message, task_id)
         SELECT account_id, id, ?, ?, ?, ?, ? FROM objects WHERE account_id = ? AND id = ?`,
      )
      .run(entry.status, entry.startedAt, entry.finishedAt, entry.message, entry.taskId, accountId, objectId);
    if (changes !== 1) return undefined;
    const row = this.db
      .prepare(`${SELECT} WHERE h.account_id = ? AND h.id = ?`)
      .get(accountId, Number(lastInsertRowid));
    return row ? entryFromRow(row as Record<string, unknown>) : undefined;
  }
}
