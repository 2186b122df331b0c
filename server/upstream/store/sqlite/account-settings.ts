/** SQLite implementation of the account-settings family (migrations 10 and 12). */
import { generateUid } from "../../identity/secrets.ts";
import { bit, parseJson, type SqliteDatabase } from "../database.ts";
import type { LogoImage } from "../records.ts";
import type {
  AccountSettingsChange,
  AccountSettingsStoreFamily,
  MenuLayoutRecord,
} from "../types/account-settings.ts";
import { accountFromRow, SELECT_ACCOUNT } from "./account-rows.ts";

/** Account settings, embedding origins and custom menus in SQLite. */
export class SqliteAccountSettingsStore implements AccountSettingsStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async embeddingOrigins(accountId: number) {
    const rows = this.db
      .prepare("SELECT origin FROM account_embedding_origins WHERE account_id = ? ORDER BY position")
      .all(accountId) as { origin: string }[];
    return rows.map((row) => row.origin);
  }

  async update(accountId: number, change: AccountSettingsChange) {
    const write = this.db.transaction(() => {
      const { changes } = this.db
        .prepare(
          `UPDATE accounts SET name = ?, menu_logo_style = ?, menu_title_type = ?, menu_title = ?,
             two_factor_policy = ?, show_help_links = ?, brand_primary_color = ?, brand_accent_color = ?
           WHERE id = ?`,
        )
        .run(
          change.name,
          change.menuLogoStyle,
          change.menuTitleType,
          change.menuTitle,
          change.twoFactorPolicy,
          bit(change.showHelpLinks),
          change.brandPrimaryColor,
          change.brandAccentColor,
          accountId,
        );
      if (changes === 0) return undefined;
      this.db.prepare("DELETE FROM account_embedding_origins WHERE account_id = ?").run(accountId);
      const insert = this.db.prepare(
        "INSERT INTO account_embedding_origins (account_id, position, origin) VALUES (?, ?, ?)",
      );
      for (const [position, origin] of change.embeddingOrigins.entries())
        insert.run(accountId, position, origin);
      const row = this.db.prepare(`${SELECT_ACCOUNT} WHERE a.id = ?`).get(accountId) as Record<
        string,
        unknown
      >;
      return accountFromRow(row);
    });
    return write();
  }

  async replaceLogo(accountId: number, kind: "Primary" | "Menu", image: LogoImage | null) {
    const write = this.db.transaction(() => {
      const { changes } = this.db
        .prepare("UPDATE accounts SET logo_uid = ? WHERE id = ?")
        .run(generateUid(), accountId);
      if (changes === 0) return undefined;
      if (image) {
        this.db
          .prepare(
            `INSERT INTO account_logos (account_id, kind, content_type, data, updated_at) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (account_id, kind) DO UPDATE SET content_type = excluded.content_type,
               data = excluded.data, updated_at = excluded.updated_at`,
          )
          .run(accountId, kind, image.contentType, image.data, image.updatedAt);
      } else {
        this.db.prepare("DELETE FROM account_logos WHERE account_id = ? AND kind = ?").run(accountId, kind);
      }
      return accountFromRow(
        this.db.prepare(`${SELECT_ACCOUNT} WHERE a.id = ?`).get(accountId) as Record<string, unknown>,
      );
    });
    return write();
  }

  async menuLayout(accountId: number) {
    const row = this.db
      .prepare("SELECT definition, version, modified_at FROM account_menu_layouts WHERE account_id = ?")
      .get(accountId) as { definition: string; version: number; modified_at: number } | undefined;
    return row ? layoutFromRow(row) : undefined;
  }

  async setMenuLayout(accountId: number, definition: unknown, userId: number, now: number) {
    const row = this.db
      .prepare(
        `INSERT INTO account_menu_layouts (account_id, definition, version, modified_at, modified_by_user_id)
         VALUES (?, ?, 1, ?, ?)
         ON CONFLICT (account_id) DO UPDATE SET definition = excluded.definition,
           version = account_menu_layouts.version + 1, modified_at = excluded.modified_at,
           modified_by_user_id = excluded.modified_by_user_id
         RETURNING definition, version, modified_at`,
      )
      .get(accountId, JSON.stringify(definition), now, userId) as {
      definition: string;
      version: number;
      modified_at: number;
    };
    return layoutFromRow(row);
  }
}

/** Maps an `account_menu_layouts` row to a record (shared with ../postgres/account-settings.ts). */
export function layoutFromRow(row: {
  definition: string;
  version: number;
  modified_at: number;
}): MenuLayoutRecord {
  return {
    definition: parseJson<unknown>(row.definition, []),
    version: row.version,
    modifiedAt: row.modified_at,
  };
}
