/**
 * Exports in SQLite: an export stores its file and finishes in one transaction (or, when its task
 * was cancelled meanwhile, finishes without a file), so a restart finds it either done or to redo.
 */
import type { SqliteDatabase } from "../database.ts";
import { exportFromRow, type Row } from "../job-rows.ts";
import type { ExportJob, ExportJobStoreFamily, NewExport } from "../types/exports.ts";
import type { NewFileInput } from "../types/objects-files.ts";
import { insertFile } from "./content.ts";
import { containsPattern } from "./content-common.ts";
import { insertTask, taskStatus } from "./jobs-common.ts";

const EXPORT_SELECT = `SELECT e.*, k.status AS task_status, f.expires_at AS file_expires_at FROM export_jobs e
  JOIN tasks k ON k.object_id = e.task_id AND k.account_id = e.account_id
  LEFT JOIN files f ON f.uid = e.file_uid AND f.account_id = e.account_id`;

export class SqliteExportJobStore implements ExportJobStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private read(accountId: number, recId: number): ExportJob | undefined {
    const row = this.db.prepare(`${EXPORT_SELECT} WHERE e.account_id = ? AND e.id = ?`).get(accountId, recId);
    return row ? exportFromRow(row as Row) : undefined;
  }

  async create(accountId: number, input: NewExport, now: number) {
    return this.db.transaction((): ExportJob => {
      const taskId =
        input.scheduleRun?.taskId ??
        insertTask(
          this.db,
          accountId,
          {
            name: `Export of ${input.objectName}`,
            kind: "Export",
            ownerUserId: input.userId,
            relatedObjectId: input.objectId,
          },
          now,
        );
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO export_jobs (account_id, user_id, task_id, object_id, object_name, object_type, format,
             schedule_id, created_at)
           SELECT ?, ?, ?, id, ?, ?, ?, ?, ? FROM objects WHERE account_id = ? AND id = ?`,
        )
        .run(
          accountId,
          input.userId,
          taskId,
          input.objectName,
          input.objectType,
          input.format,
          input.scheduleRun?.scheduleId ?? null,
          now,
          accountId,
          input.objectId,
        );
      const created = this.read(accountId, Number(lastInsertRowid));
      if (!created) throw new Error("export of an object outside the account");
      return created;
    })();
  }

  async get(accountId: number, recId: number) {
    return this.read(accountId, recId);
  }

  async listForUser(
    accountId: number,
    userId: number,
    query: { offset: number; limit: number; search?: string },
  ) {
    const search = query.search?.trim() ? containsPattern(query.search.trim()) : null;
    const where = `WHERE e.account_id = @account AND e.user_id = @user
      AND (@search IS NULL OR e.object_name LIKE @search ESCAPE '\\')`;
    const values = { account: accountId, user: userId, search, limit: query.limit, offset: query.offset };
    const { n } = this.db.prepare(`SELECT COUNT(*) AS n FROM export_jobs e ${where}`).get(values) as {
      n: number;
    };
    const rows = this.db
      .prepare(`${EXPORT_SELECT} ${where} ORDER BY e.created_at DESC, e.id DESC LIMIT @limit OFFSET @offset`)
      .all(values) as Row[];
    return { items: rows.map(exportFromRow), total: n };
  }

  async complete(accountId: number, recId: number, file: NewFileInput, now: number) {
    return this.db.transaction(() => {
      const job = this.read(accountId, recId);
      if (!job) throw new Error("no such export");
      const finish = this.db.prepare(
        "UPDATE export_jobs SET file_uid = ?, error = ?, finished_at = ? WHERE account_id = ? AND id = ?",
      );
      if (taskStatus(this.db, accountId, job.taskId) === "Cancelled") {
        finish.run(null, "The export was cancelled.", now, accountId, recId);
        return "cancelled" as const;
      }
      const stored = insertFile(this.db, accountId, file, now);
      finish.run(stored.uid, null, now, accountId, recId);
      return stored;
    })();
  }

  async fail(accountId: number, recId: number, error: string, now: number) {
    this.db
      .prepare(
        "UPDATE export_jobs SET error = ?, finished_at = ? WHERE account_id = ? AND id = ? AND finished_at IS NULL",
      )
      .run(error, now, accountId, recId);
  }

  async unfinishedForRecovery() {
    const rows = this.db
      .prepare(
        `${EXPORT_SELECT} WHERE e.finished_at IS NULL OR (e.schedule_id IS NULL AND k.status IN ('Queued', 'Running'))
         ORDER BY e.id`,
      )
      .all() as Row[];
    return rows.map(exportFromRow);
  }
}
