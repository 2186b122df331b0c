/**
 * SQLite implementation of the admin system family: configuration entries (system_config values
 * with their admin metadata), the embedded database's health check and migrations, the request log
 * and the samples log analytics aggregates, query tool runs, and stored file contents.
 */
import type { SqliteDatabase } from "../database.ts";
import { migrate, schemaVersion } from "../migrations.ts";
import type { AdminSettingInput, AdminSystemStoreFamily, AnalyticsSample } from "../types/admin-system.ts";

/** Requests are logged once in this many calls older entries are pruned. */
const PRUNE_EVERY = 500;

/** Admin system records in SQLite. */
export class SqliteAdminSystemStore implements AdminSystemStoreFamily {
  private requestsSincePrune = 0;

  constructor(private readonly db: SqliteDatabase) {}

  async putSetting(key: string, input: AdminSettingInput, create: boolean, actor: number, now: number) {
    return this.db.transaction((): "ok" | "exists" | "missing" => {
      const exists = this.db.prepare("SELECT 1 FROM system_config WHERE key = ?").get(key) !== undefined;
      if (create && exists) return "exists";
      if (!create && !exists) return "missing";
      if (input.valueJson !== undefined || create) {
        this.db
          .prepare(
            "INSERT INTO system_config (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          )
          .run(key, input.valueJson ?? "null");
      }
      this.db
        .prepare(
          `INSERT INTO config_settings_meta (key, section, is_secret, description, modified_by_user_id, modified_at)
           VALUES (@key, @section, @secret, @description, @actor, @now)
           ON CONFLICT (key) DO UPDATE SET section = excluded.section, description = excluded.description,
             modified_by_user_id = excluded.modified_by_user_id, modified_at = excluded.modified_at`,
        )
        .run({
          key,
          section: input.section,
          secret: input.isSecret ? 1 : 0,
          description: input.description,
          actor,
          now,
        });
      return "ok";
    })();
  }

  async deleteSetting(key: string) {
    return this.db.transaction(() => {
      this.db.prepare("DELETE FROM config_settings_meta WHERE key = ?").run(key);
      return this.db.prepare("DELETE FROM system_config WHERE key = ?").run(key).changes === 1;
    })();
  }

  async checkEmbedded() {
    const started = performance.now();
    const quickCheck = (this.db.pragma("quick_check", { simple: true }) as string) ?? "unknown";
    const { version } = this.db.prepare("SELECT sqlite_version() AS version").get() as { version: string };
    const pageCount = this.db.pragma("page_count", { simple: true }) as number;
    const pageSize = this.db.pragma("page_size", { simple: true }) as number;
    return {
      quickCheck,
      schemaVersion: schemaVersion(this.db),
      sqliteVersion: version,
      sizeBytes: pageCount * pageSize,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }

  async migrateEmbedded(now: number) {
    const applied = migrate(this.db, () => now);
    return { applied, schemaVersion: schemaVersion(this.db) };
  }

  async embeddedAccountIds() {
    const rows = this.db.prepare("SELECT id FROM accounts WHERE is_system = 0 ORDER BY id").all() as {
      id: number;
    }[];
    return rows.map((row) => row.id);
  }

  async logRequest(
    entry: {
      at: number;
      method: string;
      route: string;
      status: number;
      durationMs: number;
      accountId: number | null;
    },
    keepSince: number,
  ) {
    this.db
      .prepare(
        "INSERT INTO request_log (at, method, route, status, duration_ms, account_id) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(entry.at, entry.method, entry.route, entry.status, entry.durationMs, entry.accountId);
    this.requestsSincePrune += 1;
    if (this.requestsSincePrune >= PRUNE_EVERY) {
      this.requestsSincePrune = 0;
      this.db.prepare("DELETE FROM request_log WHERE at < ?").run(keepSince);
    }
  }

  async analyticsSamples(
    groupBy: "requests" | "queries" | "tasks" | "accounts",
    window: { accountId?: number; from?: number; to?: number },
    limit: number,
  ) {
    const params = {
      account: window.accountId ?? null,
      from: window.from ?? null,
      to: window.to ?? null,
      limit,
    };
    const sql = {
      requests: `SELECT r.method || ' ' || r.route AS key, r.duration_ms AS duration, r.status >= 500 AS error, r.at AS at
        FROM request_log r WHERE (@account IS NULL OR r.account_id = @account)`,
      accounts: `SELECT COALESCE(a.name, '(signed out)') AS key, r.duration_ms AS duration, r.status >= 500 AS error, r.at AS at
        FROM request_log r LEFT JOIN accounts a ON a.id = r.account_id WHERE (@account IS NULL OR r.account_id = @account)`,
      queries: `SELECT q.query_name AS key, q.duration_ms AS duration, q.status = 'Failed' AS error, q.at AS at
        FROM query_runs q WHERE @account IS NULL`,
      tasks: `SELECT k.kind AS key, k.finished_at - k.started_at AS duration, k.status = 'Failed' AS error, o.created_at AS at
        FROM tasks k JOIN objects o ON o.id = k.object_id WHERE (@account IS NULL OR k.account_id = @account)`,
    }[groupBy];
    const rows = this.db
      .prepare(
        `SELECT * FROM (${sql}) WHERE (@from IS NULL OR at >= @from) AND (@to IS NULL OR at < @to) ORDER BY at DESC LIMIT @limit`,
      )
      .all(params) as { key: string; duration: number | null; error: number; at: number }[];
    return rows.map(
      (row): AnalyticsSample => ({
        key: row.key,
        durationMs: row.duration,
        isError: row.error === 1,
        at: row.at,
      }),
    );
  }

  async recordQueryRun(run: {
    queryId: number;
    name: string;
    actor: number;
    at: number;
    durationMs: number;
    ok: boolean;
    rowCount: number;
  }) {
    const status = run.ok ? "Succeeded" : "Failed";
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO query_runs (query_id, query_name, run_by_user_id, at, duration_ms, status, row_count)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(run.queryId, run.name, run.actor, run.at, run.durationMs, status, run.rowCount);
      this.db
        .prepare(
          `UPDATE admin_queries SET last_run_at = ?, last_run_status = ?, last_run_duration_ms = ?, last_run_row_count = ?
           WHERE id = ?`,
        )
        .run(run.at, status, run.durationMs, run.rowCount, run.queryId);
    })();
  }

  async setMailDelivery(
    mailId: number,
    delivery: {
      status: string;
      attempts: number;
      queuedAt: number;
      sentAt: number | null;
      lastError: string | null;
    },
  ) {
    this.db
      .prepare(
        `INSERT INTO mail_delivery (mail_id, status, attempts, queued_at, sent_at, last_error) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (mail_id) DO UPDATE SET status = excluded.status, attempts = excluded.attempts,
           queued_at = excluded.queued_at, sent_at = excluded.sent_at, last_error = excluded.last_error`,
      )
      .run(
        mailId,
        delivery.status,
        delivery.attempts,
        delivery.queuedAt,
        delivery.sentAt,
        delivery.lastError,
      );
  }

  async recordInboundMail(mail: Parameters<AdminSystemStoreFamily["recordInboundMail"]>[0]) {
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO inbound_emails (folder, from_address, to_address, subject, body_text, received_at, attachment_count,
           handler, account_id, status, error_message, spam_score, spam_reason)
         VALUES (@folder, @from, @to, @subject, @body, @receivedAt, @attachmentCount, @handler, @accountId, @status,
           @errorMessage, @spamScore, @spamReason)`,
      )
      .run(mail);
    return Number(lastInsertRowid);
  }

  async loadDemoRetailData(
    stores: readonly { country: string; region: string; city: string; channel: string }[],
    sales: readonly {
      storeIndex: number;
      date: string;
      product: string;
      quantity: number;
      revenue: number;
    }[],
  ) {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM demo_retail_sales").run();
      this.db.prepare("DELETE FROM demo_retail_stores").run();
      const store = this.db.prepare(
        "INSERT INTO demo_retail_stores (id, country, region, city, channel) VALUES (?, ?, ?, ?, ?)",
      );
      for (const [index, s] of stores.entries()) store.run(index + 1, s.country, s.region, s.city, s.channel);
      const sale = this.db.prepare(
        "INSERT INTO demo_retail_sales (store_id, sale_date, product, quantity, revenue) VALUES (?, ?, ?, ?, ?)",
      );
      for (const s of sales) sale.run(s.storeIndex + 1, s.date, s.product, s.quantity, s.revenue);
    })();
  }

  async fileData(table: "package_items" | "system_media", id: number) {
    const row = this.db.prepare(`SELECT data FROM ${table} WHERE id = ?`).get(id) as
      | { data: Buffer | null }
      | undefined;
    return row?.data ?? undefined;
  }
}
