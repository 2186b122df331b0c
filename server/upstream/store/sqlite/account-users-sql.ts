/**
 * SQL of the member-side user list (store/types/account-users.ts): the columns, the status rule and the
 * administrator count the guarded changes use. Every statement filters on the account.
 */
import type { SqliteDatabase } from "../database.ts";
import { bool } from "../database.ts";
import type { MemberUser, MemberUserStatus } from "../types/account-users.ts";

/** The token kind of invitation links: /newaccountuser sets the first password like a reset. */
export const INVITATION_TOKEN_KIND = "PasswordReset";

/** Disabled (by the account or locked by staff) wins over Invited (no password yet). */
export const STATUS_SQL = `CASE WHEN u.disabled = 1 OR COALESCE(p.locked, 0) = 1 THEN 'Disabled'
  WHEN u.password_hash IS NULL THEN 'Invited' ELSE 'Active' END`;

/** Members only: staff and support agents are managed in the admin area. */
export const MEMBER_FROM = `FROM users u
  LEFT JOIN user_admin_profiles p ON p.user_id = u.id
  LEFT JOIN roles r ON r.id = u.role_id AND r.account_id = u.account_id`;

/** The WHERE clause every member query starts with (named parameter @accountId). */
export const MEMBER_WHERE = "u.account_id = @accountId AND u.is_staff = 0 AND u.is_internal_support = 0";

/** The columns of a MemberUser (named parameter @now for the open invitation). */
export const MEMBER_COLUMNS = `u.id, u.uid, u.full_name, u.email, u.role_id, r.name AS role_name,
  ${STATUS_SQL} AS status, COALESCE(p.locked, 0) AS locked, u.totp_secret IS NOT NULL AS two_factor,
  u.created_at,
  (SELECT MAX(s.created_at) FROM sessions s
    WHERE s.account_id = u.account_id AND s.user_id = u.id AND s.impersonator_user_id IS NULL) AS last_login_at,
  CASE WHEN u.password_hash IS NULL THEN (SELECT MAX(t.expires_at) FROM one_time_tokens t
    WHERE t.account_id = u.account_id AND t.user_id = u.id AND t.kind = '${INVITATION_TOKEN_KIND}'
      AND t.consumed_at IS NULL AND t.expires_at > @now) END AS invitation_expires_at`;

/** The list's sort fields mapped to SQL (nothing from the request reaches the SQL text). */
export const MEMBER_SORT_COLUMNS: Readonly<Record<string, string>> = {
  FullName: "u.full_name COLLATE NOCASE",
  Email: "u.email COLLATE NOCASE",
  RoleName: "r.name COLLATE NOCASE",
  Status: STATUS_SQL,
  LastLoginAt: "last_login_at",
};

/** Maps a row selected with MEMBER_COLUMNS. */
export function memberFromRow(row: Record<string, unknown>): MemberUser {
  return {
    recId: row.id as number,
    uid: row.uid as string,
    fullName: row.full_name as string,
    email: row.email as string,
    roleId: (row.role_id as number | null) ?? null,
    roleName: (row.role_name as string | null) ?? null,
    status: row.status as MemberUserStatus,
    lockedBySupport: bool(row.locked),
    lastLoginAt: (row.last_login_at as number | null) ?? null,
    twoFactorEnabled: bool(row.two_factor),
    createdAt: row.created_at as number,
    invitationExpiresAt: (row.invitation_expires_at as number | null) ?? null,
  };
}

/** Reads one member of the account. */
export function selectMember(
  db: SqliteDatabase,
  accountId: number,
  userId: number,
  now: number,
): MemberUser | undefined {
  const row = db
    .prepare(`SELECT ${MEMBER_COLUMNS} ${MEMBER_FROM} WHERE ${MEMBER_WHERE} AND u.id = @userId`)
    .get({ accountId, userId, now });
  return row ? memberFromRow(row as Record<string, unknown>) : undefined;
}

/** Whether the user is an active holder of one of `roleIds` (can manage users right now). */
export function isActiveAdministrator(user: MemberUser, roleIds: readonly number[]): boolean {
  return user.status === "Active" && user.roleId !== null && roleIds.includes(user.roleId);
}

/** Active members other than `exceptUserId` who hold one of `roleIds`. */
export function otherActiveAdministrators(
  db: SqliteDatabase,
  accountId: number,
  exceptUserId: number,
  roleIds: readonly number[],
): number {
  if (roleIds.length === 0) return 0;
  const placeholders = roleIds.map(() => "?").join(", ");
  const row = db
    .prepare(
      `SELECT COUNT(*) AS n FROM users u LEFT JOIN user_admin_profiles p ON p.user_id = u.id
       WHERE u.account_id = ? AND u.id <> ? AND u.is_staff = 0 AND u.is_internal_support = 0
         AND u.disabled = 0 AND COALESCE(p.locked, 0) = 0 AND u.password_hash IS NOT NULL
         AND u.role_id IN (${placeholders})`,
    )
    .get(accountId, exceptUserId, ...roleIds) as { n: number };
  return row.n;
}

/** Voids every open invitation or reset link of the user. */
export function voidOpenLinks(db: SqliteDatabase, accountId: number, userId: number, now: number): void {
  db.prepare(
    `UPDATE one_time_tokens SET consumed_at = ? WHERE account_id = ? AND user_id = ? AND kind = ?
       AND consumed_at IS NULL`,
  ).run(now, accountId, userId, INVITATION_TOKEN_KIND);
}

/** Stores a new invitation link. */
export function insertLink(
  db: SqliteDatabase,
  accountId: number,
  userId: number,
  link: { tokenHash: string; issuedByUserId: number; expiresAt: number },
  now: number,
): void {
  db.prepare(
    `INSERT INTO one_time_tokens (token_hash, kind, account_id, user_id, issued_by_user_id, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(link.tokenHash, INVITATION_TOKEN_KIND, accountId, userId, link.issuedByUserId, now, link.expiresAt);
}
