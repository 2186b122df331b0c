/** PostgreSQL implementation of the operator-side families (../sqlite/operations.ts): outbox, logs, configuration. */
import { parseJson } from "../database.ts";
import type { ApplicationLogEntry, OutboxMail } from "../records.ts";
import { logFromRow, mailFromRow } from "../sqlite/operations.ts";
import type { ConfigStoreFamily, LogStoreFamily, OutboxStoreFamily } from "../types/operations.ts";
import { row, rows, run, type UpstreamDatabase } from "./database.ts";

// SQLite's `to_address = ? COLLATE NOCASE` folds ASCII case only; lower() under "C" does the same.
const OUTBOX_TO = '($1::text IS NULL OR lower(to_address) = lower($1::text COLLATE "C"))';

/** The mail outbox in PostgreSQL. */
export class PostgresOutboxStore implements OutboxStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async record(mail: Omit<OutboxMail, "recId">) {
    const inserted = await row<{ id: number }>(
      this.db.pool,
      `INSERT INTO mail_outbox (account_id, kind, to_address, subject, body_text, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [mail.accountId, mail.kind, mail.to, mail.subject, mail.body, mail.createdAt],
    );
    return (inserted as { id: number }).id;
  }

  async listForAdmin(page: { limit: number; offset: number; to?: string }) {
    const to = page.to ?? null;
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      `SELECT * FROM mail_outbox WHERE ${OUTBOX_TO} ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [to, page.limit, page.offset],
    );
    const count = await row<{ n: number }>(
      this.db.pool,
      `SELECT COUNT(*) AS n FROM mail_outbox WHERE ${OUTBOX_TO}`,
      [to],
    );
    return { items: found.map(mailFromRow), total: count?.n ?? 0 };
  }

  async getForAdmin(recId: number) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      "SELECT * FROM mail_outbox WHERE id = $1",
      [recId],
    );
    return found ? mailFromRow(found) : undefined;
  }
}

/** Application logs in PostgreSQL. */
export class PostgresLogStore implements LogStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async write(entry: Omit<ApplicationLogEntry, "recId">) {
    const inserted = await row<{ id: number }>(
      this.db.pool,
      `INSERT INTO application_logs (at, level, category, action, message, actor_account_id, actor_user_id,
         target_account_id, target_user_id, details) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        entry.at,
        entry.level,
        entry.category,
        entry.action,
        entry.message,
        entry.actorAccountId,
        entry.actorUserId,
        entry.targetAccountId,
        entry.targetUserId,
        entry.details ? JSON.stringify(entry.details) : null,
      ],
    );
    return (inserted as { id: number }).id;
  }

  async listForAdmin(query: { category?: string; limit: number; offset: number }) {
    const category = query.category ?? null;
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      `SELECT * FROM application_logs WHERE ($1::text IS NULL OR category = $1::text)
       ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [category, query.limit, query.offset],
    );
    const count = await row<{ n: number }>(
      this.db.pool,
      "SELECT COUNT(*) AS n FROM application_logs WHERE ($1::text IS NULL OR category = $1::text)",
      [category],
    );
    return { items: found.map(logFromRow), total: count?.n ?? 0 };
  }
}

/** System configuration in PostgreSQL: one JSON value per key. */
export class PostgresConfigStore implements ConfigStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async get<T>(key: string) {
    const found = await row<{ value: string }>(
      this.db.pool,
      "SELECT value FROM system_config WHERE key = $1",
      [key],
    );
    return found ? parseJson<T | undefined>(found.value, undefined) : undefined;
  }

  async set(key: string, value: unknown) {
    await run(
      this.db.pool,
      "INSERT INTO system_config (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [key, JSON.stringify(value)],
    );
  }
}
