/**
 * PostgreSQL implementation of the admin system family (../sqlite/admin-system.ts): configuration
 * entries with their admin metadata, the store database's health check and migrations, the request
 * log and the samples of log analytics, query tool runs, and stored file contents.
 */
import type { AdminSettingInput, AdminSystemStoreFamily, AnalyticsSample } from "../types/admin-system.ts";
import { STORE_SIZE_SQL } from "./admin-dialect.ts";
import { migrate, row, rows, run, type SqlValue, schemaVersion, type UpstreamDatabase } from "./database.ts";
import { POSTGRES_MIGRATIONS } from "./migrations.ts";

/** Requests are logged once in this many calls older entries are pruned. */
const PRUNE_EVERY = 500;

/** Demo sales inserted by one statement. */
const SALES_BATCH = 5000;

/** Admin system records in PostgreSQL. */
export class PostgresAdminSystemStore implements AdminSystemStoreFamily {
  private requestsSincePrune = 0;

  constructor(private readonly db: UpstreamDatabase) {}

  async putSetting(key: string, input: AdminSettingInput, create: boolean, actor: number, now: number) {
    return this.db.transaction(async (tx): Promise<"ok" | "exists" | "missing"> => {
      const exists = (await row(tx, "SELECT 1 FROM system_config WHERE key = $1", [key])) !== undefined;
      if (create && exists) return "exists";
      if (!create && !exists) return "missing";
      if (input.valueJson !== undefined || create) {
        await run(
          tx,
          "INSERT INTO system_config (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          [key, input.valueJson ?? "null"],
        );
      }
      await run(
        tx,
        `INSERT INTO config_settings_meta (key, section, is_secret, description, modified_by_user_id, modified_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (key) DO UPDATE SET section = excluded.section, description = excluded.description,
           modified_by_user_id = excluded.modified_by_user_id, modified_at = excluded.modified_at`,
        [key, input.section, input.isSecret, input.description, actor, now],
      );
      return "ok";
    });
  }

  async deleteSetting(key: string) {
    return this.db.transaction(async (tx) => {
      await run(tx, "DELETE FROM config_settings_meta WHERE key = $1", [key]);
      return (await run(tx, "DELETE FROM system_config WHERE key = $1", [key])) === 1;
    });
  }

  /**
   * The store's own check on PostgreSQL: the server answers and reads the catalogue (there is no
   * quick_check), its version in place of SQLite's, and the size of the store's tables and indexes
   * in its schema (the database may hold other schemas).
   */
  async checkEmbedded() {
    const started = performance.now();
    const found = (await row<{ version: string; size: number }>(
      this.db.pool,
      `SELECT current_setting('server_version') AS version, ${STORE_SIZE_SQL} AS size`,
    )) as { version: string; size: number };
    return {
      quickCheck: "ok",
      schemaVersion: await schemaVersion(this.db.pool),
      sqliteVersion: `PostgreSQL ${found.version}`,
      sizeBytes: found.size,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }

  async migrateEmbedded(now: number) {
    const applied = await migrate(this.db.pool, () => now, POSTGRES_MIGRATIONS);
    return { applied, schemaVersion: await schemaVersion(this.db.pool) };
  }

  async embeddedAccountIds() {
    const found = await rows<{ id: number }>(
      this.db.pool,
      "SELECT id FROM accounts WHERE NOT is_system ORDER BY id",
    );
    return found.map((entry) => entry.id);
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
    await run(
      this.db.pool,
      "INSERT INTO request_log (at, method, route, status, duration_ms, account_id) VALUES ($1, $2, $3, $4, $5, $6)",
      [entry.at, entry.method, entry.route, entry.status, entry.durationMs, entry.accountId],
    );
    this.requestsSincePrune += 1;
    if (this.requestsSincePrune >= PRUNE_EVERY) {
      this.requestsSincePrune = 0;
      await run(this.db.pool, "DELETE FROM request_log WHERE at < $1", [keepSince]);
    }
  }

  async analyticsSamples(
    groupBy: "requests" | "queries" | "tasks" | "accounts",
    window: { accountId?: number; from?: number; to?: number },
    limit: number,
  ) {
    // $1 account, $2 from, $3 to, $4 limit.
    const sql = {
      requests: `SELECT r.method || ' ' || r.route AS key, r.duration_ms AS duration, r.status >= 500 AS error, r.at AS at
        FROM request_log r WHERE ($1::bigint IS NULL OR r.account_id = $1::bigint)`,
      accounts: `SELECT COALESCE(a.name, '(signed out)') AS key, r.duration_ms AS duration, r.status >= 500 AS error, r.at AS at
        FROM request_log r LEFT JOIN accounts a ON a.id = r.account_id WHERE ($1::bigint IS NULL OR r.account_id = $1::bigint)`,
      queries: `SELECT q.query_name AS key, q.duration_ms AS duration, q.status = 'Failed' AS error, q.at AS at
        FROM query_runs q WHERE $1::bigint IS NULL`,
      tasks: `SELECT k.kind AS key, k.finished_at - k.started_at AS duration, k.status = 'Failed' AS error, o.created_at AS at
        FROM tasks k JOIN objects o ON o.id = k.object_id WHERE ($1::bigint IS NULL OR k.account_id = $1::bigint)`,
    }[groupBy];
    const found = await rows<{ key: string; duration: number | null; error: boolean; at: number }>(
      this.db.pool,
      `SELECT * FROM (${sql}) s WHERE ($2::bigint IS NULL OR at >= $2::bigint) AND ($3::bigint IS NULL OR at < $3::bigint)
       ORDER BY at DESC LIMIT $4`,
      [window.accountId ?? null, window.from ?? null, window.to ?? null, limit],
    );
    return found.map(
      (entry): AnalyticsSample => ({
        key: entry.key,
        durationMs: entry.duration,
        isError: entry.error === true,
        at: entry.at,
      }),
    );
  }

  async recordQueryRun(queryRun: {
    queryId: number;
    name: string;
    actor: number;
    at: number;
    durationMs: number;
    ok: boolean;
    rowCount: number;
  }) {
    const status = queryRun.ok ? "Succeeded" : "Failed";
    await this.db.transaction(async (tx) => {
      await run(
        tx,
        `INSERT INTO query_runs (query_id, query_name, run_by_user_id, at, duration_ms, status, row_count)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          queryRun.queryId,
          queryRun.name,
          queryRun.actor,
          queryRun.at,
          queryRun.durationMs,
          status,
          queryRun.rowCount,
        ],
      );
      await run(
        tx,
        `UPDATE admin_queries SET last_run_at = $1, last_run_status = $2, last_run_duration_ms = $3,
           last_run_row_count = $4 WHERE id = $5`,
        [queryRun.at, status, queryRun.durationMs, queryRun.rowCount, queryRun.queryId],
      );
    });
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
    await run(
      this.db.pool,
      `INSERT INTO mail_delivery (mail_id, status, attempts, queued_at, sent_at, last_error) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (mail_id) DO UPDATE SET status = excluded.status, attempts = excluded.attempts,
         queued_at = excluded.queued_at, sent_at = excluded.sent_at, last_error = excluded.last_error`,
      [mailId, delivery.status, delivery.attempts, delivery.queuedAt, delivery.sentAt, delivery.lastError],
    );
  }

  async recordInboundMail(mail: Parameters<AdminSystemStoreFamily["recordInboundMail"]>[0]) {
    const inserted = await row<{ id: number }>(
      this.db.pool,
      `INSERT INTO inbound_emails (folder, from_address, to_address, subject, body_text, received_at, attachment_count,
         handler, account_id, status, error_message, spam_score, spam_reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        mail.folder,
        mail.from,
        mail.to,
        mail.subject,
        mail.body,
        mail.receivedAt,
        mail.attachmentCount,
        mail.handler,
        mail.accountId,
        mail.status,
        mail.errorMessage,
        mail.spamScore,
        mail.spamReason,
      ],
    );
    return (inserted as { id: number }).id;
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
    await this.db.transaction(async (tx) => {
      await run(tx, "DELETE FROM demo_retail_sales");
      await run(tx, "DELETE FROM demo_retail_stores");
      // SQLite numbers the rows of an emptied table from 1 again; so do these.
      await run(tx, "SELECT setval(pg_get_serial_sequence('demo_retail_sales', 'id'), 1, false)");
      const list = <T>(items: readonly T[], pick: (item: T) => string | number) =>
        items.map(pick) as unknown as SqlValue;
      await run(
        tx,
        `INSERT INTO demo_retail_stores (id, country, region, city, channel)
         SELECT n, c, r, ci, ch FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[])
           AS s (n, c, r, ci, ch)`,
        [
          list([...stores.keys()], (index) => index + 1),
          list(stores, (s) => s.country),
          list(stores, (s) => s.region),
          list(stores, (s) => s.city),
          list(stores, (s) => s.channel),
        ],
      );
      // The stores' ids are explicit: the sequence follows them (./README.md).
      await run(
        tx,
        "SELECT setval(pg_get_serial_sequence('demo_retail_stores', 'id'), (SELECT MAX(id) FROM demo_retail_stores))",
      );
      for (let start = 0; start < sales.length; start += SALES_BATCH) {
        const batch = sales.slice(start, start + SALES_BATCH);
        await run(
          tx,
          `INSERT INTO demo_retail_sales (store_id, sale_date, product, quantity, revenue)
           SELECT s, d, p, q, r FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::double precision[])
             AS x (s, d, p, q, r)`,
          [
            list(batch, (s) => s.storeIndex + 1),
            list(batch, (s) => s.date),
            list(batch, (s) => s.product),
            list(batch, (s) => s.quantity),
            list(batch, (s) => s.revenue),
          ],
        );
      }
    });
  }

  async fileData(table: "package_items" | "system_media", id: number) {
    const found = await row<{ data: Buffer | null }>(
      this.db.pool,
      `SELECT data FROM ${table} WHERE id = $1`,
      [id],
    );
    return found?.data ?? undefined;
  }
}
