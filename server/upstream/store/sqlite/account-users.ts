/** SQLite implementation of the member-side user calls of one account (`store.accountUsers`, /users). */

import { generateUid } from "../../identity/secrets.ts";
import { isUniqueViolation, type SqliteDatabase } from "../database.ts";
import type {
  AccountUserStoreFamily,
  AdministratorRoles,
  InvitationLink,
  MemberChange,
  MemberUser,
  MemberUserQuery,
} from "../types/account-users.ts";
import { StoreConflictError } from "../types/identity.ts";
import {
  insertLink,
  isActiveAdministrator,
  MEMBER_COLUMNS,
  MEMBER_FROM,
  MEMBER_SORT_COLUMNS,
  MEMBER_WHERE,
  memberFromRow,
  otherActiveAdministrators,
  STATUS_SQL,
  selectMember,
  voidOpenLinks,
} from "./account-users-sql.ts";
import { type CountRow, orderBy, searchCondition } from "./content-common.ts";

/** Member users and invoices in SQLite. */
export class SqliteAccountUserStore implements AccountUserStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async listUsers(accountId: number, query: MemberUserQuery, now: number) {
    const search = searchCondition("(u.full_name || ' ' || u.email)", query.search);
    const where = `${MEMBER_WHERE} AND ${search.sql} AND (@status IS NULL OR ${STATUS_SQL} = @status)`;
    const params = { accountId, now, search: search.value ?? null, status: query.status ?? null };
    const total = (
      this.db.prepare(`SELECT COUNT(*) AS n ${MEMBER_FROM} WHERE ${where}`).get(params) as CountRow
    ).n;
    const rows = this.db
      .prepare(
        `SELECT ${MEMBER_COLUMNS} ${MEMBER_FROM} WHERE ${where}
         ${orderBy(query, MEMBER_SORT_COLUMNS, "u.id")} LIMIT @limit OFFSET @offset`,
      )
      .all({ ...params, limit: query.limit, offset: query.offset }) as Record<string, unknown>[];
    return { items: rows.map(memberFromRow), total };
  }

  async getUser(accountId: number, userId: number, now: number) {
    return selectMember(this.db, accountId, userId, now);
  }

  async invite(
    accountId: number,
    input: { email: string; fullName: string; roleId: number; languageCode: string },
    link: InvitationLink,
    now: number,
  ) {
    return this.db.transaction((): MemberUser | "unknownRole" => {
      if (!this.roleExists(accountId, input.roleId)) return "unknownRole";
      let userId: number;
      try {
        const inserted = this.db
          .prepare(
            `INSERT INTO users (uid, account_id, email, full_name, password_hash, language_code, role_id, created_at)
             VALUES (?, ?, ?, ?, NULL, ?, ?, ?)`,
          )
          .run(generateUid(), accountId, input.email, input.fullName, input.languageCode, input.roleId, now);
        userId = Number(inserted.lastInsertRowid);
      } catch (error) {
        if (isUniqueViolation(error)) throw new StoreConflictError("email");
        throw error;
      }
      insertLink(this.db, accountId, userId, link, now);
      return selectMember(this.db, accountId, userId, now) as MemberUser;
    })();
  }

  async renewInvitation(accountId: number, userId: number, link: InvitationLink, now: number) {
    return this.db.transaction((): MemberUser | "missing" | "notInvited" => {
      const user = selectMember(this.db, accountId, userId, now);
      if (!user) return "missing";
      if (user.status !== "Invited") return "notInvited";
      voidOpenLinks(this.db, accountId, userId, now);
      insertLink(this.db, accountId, userId, link, now);
      return selectMember(this.db, accountId, userId, now) as MemberUser;
    })();
  }

  async cancelInvitation(accountId: number, userId: number) {
    return this.db.transaction((): "ok" | "missing" | "notInvited" => {
      const user = selectMember(this.db, accountId, userId, 0);
      if (!user) return "missing";
      if (user.status !== "Invited") return "notInvited";
      this.db.prepare("DELETE FROM users WHERE account_id = ? AND id = ?").run(accountId, userId);
      return "ok";
    })();
  }

  async setRole(
    accountId: number,
    userId: number,
    roleId: number,
    administrators: AdministratorRoles,
    now: number,
  ) {
    return this.db.transaction((): MemberChange => {
      const user = selectMember(this.db, accountId, userId, now);
      if (!user) return { result: "missing" };
      if (!this.roleExists(accountId, roleId)) return { result: "unknownRole" };
      const demoted = !administrators.roleIds.includes(roleId);
      if (demoted && this.lastAdministrator(accountId, user, administrators)) {
        return { result: "lastAdministrator" };
      }
      this.db
        .prepare("UPDATE users SET role_id = ? WHERE account_id = ? AND id = ?")
        .run(roleId, accountId, userId);
      return {
        result: "ok",
        user: selectMember(this.db, accountId, userId, now) as MemberUser,
        revoked: false,
      };
    })();
  }

  async setDisabled(
    accountId: number,
    userId: number,
    disabled: boolean,
    administrators: AdministratorRoles,
    now: number,
  ) {
    return this.db.transaction((): MemberChange => {
      const user = selectMember(this.db, accountId, userId, now);
      if (!user) return { result: "missing" };
      if (!disabled && user.lockedBySupport) return { result: "locked" };
      if (disabled && this.lastAdministrator(accountId, user, administrators)) {
        return { result: "lastAdministrator" };
      }
      this.db
        .prepare("UPDATE users SET disabled = ? WHERE account_id = ? AND id = ?")
        .run(disabled ? 1 : 0, accountId, userId);
      let revoked = false;
      if (disabled) {
        // A disabled user's sessions end at once, and an open invitation link dies with them.
        revoked =
          this.db
            .prepare(
              "UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND user_id = ? AND revoked_at IS NULL",
            )
            .run(now, accountId, userId).changes > 0;
        voidOpenLinks(this.db, accountId, userId, now);
      }
      return { result: "ok", user: selectMember(this.db, accountId, userId, now) as MemberUser, revoked };
    })();
  }

  private roleExists(accountId: number, roleId: number): boolean {
    return (
      this.db.prepare("SELECT 1 FROM roles WHERE account_id = ? AND id = ?").get(accountId, roleId) !==
      undefined
    );
  }

  /** Whether `user` is the account's only active administrator. */
  private lastAdministrator(accountId: number, user: MemberUser, administrators: AdministratorRoles) {
    if (!isActiveAdministrator(user, administrators.roleIds)) return false;
    return otherActiveAdministrators(this.db, accountId, user.recId, administrators.roleIds) === 0;
  }
}
