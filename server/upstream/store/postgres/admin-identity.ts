/**
 * PostgreSQL implementation of the admin identity family (../sqlite/admin-identity.ts): real accounts
 * and users, changed by staff. Suspending an account or disabling / locking a user revokes their
 * sessions in the same transaction.
 */
import { generateUid } from "../../identity/secrets.ts";
import {
  type AdminAccountInput,
  type AdminIdentityStoreFamily,
  type AdminProspectConversion,
  type AdminStaffProfile,
  type AdminUserChange,
  type AdminUserInput,
  type AdminUserStatus,
  ProspectNotConvertibleError,
} from "../types/admin-identity.ts";
import type { AdminChangeResult } from "../types/admin-records.ts";
import { StoreConflictError } from "../types/identity.ts";
import {
  applyTemplate,
  changeIdentity,
  insertMember,
  revokeAccountSessions,
  revokeUserSessions,
  touchProfile,
  writeStaffProfile,
} from "./admin-identity-rows.ts";
import { translateConstraint } from "./admin-sql.ts";
import {
  isUniqueViolation,
  type Queryable,
  row,
  run,
  type SqlValue,
  type UpstreamDatabase,
} from "./database.ts";

/** Suspended and cancelled accounts are disabled: nobody of theirs can sign in (§2.4). */
const disabledStatus = (status: string) => status === "Suspended" || status === "Cancelled";

/** Admin identity records in PostgreSQL. */
export class PostgresAdminIdentityStore implements AdminIdentityStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  private async run<T>(work: (tx: Queryable) => Promise<T>, duplicate: "domain" | "email"): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      // insertUser maps its own unique violation to StoreConflictError("email") already.
      if (isUniqueViolation(error)) throw new StoreConflictError(duplicate);
      return translateConstraint(error);
    }
  }

  async createAccount(
    input: AdminAccountInput,
    ownerRole: { name: string; permissions: string },
    now: number,
    conversion?: AdminProspectConversion,
  ) {
    return this.run(async (tx) => {
      const account = (await row<{ id: number }>(
        tx,
        `INSERT INTO accounts (uid, name, domain, domain_type, is_white_label, two_factor_policy, menu_logo_style,
           menu_title_type, menu_title, subscription_type, logo_uid, brand_primary_color, brand_accent_color,
           disabled, created_at)
         VALUES ($1, $2, $3, 'Subdomain', $4, $5, 'Standard', $6, $7, '', $8, $9, $10, $11, $12) RETURNING id`,
        [
          generateUid(),
          input.name,
          input.domain,
          input.isWhiteLabel,
          input.twoFactorPolicy,
          input.menuTitle ? "Custom" : "CompanyName",
          input.menuTitle ?? "",
          generateUid(),
          input.brandPrimaryColor ?? null,
          input.brandAccentColor ?? null,
          disabledStatus(input.status),
          now,
        ],
      )) as { id: number };
      const accountId = account.id;
      await applyTemplate(tx, accountId, input.templateId);
      await run(
        tx,
        "INSERT INTO roles (account_id, name, permissions, is_owner, created_at, modified_at) VALUES ($1, $2, $3, TRUE, $4, $4)",
        [accountId, ownerRole.name, ownerRole.permissions, now],
      );
      await run(
        tx,
        `INSERT INTO account_admin_profiles (account_id, status, template_id, trial_ends_at, language_code, modified_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [accountId, input.status, input.templateId, input.trialEndsAt, input.languageCode, now],
      );
      if (conversion) {
        const converted = await run(
          tx,
          `UPDATE prospects SET status = 'Converted', converted_account_id = $1, modified_at = $2
           WHERE id = $3 AND status IN ('New', 'Contacted', 'Qualified')`,
          [accountId, now, conversion.prospectId],
        );
        if (converted !== 1) throw new ProspectNotConvertibleError();
        await insertMember(tx, accountId, conversion.owner, now);
      }
      return accountId;
    }, "domain");
  }

  async updateAccount(accountId: number, change: Partial<AdminAccountInput>, now: number) {
    return this.run(async (tx): Promise<{ result: AdminChangeResult; revokedUserIds: number[] }> => {
      const current = await row<Record<string, unknown>>(tx, "SELECT * FROM admin_accounts WHERE id = $1", [
        accountId,
      ]);
      if (!current) return { result: "missing", revokedUserIds: [] };
      const status = change.status ?? (current.status as string);
      if (current.is_system === true && disabledStatus(status))
        return { result: "blocked", revokedUserIds: [] };
      const set: [string, SqlValue][] = [["disabled", disabledStatus(status)]];
      if (change.name !== undefined) set.push(["name", change.name]);
      if (change.isWhiteLabel !== undefined) set.push(["is_white_label", change.isWhiteLabel]);
      if (change.twoFactorPolicy !== undefined) set.push(["two_factor_policy", change.twoFactorPolicy]);
      if (change.brandPrimaryColor !== undefined) set.push(["brand_primary_color", change.brandPrimaryColor]);
      if (change.brandAccentColor !== undefined) set.push(["brand_accent_color", change.brandAccentColor]);
      if (change.menuTitle !== undefined) {
        set.push(
          ["menu_title", change.menuTitle ?? ""],
          ["menu_title_type", change.menuTitle ? "Custom" : "CompanyName"],
        );
      }
      await run(
        tx,
        `UPDATE accounts SET ${set.map(([column], index) => `${column} = $${index + 1}`).join(", ")} WHERE id = $${set.length + 1}`,
        [...set.map(([, value]) => value), accountId],
      );
      const templateId = change.templateId ?? (current.template_id as number | null);
      if (change.templateId !== undefined && change.templateId !== current.template_id) {
        await applyTemplate(tx, accountId, change.templateId);
      }
      await run(
        tx,
        `INSERT INTO account_admin_profiles (account_id, status, template_id, trial_ends_at, language_code, modified_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (account_id) DO UPDATE SET status = excluded.status, template_id = excluded.template_id,
           trial_ends_at = excluded.trial_ends_at, language_code = excluded.language_code, modified_at = excluded.modified_at`,
        [
          accountId,
          status,
          templateId,
          change.trialEndsAt !== undefined
            ? change.trialEndsAt
            : ((current.trial_ends_at as string | null | undefined) ?? null),
          change.languageCode ?? (current.language_code as string),
          now,
        ],
      );
      const revokedUserIds = disabledStatus(status) ? await revokeAccountSessions(tx, accountId, now) : [];
      return { result: "ok", revokedUserIds };
    }, "domain");
  }

  async deleteAccount(accountId: number) {
    return this.run(async (tx): Promise<AdminChangeResult> => {
      const found = await row<{ is_system: boolean }>(tx, "SELECT is_system FROM accounts WHERE id = $1", [
        accountId,
      ]);
      if (!found) return "missing";
      const manages = await row(tx, "SELECT 1 FROM accounts WHERE parent_account_id = $1 LIMIT 1", [
        accountId,
      ]);
      if (found.is_system || manages) return "blocked";
      await run(tx, "DELETE FROM accounts WHERE id = $1", [accountId]);
      return "ok";
    }, "domain");
  }

  async createUser(accountId: number, input: AdminUserInput, now: number, staff?: AdminStaffProfile) {
    return this.run((tx) => insertMember(tx, accountId, input, now, staff), "email");
  }

  async updateUser(
    userId: number,
    change: Partial<AdminUserInput> & { status?: AdminUserStatus },
    now: number,
  ) {
    return this.run(async (tx): Promise<AdminUserChange> => {
      const current = await row<{ is_staff: boolean; has_password: boolean }>(
        tx,
        "SELECT is_staff, password_hash IS NOT NULL AS has_password FROM users WHERE id = $1",
        [userId],
      );
      if (!current || current.is_staff) return { result: "missing" };
      // Active needs a password and Invited needs none: a user leaves Invited by setting a password.
      const passwordless = !current.has_password;
      if ((change.status === "Active" && passwordless) || (change.status === "Invited" && !passwordless)) {
        return { result: "blocked" };
      }
      await changeIdentity(tx, userId, change);
      const disabled =
        change.status === undefined ? undefined : change.status === "Disabled" || change.status === "Locked";
      if (disabled !== undefined)
        await run(tx, "UPDATE users SET disabled = $1 WHERE id = $2", [disabled, userId]);
      const locked = change.status === undefined ? undefined : change.status === "Locked";
      await touchProfile(tx, userId, now, { locked, mustSetup2fa: change.mustSetup2fa });
      if (disabled) await revokeUserSessions(tx, userId, now);
      return { result: "ok", revoked: disabled === true };
    }, "email");
  }

  async updateStaff(
    userId: number,
    change: Partial<AdminUserInput> & { isActive?: boolean },
    profile: Partial<AdminStaffProfile>,
    now: number,
  ) {
    return this.run(async (tx): Promise<AdminUserChange> => {
      const current = await row<{ account_id: number; is_staff: boolean }>(
        tx,
        "SELECT account_id, is_staff FROM users WHERE id = $1",
        [userId],
      );
      if (current?.is_staff !== true) return { result: "missing" };
      await changeIdentity(tx, userId, change);
      const revoked = change.isActive === false;
      if (change.isActive !== undefined)
        await run(tx, "UPDATE users SET disabled = $1 WHERE id = $2", [revoked, userId]);
      await writeStaffProfile(tx, userId, current.account_id, profile, now);
      await touchProfile(tx, userId, now);
      if (revoked) await revokeUserSessions(tx, userId, now);
      return { result: "ok", revoked };
    }, "email");
  }

  async deleteUser(userId: number, staff: boolean) {
    return this.run(async (tx): Promise<AdminChangeResult> => {
      const found = await row<{ is_staff: boolean }>(tx, "SELECT is_staff FROM users WHERE id = $1", [
        userId,
      ]);
      if (!found || found.is_staff !== staff) return "missing";
      await run(tx, "DELETE FROM users WHERE id = $1", [userId]);
      return "ok";
    }, "email");
  }

  async unlockUser(userId: number, now: number) {
    return this.run(async (tx): Promise<AdminChangeResult> => {
      const found = await row<{ status: AdminUserStatus; is_staff: boolean }>(
        tx,
        "SELECT status, is_staff FROM admin_users WHERE id = $1",
        [userId],
      );
      if (!found || found.is_staff) return "missing";
      if (found.status !== "Locked") return "blocked";
      await run(tx, "UPDATE users SET disabled = FALSE WHERE id = $1", [userId]);
      await touchProfile(tx, userId, now, { locked: false });
      return "ok";
    }, "email");
  }

  async mustSetup2fa(accountId: number, userId: number) {
    const found = await row<{ must_setup_2fa: boolean }>(
      this.db.pool,
      "SELECT must_setup_2fa FROM user_admin_profiles WHERE account_id = $1 AND user_id = $2",
      [accountId, userId],
    );
    return found?.must_setup_2fa === true;
  }
}
