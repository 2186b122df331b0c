/**
 * Login announcements as /admin/loginannouncements manages them, in PostgreSQL
 * (../sqlite/admin-announcements.ts): `current` is the newest active announcement for everyone,
 * `pendingFor` the newest active one for a user's audience they have not seen yet.
 */
import type { LoginAnnouncementRecord } from "../records-content.ts";
import { announcementFromRow } from "../sqlite/admin-announcements.ts";
import type { AnnouncementAudience, AnnouncementStoreFamily } from "../types/member-data.ts";
import { row, type UpstreamDatabase } from "./database.ts";
import { PostgresAnnouncementStore } from "./member-data.ts";

// $1 now, $2 account, $3 language; SQLite's lower() folds ASCII only, as lower() under "C" does.
const RUNNING_FOR = `starts_at <= $1 AND (ends_at IS NULL OR ends_at > $1) AND is_active
  AND (target_account_id IS NULL OR target_account_id = $2)
  AND (language_code IS NULL OR lower(language_code) = lower($3::text COLLATE "C"))`;

/** The announcement family honouring the admin screen's active flag and audience. */
export class PostgresAdminAwareAnnouncementStore
  extends PostgresAnnouncementStore
  implements AnnouncementStoreFamily
{
  constructor(private readonly database: UpstreamDatabase) {
    super(database);
  }

  override async current(now: number): Promise<LoginAnnouncementRecord | undefined> {
    const found = await row<Record<string, unknown>>(
      this.database.pool,
      `SELECT * FROM login_announcements WHERE starts_at <= $1 AND (ends_at IS NULL OR ends_at > $1)
         AND is_active AND target_account_id IS NULL AND language_code IS NULL
       ORDER BY starts_at DESC, id DESC LIMIT 1`,
      [now],
    );
    return found ? announcementFromRow(found) : undefined;
  }

  async pendingFor(audience: AnnouncementAudience, now: number) {
    const found = await row<Record<string, unknown>>(
      this.database.pool,
      `SELECT * FROM login_announcements a WHERE ${RUNNING_FOR}
         AND NOT EXISTS (SELECT 1 FROM login_announcement_views v WHERE v.announcement_id = a.id
           AND v.account_id = $2 AND v.user_id = $4)
       ORDER BY starts_at DESC, id DESC LIMIT 1`,
      [now, audience.accountId, audience.languageCode, audience.userId],
    );
    return found ? announcementFromRow(found) : undefined;
  }

  async runsFor(audience: AnnouncementAudience, recId: number, now: number) {
    const found = await row(
      this.database.pool,
      `SELECT 1 FROM login_announcements WHERE id = $4 AND ${RUNNING_FOR}`,
      [now, audience.accountId, audience.languageCode, recId],
    );
    return found !== undefined;
  }
}
