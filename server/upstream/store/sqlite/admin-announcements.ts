/**
 * Login announcements as /admin/loginannouncements manages them (migration 8 added severity,
 * audience and an active flag). Common/LoginAnnouncement asks for "the current announcement"
 * without saying for whom, so only active announcements for everyone (no target account, no
 * language) are current here: an announcement meant for one account or language is never shown to
 * the others.
 */
import type { LoginAnnouncementRecord } from "../records-content.ts";
import { SqliteAnnouncementStore } from "./member-data.ts";
import type { SqliteDatabase } from "../database.ts";

/** The announcement family honouring the admin screen's active flag and audience. */
export class SqliteAdminAwareAnnouncementStore extends SqliteAnnouncementStore {
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
}
