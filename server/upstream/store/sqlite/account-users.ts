/** SQLite implementation of the member-side user calls and the account's invoice list. */

import { generateUid } from "../../identity/secrets.ts";
import { isUniqueViolation, parseJson, type SqliteDatabase } from "../database.ts";
import type { InvoiceRecord } from "../records-content.ts";
import { StoreConflictError } from "../types.ts";
import type {
  AdministratorRoles,
  InvitationLink,
  MemberChange,
  MemberUser,
  MemberUserQuery,
  PeopleStoreFamily,
} from "../types-people.ts";
import { type CountRow, orderBy, searchCondition } from "./content-common.ts";
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
} from "./people-users-sql.ts";

function invoiceFromRow(row: Record<string, unknown>): InvoiceRecord {
  return {
    recId: row.id as number,
    accountId: row.account_id as number,
    number: row.number as string,
    issuedAt: row.issued_at as number,
    dueAt: row.due_at as number,
    status: row.status as InvoiceRecord["status"],
    currency: row.currency as string,
    totalCents: row.total_cents as number,
    lines: parseJson<InvoiceRecord["lines"]>(row.lines, []),
  };
}

/** Member users and invoices in SQLite. */
export class SqlitePeopleStore implements PeopleStoreFamily {
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

  async listInvoices(accountId: number, page: { offset: number; limit: number }) {
    const total = (
      this.db.prepare("SELECT COUNT(*) AS n FROM invoices WHERE account_id = ?").get(accountId) as CountRow
    ).n;
    const rows = this.db
      .prepare(
        "SELECT * FROM invoices WHERE account_id = ? ORDER BY issued_at DESC, id DESC LIMIT ? OFFSET ?",
      )
      .all(accountId, page.limit, page.offset) as Record<string, unknown>[];
    return { items: rows.map(invoiceFromRow), total };
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
