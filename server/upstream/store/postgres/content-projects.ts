/**
 * Projects in PostgreSQL (../sqlite/content-projects.ts): an object of type Project (its name is the
 * project's) plus its project fields. Projects belong to the account; deleting one removes it for good.
 */
import { generateUid } from "../../identity/secrets.ts";
import { projectFromRow } from "../sqlite/content-projects.ts";
import type { ProjectFields, ProjectRecord, ProjectStoreFamily } from "../types/account-resources.ts";
import type { ListQuery } from "../types/list-page.ts";
import { namedRow, nocase, orderBy, pageOf, searchCondition } from "./content-common.ts";
import { type Queryable, row, run, type UpstreamDatabase } from "./database.ts";

const SELECT = `SELECT o.id, o.uid, o.name, o.created_at, o.modified_at, u.full_name AS owner_full_name,
  COALESCE(p.description, '') AS description, COALESCE(p.status, 'Planned') AS status, p.start_date, p.due_date
  FROM objects o LEFT JOIN projects p ON p.object_id = o.id AND p.account_id = o.account_id
  LEFT JOIN users u ON u.id = o.owner_user_id AND u.account_id = o.account_id
  WHERE o.account_id = @account AND o.type = 'Project' AND o.deleted_at IS NULL`;

const SORT_COLUMNS: Record<string, string> = {
  Name: nocase("o.name"),
  Status: "COALESCE(p.status, 'Planned')",
  StartDate: "p.start_date",
  DueDate: "p.due_date",
  ModifiedAt: "o.modified_at",
};

export class PostgresProjectStore implements ProjectStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async list(accountId: number, query: ListQuery & { status?: ProjectFields["status"] }) {
    const search = searchCondition("o.name", query.search);
    const where = `AND ${search.sql} AND (@status::text IS NULL OR COALESCE(p.status, 'Planned') = @status::text)`;
    const values = {
      account: accountId,
      search: search.value,
      status: query.status ?? null,
      limit: query.limit,
      offset: query.offset,
    };
    return pageOf(
      this.db.pool,
      { select: SELECT, where, order: orderBy(query, SORT_COLUMNS, "o.id"), values },
      projectFromRow,
    );
  }

  private async read(on: Queryable, accountId: number, recId: number): Promise<ProjectRecord | undefined> {
    const found = await namedRow(on, `${SELECT} AND o.id = @id`, { account: accountId, id: recId });
    return found ? projectFromRow(found) : undefined;
  }

  async get(accountId: number, recId: number) {
    return this.read(this.db.pool, accountId, recId);
  }

  async create(accountId: number, fields: ProjectFields, ownerUserId: number, now: number) {
    return this.db.transaction(async (tx): Promise<ProjectRecord> => {
      const inserted = (await row<{ id: number }>(
        tx,
        `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
         VALUES ($1, $2, 'Project', $3, $4, '{}', $5, $5) RETURNING id`,
        [generateUid(), accountId, fields.name, ownerUserId, now],
      )) as { id: number };
      await run(
        tx,
        `INSERT INTO projects (object_id, account_id, description, status, start_date, due_date)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [inserted.id, accountId, fields.description, fields.status, fields.startDate, fields.dueDate],
      );
      return (await this.read(tx, accountId, inserted.id)) as ProjectRecord;
    });
  }

  async update(accountId: number, recId: number, change: Partial<ProjectFields>, now: number) {
    return this.db.transaction(async (tx): Promise<ProjectRecord | undefined> => {
      const current = await this.read(tx, accountId, recId);
      if (!current) return undefined;
      const next = { ...current, ...change };
      await run(
        tx,
        `INSERT INTO projects (object_id, account_id, description, status, start_date, due_date)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (object_id) DO UPDATE SET description = excluded.description, status = excluded.status,
           start_date = excluded.start_date, due_date = excluded.due_date`,
        [recId, accountId, next.description, next.status, next.startDate, next.dueDate],
      );
      await run(tx, "UPDATE objects SET name = $1, modified_at = $2 WHERE account_id = $3 AND id = $4", [
        next.name,
        now,
        accountId,
        recId,
      ]);
      return this.read(tx, accountId, recId);
    });
  }

  async delete(accountId: number, recId: number) {
    return (
      (await run(this.db.pool, "DELETE FROM objects WHERE account_id = $1 AND id = $2 AND type = 'Project'", [
        accountId,
        recId,
      ])) === 1
    );
  }
}
