/** PostgreSQL implementation of the user family (../sqlite/users.ts). */
import { generateUid } from "../../identity/secrets.ts";
import type { HomePageType, LogoImage, UserRecord, UserWithAccount } from "../records.ts";
import { type NewUserInput, StoreConflictError, type UserStoreFamily } from "../types/identity.ts";
import { accountFromRow, SELECT_ACCOUNT } from "./account-rows.ts";
import { isUniqueViolation, type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";

/** The user columns, without the avatar bytes. */
export const USER_COLUMNS = `u.id, u.uid, u.account_id, u.email, u.full_name, u.password_hash, u.language_code,
  u.home_page_type, u.home_page_menu, u.interface_preferences, u.role_id, u.is_staff, u.is_internal_support,
  u.totp_secret, u.totp_pending_secret, u.totp_last_step, u.avatar IS NOT NULL AS has_avatar, u.disabled, u.created_at`;

/** Maps a `users` row (selected with USER_COLUMNS) to a record. */
export function userFromRow(found: Record<string, unknown>): UserRecord {
  return {
    recId: found.id as number,
    uid: found.uid as string,
    accountId: found.account_id as number,
    email: found.email as string,
    fullName: found.full_name as string,
    passwordHash: (found.password_hash as string | null) ?? null,
    languageCode: found.language_code as string,
    homePageType: found.home_page_type as HomePageType,
    homePageRedirectionMenu: (found.home_page_menu as string | null) ?? null,
    interfacePreferences: (found.interface_preferences as string | null) ?? null,
    roleId: (found.role_id as number | null) ?? null,
    isStaff: found.is_staff as boolean,
    isInternalSupport: found.is_internal_support as boolean,
    totpSecret: (found.totp_secret as string | null) ?? null,
    totpPendingSecret: (found.totp_pending_secret as string | null) ?? null,
    totpLastStep: (found.totp_last_step as number | null) ?? null,
    hasAvatar: found.has_avatar as boolean,
    disabled: found.disabled as boolean,
    createdAt: found.created_at as number,
  };
}

/** Reads one user of an account. */
export async function selectUser(
  on: Queryable,
  accountId: number,
  userId: number,
): Promise<UserRecord | undefined> {
  const found = await row<Record<string, unknown>>(
    on,
    `SELECT ${USER_COLUMNS} FROM users u WHERE u.account_id = $1 AND u.id = $2`,
    [accountId, userId],
  );
  return found ? userFromRow(found) : undefined;
}

/** Inserts a user (on the caller's transaction, or alone); StoreConflictError("email") when taken. */
export async function insertUser(
  on: Queryable,
  accountId: number,
  input: NewUserInput,
  now: number,
): Promise<UserRecord> {
  try {
    const inserted = await row<Record<string, unknown>>(
      on,
      `INSERT INTO users AS u (uid, account_id, email, full_name, password_hash, language_code, home_page_type,
         home_page_menu, role_id, is_staff, is_internal_support, totp_secret, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       RETURNING ${USER_COLUMNS}`,
      [
        generateUid(),
        accountId,
        input.email,
        input.fullName,
        input.passwordHash,
        input.languageCode ?? "en",
        input.homePageType ?? "Default",
        input.homePageRedirectionMenu ?? null,
        input.roleId ?? null,
        input.isStaff ?? false,
        input.isInternalSupport ?? false,
        input.totpSecret ?? null,
        now,
      ],
    );
    return userFromRow(inserted as Record<string, unknown>);
  } catch (error) {
    if (isUniqueViolation(error)) throw new StoreConflictError("email");
    throw error;
  }
}

export class PostgresUserStore implements UserStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async resolveLoginCandidates(email: string, domain?: string): Promise<UserWithAccount[]> {
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      `SELECT ${USER_COLUMNS} FROM users u JOIN accounts a ON a.id = u.account_id
       WHERE u.email = $1 AND ($2::text IS NULL OR a.domain = $2::text) ORDER BY u.id`,
      [email, domain ?? null],
    );
    const candidates: UserWithAccount[] = [];
    for (const entry of found) {
      const account = await row<Record<string, unknown>>(this.db.pool, `${SELECT_ACCOUNT} WHERE a.id = $1`, [
        entry.account_id as number,
      ]);
      // An account removed between the two reads takes its users with it (ON DELETE CASCADE).
      if (account) candidates.push({ user: userFromRow(entry), account: accountFromRow(account) });
    }
    return candidates;
  }

  async get(accountId: number, userId: number) {
    return selectUser(this.db.pool, accountId, userId);
  }

  async getByUid(accountId: number, userUid: string) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      `SELECT ${USER_COLUMNS} FROM users u WHERE u.account_id = $1 AND u.uid = $2`,
      [accountId, userUid],
    );
    return found ? userFromRow(found) : undefined;
  }

  async create(accountId: number, input: NewUserInput, now: number) {
    return insertUser(this.db.pool, accountId, input, now);
  }

  async setInterfacePreferences(accountId: number, userId: number, json: string) {
    await run(this.db.pool, "UPDATE users SET interface_preferences = $1 WHERE account_id = $2 AND id = $3", [
      json,
      accountId,
      userId,
    ]);
  }

  async setLanguage(accountId: number, userId: number, languageCode: string) {
    await run(this.db.pool, "UPDATE users SET language_code = $1 WHERE account_id = $2 AND id = $3", [
      languageCode,
      accountId,
      userId,
    ]);
  }

  async setHomePage(accountId: number, userId: number, type: HomePageType, menu: string | null) {
    await run(
      this.db.pool,
      "UPDATE users SET home_page_type = $1, home_page_menu = $2 WHERE account_id = $3 AND id = $4",
      [type, menu, accountId, userId],
    );
  }

  async avatar(accountId: number, userId: number) {
    const found = await row<{ avatar_content_type: string; avatar: Buffer }>(
      this.db.pool,
      "SELECT avatar_content_type, avatar FROM users WHERE account_id = $1 AND id = $2 AND avatar IS NOT NULL",
      [accountId, userId],
    );
    return found ? { contentType: found.avatar_content_type, data: found.avatar, updatedAt: 0 } : undefined;
  }

  async setAvatar(accountId: number, userId: number, image: LogoImage) {
    await run(
      this.db.pool,
      "UPDATE users SET avatar_content_type = $1, avatar = $2 WHERE account_id = $3 AND id = $4",
      [image.contentType, image.data, accountId, userId],
    );
  }
}
