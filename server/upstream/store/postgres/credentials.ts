/** PostgreSQL implementation of the credential family (../sqlite/credentials.ts). */
import type { OneTimeTokenKind, UserRecord } from "../records.ts";
import type { CredentialStoreFamily } from "../types/identity.ts";
import { type Queryable, run, type UpstreamDatabase } from "./database.ts";
import { consumeToken } from "./tokens.ts";
import { selectUser } from "./users.ts";

const CLEAR_TOTP =
  "UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE account_id = $1 AND id = $2";

/** Passwords and second factors in PostgreSQL. */
export class PostgresCredentialStore implements CredentialStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  private async revokeSessions(
    on: Queryable,
    accountId: number,
    userId: number,
    now: number,
    keepSessionId: number | null,
  ) {
    // Impersonation sessions of the user end too: they ride on the user's identity.
    await run(
      on,
      `UPDATE sessions SET revoked_at = $1 WHERE account_id = $2 AND user_id = $3 AND revoked_at IS NULL
         AND ($4::bigint IS NULL OR id <> $4::bigint)`,
      [now, accountId, userId, keepSessionId],
    );
  }

  async setPassword(
    accountId: number,
    userId: number,
    hash: string,
    keepSessionId: number | null,
    now: number,
  ) {
    await this.db.transaction(async (tx) => {
      await run(tx, "UPDATE users SET password_hash = $1 WHERE account_id = $2 AND id = $3", [
        hash,
        accountId,
        userId,
      ]);
      await this.revokeSessions(tx, accountId, userId, now, keepSessionId);
    });
  }

  private withToken(
    kind: OneTimeTokenKind,
    tokenHash: string,
    now: number,
    change: (tx: Queryable, token: { accountId: number; userId: number }) => Promise<void>,
  ): Promise<UserRecord | undefined> {
    return this.db.transaction(async (tx) => {
      const token = await consumeToken(tx, kind, tokenHash, now);
      if (!token) return undefined;
      await change(tx, token);
      return selectUser(tx, token.accountId, token.userId);
    });
  }

  async resetPassword(tokenHash: string, hash: string, now: number) {
    return this.withToken("PasswordReset", tokenHash, now, async (tx, { accountId, userId }) => {
      await run(tx, "UPDATE users SET password_hash = $1 WHERE account_id = $2 AND id = $3", [
        hash,
        accountId,
        userId,
      ]);
      await this.revokeSessions(tx, accountId, userId, now, null);
    });
  }

  async setPendingTotpSecret(accountId: number, userId: number, secret: string) {
    await run(this.db.pool, "UPDATE users SET totp_pending_secret = $1 WHERE account_id = $2 AND id = $3", [
      secret,
      accountId,
      userId,
    ]);
  }

  async enableTotp(accountId: number, userId: number, step: number) {
    const changed = await run(
      this.db.pool,
      `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $1
       WHERE account_id = $2 AND id = $3 AND totp_pending_secret IS NOT NULL`,
      [step, accountId, userId],
    );
    return changed === 1;
  }

  async disableTotp(accountId: number, userId: number) {
    await run(this.db.pool, CLEAR_TOTP, [accountId, userId]);
  }

  async disableTotpWithToken(tokenHash: string, now: number) {
    return this.withToken("DisableTwoFactor", tokenHash, now, async (tx, { accountId, userId }) => {
      await run(tx, CLEAR_TOTP, [accountId, userId]);
    });
  }

  async acceptTotpStep(accountId: number, userId: number, step: number) {
    // One UPDATE with the comparison in its WHERE: of two logins racing with one code, one wins.
    const changed = await run(
      this.db.pool,
      `UPDATE users SET totp_last_step = $1 WHERE account_id = $2 AND id = $3
         AND (totp_last_step IS NULL OR totp_last_step < $1)`,
      [step, accountId, userId],
    );
    return changed === 1;
  }
}
