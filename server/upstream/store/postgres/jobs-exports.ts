/**
 * Exports in PostgreSQL (../sqlite/jobs-exports.ts): an export stores its file and finishes in one
 * transaction (or, when its task was cancelled meanwhile, finishes without a file), so a restart finds
 * it either done or to redo.
 */
import { exportFromRow, type Row } from "../job-rows.ts";
import { containsPattern } from "../sqlite/content-common.ts";
import type { ExportJobStoreFamily, NewExport } from "../types/exports.ts";
import type { NewFileInput } from "../types/objects-files.ts";
import { insertFile } from "./content.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";
import { insertTask, taskStatus } from "./jobs-common.ts";

const EXPORT_SELECT = `SELECT e.*, k.status AS task_status, f.expires_at AS file_expires_at FROM export_jobs e
  JOIN tasks k ON k.object_id = e.task_id AND k.account_id = e.account_id
  LEFT JOIN files f ON f.uid = e.file_uid AND f.account_id = e.account_id`;

async function readExport(on: Queryable, accountId: number, recId: number) {
  const found = await row<Row>(on, `${EXPORT_SELECT} WHERE e.account_id = $1 AND e.id = $2`, [
    accountId,
    recId,
  ]);
  return found ? exportFromRow(found) : undefined;
}

/** Finishes an export with its file or its error. */
async function finishExport(
  on: Queryable,
  accountId: number,
  recId: number,
  finished: { fileUid: string | null; error: string | null },
  now: number,
) {
  await run(
    on,
    "UPDATE export_jobs SET file_uid = $1, error = $2, finished_at = $3 WHERE account_id = $4 AND id = $5",
    [finished.fileUid, finished.error, now, accountId, recId],
  );
}

export class PostgresExportJobStore implements ExportJobStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async create(accountId: number, input: NewExport, now: number) {
    return this.db.transaction(async (tx) => {
      const taskId =
        input.scheduleRun?.taskId ??
        (await insertTask(
          tx,
          accountId,
          {
            name: `Export of ${input.objectName}`,
            kind: "Export",
            ownerUserId: input.userId,
            relatedObjectId: input.objectId,
          },
          now,
        ));
      // The object must be in the account: the SELECT inserts nothing for any other id.
      const inserted = await row<{ id: number }>(
        tx,
        `INSERT INTO export_jobs (account_id, user_id, task_id, object_id, object_name, object_type, format,
           schedule_id, created_at)
         SELECT $1, $2, $3, id, $4, $5, $6, $7, $8 FROM objects WHERE account_id = $1 AND id = $9 RETURNING id`,
        [
          accountId,
          input.userId,
          taskId,
          input.objectName,
          input.objectType,
          input.format,
          input.scheduleRun?.scheduleId ?? null,
          now,
          input.objectId,
        ],
      );
      const created = inserted ? await readExport(tx, accountId, inserted.id) : undefined;
      if (!created) throw new Error("export of an object outside the account");
      return created;
    });
  }

  async get(accountId: number, recId: number) {
    return readExport(this.db.pool, accountId, recId);
  }

  async listForUser(
    accountId: number,
    userId: number,
    query: { offset: number; limit: number; search?: string },
  ) {
    const search = query.search?.trim() ? containsPattern(query.search.trim()) : null;
    // SQLite's LIKE ignores ASCII case: ILIKE on the byte-ordered column does the same.
    const where = `WHERE e.account_id = $1 AND e.user_id = $2
      AND ($3::text IS NULL OR e.object_name ILIKE $3::text ESCAPE '\\')`;
    const counted = await row<{ n: number }>(
      this.db.pool,
      `SELECT COUNT(*) AS n FROM export_jobs e ${where}`,
      [accountId, userId, search],
    );
    const found = await rows<Row>(
      this.db.pool,
      `${EXPORT_SELECT} ${where} ORDER BY e.created_at DESC, e.id DESC LIMIT $4 OFFSET $5`,
      [accountId, userId, search, query.limit, query.offset],
    );
    return { items: found.map(exportFromRow), total: (counted as { n: number }).n };
  }

  async complete(accountId: number, recId: number, file: NewFileInput, now: number) {
    return this.db.transaction(async (tx) => {
      const job = await readExport(tx, accountId, recId);
      if (!job) throw new Error("no such export");
      if ((await taskStatus(tx, accountId, job.taskId)) === "Cancelled") {
        await finishExport(tx, accountId, recId, { fileUid: null, error: "The export was cancelled." }, now);
        return "cancelled" as const;
      }
      const stored = await insertFile(tx, accountId, file, now);
      await finishExport(tx, accountId, recId, { fileUid: stored.uid, error: null }, now);
      return stored;
    });
  }

  async fail(accountId: number, recId: number, error: string, now: number) {
    await run(
      this.db.pool,
      "UPDATE export_jobs SET error = $1, finished_at = $2 WHERE account_id = $3 AND id = $4 AND finished_at IS NULL",
      [error, now, accountId, recId],
    );
  }

  async unfinishedForRecovery() {
    const found = await rows<Row>(
      this.db.pool,
      `${EXPORT_SELECT} WHERE e.finished_at IS NULL OR (e.schedule_id IS NULL AND k.status IN ('Queued', 'Running'))
       ORDER BY e.id`,
    );
    return found.map(exportFromRow);
  }
}
