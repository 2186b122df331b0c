/** PostgreSQL implementation of sessions and staff permissions (../sqlite/sessions.ts). */
import type { AdminModuleAccess, AdminModuleKey, AdminPermissionMap } from "../../identity/admin-modules.ts";
import type { SessionEndReason, SessionRecord } from "../records.ts";
import type { SessionStoreFamily, StaffStoreFamily } from "../types/identity.ts";
import { accountFromRow, SELECT_ACCOUNT } from "./account-rows.ts";
import { row, rows, run, type UpstreamDatabase } from "./database.ts";
import { USER_COLUMNS, userFromRow } from "./users.ts";

function sessionFromRow(found: Record<string, unknown>): SessionRecord {
  return {
    id: found.id as number,
    accountId: found.account_id as number,
    userId: found.user_id as number,
    impersonatorAccountId: (found.impersonator_account_id as number | null) ?? null,
    impersonatorUserId: (found.impersonator_user_id as number | null) ?? null,
    impersonatorSessionId: (found.impersonator_session_id as number | null) ?? null,
    createdAt: found.created_at as number,
    lastSeenAt: found.last_seen_at as number,
    expiresAt: found.expires_at as number,
    revokedAt: (found.revoked_at as number | null) ?? null,
    endedBy: (found.ended_by as SessionEndReason | null) ?? null,
    readOnly: found.read_only as boolean,
  };
}

export class PostgresSessionStore implements SessionStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async create(
    input: {
      tokenHash: string;
      accountId: number;
      userId: number;
      impersonatorAccountId?: number | null;
      impersonatorUserId?: number | null;
      impersonatorSessionId?: number | null;
      expiresAt: number;
      readOnly?: boolean;
    },
    now: number,
  ) {
    const inserted = await row<Record<string, unknown>>(
      this.db.pool,
      `INSERT INTO sessions (token_hash, account_id, user_id, impersonator_account_id, impersonator_user_id,
         impersonator_session_id, created_at, last_seen_at, expires_at, read_only)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9) RETURNING *`,
      [
        input.tokenHash,
        input.accountId,
        input.userId,
        input.impersonatorAccountId ?? null,
        input.impersonatorUserId ?? null,
        input.impersonatorSessionId ?? null,
        now,
        input.expiresAt,
        input.readOnly === true,
      ],
    );
    return sessionFromRow(inserted as Record<string, unknown>);
  }

  async resolveByTokenHash(tokenHash: string) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      "SELECT * FROM sessions WHERE token_hash = $1",
      [tokenHash],
    );
    return found ? sessionFromRow(found) : undefined;
  }

  async get(accountId: number, sessionId: number) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      "SELECT * FROM sessions WHERE account_id = $1 AND id = $2",
      [accountId, sessionId],
    );
    return found ? sessionFromRow(found) : undefined;
  }

  async touch(accountId: number, sessionId: number, at: number) {
    // SQLite's two-argument MAX is GREATEST: a late, older touch never moves last_seen_at back.
    await run(
      this.db.pool,
      "UPDATE sessions SET last_seen_at = GREATEST(last_seen_at, $1) WHERE account_id = $2 AND id = $3",
      [at, accountId, sessionId],
    );
  }

  async revoke(accountId: number, sessionId: number, at: number, endedBy?: SessionEndReason) {
    await run(
      this.db.pool,
      `UPDATE sessions SET revoked_at = $1, ended_by = $2
       WHERE account_id = $3 AND id = $4 AND revoked_at IS NULL`,
      [at, endedBy ?? null, accountId, sessionId],
    );
  }

  async revokeAllForUser(accountId: number, userId: number, at: number, exceptSessionId?: number | null) {
    return run(
      this.db.pool,
      `UPDATE sessions SET revoked_at = $1 WHERE account_id = $2 AND user_id = $3 AND revoked_at IS NULL
         AND ($4::bigint IS NULL OR id <> $4::bigint)`,
      [at, accountId, userId, exceptSessionId ?? null],
    );
  }
}

/** Staff permissions in PostgreSQL. */
export class PostgresStaffStore implements StaffStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async adminPermissions(accountId: number, userId: number): Promise<AdminPermissionMap> {
    const found = await rows<{ module: AdminModuleKey; can_read: boolean; can_write: boolean }>(
      this.db.pool,
      "SELECT module, can_read, can_write FROM admin_permissions WHERE account_id = $1 AND user_id = $2",
      [accountId, userId],
    );
    return new Map<AdminModuleKey, AdminModuleAccess>(
      found.map((entry) => [entry.module, { Read: entry.can_read, Write: entry.can_write }]),
    );
  }

  async setAdminPermissions(accountId: number, userId: number, permissions: AdminPermissionMap) {
    await this.db.transaction(async (tx) => {
      await run(tx, "DELETE FROM admin_permissions WHERE account_id = $1 AND user_id = $2", [
        accountId,
        userId,
      ]);
      for (const [module, access] of permissions) {
        // Write implies Read (§6: Write is the stronger right on a module).
        const read = access.Read || access.Write;
        if (!read) continue;
        // Only for a user of that account: the key is (user, module), so a row under another account
        // would be read by nobody and would block the user's own account from granting the module.
        await run(
          tx,
          `INSERT INTO admin_permissions (account_id, user_id, module, can_read, can_write)
           SELECT account_id, id, $3, TRUE, $4 FROM users WHERE account_id = $1 AND id = $2`,
          [accountId, userId, module, access.Write],
        );
      }
    });
  }

  async getUserForAdmin(userId: number) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`,
      [userId],
    );
    if (!found) return undefined;
    const user = userFromRow(found);
    const account = await row<Record<string, unknown>>(this.db.pool, `${SELECT_ACCOUNT} WHERE a.id = $1`, [
      user.accountId,
    ]);
    return account ? { user, account: accountFromRow(account) } : undefined;
  }
}
