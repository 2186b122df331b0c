/**
 * SQLite implementation of the admin jobs family: data loader runs (a run is a member-side Task of
 * kind DataLoad related to the loader, migration 7), task and deployment log lines, account
 * synchronisation and package installation (both copy object definitions between accounts), and
 * deployments. Each method is one transaction.
 */
import { generateUid } from "../../identity/secrets.ts";
import { bit, parseJson, type SqliteDatabase } from "../database.ts";
import type {
  AdminJobStoreFamily,
  AdminLogLine,
  ObjectCopyResult,
  PackageObject,
} from "../types/admin-jobs.ts";
import type { AdminChangeResult } from "../types/admin-records.ts";
import { copyObjects } from "./admin-copies.ts";
import { translateConstraint } from "./admin-sql.ts";

type Row = Record<string, unknown>;

const LATEST_RUN = `SELECT k.object_id, k.status FROM tasks k WHERE k.related_object_id = ? AND k.kind = 'DataLoad'
  ORDER BY k.object_id DESC LIMIT 1`;

export class SqliteAdminJobStore implements AdminJobStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private transaction<T>(work: () => T): T {
    try {
      return this.db.transaction(work)();
    } catch (error) {
      return translateConstraint(error);
    }
  }

  private loader(loaderId: number): Row | undefined {
    return this.db
      .prepare("SELECT * FROM objects WHERE id = ? AND type = 'DataLoader' AND deleted_at IS NULL")
      .get(loaderId) as Row | undefined;
  }

  private logTask(accountId: number, taskId: number, severity: number, message: string, now: number) {
    this.db
      .prepare(
        "INSERT INTO task_log_lines (account_id, task_id, at, severity, message) VALUES (?, ?, ?, ?, ?)",
      )
      .run(accountId, taskId, now, severity, message);
  }

  async setLoaderSettings(loaderId: number, change: { isEnabled?: boolean; priority?: string }, now: number) {
    return this.transaction((): AdminChangeResult => {
      const loader = this.loader(loaderId);
      if (!loader) return "missing";
      this.db
        .prepare(
          `INSERT INTO data_loader_settings (object_id, account_id, is_enabled, priority) VALUES (@id, @account, COALESCE(@enabled, 1), COALESCE(@priority, 'Normal'))
           ON CONFLICT (object_id) DO UPDATE SET is_enabled = COALESCE(@enabled, is_enabled), priority = COALESCE(@priority, priority)`,
        )
        .run({
          id: loaderId,
          account: loader.account_id,
          enabled: change.isEnabled === undefined ? null : bit(change.isEnabled),
          priority: change.priority ?? null,
        });
      this.db.prepare("UPDATE objects SET modified_at = ? WHERE id = ?").run(now, loaderId);
      return "ok";
    });
  }

  async queueLoaderRun(loaderId: number, _actor: number, now: number) {
    return this.transaction((): AdminChangeResult => {
      const loader = this.loader(loaderId);
      if (!loader) return "missing";
      const settings = this.db
        .prepare("SELECT is_enabled FROM data_loader_settings WHERE object_id = ?")
        .get(loaderId) as { is_enabled: number } | undefined;
      const latest = this.db.prepare(LATEST_RUN).get(loaderId) as { status: string } | undefined;
      if (settings?.is_enabled === 0 || latest?.status === "Queued" || latest?.status === "Running")
        return "blocked";
      const accountId = loader.account_id as number;
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
           VALUES (?, ?, 'Task', ?, ?, ?, ?, ?)`,
        )
        .run(
          generateUid(),
          accountId,
          `Run of ${String(loader.name)}`,
          loader.owner_user_id ?? null,
          JSON.stringify({ Trigger: "Staff", DataLoaderRecId: loaderId }),
          now,
          now,
        );
      const taskId = Number(lastInsertRowid);
      this.db
        .prepare(
          `INSERT INTO tasks (object_id, account_id, kind, status, progress, related_object_id, message)
           VALUES (?, ?, 'DataLoad', 'Queued', 0, ?, '')`,
        )
        .run(taskId, accountId, loaderId);
      this.logTask(accountId, taskId, 1, "Queued by staff.", now);
      return "ok";
    });
  }

  async cancelLoaderRun(loaderId: number, now: number) {
    return this.transaction((): AdminChangeResult => {
      const loader = this.loader(loaderId);
      if (!loader) return "missing";
      const latest = this.db.prepare(LATEST_RUN).get(loaderId) as
        | { object_id: number; status: string }
        | undefined;
      if (!latest || (latest.status !== "Queued" && latest.status !== "Running")) return "blocked";
      this.db
        .prepare(
          "UPDATE tasks SET status = 'Cancelled', finished_at = ?, message = 'Cancelled by staff.' WHERE object_id = ?",
        )
        .run(now, latest.object_id);
      this.logTask(loader.account_id as number, latest.object_id, 2, "Cancelled by staff.", now);
      return "ok";
    });
  }

  async logLines(kind: "task" | "loader" | "deployment", id: number) {
    const lines = (sql: string, key: number) =>
      (this.db.prepare(sql).all(key) as AdminLogLine[]).map((line) => ({ ...line }));
    if (kind === "deployment") {
      if (!this.db.prepare("SELECT 1 FROM object_deployments WHERE id = ?").get(id)) return undefined;
      return lines(
        "SELECT at, severity, message FROM deployment_log_lines WHERE deployment_id = ? ORDER BY id",
        id,
      );
    }
    let taskId = id;
    if (kind === "loader") {
      if (!this.loader(id)) return undefined;
      const latest = this.db.prepare(LATEST_RUN).get(id) as { object_id: number } | undefined;
      if (!latest) return [];
      taskId = latest.object_id;
    } else if (!this.db.prepare("SELECT 1 FROM tasks WHERE object_id = ?").get(id)) {
      return undefined;
    }
    return lines("SELECT at, severity, message FROM task_log_lines WHERE task_id = ? ORDER BY id", taskId);
  }

  async runAccountSync(syncId: number, now: number) {
    return this.transaction(
      (): { result: "ok"; copy: ObjectCopyResult } | { result: "missing" | "blocked" } => {
        const sync = this.db.prepare("SELECT * FROM account_syncs WHERE id = ?").get(syncId) as
          | Row
          | undefined;
        if (!sync) return { result: "missing" };
        if (sync.is_enabled !== 1) return { result: "blocked" };
        const types = parseJson<string[]>(sync.object_types, []).filter((type) => type !== "Media");
        const rows =
          types.length === 0
            ? []
            : (this.db
                .prepare(
                  `SELECT type, name, properties FROM objects WHERE account_id = ? AND deleted_at IS NULL
             AND type IN (${types.map(() => "?").join(", ")}) ORDER BY id`,
                )
                .all(sync.source_account_id, ...types) as {
                type: string;
                name: string;
                properties: string;
              }[]);
        const objects = rows.map((row) => ({
          Type: row.type,
          Name: row.name,
          Properties: parseJson(row.properties, {}),
        }));
        const copy = copyObjects(
          this.db,
          sync.target_account_id as number,
          objects,
          true,
          now,
          sync.mode === "Mirror" ? types : [],
        );
        const message = `${copy.added} added, ${copy.updated} updated, ${copy.removed} removed, ${copy.skipped} unchanged.`;
        this.db
          .prepare(
            "UPDATE account_syncs SET last_sync_at = ?, last_sync_status = 'Succeeded', last_sync_message = ? WHERE id = ?",
          )
          .run(now, message, syncId);
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
    return this.transaction(() =>
      [...new Set(accountIds)].map((accountId) => copyObjects(this.db, accountId, objects, overwrite, now)),
    );
  }

  async createDeployment(
    input: { packageId: number; environmentId: number; notes: string | null; logLine: string },
    actor: number,
    now: number,
  ) {
    return this.transaction(() => {
      const row = this.db
        .prepare(
          `INSERT INTO object_deployments (package_id, environment_id, package_name, package_version, status, notes,
             object_count, deployed_by_user_id, deployed_at, modified_at)
           SELECT p.id, ?, p.name, p.version, 'Pending', ?, p.object_count, ?, ?, ? FROM package_items p
           WHERE p.id = ? AND p.item_type = 'Package' RETURNING id`,
        )
        .get(input.environmentId, input.notes, actor, now, now, input.packageId) as
        | { id: number }
        | undefined;
      if (!row) throw Object.assign(new Error("package"), { code: "SQLITE_CONSTRAINT_FOREIGNKEY" });
      this.db
        .prepare(
          "INSERT INTO deployment_log_lines (deployment_id, at, severity, message) VALUES (?, ?, 1, ?)",
        )
        .run(row.id, now, input.logLine);
      return row.id;
    });
  }
}
