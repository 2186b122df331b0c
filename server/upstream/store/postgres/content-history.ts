/**
 * Schedule and alert history in PostgreSQL (../sqlite/content-history.ts): one entry per schedule
 * run or alert evaluation, shown for the schedules and alerts the viewer sees; deleted objects keep
 * their history until purged.
 */
import { entryFromRow } from "../sqlite/content-history.ts";
import type { ContentScope, HistoryEntry, HistoryStoreFamily } from "../types/library.ts";
import type { ListQuery } from "../types/list-page.ts";
import { nocase, orderBy, pageOf, searchCondition } from "./content-common.ts";
import { LIBRARY_SCOPE, scopeParams } from "./content-library.ts";
import { row, type UpstreamDatabase } from "./database.ts";

const SORT_COLUMNS: Record<string, string> = {
  StartedAt: "h.started_at",
  FinishedAt: "h.finished_at",
  Status: "h.status",
  Name: nocase("o.name"),
};

const SELECT = `SELECT h.*, o.name AS object_name, o.deleted_at AS object_deleted_at
  FROM automation_history h JOIN objects o ON o.id = h.object_id AND o.account_id = h.account_id`;

export class PostgresHistoryStore implements HistoryStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async list(scope: ContentScope, query: ListQuery & { objectId?: number }) {
    const search = searchCondition("o.name", query.search);
    const where = `WHERE h.account_id = @account AND ${LIBRARY_SCOPE} AND ${search.sql}
      AND (@object::bigint IS NULL OR h.object_id = @object::bigint)`;
    const values = scopeParams(scope, {
      object: query.objectId ?? null,
      search: search.value,
      limit: query.limit,
      offset: query.offset,
    });
    return pageOf(
      this.db.pool,
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
    const inserted = await row<{ id: number }>(
      this.db.pool,
      `INSERT INTO automation_history (account_id, object_id, status, started_at, finished_at, message, task_id)
       SELECT account_id, id, $1, $2, $3, $4, $5 FROM objects WHERE account_id = $6 AND id = $7 RETURNING id`,
      [entry.status, entry.startedAt, entry.finishedAt, entry.message, entry.taskId, accountId, objectId],
    );
    if (!inserted) return undefined;
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      `${SELECT} WHERE h.account_id = $1 AND h.id = $2`,
      [accountId, inserted.id],
    );
    return found ? entryFromRow(found) : undefined;
  }
}
