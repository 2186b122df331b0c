/** PostgreSQL implementation of notifications, login announcements and widget themes (../sqlite/member-data.ts). */
import { parseJson } from "../database.ts";
import type { NotificationFields, WidgetThemeRecord } from "../records-content.ts";
import { announcementFromRow } from "../sqlite/admin-announcements.ts";
import type {
  AnnouncementStoreFamily,
  NotificationStoreFamily,
  WidgetThemeStoreFamily,
} from "../types/member-data.ts";
import { row, rows, run, type UpstreamDatabase } from "./database.ts";
import { notificationFromRow } from "./realtime-notifications.ts";

/** Notifications of one user in PostgreSQL. */
export class PostgresNotificationStore implements NotificationStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async list(accountId: number, userId: number, limit: number) {
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      "SELECT * FROM notifications WHERE account_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3",
      [accountId, userId, limit],
    );
    return found.map(notificationFromRow);
  }

  async add(accountId: number, userId: number, code: string, fields: NotificationFields, now: number) {
    const inserted = await row<Record<string, unknown>>(
      this.db.pool,
      `INSERT INTO notifications (account_id, user_id, code, is_new, created_at, fields)
       VALUES ($1, $2, $3, TRUE, $4, $5) RETURNING *`,
      [accountId, userId, code, now, JSON.stringify(fields)],
    );
    return notificationFromRow(inserted as Record<string, unknown>);
  }

  async markRead(accountId: number, userId: number, recIds: number[]) {
    // One statement over the distinct ids: what SQLite's one UPDATE per id counts (a repeated id
    // is read the first time only).
    return run(
      this.db.pool,
      "UPDATE notifications SET is_new = FALSE WHERE account_id = $1 AND user_id = $2 AND id = ANY($3::bigint[]) AND is_new",
      [accountId, userId, recIds],
    );
  }

  async clear(accountId: number, userId: number) {
    return run(this.db.pool, "DELETE FROM notifications WHERE account_id = $1 AND user_id = $2", [
      accountId,
      userId,
    ]);
  }
}

/** Login announcements in PostgreSQL. */
// Audience targeting (pendingFor, runsFor) lives in admin-announcements.ts, on the admin columns.
export class PostgresAnnouncementStore implements Omit<AnnouncementStoreFamily, "pendingFor" | "runsFor"> {
  constructor(private readonly db: UpstreamDatabase) {}

  async current(now: number) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      `SELECT * FROM login_announcements WHERE starts_at <= $1 AND (ends_at IS NULL OR ends_at > $1)
       ORDER BY starts_at DESC, id DESC LIMIT 1`,
      [now],
    );
    return found ? announcementFromRow(found) : undefined;
  }

  async seen(accountId: number, userId: number, announcementId: number) {
    const found = await row(
      this.db.pool,
      "SELECT 1 FROM login_announcement_views WHERE account_id = $1 AND user_id = $2 AND announcement_id = $3",
      [accountId, userId, announcementId],
    );
    return found !== undefined;
  }

  async markSeen(accountId: number, userId: number, announcementId: number, now: number) {
    await run(
      this.db.pool,
      `INSERT INTO login_announcement_views (announcement_id, account_id, user_id, seen_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [announcementId, accountId, userId, now],
    );
  }

  async create(input: { title: string; body: string; startsAt: number; endsAt: number | null }, now: number) {
    const inserted = await row<{ id: number }>(
      this.db.pool,
      `INSERT INTO login_announcements (title, body, starts_at, ends_at, created_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [input.title, input.body, input.startsAt, input.endsAt, now],
    );
    return (inserted as { id: number }).id;
  }
}

/** Widget themes in PostgreSQL. */
export class PostgresWidgetThemeStore implements WidgetThemeStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async list(accountId: number) {
    // The account's theme replaces a system theme of the same key; system themes first, as SQLite
    // orders `account_id IS NOT NULL` (false before true).
    const found = await rows<{ theme_key: string; value: string }>(
      this.db.pool,
      `SELECT theme_key, value FROM widget_themes t
       WHERE t.account_id = $1 OR (t.account_id IS NULL AND NOT EXISTS (
         SELECT 1 FROM widget_themes o WHERE o.account_id = $1 AND o.theme_key = t.theme_key))
       ORDER BY t.account_id IS NOT NULL, theme_key`,
      [accountId],
    );
    return found.map(
      (entry): WidgetThemeRecord => ({
        Key: entry.theme_key,
        Value: parseJson<WidgetThemeRecord["Value"]>(entry.value, { Dashboard: "{}", Widgets: [] }),
      }),
    );
  }

  async put(accountId: number | null, theme: WidgetThemeRecord) {
    // UNIQUE (account_id, theme_key) does not hold for the system's themes (NULL account), so the
    // read and the write go together, as in SQLite's single writer.
    await this.db.transaction(async (tx) => {
      const existing = await row<{ id: number }>(
        tx,
        "SELECT id FROM widget_themes WHERE account_id IS NOT DISTINCT FROM $1::bigint AND theme_key = $2",
        [accountId, theme.Key],
      );
      if (existing) {
        await run(tx, "UPDATE widget_themes SET value = $1 WHERE id = $2", [
          JSON.stringify(theme.Value),
          existing.id,
        ]);
      } else {
        await run(tx, "INSERT INTO widget_themes (account_id, theme_key, value) VALUES ($1, $2, $3)", [
          accountId,
          theme.Key,
          JSON.stringify(theme.Value),
        ]);
      }
    });
  }
}
