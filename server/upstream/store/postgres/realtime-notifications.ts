/** PostgreSQL implementation of notifications produced by events (../sqlite/realtime-notifications.ts). */
import type { NotificationRecord } from "../records-content.ts";
import { notificationRecordFromRow } from "../sqlite/realtime-notifications.ts";
import type {
  NotificationDraft,
  NotificationEventStoreFamily,
  RelatedObjectField,
} from "../types/realtime.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";

/** Maps a `notifications` row to a record: SQLite's mapping with the driver's boolean. */
export function notificationFromRow(found: Record<string, unknown>): NotificationRecord {
  return { ...notificationRecordFromRow(found), isNew: found.is_new as boolean };
}

/**
 * Inserts drafts on the caller's transaction. The INSERT … SELECT only writes a row when the user
 * belongs to the draft's account, so a notification can never land in another tenant.
 */
export async function insertNotifications(
  on: Queryable,
  drafts: readonly NotificationDraft[],
  now: number,
): Promise<NotificationRecord[]> {
  const stored: NotificationRecord[] = [];
  for (const draft of drafts) {
    const inserted = await row<Record<string, unknown>>(
      on,
      `INSERT INTO notifications (account_id, user_id, code, is_new, created_at, fields)
       SELECT account_id, id, $1, TRUE, $2, $3 FROM users WHERE account_id = $4 AND id = $5 RETURNING *`,
      [draft.code, now, JSON.stringify(draft.fields), draft.accountId, draft.userId],
    );
    if (inserted) stored.push(notificationFromRow(inserted));
  }
  return stored;
}

/** Notifications produced by events, in PostgreSQL. */
export class PostgresNotificationEventStore implements NotificationEventStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async addMany(drafts: NotificationDraft[], now: number) {
    return this.db.transaction((tx) => insertNotifications(tx, drafts, now));
  }

  async memberRoles(accountId: number) {
    const found = await rows<{ user_id: number; permissions: string }>(
      this.db.pool,
      `SELECT u.id AS user_id, COALESCE(r.permissions, '') AS permissions FROM users u
       LEFT JOIN roles r ON r.id = u.role_id AND r.account_id = u.account_id
       WHERE u.account_id = $1 AND NOT u.disabled ORDER BY u.id`,
      [accountId],
    );
    return found.map((entry) => ({ userId: entry.user_id, permissions: entry.permissions }));
  }

  async existingUsers(accountId: number, userIds: number[]) {
    const wanted = [...new Set(userIds)];
    const found = await rows<{ id: number }>(
      this.db.pool,
      "SELECT id FROM users WHERE account_id = $1 AND id = ANY($2::bigint[])",
      [accountId, wanted],
    );
    const existing = new Set(found.map((entry) => entry.id));
    // In the order asked, as SQLite's one lookup per id gives them.
    return wanted.filter((id) => existing.has(id));
  }

  // SQLite's json_set rewrites the text; jsonb writes it back normalised (keys reordered, spaces
  // after separators), which parseJson reads as the same fields.
  async flagRelatedObjectDeleted(accountId: number, field: RelatedObjectField, recId: number) {
    return run(
      this.db.pool,
      `UPDATE notifications SET fields = jsonb_set(fields::jsonb, '{IsRelatedObjectDeleted}', 'true')::text
       WHERE account_id = $1 AND fields::jsonb -> $2::text = to_jsonb($3::bigint)`,
      [accountId, field, recId],
    );
  }

  async flagDataTrashed(accountId: number, dataRecId: number, trashed: boolean) {
    return run(
      this.db.pool,
      `UPDATE notifications SET fields = jsonb_set(fields::jsonb, '{IsDataCloneTrashed}', to_jsonb($1::boolean))::text
       WHERE account_id = $2 AND fields::jsonb -> 'DataCloneRecId' = to_jsonb($3::bigint)`,
      [trashed, accountId, dataRecId],
    );
  }
}
