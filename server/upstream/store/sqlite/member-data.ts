/** SQLite implementation of notifications, login announcements and widget themes. */
import { bool, parseJson, type SqliteDatabase } from "../database.ts";
import type { NotificationFields, NotificationRecord, WidgetThemeRecord } from "../records-content.ts";
import type {
  AnnouncementStoreFamily,
  NotificationStoreFamily,
  WidgetThemeStoreFamily,
} from "../types/member-data.ts";

function notificationFromRow(row: Record<string, unknown>): NotificationRecord {
  return {
    recId: row.id as number,
    accountId: row.account_id as number,
    userId: row.user_id as number,
    code: row.code as string,
    isNew: bool(row.is_new),
    createdAt: row.created_at as number,
    fields: parseJson<NotificationFields>(row.fields, {}),
  };
}

export class SqliteNotificationStore implements NotificationStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async list(accountId: number, userId: number, limit: number) {
    const rows = this.db
      .prepare(
        "SELECT * FROM notifications WHERE account_id = ? AND user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
      )
      .all(accountId, userId, limit) as Record<string, unknown>[];
    return rows.map(notificationFromRow);
  }

  async add(accountId: number, userId: number, code: string, fields: NotificationFields, now: number) {
    const row = this.db
      .prepare(
        "INSERT INTO notifications (account_id, user_id, code, is_new, created_at, fields) VALUES (?, ?, ?, 1, ?, ?) RETURNING *",
      )
      .get(accountId, userId, code, now, JSON.stringify(fields)) as Record<string, unknown>;
    return notificationFromRow(row);
  }

  async markRead(accountId: number, userId: number, recIds: number[]) {
    const update = this.db.prepare(
      "UPDATE notifications SET is_new = 0 WHERE account_id = ? AND user_id = ? AND id = ? AND is_new = 1",
    );
    return this.db.transaction(() =>
      recIds.reduce((n, id) => n + update.run(accountId, userId, id).changes, 0),
    )();
  }

  async clear(accountId: number, userId: number) {
    return this.db
      .prepare("DELETE FROM notifications WHERE account_id = ? AND user_id = ?")
      .run(accountId, userId).changes;
  }
}

/** Login announcements in SQLite. */
// Audience targeting (pendingFor, runsFor) lives in admin-announcements.ts, on the admin columns.
export class SqliteAnnouncementStore implements Omit<AnnouncementStoreFamily, "pendingFor" | "runsFor"> {
  constructor(private readonly db: SqliteDatabase) {}

  async current(now: number) {
    const row = this.db
      .prepare(
        `SELECT * FROM login_announcements WHERE starts_at <= ? AND (ends_at IS NULL OR ends_at > ?)
         ORDER BY starts_at DESC, id DESC LIMIT 1`,
      )
      .get(now, now) as Record<string, unknown> | undefined;
    if (!row) return undefined;
    return {
      recId: row.id as number,
      title: row.title as string,
      body: row.body as string,
      startsAt: row.starts_at as number,
      endsAt: (row.ends_at as number | null) ?? null,
    };
  }

  async seen(accountId: number, userId: number, announcementId: number) {
    return (
      this.db
        .prepare(
          "SELECT 1 FROM login_announcement_views WHERE account_id = ? AND user_id = ? AND announcement_id = ?",
        )
        .get(accountId, userId, announcementId) !== undefined
    );
  }

  async markSeen(accountId: number, userId: number, announcementId: number, now: number) {
    this.db
      .prepare(
        `INSERT INTO login_announcement_views (announcement_id, account_id, user_id, seen_at) VALUES (?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
      )
      .run(announcementId, accountId, userId, now);
  }

  async create(input: { title: string; body: string; startsAt: number; endsAt: number | null }, now: number) {
    const { lastInsertRowid } = this.db
      .prepare(
        "INSERT INTO login_announcements (title, body, starts_at, ends_at, created_at) VALUES (?, ?, ?, ?, ?)",
      )
      .run(input.title, input.body, input.startsAt, input.endsAt, now);
    return Number(lastInsertRowid);
  }
}

/** Widget themes in SQLite. */
export class SqliteWidgetThemeStore implements WidgetThemeStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async list(accountId: number) {
    // The account's theme replaces a system theme of the same key.
    const rows = this.db
      .prepare(
        `SELECT theme_key, value FROM widget_themes t
         WHERE t.account_id = ? OR (t.account_id IS NULL AND NOT EXISTS (
           SELECT 1 FROM widget_themes o WHERE o.account_id = ? AND o.theme_key = t.theme_key))
         ORDER BY t.account_id IS NOT NULL, theme_key`,
      )
      .all(accountId, accountId) as { theme_key: string; value: string }[];
    return rows.map(
      (row): WidgetThemeRecord => ({
        Key: row.theme_key,
        Value: parseJson<WidgetThemeRecord["Value"]>(row.value, { Dashboard: "{}", Widgets: [] }),
      }),
    );
  }

  async put(accountId: number | null, theme: WidgetThemeRecord) {
    const existing = this.db
      .prepare("SELECT id FROM widget_themes WHERE account_id IS ? AND theme_key = ?")
      .get(accountId, theme.Key) as { id: number } | undefined;
    if (existing) {
      this.db
        .prepare("UPDATE widget_themes SET value = ? WHERE id = ?")
        .run(JSON.stringify(theme.Value), existing.id);
    } else {
      this.db
        .prepare("INSERT INTO widget_themes (account_id, theme_key, value) VALUES (?, ?, ?)")
        .run(accountId, theme.Key, JSON.stringify(theme.Value));
    }
  }
}
