/** SQLite implementation of sessions and staff permissions. */
import type { AdminModuleAccess, AdminModuleKey, AdminPermissionMap } from "../../identity/admin-modules.ts";
import type { SqliteDatabase } from "../database.ts";
import type { SessionEndReason, SessionRecord } from "../records.ts";
import type { SessionStoreFamily, StaffStoreFamily } from "../types/identity.ts";
import { accountFromRow, SELECT_ACCOUNT } from "./account-rows.ts";
import { USER_COLUMNS, userFromRow } from "./users.ts";

function sessionFromRow(row: Record<string, unknown>): SessionRecord {
  return {
    id: row.id as number,
    accountId: row.account_id as number,
    userId: row.user_id as number,
    impersonatorAccountId: (row.impersonator_account_id as number | null) ?? null,
    impersonatorUserId: (row.impersonator_user_id as number | null) ?? null,
    impersonatorSessionId: (row.impersonator_session_id as number | null) ?? null,
    createdAt: row.created_at as number,
    lastSeenAt: row.last_seen_at as number,
    expiresAt: row.expires_at as number,
    revokedAt: (row.revoked_at as number | null) ?? null,
    endedBy: (row.ended_by as SessionEndReason | null) ?? null,
    readOnly: row.read_only === 1,
  };
}

export class SqliteSessionStore implements SessionStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

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
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO sessions (token_hash, account_id, user_id, impersonator_account_id, impersonator_user_id,
           impersonator_session_id, created_at, last_seen_at, expires_at, read_only)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        input.tokenHash,
        input.accountId,
        input.userId,
        input.impersonatorAccountId ?? null,
        input.impersonatorUserId ?? null,
        input.impersonatorSessionId ?? null,
        now,
        now,
        input.expiresAt,
        input.readOnly === true ? 1 : 0,
      );
    return (await this.get(input.accountId, Number(lastInsertRowid))) as SessionRecord;
  }

  async resolveByTokenHash(tokenHash: string) {
    const row = this.db.prepare("SELECT * FROM sessions WHERE token_hash = ?").get(tokenHash);
    return row ? sessionFromRow(row as Record<string, unknown>) : undefined;
  }

  async get(accountId: number, sessionId: number) {
    const row = this.db
      .prepare("SELECT * FROM sessions WHERE account_id = ? AND id = ?")
      .get(accountId, sessionId);
    return row ? sessionFromRow(row as Record<string, unknown>) : undefined;
  }

  async touch(accountId: number, sessionId: number, at: number) {
    this.db
      .prepare("UPDATE sessions SET last_seen_at = MAX(last_seen_at, ?) WHERE account_id = ? AND id = ?")
      .run(at, accountId, sessionId);
  }

  async revoke(accountId: number, sessionId: number, at: number, endedBy?: SessionEndReason) {
    this.db
      .prepare(
        `UPDATE sessions SET revoked_at = ?, ended_by = ?
         WHERE account_id = ? AND id = ? AND revoked_at IS NULL`,
      )
      .run(at, endedBy ?? null, accountId, sessionId);
  }

  async revokeAllForUser(accountId: number, userId: number, at: number, exceptSessionId?: number | null) {
    const result = this.db
      .prepare(
        `UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND user_id = ? AND revoked_at IS NULL
           AND (? IS NULL OR id <> ?)`,
      )
      .run(at, accountId, userId, exceptSessionId ?? null, exceptSessionId ?? null);
    return result.changes;
  }
}

/** Staff permissions in SQLite. */
export class SqliteStaffStore implements StaffStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async adminPermissions(accountId: number, userId: number): Promise<AdminPermissionMap> {
    const rows = this.db
      .prepare(
        "SELECT module, can_read, can_write FROM admin_permissions WHERE account_id = ? AND user_id = ?",
      )
      .all(accountId, userId) as { module: AdminModuleKey; can_read: number; can_write: number }[];
    return new Map<AdminModuleKey, AdminModuleAccess>(
      rows.map((row) => [row.module, { Read: row.can_read === 1, Write: row.can_write === 1 }]),
    );
  }

  async setAdminPermissions(accountId: number, userId: number, permissions: AdminPermissionMap) {
    this.db.transaction(() => {
      this.db
        .prepare("DELETE FROM admin_permissions WHERE account_id = ? AND user_id = ?")
        .run(accountId, userId);
      // Only for a user of that account: the key is (user, module), so a row under another account
      // would be read by nobody and would block the user's own account from granting the module.
      const insert = this.db.prepare(
        `INSERT INTO admin_permissions (account_id, user_id, module, can_read, can_write)
         SELECT account_id, id, ?, ?, ? FROM users WHERE account_id = ? AND id = ?`,
      );
      for (const [module, access] of permissions) {
        // Write implies Read (§6: Write is the stronger right on a module).
        const read = access.Read || access.Write;
        if (read) insert.run(module, 1, access.Write ? 1 : 0, accountId, userId);
      }
    })();
  }

  async getUserForAdmin(userId: number) {
    const row = this.db.prepare(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ?`).get(userId) as
      | Record<string, unknown>
      | undefined;
    if (!row) return undefined;
    const user = userFromRow(row);
    const account = this.db.prepare(`${SELECT_ACCOUNT} WHERE a.id = ?`).get(user.accountId) as Record<
      string,
      unknown
    >;
    return { user, account: accountFromRow(account) };
  }
}
