/** SQLite implementation of the user family. */
import { generateUid } from "../../identity/secrets.ts";
import { bit, bool, isUniqueViolation, type SqliteDatabase } from "../database.ts";
import type { HomePageType, LogoImage, UserRecord, UserWithAccount } from "../records.ts";
import { type NewUserInput, StoreConflictError, type UserStoreFamily } from "../types/identity.ts";
import { accountFromRow, SELECT_ACCOUNT } from "./account-rows.ts";

/** The user columns, without the avatar blob. */
export const USER_COLUMNS = `u.id, u.uid, u.account_id, u.email, u.full_name, u.password_hash, u.language_code,
  u.home_page_type, u.home_page_menu, u.interface_preferences, u.role_id, u.is_staff, u.is_internal_support,
  u.totp_secret, u.totp_pending_secret, u.totp_last_step, u.avatar IS NOT NULL AS has_avatar, u.disabled, u.created_at`;

/** Maps a `users` row (selected with USER_COLUMNS) to a record. */
export function userFromRow(row: Record<string, unknown>): UserRecord {
  return {
    recId: row.id as number,
    uid: row.uid as string,
    accountId: row.account_id as number,
    email: row.email as string,
    fullName: row.full_name as string,
    passwordHash: (row.password_hash as string | null) ?? null,
    languageCode: row.language_code as string,
    homePageType: row.home_page_type as HomePageType,
    homePageRedirectionMenu: (row.home_page_menu as string | null) ?? null,
    interfacePreferences: (row.interface_preferences as string | null) ?? null,
    roleId: (row.role_id as number | null) ?? null,
    isStaff: bool(row.is_staff),
    isInternalSupport: bool(row.is_internal_support),
    totpSecret: (row.totp_secret as string | null) ?? null,
    totpPendingSecret: (row.totp_pending_secret as string | null) ?? null,
    totpLastStep: (row.totp_last_step as number | null) ?? null,
    hasAvatar: bool(row.has_avatar),
    disabled: bool(row.disabled),
    createdAt: row.created_at as number,
  };
}

/** Reads one user of an account. */
export function selectUser(db: SqliteDatabase, accountId: number, userId: number): UserRecord | undefined {
  const row = db
    .prepare(`SELECT ${USER_COLUMNS} FROM users u WHERE u.account_id = ? AND u.id = ?`)
    .get(accountId, userId);
  return row ? userFromRow(row as Record<string, unknown>) : undefined;
}

/** Inserts a user inside the caller's transaction; StoreConflictError("email") when taken. */
export function insertUser(
  db: SqliteDatabase,
  accountId: number,
  input: NewUserInput,
  now: number,
): UserRecord {
  try {
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO users (uid, account_id, email, full_name, password_hash, language_code, home_page_type,
           home_page_menu, role_id, is_staff, is_internal_support, totp_secret, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        generateUid(),
        accountId,
        input.email,
        input.fullName,
        input.passwordHash,
        input.languageCode ?? "en",
        input.homePageType ?? "Default",
        input.homePageRedirectionMenu ?? null,
        input.roleId ?? null,
        bit(input.isStaff),
        bit(input.isInternalSupport),
        input.totpSecret ?? null,
        now,
      );
    return selectUser(db, accountId, Number(lastInsertRowid)) as UserRecord;
  } catch (error) {
    if (isUniqueViolation(error)) throw new StoreConflictError("email");
    throw error;
  }
}

export class SqliteUserStore implements UserStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async resolveLoginCandidates(email: string, domain?: string): Promise<UserWithAccount[]> {
    const rows = this.db
      .prepare(
        `SELECT ${USER_COLUMNS}, a.id AS a_id FROM users u JOIN accounts a ON a.id = u.account_id
         WHERE u.email = ? AND (? IS NULL OR a.domain = ?) ORDER BY u.id`,
      )
      .all(email, domain ?? null, domain ?? null) as Record<string, unknown>[];
    const accountQuery = this.db.prepare(`${SELECT_ACCOUNT} WHERE a.id = ?`);
    return rows.map((row) => ({
      user: userFromRow(row),
      account: accountFromRow(accountQuery.get(row.a_id) as Record<string, unknown>),
    }));
  }

  async get(accountId: number, userId: number) {
    return selectUser(this.db, accountId, userId);
  }

  async getByUid(accountId: number, userUid: string) {
    const row = this.db
      .prepare(`SELECT ${USER_COLUMNS} FROM users u WHERE u.account_id = ? AND u.uid = ?`)
      .get(accountId, userUid);
    return row ? userFromRow(row as Record<string, unknown>) : undefined;
  }

  async create(accountId: number, input: NewUserInput, now: number) {
    return insertUser(this.db, accountId, input, now);
  }

  async setInterfacePreferences(accountId: number, userId: number, json: string) {
    this.db
      .prepare("UPDATE users SET interface_preferences = ? WHERE account_id = ? AND id = ?")
      .run(json, accountId, userId);
  }

  async setLanguage(accountId: number, userId: number, languageCode: string) {
    this.db
      .prepare("UPDATE users SET language_code = ? WHERE account_id = ? AND id = ?")
      .run(languageCode, accountId, userId);
  }

  async setHomePage(accountId: number, userId: number, type: HomePageType, menu: string | null) {
    this.db
      .prepare("UPDATE users SET home_page_type = ?, home_page_menu = ? WHERE account_id = ? AND id = ?")
      .run(type, menu, accountId, userId);
  }

  async avatar(accountId: number, userId: number) {
    const row = this.db
      .prepare(
        "SELECT avatar_content_type, avatar FROM users WHERE account_id = ? AND id = ? AND avatar IS NOT NULL",
      )
      .get(accountId, userId) as { avatar_content_type: string; avatar: Buffer } | undefined;
    return row ? { contentType: row.avatar_content_type, data: row.avatar, updatedAt: 0 } : undefined;
  }

  async setAvatar(accountId: number, userId: number, image: LogoImage) {
    this.db
      .prepare("UPDATE users SET avatar_content_type = ?, avatar = ? WHERE account_id = ? AND id = ?")
      .run(image.contentType, image.data, accountId, userId);
  }
}
