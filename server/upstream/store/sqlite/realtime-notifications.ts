/** SQLite implementation of notifications produced by events (store/types/realtime.ts). */
import { bool, parseJson, type SqliteDatabase } from "../database.ts";
import type { NotificationFields, NotificationRecord } from "../records-content.ts";
import type {
  NotificationDraft,
  NotificationEventStoreFamily,
  RelatedObjectField,
} from "../types/realtime.ts";

/** Maps a `notifications` row to a record. */
export function notificationRecordFromRow(row: Record<string, unknown>): NotificationRecord {
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

/**
 * Inserts drafts inside the caller's transaction. The INSERT … SELECT only writes a row when the user
 * belongs to the draft's account, so a notification can never land in another tenant.
 */
export function insertNotifications(
  db: SqliteDatabase,
  drafts: readonly NotificationDraft[],
  now: number,
): NotificationRecord[] {
  const insert = db.prepare(
    `INSERT INTO notifications (account_id, user_id, code, is_new, created_at, fields)
     SELECT account_id, id, ?, 1, ?, ? FROM users WHERE account_id = ? AND id = ? RETURNING *`,
  );
  const stored: NotificationRecord[] = [];
  for (const draft of drafts) {
    const row = insert.get(draft.code, now, JSON.stringify(draft.fields), draft.accountId, draft.userId);
    if (row) stored.push(notificationRecordFromRow(row as Record<string, unknown>));
  }
  return stored;
}

/** Notifications produced by events, in SQLite. */
export class SqliteNotificationEventStore implements NotificationEventStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async addMany(drafts: NotificationDraft[], now: number) {
    return this.db.transaction(() => insertNotifications(this.db, drafts, now))();
  }

  async memberRoles(accountId: number) {
    const rows = this.db
      .prepare(
        `SELECT u.id AS user_id, COALESCE(r.permissions, '') AS permissions FROM users u
         LEFT JOIN roles r ON r.id = u.role_id AND r.account_id = u.account_id
         WHERE u.account_id = ? AND u.disabled = 0 ORDER BY u.id`,
      )
      .all(accountId) as { user_id: number; permissions: string }[];
    return rows.map((row) => ({ userId: row.user_id, permissions: row.permissions }));
  }

  async existingUsers(accountId: number, userIds: number[]) {
    const find = this.db.prepare("SELECT id FROM users WHERE account_id = ? AND id = ?");
    return [...new Set(userIds)].filter((id) => find.get(accountId, id) !== undefined);
  }

  async flagRelatedObjectDeleted(accountId: number, field: RelatedObjectField, recId: number) {
    return this.db
      .prepare(
        `UPDATE notifications SET fields = json_set(fields, '$.IsRelatedObjectDeleted', json('true'))
         WHERE account_id = ? AND json_extract(fields, ?) = ?`,
      )
      .run(accountId, `$.${field}`, recId).changes;
  }

  async flagDataTrashed(accountId: number, dataRecId: number, trashed: boolean) {
    return this.db
      .prepare(
        `UPDATE notifications SET fields = json_set(fields, '$.IsDataCloneTrashed', json(?))
         WHERE account_id = ? AND json_extract(fields, '$.DataCloneRecId') = ?`,
      )
      .run(trashed ? "true" : "false", accountId, dataRecId).changes;
  }
}
