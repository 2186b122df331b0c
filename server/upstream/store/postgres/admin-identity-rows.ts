/**
 * Rows the admin identity family writes on PostgreSQL (../sqlite/admin-identity-rows.ts): an
 * account's features from its template, a new member or staff user with its admin profile, staff chat
 * profiles and admin permissions, identity changes, the lock / 2FA-setup flags, and revoking
 * sessions. Each runs on the caller's transaction.
 */
import type { AdminStaffProfile, AdminUserInput } from "../types/admin-identity.ts";
import { StoreReferenceError } from "../types/admin-records.ts";
import { type Queryable, row, rows, run, type SqlValue } from "./database.ts";
import { insertUser } from "./users.ts";

/** Ends every session of a user. */
export async function revokeUserSessions(tx: Queryable, userId: number, now: number): Promise<void> {
  await run(tx, "UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL", [
    now,
    userId,
  ]);
}

/** Inserts a member (the first of an account gets its owner role) or a staff user. */
export async function insertMember(
  tx: Queryable,
  accountId: number,
  input: AdminUserInput,
  now: number,
  staff?: AdminStaffProfile,
) {
  // The first user of an account gets its owner role; later ones get a role from the account owner.
  const ownerRole = await row<{ id: number }>(
    tx,
    `SELECT r.id FROM roles r WHERE r.account_id = $1 AND r.is_owner
       AND NOT EXISTS (SELECT 1 FROM users u WHERE u.account_id = r.account_id AND u.role_id = r.id)
     ORDER BY r.id LIMIT 1`,
    [accountId],
  );
  const staffRole = staff
    ? await row<{ id: number }>(
        tx,
        "SELECT id FROM roles WHERE account_id = $1 AND name = 'Staff' ORDER BY id LIMIT 1",
        [accountId],
      )
    : undefined;
  const user = await insertUser(
    tx,
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
  if (input.disabled) await run(tx, "UPDATE users SET disabled = TRUE WHERE id = $1", [user.recId]);
  await run(
    tx,
    "INSERT INTO user_admin_profiles (user_id, account_id, locked, must_setup_2fa, modified_at) VALUES ($1, $2, FALSE, $3, $4)",
    [user.recId, accountId, input.mustSetup2fa, now],
  );
  if (staff) await writeStaffProfile(tx, user.recId, accountId, staff, now);
  return { recId: user.recId, uid: user.uid };
}

/** Writes a staff user's chat profile and, when given, their admin permissions (Write implies Read). */
export async function writeStaffProfile(
  tx: Queryable,
  userId: number,
  accountId: number,
  profile: Partial<AdminStaffProfile>,
  now: number,
) {
  const current = await row<Record<string, unknown>>(
    tx,
    "SELECT * FROM internal_user_profiles WHERE user_id = $1",
    [userId],
  );
  await run(
    tx,
    `INSERT INTO internal_user_profiles (user_id, display_name, max_concurrent_chats, spoken_languages, modified_at)
       VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name,
       max_concurrent_chats = excluded.max_concurrent_chats, spoken_languages = excluded.spoken_languages,
       modified_at = excluded.modified_at`,
    [
      userId,
      profile.displayName !== undefined
        ? profile.displayName
        : ((current?.display_name as string | null | undefined) ?? null),
      profile.maxConcurrentChats ?? (current?.max_concurrent_chats as number | undefined) ?? 3,
      profile.spokenLanguages
        ? JSON.stringify(profile.spokenLanguages)
        : ((current?.spoken_languages as string | undefined) ?? "[]"),
      now,
    ],
  );
  if (profile.isSupportAgent !== undefined) {
    await run(tx, "UPDATE users SET is_internal_support = $1 WHERE id = $2", [
      profile.isSupportAgent,
      userId,
    ]);
  }
  if (profile.permissions) {
    await run(tx, "DELETE FROM admin_permissions WHERE user_id = $1", [userId]);
    for (const [module, access] of profile.permissions) {
      if (access.Read || access.Write) {
        await run(
          tx,
          "INSERT INTO admin_permissions (account_id, user_id, module, can_read, can_write) VALUES ($1, $2, $3, TRUE, $4)",
          [accountId, userId, module, access.Write],
        );
      }
    }
  }
}

/** Changes e-mail, name and language (only what is given). */
export async function changeIdentity(tx: Queryable, userId: number, change: Partial<AdminUserInput>) {
  const set: [string, SqlValue][] = [];
  if (change.email !== undefined) set.push(["email", change.email]);
  if (change.fullName !== undefined) set.push(["full_name", change.fullName]);
  if (change.languageCode !== undefined) set.push(["language_code", change.languageCode]);
  if (set.length === 0) return;
  await run(
    tx,
    `UPDATE users SET ${set.map(([column], index) => `${column} = $${index + 1}`).join(", ")} WHERE id = $${set.length + 1}`,
    [...set.map(([, value]) => value), userId],
  );
}

/** Records the admin flags of a user (lock, 2FA setup) and the change time; an absent flag keeps its value. */
export async function touchProfile(
  tx: Queryable,
  userId: number,
  now: number,
  extra: { locked?: boolean; mustSetup2fa?: boolean } = {},
) {
  await run(
    tx,
    `INSERT INTO user_admin_profiles AS p (user_id, account_id, locked, must_setup_2fa, modified_at)
       SELECT id, account_id, $2, $3, $4 FROM users WHERE id = $1
     ON CONFLICT (user_id) DO UPDATE SET locked = COALESCE($5::boolean, p.locked),
       must_setup_2fa = COALESCE($6::boolean, p.must_setup_2fa), modified_at = $4`,
    [
      userId,
      extra.locked === true,
      extra.mustSetup2fa === true,
      now,
      extra.locked ?? null,
      extra.mustSetup2fa ?? null,
    ],
  );
}

/** Sets the account's subscription type and features from a template (Included / Optional, §3). */
export async function applyTemplate(tx: Queryable, accountId: number, templateId: number): Promise<void> {
  const template = await row<{
    subscription_type: string;
    included_features: string;
    optional_features: string;
  }>(
    tx,
    "SELECT subscription_type, included_features, optional_features FROM subscription_templates WHERE id = $1",
    [templateId],
  );
  if (!template) throw new StoreReferenceError();
  await run(tx, "UPDATE accounts SET subscription_type = $1 WHERE id = $2", [
    template.subscription_type,
    accountId,
  ]);
  await run(tx, "DELETE FROM account_features WHERE account_id = $1", [accountId]);
  const add = (feature: string, availability: string) =>
    run(tx, "INSERT INTO account_features (account_id, feature, availability) VALUES ($1, $2, $3)", [
      accountId,
      feature,
      availability,
    ]);
  for (const feature of JSON.parse(template.included_features) as string[]) await add(feature, "Included");
  for (const feature of JSON.parse(template.optional_features) as string[]) await add(feature, "Optional");
}

/** Ends every session of an account; returns whose, in the order SQLite's RETURNING gives (by session). */
export async function revokeAccountSessions(
  tx: Queryable,
  accountId: number,
  now: number,
): Promise<number[]> {
  const revoked = await rows<{ user_id: number }>(
    tx,
    `WITH revoked AS (
       UPDATE sessions SET revoked_at = $1 WHERE account_id = $2 AND revoked_at IS NULL RETURNING id, user_id
     ) SELECT user_id FROM revoked ORDER BY id`,
    [now, accountId],
  );
  return [...new Set(revoked.map((entry) => entry.user_id))];
}
