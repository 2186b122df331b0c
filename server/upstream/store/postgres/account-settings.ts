/** PostgreSQL implementation of the account-settings family (../sqlite/account-settings.ts, migrations 10 and 12). */
import { generateUid } from "../../identity/secrets.ts";
import type { LogoImage } from "../records.ts";
import { layoutFromRow } from "../sqlite/account-settings.ts";
import type { AccountSettingsChange, AccountSettingsStoreFamily } from "../types/account-settings.ts";
import { accountFromRow, SELECT_ACCOUNT } from "./account-rows.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";

async function accountAfter(on: Queryable, accountId: number) {
  const found = await row<Record<string, unknown>>(on, `${SELECT_ACCOUNT} WHERE a.id = $1`, [accountId]);
  return accountFromRow(found as Record<string, unknown>);
}

/** Account settings, embedding origins and custom menus in PostgreSQL. */
export class PostgresAccountSettingsStore implements AccountSettingsStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async embeddingOrigins(accountId: number) {
    const found = await rows<{ origin: string }>(
      this.db.pool,
      "SELECT origin FROM account_embedding_origins WHERE account_id = $1 ORDER BY position",
      [accountId],
    );
    return found.map((entry) => entry.origin);
  }

  async update(accountId: number, change: AccountSettingsChange) {
    return this.db.transaction(async (tx) => {
      const changed = await run(
        tx,
        `UPDATE accounts SET name = $1, menu_logo_style = $2, menu_title_type = $3, menu_title = $4,
           two_factor_policy = $5, show_help_links = $6, brand_primary_color = $7, brand_accent_color = $8
         WHERE id = $9`,
        [
          change.name,
          change.menuLogoStyle,
          change.menuTitleType,
          change.menuTitle,
          change.twoFactorPolicy,
          change.showHelpLinks,
          change.brandPrimaryColor,
          change.brandAccentColor,
          accountId,
        ],
      );
      if (changed === 0) return undefined;
      await run(tx, "DELETE FROM account_embedding_origins WHERE account_id = $1", [accountId]);
      for (const [position, origin] of change.embeddingOrigins.entries()) {
        await run(
          tx,
          "INSERT INTO account_embedding_origins (account_id, position, origin) VALUES ($1, $2, $3)",
          [accountId, position, origin],
        );
      }
      return accountAfter(tx, accountId);
    });
  }

  async replaceLogo(accountId: number, kind: "Primary" | "Menu", image: LogoImage | null) {
    // The UID is drawn once, outside the transaction, which may run again (database.ts).
    const logoUid = generateUid();
    return this.db.transaction(async (tx) => {
      const changed = await run(tx, "UPDATE accounts SET logo_uid = $1 WHERE id = $2", [logoUid, accountId]);
      if (changed === 0) return undefined;
      if (image) {
        await run(
          tx,
          `INSERT INTO account_logos (account_id, kind, content_type, data, updated_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (account_id, kind) DO UPDATE SET content_type = excluded.content_type,
             data = excluded.data, updated_at = excluded.updated_at`,
          [accountId, kind, image.contentType, image.data, image.updatedAt],
        );
      } else {
        await run(tx, "DELETE FROM account_logos WHERE account_id = $1 AND kind = $2", [accountId, kind]);
      }
      return accountAfter(tx, accountId);
    });
  }

  async menuLayout(accountId: number) {
    const found = await row<{ definition: string; version: number; modified_at: number }>(
      this.db.pool,
      "SELECT definition, version, modified_at FROM account_menu_layouts WHERE account_id = $1",
      [accountId],
    );
    return found ? layoutFromRow(found) : undefined;
  }

  async setMenuLayout(accountId: number, definition: unknown, userId: number, now: number) {
    const stored = await row<{ definition: string; version: number; modified_at: number }>(
      this.db.pool,
      `INSERT INTO account_menu_layouts (account_id, definition, version, modified_at, modified_by_user_id)
       VALUES ($1, $2, 1, $3, $4)
       ON CONFLICT (account_id) DO UPDATE SET definition = excluded.definition,
         version = account_menu_layouts.version + 1, modified_at = excluded.modified_at,
         modified_by_user_id = excluded.modified_by_user_id
       RETURNING definition, version, modified_at`,
      [accountId, JSON.stringify(definition), now, userId],
    );
    return layoutFromRow(stored as { definition: string; version: number; modified_at: number });
  }
}
