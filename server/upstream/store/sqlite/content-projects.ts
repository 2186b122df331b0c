/**
 * Projects in SQLite (/projects): an object of type Project (its name is the project's) plus its
 * project fields. Projects belong to the account; deleting one removes it for good.
 */
import { generateUid } from "../../identity/secrets.ts";
import type { SqliteDatabase } from "../database.ts";
import type { ProjectFields, ProjectRecord, ProjectStoreFamily } from "../types/account-resources.ts";
import type { ListQuery } from "../types/list-page.ts";
import { orderBy, pageOf, searchCondition } from "./content-common.ts";

const SELECT = `SELECT o.id, o.uid, o.name, o.created_at, o.modified_at, u.full_name AS owner_full_name,
  IFNULL(p.description, '') AS description, IFNULL(p.status, 'Planned') AS status, p.start_date, p.due_date
  FROM objects o LEFT JOIN projects p ON p.object_id = o.id AND p.account_id = o.account_id
  LEFT JOIN users u ON u.id = o.owner_user_id AND u.account_id = o.account_id
  WHERE o.account_id = @account AND o.type = 'Project' AND o.deleted_at IS NULL`;

const SORT_COLUMNS: Record<string, string> = {
  Name: "o.name COLLATE NOCASE",
  Status: "IFNULL(p.status, 'Planned')",
  StartDate: "p.start_date",
  DueDate: "p.due_date",
  ModifiedAt: "o.modified_at",
};

export function projectFromRow(row: Record<string, unknown>): ProjectRecord {
  return {
    recId: row.id as number,
    uid: row.uid as string,
    name: row.name as string,
    description: row.description as string,
    status: row.status as ProjectRecord["status"],
    startDate: (row.start_date as string | null) ?? null,
    dueDate: (row.due_date as string | null) ?? null,
    ownerFullName: (row.owner_full_name as string | null) ?? null,
    createdAt: row.created_at as number,
    modifiedAt: row.modified_at as number,
  };
}

export class SqliteProjectStore implements ProjectStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async list(accountId: number, query: ListQuery & { status?: ProjectFields["status"] }) {
    const search = searchCondition("o.name", query.search);
    const where = `AND ${search.sql} AND (@status IS NULL OR IFNULL(p.status, 'Planned') = @status)`;
    const values = {
      account: accountId,
      search: search.value,
      status: query.status ?? null,
      limit: query.limit,
      offset: query.offset,
    };
    return pageOf(
      this.db,
      { select: SELECT, where, order: orderBy(query, SORT_COLUMNS, "o.id"), values },
      projectFromRow,
    );
  }

  private read(accountId: number, recId: number): ProjectRecord | undefined {
    const row = this.db.prepare(`${SELECT} AND o.id = @id`).get({ account: accountId, id: recId });
    return row ? projectFromRow(row as Record<string, unknown>) : undefined;
  }

  async get(accountId: number, recId: number) {
    return this.read(accountId, recId);
  }

  async create(accountId: number, fields: ProjectFields, ownerUserId: number, now: number) {
    return this.db.transaction((): ProjectRecord => {
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
           VALUES (?, ?, 'Project', ?, ?, '{}', ?, ?)`,
        )
        .run(generateUid(), accountId, fields.name, ownerUserId, now, now);
      const recId = Number(lastInsertRowid);
      this.db
        .prepare(
          `INSERT INTO projects (object_id, account_id, description, status, start_date, due_date)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(recId, accountId, fields.description, fields.status, fields.startDate, fields.dueDate);
      return this.read(accountId, recId) as ProjectRecord;
    })();
  }

  async update(accountId: number, recId: number, change: Partial<ProjectFields>, now: number) {
    return this.db.transaction((): ProjectRecord | undefined => {
      const current = this.read(accountId, recId);
      if (!current) return undefined;
      const next = { ...current, ...change };
      this.db
        .prepare(
          `INSERT INTO projects (object_id, account_id, description, status, start_date, due_date)
           VALUES (@id, @account, @description, @status, @startDate, @dueDate)
           ON CONFLICT (object_id) DO UPDATE SET description = excluded.description, status = excluded.status,
             start_date = excluded.start_date, due_date = excluded.due_date`,
        )
        .run({ ...next, id: recId, account: accountId });
      this.db
        .prepare("UPDATE objects SET name = ?, modified_at = ? WHERE account_id = ? AND id = ?")
        .run(next.name, now, accountId, recId);
      return this.read(accountId, recId);
    })();
  }

  async delete(accountId: number, recId: number) {
    return (
      this.db
        .prepare("DELETE FROM objects WHERE account_id = ? AND id = ? AND type = 'Project'")
        .run(accountId, recId).changes === 1
    );
  }
}
