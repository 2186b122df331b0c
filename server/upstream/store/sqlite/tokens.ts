/** SQLite implementation of single-use tokens. */
import type { SqliteDatabase } from "../database.ts";
import type { OneTimeTokenKind, OneTimeTokenRecord } from "../records.ts";
import type { TokenStoreFamily } from "../types/identity.ts";

/** Marks a live token consumed and returns it; undefined when unknown, expired, used or of another kind. */
export function consumeToken(
  db: SqliteDatabase,
  kind: OneTimeTokenKind,
  tokenHash: string,
  now: number,
): OneTimeTokenRecord | undefined {
  const row = db
    .prepare(
      `UPDATE one_time_tokens SET consumed_at = ?
       WHERE token_hash = ? AND kind = ? AND consumed_at IS NULL AND expires_at > ?
       RETURNING kind, account_id, user_id, issued_by_user_id, created_at, expires_at`,
    )
    .get(now, tokenHash, kind, now) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  return {
    kind: row.kind as OneTimeTokenKind,
    accountId: row.account_id as number,
    userId: row.user_id as number,
    issuedByUserId: (row.issued_by_user_id as number | null) ?? null,
    createdAt: row.created_at as number,
    expiresAt: row.expires_at as number,
  };
}

/** Single-use tokens in SQLite. */
export class SqliteTokenStore implements TokenStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async issue(
    input: {
      kind: OneTimeTokenKind;
      tokenHash: string;
      accountId: number;
      userId: number;
      issuedByUserId?: number | null;
      expiresAt: number;
    },
    now: number,
  ) {
    this.db.transaction(() => {
      // Expired or used tokens are kept no longer than a day, for support questions.
      this.db.prepare("DELETE FROM one_time_tokens WHERE expires_at < ?").run(now - 24 * 3600_000);
      this.db
        .prepare(
          `INSERT INTO one_time_tokens (token_hash, kind, account_id, user_id, issued_by_user_id, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          input.tokenHash,
          input.kind,
          input.accountId,
          input.userId,
          input.issuedByUserId ?? null,
          now,
          input.expiresAt,
        );
    })();
  }

  async resolveAndConsume(kind: OneTimeTokenKind, tokenHash: string, now: number) {
    return consumeToken(this.db, kind, tokenHash, now);
  }
}
