/**
 * Tasks in PostgreSQL (../sqlite/content-tasks.ts): an object of type Task with its run state and
 * its log lines (§9 severities: 1 info, 2 warning, 3 error). Producers create and report; members
 * read, cancel queued or running tasks and delete finished ones.
 */
import { generateUid } from "../../identity/secrets.ts";
import { taskFromRow } from "../sqlite/content-tasks.ts";
import type { ListQuery } from "../types/list-page.ts";
import type { TaskLogLine, TaskRecord, TaskStatus, TaskStoreFamily } from "../types/tasks.ts";
import { namedRow, namedRun, nocase, orderBy, pageOf, searchCondition } from "./content-common.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";

const SELECT = `SELECT o.id, o.uid, o.name, o.owner_user_id, o.created_at, k.kind, k.status, k.progress, k.message,
  k.related_object_id, k.started_at, k.finished_at, u.full_name AS owner_full_name,
  r.name AS related_name, r.type AS related_type, r.personal_user_id AS related_private_to
  FROM objects o JOIN tasks k ON k.object_id = o.id AND k.account_id = o.account_id
  LEFT JOIN users u ON u.id = o.owner_user_id
  LEFT JOIN objects r ON r.id = k.related_object_id AND r.account_id = k.account_id
  WHERE o.account_id = @account AND o.type = 'Task'`;

const SORT_COLUMNS: Record<string, string> = {
  Name: nocase("o.name"),
  Status: "k.status",
  CreatedAt: "o.created_at",
  StartedAt: "k.started_at",
  FinishedAt: "k.finished_at",
};

const FINISHED: readonly TaskStatus[] = ["Succeeded", "Failed", "Cancelled"];

export class PostgresTaskStore implements TaskStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async list(accountId: number, query: ListQuery & { status?: TaskStatus }) {
    const search = searchCondition("o.name", query.search);
    const where = `AND ${search.sql} AND (@status::text IS NULL OR k.status = @status::text)`;
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
      taskFromRow,
    );
  }

  private async read(on: Queryable, accountId: number, recId: number): Promise<TaskRecord | undefined> {
    const found = await namedRow(on, `${SELECT} AND o.id = @id`, { account: accountId, id: recId });
    return found ? taskFromRow(found) : undefined;
  }

  async get(accountId: number, recId: number) {
    return this.read(this.db.pool, accountId, recId);
  }

  async log(accountId: number, recId: number, afterRecId: number, limit: number): Promise<TaskLogLine[]> {
    const found = await rows<{ id: number; at: number; severity: 1 | 2 | 3; message: string }>(
      this.db.pool,
      `SELECT id, at, severity, message FROM task_log_lines WHERE account_id = $1 AND task_id = $2 AND id > $3
       ORDER BY id LIMIT $4`,
      [accountId, recId, afterRecId, limit],
    );
    return found.map((line) => ({
      recId: line.id,
      at: line.at,
      severity: line.severity,
      message: line.message,
    }));
  }

  async create(
    accountId: number,
    input: {
      name: string;
      kind: string;
      ownerUserId: number | null;
      relatedObjectId: number | null;
      objectId?: number;
    },
    now: number,
  ) {
    return this.db.transaction(async (tx): Promise<TaskRecord> => {
      let recId = input.objectId;
      if (recId === undefined) {
        const inserted = (await row<{ id: number }>(
          tx,
          `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
           VALUES ($1, $2, 'Task', $3, $4, '{}', $5, $5) RETURNING id`,
          [generateUid(), accountId, input.name, input.ownerUserId, now],
        )) as { id: number };
        recId = inserted.id;
      }
      // INSERT … SELECT: only a Task object of this account gets run state; a related object must be in it too.
      const changes = await run(
        tx,
        `INSERT INTO tasks (object_id, account_id, kind, status, progress, related_object_id)
         SELECT id, account_id, $1, 'Queued', 0,
           (SELECT r.id FROM objects r WHERE r.account_id = objects.account_id AND r.id = $2::bigint)
         FROM objects WHERE account_id = $3 AND id = $4 AND type = 'Task'`,
        [input.kind, input.relatedObjectId, accountId, recId],
      );
      if (changes !== 1) throw new Error("not a task of the account");
      return (await this.read(tx, accountId, recId)) as TaskRecord;
    });
  }

  private async appendLine(
    on: Queryable,
    accountId: number,
    recId: number,
    severity: 1 | 2 | 3,
    message: string,
    now: number,
  ) {
    await run(
      on,
      "INSERT INTO task_log_lines (account_id, task_id, at, severity, message) VALUES ($1, $2, $3, $4, $5)",
      [accountId, recId, now, severity, message],
    );
  }

  async report(
    accountId: number,
    recId: number,
    change: { status?: TaskStatus; progress?: number; message?: string },
    line: { severity: 1 | 2 | 3; message: string } | null,
    now: number,
  ) {
    return this.db.transaction(async (tx): Promise<TaskRecord | undefined> => {
      if (!(await this.read(tx, accountId, recId))) return undefined;
      const finished = change.status !== undefined && FINISHED.includes(change.status);
      await namedRun(
        tx,
        `UPDATE tasks SET status = COALESCE(@status::text, status), progress = COALESCE(@progress::bigint, progress),
           message = COALESCE(@message::text, message),
           started_at = CASE WHEN @status::text = 'Running' AND started_at IS NULL THEN @now::bigint ELSE started_at END,
           finished_at = CASE WHEN @finished::boolean THEN @now::bigint ELSE finished_at END
         WHERE account_id = @account AND object_id = @id`,
        {
          status: change.status ?? null,
          progress: change.progress ?? null,
          message: change.message ?? null,
          finished,
          now,
          account: accountId,
          id: recId,
        },
      );
      if (line) await this.appendLine(tx, accountId, recId, line.severity, line.message, now);
      return this.read(tx, accountId, recId);
    });
  }

  async cancel(accountId: number, recId: number, byFullName: string, now: number) {
    return this.db.transaction(async (tx): Promise<TaskRecord | "notFound" | "finished"> => {
      const task = await this.read(tx, accountId, recId);
      if (!task) return "notFound";
      if (FINISHED.includes(task.status)) return "finished";
      await run(
        tx,
        `UPDATE tasks SET status = 'Cancelled', finished_at = $1, message = 'Cancelled'
         WHERE account_id = $2 AND object_id = $3`,
        [now, accountId, recId],
      );
      await this.appendLine(tx, accountId, recId, 2, `Cancelled by ${byFullName}.`, now);
      return (await this.read(tx, accountId, recId)) as TaskRecord;
    });
  }

  async delete(accountId: number, recId: number) {
    return this.db.transaction(async (tx): Promise<"deleted" | "notFound" | "running"> => {
      const task = await this.read(tx, accountId, recId);
      if (!task) return "notFound";
      if (!FINISHED.includes(task.status)) return "running";
      await run(tx, "DELETE FROM objects WHERE account_id = $1 AND id = $2", [accountId, recId]);
      return "deleted";
    });
  }
}
