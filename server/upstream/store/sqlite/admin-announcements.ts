/**
 * Login announcements as /admin/loginannouncements manages them (migration 8 added severity,
 * audience and an active flag). `current` is the newest active announcement for everyone (no target
 * account, no language); `pendingFor` is what one user is shown at sign-in: the newest active
 * announcement for everyone or targeted at their account and/or their language that they have not
 * seen yet — an announcement meant for one account or language is never shown to the others.
 */

import type { SqliteDatabase } from "../database.ts";
import type { LoginAnnouncementRecord } from "../records-content.ts";
import type { AnnouncementAudience, AnnouncementStoreFamily } from "../types/member-data.ts";
import { SqliteAnnouncementStore } from "./member-data.ts";

const RUNNING_FOR = `starts_at <= @now AND (ends_at IS NULL OR ends_at > @now) AND is_active = 1
  AND (target_account_id IS NULL OR target_account_id = @account)
  AND (language_code IS NULL OR lower(language_code) = lower(@language))`;

/** Maps a `login_announcements` row to a record (shared with ../postgres/admin-announcements.ts). */
export function announcementFromRow(row: Record<string, unknown>): LoginAnnouncementRecord {
  return {
    recId: row.id as number,
    title: row.title as string,
    body: row.body as string,
    startsAt: row.starts_at as number,
    endsAt: (row.ends_at as number | null) ?? null,
  };
}

/** The announcement family honouring the admin screen's active flag and audience. */
export class SqliteAdminAwareAnnouncementStore
  extends SqliteAnnouncementStore
  implements AnnouncementStoreFamily
{
  constructor(private readonly database: SqliteDatabase) {
    super(database);
  }

  override async current(now: number): Promise<LoginAnnouncementRecord | undefined> {
    const row = this.database
      .prepare(
        `SELECT * FROM login_announcements WHERE starts_at <= ? AND (ends_at IS NULL OR ends_at > ?)
           AND is_active = 1 AND target_account_id IS NULL AND language_code IS NULL
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

  async pendingFor(audience: AnnouncementAudience, now: number) {
    const row = this.database
      .prepare(
        `SELECT * FROM login_announcements a WHERE ${RUNNING_FOR}
           AND NOT EXISTS (SELECT 1 FROM login_announcement_views v WHERE v.announcement_id = a.id
             AND v.account_id = @account AND v.user_id = @user)
         ORDER BY starts_at DESC, id DESC LIMIT 1`,
      )
      .get(this.parameters(audience, now)) as Record<string, unknown> | undefined;
    return row ? announcementFromRow(row) : undefined;
  }

  async runsFor(audience: AnnouncementAudience, recId: number, now: number) {
    const row = this.database
      .prepare(`SELECT 1 FROM login_announcements WHERE id = @id AND ${RUNNING_FOR}`)
      .get({ ...this.parameters(audience, now), id: recId });
    return row !== undefined;
  }

  private parameters(audience: AnnouncementAudience, now: number) {
    return { now, account: audience.accountId, user: audience.userId, language: audience.languageCode };
  }
}
