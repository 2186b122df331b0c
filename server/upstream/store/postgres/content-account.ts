/**
 * The account screens' stores in PostgreSQL (../sqlite/content-account.ts): API keys (only a hash
 * of each secret is kept), usage metrics counted from the account's own records, and the accounts
 * it manages (its children).
 */
import { keyFromRow } from "../sqlite/content-account.ts";
import type {
  ApiKeyRecord,
  ApiKeyStoreFamily,
  ManagedAccountRecord,
  ManagedAccountStoreFamily,
  UsageMetrics,
  UsageStoreFamily,
} from "../types/account-resources.ts";
import { nocase } from "./content-common.ts";
import { type Queryable, row, rows, run, type SqlValue, type UpstreamDatabase } from "./database.ts";

const DAY_MS = 86_400_000;

const SELECT_KEY = `SELECT k.*, u.full_name AS created_by_full_name FROM api_keys k
  LEFT JOIN users u ON u.id = k.created_by_user_id AND u.account_id = k.account_id`;

export class PostgresApiKeyStore implements ApiKeyStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  private async read(on: Queryable, accountId: number, recId: number): Promise<ApiKeyRecord | undefined> {
    const found = await row<Record<string, unknown>>(
      on,
      `${SELECT_KEY} WHERE k.account_id = $1 AND k.id = $2`,
      [accountId, recId],
    );
    return found ? keyFromRow(found) : undefined;
  }

  async list(accountId: number) {
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      `${SELECT_KEY} WHERE k.account_id = $1 ORDER BY k.created_at DESC, k.id DESC`,
      [accountId],
    );
    return found.map(keyFromRow);
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
    const inserted = (await row<{ id: number }>(
      this.db.pool,
      `INSERT INTO api_keys (account_id, name, prefix, secret_hash, created_by_user_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [accountId, input.name, input.prefix, input.secretHash, input.createdByUserId, now, input.expiresAt],
    )) as { id: number };
    return (await this.read(this.db.pool, accountId, inserted.id)) as ApiKeyRecord;
  }

  async revoke(accountId: number, recId: number, userId: number, now: number) {
    return this.db.transaction(async (tx): Promise<ApiKeyRecord | "notFound" | "revoked"> => {
      const key = await this.read(tx, accountId, recId);
      if (!key) return "notFound";
      if (key.revokedAt !== null) return "revoked";
      await run(
        tx,
        "UPDATE api_keys SET revoked_at = $1, revoked_by_user_id = $2 WHERE account_id = $3 AND id = $4",
        [now, userId, accountId, recId],
      );
      return (await this.read(tx, accountId, recId)) as ApiKeyRecord;
    });
  }

  async resolve(secretHash: string, now: number) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      `${SELECT_KEY} WHERE k.secret_hash = $1 AND k.revoked_at IS NULL
         AND (k.expires_at IS NULL OR k.expires_at > $2) AND k.created_by_user_id IS NOT NULL`,
      [secretHash, now],
    );
    if (!found) return undefined;
    return {
      key: keyFromRow(found),
      accountId: found.account_id as number,
      userId: found.created_by_user_id as number,
    };
  }

  async touch(accountId: number, recId: number, now: number) {
    await run(this.db.pool, "UPDATE api_keys SET last_used_at = $1 WHERE account_id = $2 AND id = $3", [
      now,
      accountId,
      recId,
    ]);
  }
}

/** Usage metrics in PostgreSQL: every figure is a COUNT or SUM over the account's rows, read in one snapshot. */
export class PostgresUsageStore implements UsageStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async metrics(accountId: number, now: number, days: number): Promise<UsageMetrics> {
    const firstDay = Math.floor(now / DAY_MS) - days + 1;
    const since = firstDay * DAY_MS;
    const figures = await this.db.transaction(async (tx) => {
      // SUM of BIGINT is NUMERIC (a string): cast back; no rows is NULL, as in SQLite, then 0.
      const scalar = async (sql: string, params: SqlValue[]) =>
        (await row<{ n: number | null }>(tx, sql, params))?.n ?? 0;
      return {
        objectsByType: await rows<{ type: string; count: number }>(
          tx,
          `SELECT type, COUNT(*) AS count FROM objects WHERE account_id = $1 AND deleted_at IS NULL
           GROUP BY type ORDER BY type`,
          [accountId],
        ),
        perDay: await rows<{ day: number; n: number }>(
          tx,
          `SELECT created_at / ${DAY_MS} AS day, COUNT(*) AS n FROM sessions
           WHERE account_id = $1 AND created_at >= $2 AND impersonator_user_id IS NULL GROUP BY day`,
          [accountId, since],
        ),
        users: {
          total: await scalar("SELECT COUNT(*) AS n FROM users WHERE account_id = $1", [accountId]),
          enabled: await scalar("SELECT COUNT(*) AS n FROM users WHERE account_id = $1 AND NOT disabled", [
            accountId,
          ]),
          activeInPeriod: await scalar(
            `SELECT COUNT(DISTINCT user_id) AS n FROM sessions
             WHERE account_id = $1 AND created_at >= $2 AND impersonator_user_id IS NULL`,
            [accountId, since],
          ),
        },
        storage: {
          mediaBytes: await scalar("SELECT SUM(size)::BIGINT AS n FROM media_files WHERE account_id = $1", [
            accountId,
          ]),
          fileBytes: await scalar("SELECT SUM(size)::BIGINT AS n FROM files WHERE account_id = $1", [
            accountId,
          ]),
          attachmentBytes: await scalar(
            "SELECT SUM(size)::BIGINT AS n FROM comment_attachments WHERE account_id = $1",
            [accountId],
          ),
        },
      };
    });
    const perDay = new Map(figures.perDay.map((entry) => [entry.day, entry.n]));
    return {
      objectsByType: figures.objectsByType,
      users: figures.users,
      storage: figures.storage,
      sessionsPerDay: Array.from({ length: days }, (_, index) => ({
        date: new Date((firstDay + index) * DAY_MS).toISOString().slice(0, 10),
        count: perDay.get(firstDay + index) ?? 0,
      })),
    };
  }
}

/** Managed accounts in PostgreSQL: the accounts whose parent is the caller's account. */
export class PostgresManagedAccountStore implements ManagedAccountStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  private readonly select = `SELECT a.id, a.name, a.domain, a.subscription_type, a.disabled, a.created_at,
    (SELECT COUNT(*) FROM users WHERE account_id = a.id) AS user_count,
    (SELECT COUNT(*) FROM objects WHERE account_id = a.id AND deleted_at IS NULL) AS object_count
    FROM accounts a WHERE a.parent_account_id = $1`;

  private fromRow(found: Record<string, unknown>): ManagedAccountRecord {
    return {
      recId: found.id as number,
      name: found.name as string,
      domain: found.domain as string,
      subscriptionType: found.subscription_type as string,
      disabled: found.disabled as boolean,
      createdAt: found.created_at as number,
      userCount: found.user_count as number,
      objectCount: found.object_count as number,
    };
  }

  async list(accountId: number) {
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      `${this.select} ORDER BY ${nocase("a.name")}, a.id`,
      [accountId],
    );
    return found.map((entry) => this.fromRow(entry));
  }

  async get(accountId: number, managedAccountId: number) {
    const found = await row<Record<string, unknown>>(this.db.pool, `${this.select} AND a.id = $2`, [
      accountId,
      managedAccountId,
    ]);
    return found ? this.fromRow(found) : undefined;
  }
}
