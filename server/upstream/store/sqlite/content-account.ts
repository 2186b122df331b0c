/**
 * The account screens' stores in SQLite: API keys (only a hash of each secret is kept), usage
 * metrics counted from the account's own records, and the accounts it manages (its children).
 */
import { bool, type SqliteDatabase } from "../database.ts";
import type {
  ApiKeyRecord,
  ApiKeyStoreFamily,
  ManagedAccountRecord,
  ManagedAccountStoreFamily,
  UsageMetrics,
  UsageStoreFamily,
} from "../types/account-resources.ts";

const DAY_MS = 86_400_000;

const SELECT_KEY = `SELECT k.*, u.full_name AS created_by_full_name FROM api_keys k
  LEFT JOIN users u ON u.id = k.created_by_user_id AND u.account_id = k.account_id`;

export function keyFromRow(row: Record<string, unknown>): ApiKeyRecord {
  return {
    recId: row.id as number,
    name: row.name as string,
    prefix: row.prefix as string,
    createdByFullName: (row.created_by_full_name as string | null) ?? null,
    createdAt: row.created_at as number,
    expiresAt: (row.expires_at as number | null) ?? null,
    lastUsedAt: (row.last_used_at as number | null) ?? null,
    revokedAt: (row.revoked_at as number | null) ?? null,
  };
}

export class SqliteApiKeyStore implements ApiKeyStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private read(accountId: number, recId: number): ApiKeyRecord | undefined {
    const row = this.db.prepare(`${SELECT_KEY} WHERE k.account_id = ? AND k.id = ?`).get(accountId, recId);
    return row ? keyFromRow(row as Record<string, unknown>) : undefined;
  }

  async list(accountId: number) {
    const rows = this.db
      .prepare(`${SELECT_KEY} WHERE k.account_id = ? ORDER BY k.created_at DESC, k.id DESC`)
      .all(accountId) as Record<string, unknown>[];
    return rows.map(keyFromRow);
  }

  async create(
    accountId: number,
    input: {
      name: string;
      prefix: string;
      secretHash: string;
      createdByUserId: number;
      expiresAt: number | null;
    },
    now: number,
  ) {
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO api_keys (account_id, name, prefix, secret_hash, created_by_user_id, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        accountId,
        input.name,
        input.prefix,
        input.secretHash,
        input.createdByUserId,
        now,
        input.expiresAt,
      );
    return this.read(accountId, Number(lastInsertRowid)) as ApiKeyRecord;
  }

  async revoke(accountId: number, recId: number, userId: number, now: number) {
    return this.db.transaction((): ApiKeyRecord | "notFound" | "revoked" => {
      const key = this.read(accountId, recId);
      if (!key) return "notFound";
      if (key.revokedAt !== null) return "revoked";
      this.db
        .prepare("UPDATE api_keys SET revoked_at = ?, revoked_by_user_id = ? WHERE account_id = ? AND id = ?")
        .run(now, userId, accountId, recId);
      return this.read(accountId, recId) as ApiKeyRecord;
    })();
  }

  async resolve(secretHash: string, now: number) {
    const row = this.db
      .prepare(
        `${SELECT_KEY} WHERE k.secret_hash = ? AND k.revoked_at IS NULL
           AND (k.expires_at IS NULL OR k.expires_at > ?) AND k.created_by_user_id IS NOT NULL`,
      )
      .get(secretHash, now) as Record<string, unknown> | undefined;
    if (!row) return undefined;
    return {
      key: keyFromRow(row),
      accountId: row.account_id as number,
      userId: row.created_by_user_id as number,
    };
  }

  async touch(accountId: number, recId: number, now: number) {
    this.db
      .prepare("UPDATE api_keys SET last_used_at = ? WHERE account_id = ? AND id = ?")
      .run(now, accountId, recId);
  }
}

/** Usage metrics in SQLite: every figure is a COUNT or SUM over the account's rows. */
export class SqliteUsageStore implements UsageStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async metrics(accountId: number, now: number, days: number): Promise<UsageMetrics> {
    return this.db.transaction((): UsageMetrics => {
      const firstDay = Math.floor(now / DAY_MS) - days + 1;
      const since = firstDay * DAY_MS;
      const scalar = (sql: string, ...args: unknown[]) =>
        ((this.db.prepare(sql).get(...args) as { n: number | null }).n ?? 0) as number;
      const objectsByType = this.db
        .prepare(
          `SELECT type, COUNT(*) AS count FROM objects WHERE account_id = ? AND deleted_at IS NULL
           GROUP BY type ORDER BY type`,
        )
        .all(accountId) as { type: string; count: number }[];
      const perDay = new Map(
        (
          this.db
            .prepare(
              `SELECT created_at / ${DAY_MS} AS day, COUNT(*) AS n FROM sessions
               WHERE account_id = ? AND created_at >= ? AND impersonator_user_id IS NULL GROUP BY day`,
            )
            .all(accountId, since) as { day: number; n: number }[]
        ).map((row) => [row.day, row.n]),
      );
      return {
        objectsByType,
        users: {
          total: scalar("SELECT COUNT(*) AS n FROM users WHERE account_id = ?", accountId),
          enabled: scalar("SELECT COUNT(*) AS n FROM users WHERE account_id = ? AND disabled = 0", accountId),
          activeInPeriod: scalar(
            `SELECT COUNT(DISTINCT user_id) AS n FROM sessions
             WHERE account_id = ? AND created_at >= ? AND impersonator_user_id IS NULL`,
            accountId,
            since,
          ),
        },
        storage: {
          mediaBytes: scalar("SELECT SUM(size) AS n FROM media_files WHERE account_id = ?", accountId),
          fileBytes: scalar("SELECT SUM(size) AS n FROM files WHERE account_id = ?", accountId),
          attachmentBytes: scalar(
            "SELECT SUM(size) AS n FROM comment_attachments WHERE account_id = ?",
            accountId,
          ),
        },
        sessionsPerDay: Array.from({ length: days }, (_, index) => ({
          date: new Date((firstDay + index) * DAY_MS).toISOString().slice(0, 10),
          count: perDay.get(firstDay + index) ?? 0,
        })),
      };
    })();
  }
}

/** Managed accounts in SQLite: the accounts whose parent is the caller's account. */
export class SqliteManagedAccountStore implements ManagedAccountStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private readonly select = `SELECT a.id, a.name, a.domain, a.subscription_type, a.disabled, a.created_at,
    (SELECT COUNT(*) FROM users WHERE account_id = a.id) AS user_count,
    (SELECT COUNT(*) FROM objects WHERE account_id = a.id AND deleted_at IS NULL) AS object_count
    FROM accounts a WHERE a.parent_account_id = ?`;

  private fromRow(row: Record<string, unknown>): ManagedAccountRecord {
    return {
      recId: row.id as number,
      name: row.name as string,
      domain: row.domain as string,
      subscriptionType: row.subscription_type as string,
      disabled: bool(row.disabled),
      createdAt: row.created_at as number,
      userCount: row.user_count as number,
      objectCount: row.object_count as number,
    };
  }

  async list(accountId: number) {
    const rows = this.db.prepare(`${this.select} ORDER BY a.name COLLATE NOCASE, a.id`).all(accountId);
    return (rows as Record<string, unknown>[]).map((row) => this.fromRow(row));
  }

  async get(accountId: number, managedAccountId: number) {
    const row = this.db.prepare(`${this.select} AND a.id = ?`).get(accountId, managedAccountId);
    return row ? this.fromRow(row as Record<string, unknown>) : undefined;
  }
}
