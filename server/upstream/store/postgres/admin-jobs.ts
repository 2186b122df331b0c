/**
 * PostgreSQL implementation of the admin jobs family (../sqlite/admin-jobs.ts): data loader runs (a
 * member-side Task of kind DataLoad related to the loader), task and deployment log lines, account
 * synchronisation and package installation (both copy object definitions between accounts), and
 * deployments. Each method is one transaction.
 */
import { generateUid } from "../../identity/secrets.ts";
import { parseJson } from "../database.ts";
import type {
  AdminJobStoreFamily,
  AdminLogLine,
  ObjectCopyResult,
  PackageObject,
} from "../types/admin-jobs.ts";
import { type AdminChangeResult, StoreReferenceError } from "../types/admin-records.ts";
import { copyObjects } from "./admin-copies.ts";
import { translateConstraint } from "./admin-sql.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";

type Row = Record<string, unknown>;

const LATEST_RUN = `SELECT k.object_id, k.status FROM tasks k WHERE k.related_object_id = $1 AND k.kind = 'DataLoad'
  ORDER BY k.object_id DESC LIMIT 1`;

export class PostgresAdminJobStore implements AdminJobStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  private async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      return translateConstraint(error);
    }
  }

  private loader(on: Queryable, loaderId: number) {
    return row<Row>(
      on,
      "SELECT * FROM objects WHERE id = $1 AND type = 'DataLoader' AND deleted_at IS NULL",
      [loaderId],
    );
  }

  private async logTask(
    tx: Queryable,
    accountId: number,
    taskId: number,
    severity: number,
    message: string,
    now: number,
  ) {
    await run(
      tx,
      "INSERT INTO task_log_lines (account_id, task_id, at, severity, message) VALUES ($1, $2, $3, $4, $5)",
      [accountId, taskId, now, severity, message],
    );
  }

  async setLoaderSettings(loaderId: number, change: { isEnabled?: boolean; priority?: string }, now: number) {
    return this.transaction(async (tx): Promise<AdminChangeResult> => {
      const loader = await this.loader(tx, loaderId);
      if (!loader) return "missing";
      await run(
        tx,
        `INSERT INTO data_loader_settings (object_id, account_id, is_enabled, priority)
           VALUES ($1, $2, COALESCE($3::boolean, TRUE), COALESCE($4::text, 'Normal'))
         ON CONFLICT (object_id) DO UPDATE SET is_enabled = COALESCE($3::boolean, data_loader_settings.is_enabled),
           priority = COALESCE($4::text, data_loader_settings.priority)`,
        [loaderId, loader.account_id as number, change.isEnabled ?? null, change.priority ?? null],
      );
      await run(tx, "UPDATE objects SET modified_at = $1 WHERE id = $2", [now, loaderId]);
      return "ok";
    });
  }

  async queueLoaderRun(loaderId: number, _actor: number, now: number) {
    return this.transaction(async (tx): Promise<AdminChangeResult> => {
      const loader = await this.loader(tx, loaderId);
      if (!loader) return "missing";
      const settings = await row<{ is_enabled: boolean }>(
        tx,
        "SELECT is_enabled FROM data_loader_settings WHERE object_id = $1",
        [loaderId],
      );
      const latest = await row<{ status: string }>(tx, LATEST_RUN, [loaderId]);
      if (settings?.is_enabled === false || latest?.status === "Queued" || latest?.status === "Running")
        return "blocked";
      const accountId = loader.account_id as number;
      const task = (await row<{ id: number }>(
        tx,
        `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
         VALUES ($1, $2, 'Task', $3, $4, $5, $6, $6) RETURNING id`,
        [
          generateUid(),
          accountId,
          `Run of ${String(loader.name)}`,
          (loader.owner_user_id as number | null) ?? null,
          JSON.stringify({ Trigger: "Staff", DataLoaderRecId: loaderId }),
          now,
        ],
      )) as { id: number };
      await run(
        tx,
        `INSERT INTO tasks (object_id, account_id, kind, status, progress, related_object_id, message)
         VALUES ($1, $2, 'DataLoad', 'Queued', 0, $3, '')`,
        [task.id, accountId, loaderId],
      );
      await this.logTask(tx, accountId, task.id, 1, "Queued by staff.", now);
      return "ok";
    });
  }

  async cancelLoaderRun(loaderId: number, now: number) {
    return this.transaction(async (tx): Promise<AdminChangeResult> => {
      const loader = await this.loader(tx, loaderId);
      if (!loader) return "missing";
      const latest = await row<{ object_id: number; status: string }>(tx, LATEST_RUN, [loaderId]);
      if (!latest || (latest.status !== "Queued" && latest.status !== "Running")) return "blocked";
      await run(
        tx,
        "UPDATE tasks SET status = 'Cancelled', finished_at = $1, message = 'Cancelled by staff.' WHERE object_id = $2",
        [now, latest.object_id],
      );
      await this.logTask(tx, loader.account_id as number, latest.object_id, 2, "Cancelled by staff.", now);
      return "ok";
    });
  }

  async logLines(kind: "task" | "loader" | "deployment", id: number) {
    const on = this.db.pool;
    const lines = async (sql: string, key: number) =>
      (await rows<AdminLogLine>(on, sql, [key])).map((line) => ({ ...line }));
    if (kind === "deployment") {
      if (!(await row(on, "SELECT 1 FROM object_deployments WHERE id = $1", [id]))) return undefined;
      return lines(
        "SELECT at, severity, message FROM deployment_log_lines WHERE deployment_id = $1 ORDER BY id",
        id,
      );
    }
    let taskId = id;
    if (kind === "loader") {
      if (!(await this.loader(on, id))) return undefined;
      const latest = await row<{ object_id: number }>(on, LATEST_RUN, [id]);
      if (!latest) return [];
      taskId = latest.object_id;
    } else if (!(await row(on, "SELECT 1 FROM tasks WHERE object_id = $1", [id]))) {
      return undefined;
    }
    return lines("SELECT at, severity, message FROM task_log_lines WHERE task_id = $1 ORDER BY id", taskId);
  }

  async runAccountSync(syncId: number, now: number) {
    return this.transaction(
      async (tx): Promise<{ result: "ok"; copy: ObjectCopyResult } | { result: "missing" | "blocked" }> => {
        const sync = await row<Row>(tx, "SELECT * FROM account_syncs WHERE id = $1", [syncId]);
        if (!sync) return { result: "missing" };
        if (sync.is_enabled !== true) return { result: "blocked" };
        const types = parseJson<string[]>(sync.object_types, []).filter((type) => type !== "Media");
        const found =
          types.length === 0
            ? []
            : await rows<{ type: string; name: string; properties: string }>(
                tx,
                `SELECT type, name, properties FROM objects WHERE account_id = $1 AND deleted_at IS NULL
                   AND type = ANY($2::text[]) ORDER BY id`,
                [sync.source_account_id as number, types],
              );
        const objects = found.map((object) => ({
          Type: object.type,
          Name: object.name,
          Properties: parseJson(object.properties, {}),
        }));
        const copy = await copyObjects(
          tx,
          sync.target_account_id as number,
          objects,
          true,
          now,
          sync.mode === "Mirror" ? types : [],
        );
        const message = `${copy.added} added, ${copy.updated} updated, ${copy.removed} removed, ${copy.skipped} unchanged.`;
        await run(
          tx,
          "UPDATE account_syncs SET last_sync_at = $1, last_sync_status = 'Succeeded', last_sync_message = $2 WHERE id = $3",
          [now, message, syncId],
        );
        return { result: "ok", copy };
      },
    );
  }

  async installPackage(
    objects: readonly PackageObject[],
    accountIds: readonly number[],
    overwrite: boolean,
    now: number,
  ) {
    return this.transaction(async (tx) => {
      const copies: ObjectCopyResult[] = [];
      for (const accountId of new Set(accountIds))
        copies.push(await copyObjects(tx, accountId, objects, overwrite, now));
      return copies;
    });
  }

  async createDeployment(
    input: { packageId: number; environmentId: number; notes: string | null; logLine: string },
    actor: number,
    now: number,
  ) {
    return this.transaction(async (tx) => {
      const inserted = await row<{ id: number }>(
        tx,
        `INSERT INTO object_deployments (package_id, environment_id, package_name, package_version, status, notes,
           object_count, deployed_by_user_id, deployed_at, modified_at)
         SELECT p.id, $1, p.name, p.version, 'Pending', $2, p.object_count, $3, $4, $4 FROM package_items p
         WHERE p.id = $5 AND p.item_type = 'Package' RETURNING id`,
        [input.environmentId, input.notes, actor, now, input.packageId],
      );
      if (!inserted) throw new StoreReferenceError();
      await run(
        tx,
        "INSERT INTO deployment_log_lines (deployment_id, at, severity, message) VALUES ($1, $2, 1, $3)",
        [inserted.id, now, input.logLine],
      );
      return inserted.id;
    });
  }
}
