/**
 * SQL of the member-side user list on PostgreSQL (../sqlite/account-users-sql.ts): the columns, the
 * status rule and the administrator count the guarded changes use, with booleans for SQLite's 0/1.
 * Every statement filters on the account; named parameters (@accountId, @now, …) go through
 * `named` (./content-common.ts).
 */
import {
  INVITATION_TOKEN_KIND,
  MEMBER_FROM,
  memberFromRow as sqliteMemberFromRow,
} from "../sqlite/account-users-sql.ts";
import type { MemberUser } from "../types/account-users.ts";
import { namedRow, nocase } from "./content-common.ts";
import { type Queryable, row, run } from "./database.ts";

/** Disabled (by the account or locked by staff) wins over Invited (no password yet). */
export const STATUS_SQL = `CASE WHEN u.disabled OR COALESCE(p.locked, FALSE) THEN 'Disabled'
  WHEN u.password_hash IS NULL THEN 'Invited' ELSE 'Active' END`;

/** Members only (the SQLite clause, valid on both): staff and support agents are managed in the admin area. */
export { MEMBER_FROM };

/** The WHERE clause every member query starts with (named parameter @accountId). */
export const MEMBER_WHERE = "u.account_id = @accountId AND NOT u.is_staff AND NOT u.is_internal_support";

/** The columns of a MemberUser (named parameter @now for the open invitation). */
export const MEMBER_COLUMNS = `u.id, u.uid, u.full_name, u.email, u.role_id, r.name AS role_name,
  ${STATUS_SQL} AS status, COALESCE(p.locked, FALSE) AS locked, u.totp_secret IS NOT NULL AS two_factor,
  u.created_at,
  (SELECT MAX(s.created_at) FROM sessions s
    WHERE s.account_id = u.account_id AND s.user_id = u.id AND s.impersonator_user_id IS NULL) AS last_login_at,
  CASE WHEN u.password_hash IS NULL THEN (SELECT MAX(t.expires_at) FROM one_time_tokens t
    WHERE t.account_id = u.account_id AND t.user_id = u.id AND t.kind = '${INVITATION_TOKEN_KIND}'
      AND t.consumed_at IS NULL AND t.expires_at > @now) END AS invitation_expires_at`;

/**
 * The list's sort fields mapped to SQL (nothing from the request reaches the SQL text); NOCASE
 * columns sort as SQLite's NOCASE (README.md, ordering).
 */
export const MEMBER_SORT_COLUMNS: Readonly<Record<string, string>> = {
  FullName: nocase("u.full_name"),
  Email: nocase("u.email"),
  RoleName: nocase("r.name"),
  Status: STATUS_SQL,
  LastLoginAt: "last_login_at",
};

/** Maps a row selected with MEMBER_COLUMNS: SQLite's mapping with the driver's booleans. */
export function memberFromRow(found: Record<string, unknown>): MemberUser {
  return {
    ...sqliteMemberFromRow(found),
    lockedBySupport: found.locked as boolean,
    twoFactorEnabled: found.two_factor as boolean,
  };
}

/** Reads one member of the account. */
export async function selectMember(
  on: Queryable,
  accountId: number,
  userId: number,
  now: number,
): Promise<MemberUser | undefined> {
  const found = await namedRow(
    on,
    `SELECT ${MEMBER_COLUMNS} ${MEMBER_FROM} WHERE ${MEMBER_WHERE} AND u.id = @userId`,
    { accountId, userId, now },
  );
  return found ? memberFromRow(found) : undefined;
}

/** Active members other than `exceptUserId` who hold one of `roleIds`. */
export async function otherActiveAdministrators(
  on: Queryable,
  accountId: number,
  exceptUserId: number,
  roleIds: readonly number[],
): Promise<number> {
  if (roleIds.length === 0) return 0;
  const found = await row<{ n: number }>(
    on,
    `SELECT COUNT(*) AS n FROM users u LEFT JOIN user_admin_profiles p ON p.user_id = u.id
     WHERE u.account_id = $1 AND u.id <> $2 AND NOT u.is_staff AND NOT u.is_internal_support
       AND NOT u.disabled AND NOT COALESCE(p.locked, FALSE) AND u.password_hash IS NOT NULL
       AND u.role_id = ANY($3::bigint[])`,
    [accountId, exceptUserId, roleIds],
  );
  return found?.n ?? 0;
}

/** Voids every open invitation or reset link of the user. */
export async function voidOpenLinks(on: Queryable, accountId: number, userId: number, now: number) {
  await run(
    on,
    `UPDATE one_time_tokens SET consumed_at = $1 WHERE account_id = $2 AND user_id = $3 AND kind = $4
       AND consumed_at IS NULL`,
    [now, accountId, userId, INVITATION_TOKEN_KIND],
  );
}

/** Stores a new invitation link. */
export async function insertLink(
  on: Queryable,
  accountId: number,
  userId: number,
  link: { tokenHash: string; issuedByUserId: number; expiresAt: number },
  now: number,
) {
  await run(
    on,
    `INSERT INTO one_time_tokens (token_hash, kind, account_id, user_id, issued_by_user_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [link.tokenHash, INVITATION_TOKEN_KIND, accountId, userId, link.issuedByUserId, now, link.expiresAt],
  );
}
