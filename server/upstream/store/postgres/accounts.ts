/** PostgreSQL implementation of the account family (../sqlite/accounts.ts). */
import type { FeatureAvailability, FeatureId } from "../../identity/features.ts";
import { generateUid } from "../../identity/secrets.ts";
import type { AccountRecord, LogoImage } from "../records.ts";
import { type AccountStoreFamily, type NewAccountInput, StoreConflictError } from "../types/identity.ts";
import { accountFromRow, SELECT_ACCOUNT } from "./account-rows.ts";
import {
  isUniqueViolation,
  type Queryable,
  row,
  rows,
  run,
  type SqlValue,
  type UpstreamDatabase,
} from "./database.ts";
import { insertUser } from "./users.ts";

/** Accounts, subscriptions and logos in PostgreSQL. */
export class PostgresAccountStore implements AccountStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  private async one(on: Queryable, where: string, value: SqlValue): Promise<AccountRecord | undefined> {
    const found = await row<Record<string, unknown>>(on, `${SELECT_ACCOUNT} WHERE ${where}`, [value]);
    return found ? accountFromRow(found) : undefined;
  }

  async resolveByDomain(domain: string) {
    // accounts.domain is COLLATE nocase: any case of the domain finds it, as in SQLite.
    return this.one(this.db.pool, "a.domain = $1", domain);
  }

  async resolveByLogoUid(logoUid: string) {
    return this.one(this.db.pool, "a.logo_uid = $1", logoUid);
  }

  async resolveSystemAccount() {
    // SQLite's `LIMIT`-less .get() takes the first row in rowid order; the lowest id is that row here.
    return this.one(this.db.pool, "a.is_system = $1 ORDER BY a.id LIMIT 1", true);
  }

  async get(accountId: number) {
    return this.one(this.db.pool, "a.id = $1", accountId);
  }

  async subscription(accountId: number) {
    const account = await row<{ subscription_type: string }>(
      this.db.pool,
      "SELECT subscription_type FROM accounts WHERE id = $1",
      [accountId],
    );
    const features = await rows<{ feature: FeatureId; availability: FeatureAvailability }>(
      this.db.pool,
      "SELECT feature, availability FROM account_features WHERE account_id = $1",
      [accountId],
    );
    return {
      subscriptionType: account?.subscription_type ?? "",
      features: new Map(features.map((entry) => [entry.feature, entry.availability])),
    };
  }

  async logo(accountId: number, kind: "Primary" | "Menu") {
    const found = await row<{ content_type: string; data: Buffer; updated_at: number }>(
      this.db.pool,
      "SELECT content_type, data, updated_at FROM account_logos WHERE account_id = $1 AND kind = $2",
      [accountId, kind],
    );
    return found
      ? { contentType: found.content_type, data: found.data, updatedAt: found.updated_at }
      : undefined;
  }

  async setLogo(accountId: number, kind: "Primary" | "Menu", image: LogoImage) {
    await run(
      this.db.pool,
      `INSERT INTO account_logos (account_id, kind, content_type, data, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, kind) DO UPDATE SET content_type = excluded.content_type,
         data = excluded.data, updated_at = excluded.updated_at`,
      [accountId, kind, image.contentType, image.data, image.updatedAt],
    );
  }

  async create(input: NewAccountInput, now: number) {
    try {
      return await this.db.transaction(async (tx) => {
        const inserted = await row<{ id: number }>(
          tx,
          `INSERT INTO accounts (uid, name, domain, domain_type, is_system, is_white_label, signup_allowed,
             show_help_links, two_factor_policy, menu_logo_style, menu_title_type, menu_title, subscription_type,
             parent_account_id, logo_uid, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
           RETURNING id`,
          [
            generateUid(),
            input.name,
            input.domain,
            input.domainType ?? "Subdomain",
            input.isSystem ?? false,
            input.isWhiteLabel ?? false,
            input.signupAllowed ?? false,
            input.showHelpLinks ?? true,
            input.twoFactorPolicy ?? "Optional",
            input.menuLogoStyle ?? "Standard",
            input.menuTitleType ?? "CompanyName",
            input.menuTitle ?? "",
            input.subscriptionType,
            input.parentAccountId ?? null,
            generateUid(),
            now,
          ],
        );
        const accountId = (inserted as { id: number }).id;
        for (const [feature, availability] of input.features) {
          await run(
            tx,
            "INSERT INTO account_features (account_id, feature, availability) VALUES ($1, $2, $3)",
            [accountId, feature, availability],
          );
        }
        const role = await row<{ id: number }>(
          tx,
          `INSERT INTO roles (account_id, name, permissions, is_owner, created_at, modified_at)
           VALUES ($1, $2, $3, TRUE, $4, $4) RETURNING id`,
          [accountId, input.ownerRole.name, input.ownerRole.permissions, now],
        );
        const user = await insertUser(
          tx,
          accountId,
          { ...input.owner, roleId: (role as { id: number }).id },
          now,
        );
        return { user, account: (await this.one(tx, "a.id = $1", accountId)) as AccountRecord };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new StoreConflictError("domain");
      throw error;
    }
  }

  async isEmpty() {
    return (await row(this.db.pool, "SELECT 1 FROM accounts LIMIT 1")) === undefined;
  }
}
