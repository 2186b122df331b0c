/**
 * Rows the admin identity family writes (sqlite/admin-identity.ts): an account's features from its
 * template, a new member or staff user with its admin profile, staff chat profiles and admin permissions, identity changes, the
 * lock / 2FA-setup flags, and revoking a user's sessions. Each runs inside the caller's transaction.
 */
import { bit, type SqliteDatabase } from "../database.ts";
import type { AdminStaffProfile, AdminUserInput } from "../types/admin-identity.ts";
import { insertUser } from "./users.ts";

/** Ends every session of a user. */
export function revokeUserSessions(db: SqliteDatabase, userId: number, now: number): void {
  db.prepare("UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL").run(now, userId);
}

/** Inserts a member (the first of an account gets its owner role) or a staff user. */
export function insertMember(
  db: SqliteDatabase,
  accountId: number,
  input: AdminUserInput,
  now: number,
  staff?: AdminStaffProfile,
) {
  // The first user of an account gets its owner role; later ones get a role from the account owner.
  const ownerRole = db
    .prepare(
      `SELECT r.id FROM roles r WHERE r.account_id = ? AND r.is_owner = 1
           AND NOT EXISTS (SELECT 1 FROM users u WHERE u.account_id = r.account_id AND u.role_id = r.id)`,
    )
    .get(accountId) as { id: number } | undefined;
  const staffRole = staff
    ? (db.prepare("SELECT id FROM roles WHERE account_id = ? AND name = 'Staff'").get(accountId) as
        | { id: number }
        | undefined)
    : undefined;
  const user = insertUser(
    db,
    accountId,
    {
      email: input.email,
      fullName: input.fullName,
      passwordHash: null,
      languageCode: input.languageCode,
      roleId: staff ? (staffRole?.id ?? null) : (ownerRole?.id ?? null),
      isStaff: staff !== undefined,
      isInternalSupport: staff?.isSupportAgent ?? false,
    },
    now,
  );
  if (input.disabled) db.prepare("UPDATE users SET disabled = 1 WHERE id = ?").run(user.recId);
  db.prepare(
    "INSERT INTO user_admin_profiles (user_id, account_id, locked, must_setup_2fa, modified_at) VALUES (?, ?, 0, ?, ?)",
  ).run(user.recId, accountId, bit(input.mustSetup2fa), now);
  if (staff) writeStaffProfile(db, user.recId, accountId, staff, now);
  return { recId: user.recId, uid: user.uid };
}

/** Writes a staff user's chat profile and, when given, their admin permissions (Write implies Read). */
export function writeStaffProfile(
  db: SqliteDatabase,
  userId: number,
  accountId: number,
  profile: Partial<AdminStaffProfile>,
  now: number,
) {
  const current = db.prepare("SELECT * FROM internal_user_profiles WHERE user_id = ?").get(userId) as
    | Record<string, unknown>
    | undefined;
  db.prepare(
    `INSERT INTO internal_user_profiles (user_id, display_name, max_concurrent_chats, spoken_languages, modified_at)
       VALUES (@user, @display, @max, @languages, @now)
       ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name,
         max_concurrent_chats = excluded.max_concurrent_chats, spoken_languages = excluded.spoken_languages,
         modified_at = excluded.modified_at`,
  ).run({
    user: userId,
    display: profile.displayName !== undefined ? profile.displayName : (current?.display_name ?? null),
    max: profile.maxConcurrentChats ?? current?.max_concurrent_chats ?? 3,
    languages: profile.spokenLanguages
      ? JSON.stringify(profile.spokenLanguages)
      : (current?.spoken_languages ?? "[]"),
    now,
  });
  if (profile.isSupportAgent !== undefined) {
    db.prepare("UPDATE users SET is_internal_support = ? WHERE id = ?").run(
      bit(profile.isSupportAgent),
      userId,
    );
  }
  if (profile.permissions) {
    db.prepare("DELETE FROM admin_permissions WHERE user_id = ?").run(userId);
    const insert = db.prepare(
      "INSERT INTO admin_permissions (account_id, user_id, module, can_read, can_write) VALUES (?, ?, ?, ?, ?)",
    );
    for (const [module, access] of profile.permissions) {
      if (access.Read || access.Write) insert.run(accountId, userId, module, 1, bit(access.Write));
    }
  }
}

/** Changes e-mail, name and language (only what is given). */
export function changeIdentity(db: SqliteDatabase, userId: number, change: Partial<AdminUserInput>) {
  const set: [string, unknown][] = [];
  if (change.email !== undefined) set.push(["email", change.email]);
  if (change.fullName !== undefined) set.push(["full_name", change.fullName]);
  if (change.languageCode !== undefined) set.push(["language_code", change.languageCode]);
  if (set.length === 0) return;
  db.prepare(`UPDATE users SET ${set.map(([column]) => `${column} = ?`).join(", ")} WHERE id = ?`).run(
    ...set.map(([, value]) => value),
    userId,
  );
}

/** Records the admin flags of a user (lock, 2FA setup) and the change time. */
export function touchProfile(
  db: SqliteDatabase,
  userId: number,
  now: number,
  extra: { locked?: boolean; mustSetup2fa?: boolean } = {},
) {
  db.prepare(
    `INSERT INTO user_admin_profiles (user_id, account_id, locked, must_setup_2fa, modified_at)
       SELECT id, account_id, @locked, @must, @now FROM users WHERE id = @user
       ON CONFLICT (user_id) DO UPDATE SET locked = COALESCE(@lockedChange, locked),
         must_setup_2fa = COALESCE(@mustChange, must_setup_2fa), modified_at = @now`,
  ).run({
    user: userId,
    now,
    locked: bit(extra.locked),
    must: bit(extra.mustSetup2fa),
    lockedChange: extra.locked === undefined ? null : bit(extra.locked),
    mustChange: extra.mustSetup2fa === undefined ? null : bit(extra.mustSetup2fa),
  });
}

/** Sets the account's subscription type and features from a template (Included / Optional, §3). */
export function applyTemplate(db: SqliteDatabase, accountId: number, templateId: number): void {
  const template = db
    .prepare(
      "SELECT subscription_type, included_features, optional_features FROM subscription_templates WHERE id = ?",
    )
    .get(templateId) as
    | { subscription_type: string; included_features: string; optional_features: string }
    | undefined;
  if (!template) throw Object.assign(new Error("template"), { code: "SQLITE_CONSTRAINT_FOREIGNKEY" });
  db.prepare("UPDATE accounts SET subscription_type = ? WHERE id = ?").run(
    template.subscription_type,
    accountId,
  );
  db.prepare("DELETE FROM account_features WHERE account_id = ?").run(accountId);
  const add = db.prepare("INSERT INTO account_features (account_id, feature, availability) VALUES (?, ?, ?)");
  for (const feature of JSON.parse(template.included_features) as string[])
    add.run(accountId, feature, "Included");
  for (const feature of JSON.parse(template.optional_features) as string[])
    add.run(accountId, feature, "Optional");
}

/** Ends every session of an account; returns whose. */
export function revokeAccountSessions(db: SqliteDatabase, accountId: number, now: number): number[] {
  const rows = db
    .prepare(
      "UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL RETURNING user_id",
    )
    .all(now, accountId) as { user_id: number }[];
  return [...new Set(rows.map((row) => row.user_id))];
}
