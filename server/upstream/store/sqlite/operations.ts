/** SQLite implementation of the operator-side families: mail outbox, application logs, configuration. */
import { parseJson, type SqliteDatabase } from "../database.ts";
import type { ApplicationLogEntry, OutboxMail } from "../records.ts";
import type { ConfigStoreFamily, LogStoreFamily, OutboxStoreFamily } from "../types/operations.ts";

/** Maps a `mail_outbox` row to a record (shared with ../postgres/operations.ts). */
export function mailFromRow(row: Record<string, unknown>): OutboxMail {
  return {
    recId: row.id as number,
    accountId: (row.account_id as number | null) ?? null,
    kind: row.kind as string,
    to: row.to_address as string,
    subject: row.subject as string,
    body: row.body_text as string,
    createdAt: row.created_at as number,
  };
}

/** The mail outbox in SQLite. */
export class SqliteOutboxStore implements OutboxStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async record(mail: Omit<OutboxMail, "recId">) {
    const { lastInsertRowid } = this.db
      .prepare(
        "INSERT INTO mail_outbox (account_id, kind, to_address, subject, body_text, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(mail.accountId, mail.kind, mail.to, mail.subject, mail.body, mail.createdAt);
    return Number(lastInsertRowid);
  }

  async listForAdmin(page: { limit: number; offset: number; to?: string }) {
    const to = page.to ?? null;
    const rows = this.db
      .prepare(
        "SELECT * FROM mail_outbox WHERE (? IS NULL OR to_address = ? COLLATE NOCASE) ORDER BY id DESC LIMIT ? OFFSET ?",
      )
      .all(to, to, page.limit, page.offset) as Record<string, unknown>[];
    const { n } = this.db
      .prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE (? IS NULL OR to_address = ? COLLATE NOCASE)")
      .get(to, to) as { n: number };
    return { items: rows.map(mailFromRow), total: n };
  }

  async getForAdmin(recId: number) {
    const row = this.db.prepare("SELECT * FROM mail_outbox WHERE id = ?").get(recId);
    return row ? mailFromRow(row as Record<string, unknown>) : undefined;
  }
}

/** Maps an `application_logs` row to a record (shared with ../postgres/operations.ts). */
export function logFromRow(row: Record<string, unknown>): ApplicationLogEntry {
  return {
    recId: row.id as number,
    at: row.at as number,
    level: row.level as ApplicationLogEntry["level"],
    category: row.category as string,
    action: row.action as string,
    message: row.message as string,
    actorAccountId: (row.actor_account_id as number | null) ?? null,
    actorUserId: (row.actor_user_id as number | null) ?? null,
    targetAccountId: (row.target_account_id as number | null) ?? null,
    targetUserId: (row.target_user_id as number | null) ?? null,
    details: parseJson<Record<string, unknown> | null>(row.details, null),
  };
}

/** Application logs in SQLite. */
export class SqliteLogStore implements LogStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async write(entry: Omit<ApplicationLogEntry, "recId">) {
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO application_logs (at, level, category, action, message, actor_account_id, actor_user_id,
           target_account_id, target_user_id, details) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
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
      );
    return Number(lastInsertRowid);
  }

  async listForAdmin(query: { category?: string; limit: number; offset: number }) {
    const category = query.category ?? null;
    const rows = this.db
      .prepare(
        "SELECT * FROM application_logs WHERE (? IS NULL OR category = ?) ORDER BY id DESC LIMIT ? OFFSET ?",
      )
      .all(category, category, query.limit, query.offset) as Record<string, unknown>[];
    const { n } = this.db
      .prepare("SELECT COUNT(*) AS n FROM application_logs WHERE (? IS NULL OR category = ?)")
      .get(category, category) as { n: number };
    return { items: rows.map(logFromRow), total: n };
  }
}

/** System configuration in SQLite: one JSON value per key. */
export class SqliteConfigStore implements ConfigStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async get<T>(key: string) {
    const row = this.db.prepare("SELECT value FROM system_config WHERE key = ?").get(key) as
      | { value: string }
      | undefined;
    return row ? parseJson<T | undefined>(row.value, undefined) : undefined;
  }

  async set(key: string, value: unknown) {
    this.db
      .prepare(
        "INSERT INTO system_config (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      )
      .run(key, JSON.stringify(value));
  }
}
