/** SQLite implementation of the account family. */
import type { FeatureAvailability, FeatureId } from "../../identity/features.ts";
import { generateUid } from "../../identity/secrets.ts";
import { bit, isUniqueViolation, type SqliteDatabase } from "../database.ts";
import type { AccountRecord, LogoImage } from "../records.ts";
import { type AccountStoreFamily, type NewAccountInput, StoreConflictError } from "../types/identity.ts";
import { accountFromRow, SELECT_ACCOUNT } from "./account-rows.ts";
import { insertUser } from "./users.ts";

/** Accounts, subscriptions and logos in SQLite. */
export class SqliteAccountStore implements AccountStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private one(where: string, value: unknown): AccountRecord | undefined {
    const row = this.db.prepare(`${SELECT_ACCOUNT} WHERE ${where}`).get(value) as
      | Record<string, unknown>
      | undefined;
    return row ? accountFromRow(row) : undefined;
  }

  async resolveByDomain(domain: string) {
    return this.one("a.domain = ?", domain);
  }

  async resolveByLogoUid(logoUid: string) {
    return this.one("a.logo_uid = ?", logoUid);
  }

  async resolveSystemAccount() {
    return this.one("a.is_system = ?", 1);
  }

  async get(accountId: number) {
    return this.one("a.id = ?", accountId);
  }

  async subscription(accountId: number) {
    const account = this.db.prepare("SELECT subscription_type FROM accounts WHERE id = ?").get(accountId) as
      | { subscription_type: string }
      | undefined;
    const rows = this.db
      .prepare("SELECT feature, availability FROM account_features WHERE account_id = ?")
      .all(accountId) as { feature: FeatureId; availability: FeatureAvailability }[];
    return {
      subscriptionType: account?.subscription_type ?? "",
      features: new Map(rows.map((row) => [row.feature, row.availability])),
    };
  }

  async logo(accountId: number, kind: "Primary" | "Menu") {
    const row = this.db
      .prepare("SELECT content_type, data, updated_at FROM account_logos WHERE account_id = ? AND kind = ?")
      .get(accountId, kind) as { content_type: string; data: Buffer; updated_at: number } | undefined;
    return row ? { contentType: row.content_type, data: row.data, updatedAt: row.updated_at } : undefined;
  }

  async setLogo(accountId: number, kind: "Primary" | "Menu", image: LogoImage) {
    this.db
      .prepare(
        `INSERT INTO account_logos (account_id, kind, content_type, data, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (account_id, kind) DO UPDATE SET content_type = excluded.content_type,
           data = excluded.data, updated_at = excluded.updated_at`,
      )
      .run(accountId, kind, image.contentType, image.data, image.updatedAt);
  }

  async create(input: NewAccountInput, now: number) {
    const create = this.db.transaction(() => {
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO accounts (uid, name, domain, domain_type, is_system, is_white_label, signup_allowed,
             show_help_links, two_factor_policy, menu_logo_style, menu_title_type, menu_title, subscription_type,
             parent_account_id, logo_uid, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          generateUid(),
          input.name,
          input.domain,
          input.domainType ?? "Subdomain",
          bit(input.isSystem),
          bit(input.isWhiteLabel),
          bit(input.signupAllowed),
          bit(input.showHelpLinks ?? true),
          input.twoFactorPolicy ?? "Optional",
          input.menuLogoStyle ?? "Standard",
          input.menuTitleType ?? "CompanyName",
          input.menuTitle ?? "",
          input.subscriptionType,
          input.parentAccountId ?? null,
          generateUid(),
          now,
        );
      const accountId = Number(lastInsertRowid);
      const addFeature = this.db.prepare(
        "INSERT INTO account_features (account_id, feature, availability) VALUES (?, ?, ?)",
      );
      for (const [feature, availability] of input.features) addFeature.run(accountId, feature, availability);
      const role = this.db
        .prepare(
          "INSERT INTO roles (account_id, name, permissions, is_owner, created_at, modified_at) VALUES (?, ?, ?, 1, ?, ?)",
        )
        .run(accountId, input.ownerRole.name, input.ownerRole.permissions, now, now);
      const user = insertUser(
        this.db,
        accountId,
        { ...input.owner, roleId: Number(role.lastInsertRowid) },
        now,
      );
      return { user, account: this.one("a.id = ?", accountId) as AccountRecord };
    });
    try {
      return create();
    } catch (error) {
      if (isUniqueViolation(error)) throw new StoreConflictError("domain");
      throw error;
    }
  }

  async isEmpty() {
    return this.db.prepare("SELECT 1 FROM accounts LIMIT 1").get() === undefined;
  }
}
