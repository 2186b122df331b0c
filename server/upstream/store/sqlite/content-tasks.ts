/**
 * Tasks in SQLite (/tasks, the task log viewer): an object of type Task with its run state (status,
 * progress, start and end) and its log lines (§9 severities: 1 info, 2 warning, 3 error). Producers
 * create and report; members read, cancel queued or running tasks and delete finished ones.
 */
import { generateUid } from "../../identity/secrets.ts";
import type { SqliteDatabase } from "../database.ts";
import type { ListQuery } from "../types/list-page.ts";
import type { TaskLogLine, TaskRecord, TaskStatus, TaskStoreFamily } from "../types/tasks.ts";
import { orderBy, pageOf, searchCondition } from "./content-common.ts";

const SELECT = `SELECT o.id, o.uid, o.name, o.owner_user_id, o.created_at, k.kind, k.status, k.progress, k.message,
  k.related_object_id, k.started_at, k.finished_at, u.full_name AS owner_full_name,
  r.name AS related_name, r.type AS related_type, r.personal_user_id AS related_private_to
  FROM objects o JOIN tasks k ON k.object_id = o.id AND k.account_id = o.account_id
  LEFT JOIN users u ON u.id = o.owner_user_id
  LEFT JOIN objects r ON r.id = k.related_object_id AND r.account_id = k.account_id
  WHERE o.account_id = @account AND o.type = 'Task'`;

const SORT_COLUMNS: Record<string, string> = {
  Name: "o.name COLLATE NOCASE",
  Status: "k.status",
  CreatedAt: "o.created_at",
  StartedAt: "k.started_at",
  FinishedAt: "k.finished_at",
};

const FINISHED: readonly TaskStatus[] = ["Succeeded", "Failed", "Cancelled"];

export function taskFromRow(row: Record<string, unknown>): TaskRecord {
  return {
    recId: row.id as number,
    uid: row.uid as string,
    name: row.name as string,
    kind: row.kind as string,
    status: row.status as TaskStatus,
    progress: row.progress as number,
    message: row.message as string,
    ownerUserId: (row.owner_user_id as number | null) ?? null,
    ownerFullName: (row.owner_full_name as string | null) ?? null,
    relatedObjectId: (row.related_object_id as number | null) ?? null,
    relatedObjectName: (row.related_name as string | null) ?? null,
    relatedObjectType: (row.related_type as string | null) ?? null,
    relatedObjectPrivateTo: (row.related_private_to as number | null) ?? null,
    createdAt: row.created_at as number,
    startedAt: (row.started_at as number | null) ?? null,
    finishedAt: (row.finished_at as number | null) ?? null,
  };
}

export class SqliteTaskStore implements TaskStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async list(accountId: number, query: ListQuery & { status?: TaskStatus }) {
    const search = searchCondition("o.name", query.search);
    const where = `AND ${search.sql} AND (@status IS NULL OR k.status = @status)`;
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
      taskFromRow,
    );
  }

  private read(accountId: number, recId: number): TaskRecord | undefined {
    const row = this.db.prepare(`${SELECT} AND o.id = @id`).get({ account: accountId, id: recId });
    return row ? taskFromRow(row as Record<string, unknown>) : undefined;
  }

  async get(accountId: number, recId: number) {
    return this.read(accountId, recId);
  }

  async log(accountId: number, recId: number, afterRecId: number, limit: number): Promise<TaskLogLine[]> {
    const rows = this.db
      .prepare(
        `SELECT id, at, severity, message FROM task_log_lines WHERE account_id = ? AND task_id = ? AND id > ?
         ORDER BY id LIMIT ?`,
      )
      .all(accountId, recId, afterRecId, limit) as {
      id: number;
      at: number;
      severity: 1 | 2 | 3;
      message: string;
    }[];
    return rows.map((row) => ({ recId: row.id, at: row.at, severity: row.severity, message: row.message }));
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
    return this.db.transaction((): TaskRecord => {
      let recId = input.objectId;
      if (recId === undefined) {
        const { lastInsertRowid } = this.db
          .prepare(
            `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
             VALUES (?, ?, 'Task', ?, ?, '{}', ?, ?)`,
          )
          .run(generateUid(), accountId, input.name, input.ownerUserId, now, now);
        recId = Number(lastInsertRowid);
      }
      // INSERT … SELECT: only a Task object of this account gets run state; a related object must be in it too.
      const { changes } = this.db
        .prepare(
          `INSERT INTO tasks (object_id, account_id, kind, status, progress, related_object_id)
           SELECT id, account_id, ?, 'Queued', 0,
             (SELECT r.id FROM objects r WHERE r.account_id = objects.account_id AND r.id = ?)
           FROM objects WHERE account_id = ? AND id = ? AND type = 'Task'`,
        )
        .run(input.kind, input.relatedObjectId, accountId, recId);
      if (changes !== 1) throw new Error("not a task of the account");
      return this.read(accountId, recId) as TaskRecord;
    })();
  }

  private appendLine(accountId: number, recId: number, severity: 1 | 2 | 3, message: string, now: number) {
    this.db
      .prepare(
        "INSERT INTO task_log_lines (account_id, task_id, at, severity, message) VALUES (?, ?, ?, ?, ?)",
      )
      .run(accountId, recId, now, severity, message);
  }

  async report(
    accountId: number,
    recId: number,
    change: { status?: TaskStatus; progress?: number; message?: string },
    line: { severity: 1 | 2 | 3; message: string } | null,
    now: number,
  ) {
    return this.db.transaction((): TaskRecord | undefined => {
      if (!this.read(accountId, recId)) return undefined;
      const finished = change.status !== undefined && FINISHED.includes(change.status);
      this.db
        .prepare(
          `UPDATE tasks SET status = COALESCE(@status, status), progress = COALESCE(@progress, progress),
             message = COALESCE(@message, message),
             started_at = CASE WHEN @status = 'Running' AND started_at IS NULL THEN @now ELSE started_at END,
             finished_at = CASE WHEN @finished THEN @now ELSE finished_at END
           WHERE account_id = @account AND object_id = @id`,
        )
        .run({
          status: change.status ?? null,
          progress: change.progress ?? null,
          message: change.message ?? null,
          finished: finished ? 1 : 0,
          now,
          account: accountId,
          id: recId,
        });
      if (line) this.appendLine(accountId, recId, line.severity, line.message, now);
      return this.read(accountId, recId);
    })();
  }

  async cancel(accountId: number, recId: number, byFullName: string, now: number) {
    return this.db.transaction((): TaskRecord | "notFound" | "finished" => {
      const task = this.read(accountId, recId);
      if (!task) return "notFound";
      if (FINISHED.includes(task.status)) return "finished";
      this.db
        .prepare(
          `UPDATE tasks SET status = 'Cancelled', finished_at = ?, message = 'Cancelled'
           WHERE account_id = ? AND object_id = ?`,
        )
        .run(now, accountId, recId);
      this.appendLine(accountId, recId, 2, `Cancelled by ${byFullName}.`, now);
      return this.read(accountId, recId) as TaskRecord;
    })();
  }

  async delete(accountId: number, recId: number) {
    return this.db.transaction((): "deleted" | "notFound" | "running" => {
      const task = this.read(accountId, recId);
      if (!task) return "notFound";
      if (!FINISHED.includes(task.status)) return "running";
      this.db.prepare("DELETE FROM objects WHERE account_id = ? AND id = ?").run(accountId, recId);
      return "deleted";
    })();
  }
}
