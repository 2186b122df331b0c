/** SQLite implementation of the credential family (passwords, TOTP, token-driven resets). */
import type { SqliteDatabase } from "../database.ts";
import type { OneTimeTokenKind, UserRecord } from "../records.ts";
import type { CredentialStoreFamily } from "../types/identity.ts";
import { consumeToken } from "./tokens.ts";
import { selectUser } from "./users.ts";

/** Passwords and second factors in SQLite. */
export class SqliteCredentialStore implements CredentialStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private revokeSessions(accountId: number, userId: number, now: number, keepSessionId: number | null) {
    // Impersonation sessions of the user end too: they ride on the user's identity.
    this.db
      .prepare(
        `UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND user_id = ? AND revoked_at IS NULL
           AND (? IS NULL OR id <> ?)`,
      )
      .run(now, accountId, userId, keepSessionId, keepSessionId);
  }

  async setPassword(
    accountId: number,
    userId: number,
    hash: string,
    keepSessionId: number | null,
    now: number,
  ) {
    this.db.transaction(() => {
      this.db
        .prepare("UPDATE users SET password_hash = ? WHERE account_id = ? AND id = ?")
        .run(hash, accountId, userId);
      this.revokeSessions(accountId, userId, now, keepSessionId);
    })();
  }

  private withToken(
    kind: OneTimeTokenKind,
    tokenHash: string,
    now: number,
    change: (token: { accountId: number; userId: number }) => void,
  ) {
    return this.db.transaction((): UserRecord | undefined => {
      const token = consumeToken(this.db, kind, tokenHash, now);
      if (!token) return undefined;
      change(token);
      return selectUser(this.db, token.accountId, token.userId);
    })();
  }

  async resetPassword(tokenHash: string, hash: string, now: number) {
    return this.withToken("PasswordReset", tokenHash, now, ({ accountId, userId }) => {
      this.db
        .prepare("UPDATE users SET password_hash = ? WHERE account_id = ? AND id = ?")
        .run(hash, accountId, userId);
      this.revokeSessions(accountId, userId, now, null);
    });
  }

  async setPendingTotpSecret(accountId: number, userId: number, secret: string) {
    this.db
      .prepare("UPDATE users SET totp_pending_secret = ? WHERE account_id = ? AND id = ?")
      .run(secret, accountId, userId);
  }

  async enableTotp(accountId: number, userId: number, step: number) {
    const result = this.db
      .prepare(
        `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = ?
         WHERE account_id = ? AND id = ? AND totp_pending_secret IS NOT NULL`,
      )
      .run(step, accountId, userId);
    return result.changes === 1;
  }

  async disableTotp(accountId: number, userId: number) {
    this.db
      .prepare(
        "UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE account_id = ? AND id = ?",
      )
      .run(accountId, userId);
  }

  async disableTotpWithToken(tokenHash: string, now: number) {
    return this.withToken("DisableTwoFactor", tokenHash, now, ({ accountId, userId }) => {
      this.db
        .prepare(
          "UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE account_id = ? AND id = ?",
        )
        .run(accountId, userId);
    });
  }

  async acceptTotpStep(accountId: number, userId: number, step: number) {
    const result = this.db
      .prepare(
        `UPDATE users SET totp_last_step = ? WHERE account_id = ? AND id = ?
           AND (totp_last_step IS NULL OR totp_last_step < ?)`,
      )
      .run(step, accountId, userId, step);
    return result.changes === 1;
  }
}
