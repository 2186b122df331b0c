/** PostgreSQL implementation of the member-side user calls of one account (../sqlite/account-users.ts, /users). */
import { generateUid } from "../../identity/secrets.ts";
import { isActiveAdministrator } from "../sqlite/account-users-sql.ts";
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
import { namedRow, namedRows, orderBy, searchCondition } from "./content-common.ts";
import { isUniqueViolation, type Queryable, row, run, type UpstreamDatabase } from "./database.ts";

async function roleExists(on: Queryable, accountId: number, roleId: number) {
  return (
    (await row(on, "SELECT 1 FROM roles WHERE account_id = $1 AND id = $2", [accountId, roleId])) !==
    undefined
  );
}

/** Whether `user` is the account's only active administrator. */
async function lastAdministrator(
  on: Queryable,
  accountId: number,
  user: MemberUser,
  administrators: AdministratorRoles,
) {
  if (!isActiveAdministrator(user, administrators.roleIds)) return false;
  return (await otherActiveAdministrators(on, accountId, user.recId, administrators.roleIds)) === 0;
}

/** Member users in PostgreSQL. */
export class PostgresAccountUserStore implements AccountUserStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async listUsers(accountId: number, query: MemberUserQuery, now: number) {
    // users.email is nocase, which LIKE refuses: the search matches its bytes, ASCII case ignored (README.md).
    const search = searchCondition(`(u.full_name || ' ' || u.email COLLATE "C")`, query.search);
    const where = `${MEMBER_WHERE} AND ${search.sql} AND (@status::text IS NULL OR ${STATUS_SQL} = @status::text)`;
    const params = { accountId, now, search: search.value ?? null, status: query.status ?? null };
    const count = await namedRow<{ n: number }>(
      this.db.pool,
      `SELECT COUNT(*) AS n ${MEMBER_FROM} WHERE ${where}`,
      params,
    );
    const found = await namedRows(
      this.db.pool,
      `SELECT ${MEMBER_COLUMNS} ${MEMBER_FROM} WHERE ${where}
       ${orderBy(query, MEMBER_SORT_COLUMNS, "u.id")} LIMIT @limit OFFSET @offset`,
      { ...params, limit: query.limit, offset: query.offset },
    );
    return { items: found.map(memberFromRow), total: count?.n ?? 0 };
  }

  async getUser(accountId: number, userId: number, now: number) {
    return selectMember(this.db.pool, accountId, userId, now);
  }

  async invite(
    accountId: number,
    input: { email: string; fullName: string; roleId: number; languageCode: string },
    link: InvitationLink,
    now: number,
  ) {
    // The UID is drawn once, outside the transaction, which may run again (database.ts).
    const uid = generateUid();
    return this.db.transaction(async (tx): Promise<MemberUser | "unknownRole"> => {
      if (!(await roleExists(tx, accountId, input.roleId))) return "unknownRole";
      let userId: number;
      try {
        const inserted = await row<{ id: number }>(
          tx,
          `INSERT INTO users (uid, account_id, email, full_name, password_hash, language_code, role_id, created_at)
           VALUES ($1, $2, $3, $4, NULL, $5, $6, $7) RETURNING id`,
          [uid, accountId, input.email, input.fullName, input.languageCode, input.roleId, now],
        );
        userId = (inserted as { id: number }).id;
      } catch (error) {
        if (isUniqueViolation(error)) throw new StoreConflictError("email");
        throw error;
      }
      await insertLink(tx, accountId, userId, link, now);
      return (await selectMember(tx, accountId, userId, now)) as MemberUser;
    });
  }

  async renewInvitation(accountId: number, userId: number, link: InvitationLink, now: number) {
    return this.db.transaction(async (tx): Promise<MemberUser | "missing" | "notInvited"> => {
      const user = await selectMember(tx, accountId, userId, now);
      if (!user) return "missing";
      if (user.status !== "Invited") return "notInvited";
      await voidOpenLinks(tx, accountId, userId, now);
      await insertLink(tx, accountId, userId, link, now);
      return (await selectMember(tx, accountId, userId, now)) as MemberUser;
    });
  }

  async cancelInvitation(accountId: number, userId: number) {
    return this.db.transaction(async (tx): Promise<"ok" | "missing" | "notInvited"> => {
      const user = await selectMember(tx, accountId, userId, 0);
      if (!user) return "missing";
      if (user.status !== "Invited") return "notInvited";
      await run(tx, "DELETE FROM users WHERE account_id = $1 AND id = $2", [accountId, userId]);
      return "ok";
    });
  }

  async setRole(
    accountId: number,
    userId: number,
    roleId: number,
    administrators: AdministratorRoles,
    now: number,
  ) {
    return this.db.transaction(async (tx): Promise<MemberChange> => {
      const user = await selectMember(tx, accountId, userId, now);
      if (!user) return { result: "missing" };
      if (!(await roleExists(tx, accountId, roleId))) return { result: "unknownRole" };
      const demoted = !administrators.roleIds.includes(roleId);
      if (demoted && (await lastAdministrator(tx, accountId, user, administrators))) {
        return { result: "lastAdministrator" };
      }
      await run(tx, "UPDATE users SET role_id = $1 WHERE account_id = $2 AND id = $3", [
        roleId,
        accountId,
        userId,
      ]);
      return {
        result: "ok",
        user: (await selectMember(tx, accountId, userId, now)) as MemberUser,
        revoked: false,
      };
    });
  }

  async setDisabled(
    accountId: number,
    userId: number,
    disabled: boolean,
    administrators: AdministratorRoles,
    now: number,
  ) {
    return this.db.transaction(async (tx): Promise<MemberChange> => {
      const user = await selectMember(tx, accountId, userId, now);
      if (!user) return { result: "missing" };
      if (!disabled && user.lockedBySupport) return { result: "locked" };
      if (disabled && (await lastAdministrator(tx, accountId, user, administrators))) {
        return { result: "lastAdministrator" };
      }
      await run(tx, "UPDATE users SET disabled = $1 WHERE account_id = $2 AND id = $3", [
        disabled,
        accountId,
        userId,
      ]);
      let revoked = false;
      if (disabled) {
        // A disabled user's sessions end at once, and an open invitation link dies with them.
        revoked =
          (await run(
            tx,
            "UPDATE sessions SET revoked_at = $1 WHERE account_id = $2 AND user_id = $3 AND revoked_at IS NULL",
            [now, accountId, userId],
          )) > 0;
        await voidOpenLinks(tx, accountId, userId, now);
      }
      return { result: "ok", user: (await selectMember(tx, accountId, userId, now)) as MemberUser, revoked };
    });
  }
}
