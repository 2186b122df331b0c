/**
 * SQLite implementation of the admin identity family: real accounts and users, changed by staff.
 * Suspending an account or disabling / locking a user revokes their sessions in the same
 * transaction (the session guard would refuse them anyway; revoking also ends hub connections).
 */
import { generateUid } from "../../identity/secrets.ts";
import { bit, isUniqueViolation, type SqliteDatabase } from "../database.ts";
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

/** Suspended and cancelled accounts are disabled: nobody of theirs can sign in (§2.4). */
const disabledStatus = (status: string) => status === "Suspended" || status === "Cancelled";

/** Admin identity records in SQLite. */
export class SqliteAdminIdentityStore implements AdminIdentityStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private run<T>(work: () => T, duplicate: "domain" | "email"): T {
    try {
      return this.db.transaction(work)();
    } catch (error) {
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
    return this.run(() => {
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO accounts (uid, name, domain, domain_type, is_white_label, two_factor_policy, menu_logo_style,
             menu_title_type, menu_title, subscription_type, logo_uid, brand_primary_color, brand_accent_color,
             disabled, created_at)
           VALUES (?, ?, ?, 'Subdomain', ?, ?, 'Standard', ?, ?, '', ?, ?, ?, ?, ?)`,
        )
        .run(
          generateUid(),
          input.name,
          input.domain,
          bit(input.isWhiteLabel),
          input.twoFactorPolicy,
          input.menuTitle ? "Custom" : "CompanyName",
          input.menuTitle ?? "",
          generateUid(),
          input.brandPrimaryColor ?? null,
          input.brandAccentColor ?? null,
          bit(disabledStatus(input.status)),
          now,
        );
      const accountId = Number(lastInsertRowid);
      applyTemplate(this.db, accountId, input.templateId);
      this.db
        .prepare(
          "INSERT INTO roles (account_id, name, permissions, is_owner, created_at, modified_at) VALUES (?, ?, ?, 1, ?, ?)",
        )
        .run(accountId, ownerRole.name, ownerRole.permissions, now, now);
      this.db
        .prepare(
          `INSERT INTO account_admin_profiles (account_id, status, template_id, trial_ends_at, language_code, modified_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(accountId, input.status, input.templateId, input.trialEndsAt, input.languageCode, now);
      if (conversion) {
        const converted = this.db
          .prepare(
            `UPDATE prospects SET status = 'Converted', converted_account_id = ?, modified_at = ?
             WHERE id = ? AND status IN ('New', 'Contacted', 'Qualified')`,
          )
          .run(accountId, now, conversion.prospectId);
        if (converted.changes !== 1) throw new ProspectNotConvertibleError();
        insertMember(this.db, accountId, conversion.owner, now);
      }
      return accountId;
    }, "domain");
  }

  async updateAccount(accountId: number, change: Partial<AdminAccountInput>, now: number) {
    return this.run((): { result: AdminChangeResult; revokedUserIds: number[] } => {
      const current = this.db.prepare("SELECT * FROM admin_accounts WHERE id = ?").get(accountId) as
        | Record<string, unknown>
        | undefined;
      if (!current) return { result: "missing", revokedUserIds: [] };
      const status = change.status ?? (current.status as string);
      if (current.is_system === 1 && disabledStatus(status)) return { result: "blocked", revokedUserIds: [] };
      const set: [string, unknown][] = [["disabled", bit(disabledStatus(status))]];
      if (change.name !== undefined) set.push(["name", change.name]);
      if (change.isWhiteLabel !== undefined) set.push(["is_white_label", bit(change.isWhiteLabel)]);
      if (change.twoFactorPolicy !== undefined) set.push(["two_factor_policy", change.twoFactorPolicy]);
      if (change.brandPrimaryColor !== undefined) set.push(["brand_primary_color", change.brandPrimaryColor]);
      if (change.brandAccentColor !== undefined) set.push(["brand_accent_color", change.brandAccentColor]);
      if (change.menuTitle !== undefined) {
        set.push(
          ["menu_title", change.menuTitle ?? ""],
          ["menu_title_type", change.menuTitle ? "Custom" : "CompanyName"],
        );
      }
      this.db
        .prepare(`UPDATE accounts SET ${set.map(([column]) => `${column} = ?`).join(", ")} WHERE id = ?`)
        .run(...set.map(([, value]) => value), accountId);
      const templateId = change.templateId ?? (current.template_id as number | null);
      if (change.templateId !== undefined && change.templateId !== current.template_id) {
        applyTemplate(this.db, accountId, change.templateId);
      }
      this.db
        .prepare(
          `INSERT INTO account_admin_profiles (account_id, status, template_id, trial_ends_at, language_code, modified_at)
           VALUES (@id, @status, @template, @trial, @language, @now)
           ON CONFLICT (account_id) DO UPDATE SET status = excluded.status, template_id = excluded.template_id,
             trial_ends_at = excluded.trial_ends_at, language_code = excluded.language_code, modified_at = excluded.modified_at`,
        )
        .run({
          id: accountId,
          status,
          template: templateId,
          trial: change.trialEndsAt !== undefined ? change.trialEndsAt : (current.trial_ends_at ?? null),
          language: change.languageCode ?? current.language_code,
          now,
        });
      const revokedUserIds = disabledStatus(status) ? revokeAccountSessions(this.db, accountId, now) : [];
      return { result: "ok", revokedUserIds };
    }, "domain");
  }

  async deleteAccount(accountId: number) {
    return this.run((): AdminChangeResult => {
      const row = this.db.prepare("SELECT is_system FROM accounts WHERE id = ?").get(accountId) as
        | { is_system: number }
        | undefined;
      if (!row) return "missing";
      const manages = this.db.prepare("SELECT 1 FROM accounts WHERE parent_account_id = ?").get(accountId);
      if (row.is_system === 1 || manages) return "blocked";
      this.db.prepare("DELETE FROM accounts WHERE id = ?").run(accountId);
      return "ok";
    }, "domain");
  }

  async createUser(accountId: number, input: AdminUserInput, now: number, staff?: AdminStaffProfile) {
    return this.run(() => insertMember(this.db, accountId, input, now, staff), "email");
  }

  async updateUser(
    userId: number,
    change: Partial<AdminUserInput> & { status?: AdminUserStatus },
    now: number,
  ) {
    return this.run((): AdminUserChange => {
      const current = this.db
        .prepare("SELECT is_staff, password_hash IS NOT NULL AS has_password FROM users WHERE id = ?")
        .get(userId) as { is_staff: number; has_password: number } | undefined;
      if (!current || current.is_staff === 1) return { result: "missing" };
      // Active needs a password and Invited needs none: a user leaves Invited by setting a password.
      const passwordless = current.has_password === 0;
      if ((change.status === "Active" && passwordless) || (change.status === "Invited" && !passwordless)) {
        return { result: "blocked" };
      }
      changeIdentity(this.db, userId, change);
      const disabled =
        change.status === undefined ? undefined : change.status === "Disabled" || change.status === "Locked";
      if (disabled !== undefined)
        this.db.prepare("UPDATE users SET disabled = ? WHERE id = ?").run(bit(disabled), userId);
      const locked = change.status === undefined ? undefined : change.status === "Locked";
      touchProfile(this.db, userId, now, { locked, mustSetup2fa: change.mustSetup2fa });
      if (disabled) revokeUserSessions(this.db, userId, now);
      return { result: "ok", revoked: disabled === true };
    }, "email");
  }

  async updateStaff(
    userId: number,
    change: Partial<AdminUserInput> & { isActive?: boolean },
    profile: Partial<AdminStaffProfile>,
    now: number,
  ) {
    return this.run((): AdminUserChange => {
      const current = this.db.prepare("SELECT account_id, is_staff FROM users WHERE id = ?").get(userId) as
        | { account_id: number; is_staff: number }
        | undefined;
      if (current?.is_staff !== 1) return { result: "missing" };
      changeIdentity(this.db, userId, change);
      const revoked = change.isActive === false;
      if (change.isActive !== undefined)
        this.db.prepare("UPDATE users SET disabled = ? WHERE id = ?").run(bit(revoked), userId);
      writeStaffProfile(this.db, userId, current.account_id, profile, now);
      touchProfile(this.db, userId, now);
      if (revoked) revokeUserSessions(this.db, userId, now);
      return { result: "ok", revoked };
    }, "email");
  }

  async deleteUser(userId: number, staff: boolean) {
    return this.run((): AdminChangeResult => {
      const row = this.db.prepare("SELECT is_staff FROM users WHERE id = ?").get(userId) as
        | { is_staff: number }
        | undefined;
      if (!row || (row.is_staff === 1) !== staff) return "missing";
      this.db.prepare("DELETE FROM users WHERE id = ?").run(userId);
      return "ok";
    }, "email");
  }

  async unlockUser(userId: number, now: number) {
    return this.run((): AdminChangeResult => {
      const row = this.db.prepare("SELECT status, is_staff FROM admin_users WHERE id = ?").get(userId) as
        | { status: AdminUserStatus; is_staff: number }
        | undefined;
      if (!row || row.is_staff === 1) return "missing";
      if (row.status !== "Locked") return "blocked";
      this.db.prepare("UPDATE users SET disabled = 0 WHERE id = ?").run(userId);
      touchProfile(this.db, userId, now, { locked: false });
      return "ok";
    }, "email");
  }

  async mustSetup2fa(accountId: number, userId: number) {
    const row = this.db
      .prepare("SELECT must_setup_2fa FROM user_admin_profiles WHERE account_id = ? AND user_id = ?")
      .get(accountId, userId) as { must_setup_2fa: number } | undefined;
    return row?.must_setup_2fa === 1;
  }
}
