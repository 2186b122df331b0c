/** PostgreSQL implementation of single-use tokens (../sqlite/tokens.ts). */
import type { OneTimeTokenKind, OneTimeTokenRecord } from "../records.ts";
import type { TokenStoreFamily } from "../types/identity.ts";
import { type Queryable, row, run, type UpstreamDatabase } from "./database.ts";

/**
 * Marks a live token consumed and returns it; undefined when unknown, expired, used or of another
 * kind. One UPDATE: of two callers racing on one token, the second waits for the first's row lock,
 * re-reads `consumed_at` and changes nothing, so a token is consumed at most once.
 */
export async function consumeToken(
  on: Queryable,
  kind: OneTimeTokenKind,
  tokenHash: string,
  now: number,
): Promise<OneTimeTokenRecord | undefined> {
  const found = await row<Record<string, unknown>>(
    on,
    `UPDATE one_time_tokens SET consumed_at = $1
     WHERE token_hash = $2 AND kind = $3 AND consumed_at IS NULL AND expires_at > $1
     RETURNING kind, account_id, user_id, issued_by_user_id, created_at, expires_at`,
    [now, tokenHash, kind],
  );
  if (!found) return undefined;
  return {
    kind: found.kind as OneTimeTokenKind,
    accountId: found.account_id as number,
    userId: found.user_id as number,
    issuedByUserId: (found.issued_by_user_id as number | null) ?? null,
    createdAt: found.created_at as number,
    expiresAt: found.expires_at as number,
  };
}

/** Single-use tokens in PostgreSQL. */
export class PostgresTokenStore implements TokenStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

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
    await this.db.transaction(async (tx) => {
      // Expired or used tokens are kept no longer than a day, for support questions.
      await run(tx, "DELETE FROM one_time_tokens WHERE expires_at < $1", [now - 24 * 3600_000]);
      await run(
        tx,
        `INSERT INTO one_time_tokens (token_hash, kind, account_id, user_id, issued_by_user_id, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          input.tokenHash,
          input.kind,
          input.accountId,
          input.userId,
          input.issuedByUserId ?? null,
          now,
          input.expiresAt,
        ],
      );
    });
  }

  async resolveAndConsume(kind: OneTimeTokenKind, tokenHash: string, now: number) {
    return consumeToken(this.db.pool, kind, tokenHash, now);
  }
}
