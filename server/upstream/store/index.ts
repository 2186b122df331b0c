/**
 * The upstream store: every family behind one object. `openSqliteStore` is the embedded
 * implementation; `openPostgresStore` (UPSTREAM_DATABASE_URL, DESIGN.md §7) implements the same
 * `UpstreamStore` for several upstream instances on one database (./postgres/README.md).
 */
import { openDatabase, type SqliteDatabase } from "./database.ts";
import { UpstreamDatabase } from "./postgres/database.ts";
import { openPostgresFamilies } from "./postgres/stores.ts";
import { SqliteAccountSettingsStore } from "./sqlite/account-settings.ts";
import { SqliteAccountUserStore } from "./sqlite/account-users.ts";
import { SqliteAccountStore } from "./sqlite/accounts.ts";
import { openAdminStores } from "./sqlite/admin.ts";
import { SqliteAdminAwareAnnouncementStore } from "./sqlite/admin-announcements.ts";
import { SqliteAnalyticsStore } from "./sqlite/analytics.ts";
import { SqliteChatStore } from "./sqlite/chat.ts";
import {
  SqliteDataCacheStore,
  SqliteFileStore,
  SqliteInvoiceStore,
  SqliteObjectStore,
} from "./sqlite/content.ts";
import { openContentResourceStores } from "./sqlite/content-media.ts";
import { SqliteCredentialStore } from "./sqlite/credentials.ts";
import { SqliteHelpContentStore } from "./sqlite/help-content.ts";
import { openJobStores } from "./sqlite/jobs.ts";
import { SqliteNotificationStore, SqliteWidgetThemeStore } from "./sqlite/member-data.ts";
import { SqliteConfigStore, SqliteLogStore, SqliteOutboxStore } from "./sqlite/operations.ts";
import { SqlitePublicLinkStore } from "./sqlite/public-links.ts";
import { openRealtimeStores } from "./sqlite/realtime.ts";
import { SqliteRoleStore, SqliteTeamStore } from "./sqlite/roles.ts";
import { SqliteSessionStore, SqliteStaffStore } from "./sqlite/sessions.ts";
import { SqliteTokenStore } from "./sqlite/tokens.ts";
import { SqliteUserStore } from "./sqlite/users.ts";
import type { AccountSettingsStoreFamily } from "./types/account-settings.ts";
import type { AccountUserStoreFamily } from "./types/account-users.ts";
import type { AdminStores } from "./types/admin.ts";
import type { AnalyticsStoreFamily } from "./types/analytics.ts";
import type { ChatStoreFamily } from "./types/chat.ts";
import type { HelpContentStoreFamily } from "./types/help.ts";
import type {
  AccountStoreFamily,
  CredentialStoreFamily,
  RoleStoreFamily,
  SessionStoreFamily,
  StaffStoreFamily,
  TeamStoreFamily,
  TokenStoreFamily,
  UserStoreFamily,
} from "./types/identity.ts";
import type { JobStores } from "./types/jobs.ts";
import type {
  AnnouncementStoreFamily,
  NotificationStoreFamily,
  WidgetThemeStoreFamily,
} from "./types/member-data.ts";
import type { ContentResourceStores } from "./types/member-resources.ts";
import type {
  DataCacheStoreFamily,
  FileStoreFamily,
  InvoiceStoreFamily,
  ObjectStoreFamily,
} from "./types/objects-files.ts";
import type { ConfigStoreFamily, LogStoreFamily, OutboxStoreFamily } from "./types/operations.ts";
import type { PublicLinkStoreFamily } from "./types/public-links.ts";
import type { RealtimeStores } from "./types/realtime.ts";

/** Every store family of the upstream. */
export interface UpstreamStore {
  accounts: AccountStoreFamily;
  users: UserStoreFamily;
  credentials: CredentialStoreFamily;
  roles: RoleStoreFamily;
  teams: TeamStoreFamily;
  staff: StaffStoreFamily;
  sessions: SessionStoreFamily;
  tokens: TokenStoreFamily;
  outbox: OutboxStoreFamily;
  logs: LogStoreFamily;
  config: ConfigStoreFamily;
  notifications: NotificationStoreFamily;
  announcements: AnnouncementStoreFamily;
  widgetThemes: WidgetThemeStoreFamily;
  objects: ObjectStoreFamily;
  files: FileStoreFamily;
  invoices: InvoiceStoreFamily;
  dataCache: DataCacheStoreFamily;
  chat: ChatStoreFamily;
  realtime: RealtimeStores;
  /** Member-side resources: folders, library, tickets, tasks, media, API keys, usage, projects. */
  content: ContentResourceStores;
  admin: AdminStores;
  /** Producers of the §4.3 events: data rows, exports, imports, schedules, alerts, billing jobs. */
  jobs: JobStores;
  /** Member-side user management of one account (/users); staff manage users through `admin.identity`. */
  accountUsers: AccountUserStoreFamily;
  /** Public share links and chart snapshots (migration 11, §2.1 public routes). */
  publicLinks: PublicLinkStoreFamily;
  /** The account's settings, embedding allow-list and custom menu (migration 10). */
  accountSettings: AccountSettingsStoreFamily;
  /** Published help-center articles for help mode (§1, anonymous reads of migration 8's table). */
  help: HelpContentStoreFamily;
  /** What the query engine reads: data table versions and rows, data sources, share codes (migration 13). */
  analytics: AnalyticsStoreFamily;
  /** Releases the connection; no call may follow. */
  close(): Promise<void>;
}

/** Opens the SQLite store at `file`, creating and migrating it when needed. */
export function openSqliteStore(file: string, now: () => number): UpstreamStore {
  const db: SqliteDatabase = openDatabase(file, now);
  return {
    accounts: new SqliteAccountStore(db),
    users: new SqliteUserStore(db),
    credentials: new SqliteCredentialStore(db),
    roles: new SqliteRoleStore(db),
    teams: new SqliteTeamStore(db),
    staff: new SqliteStaffStore(db),
    sessions: new SqliteSessionStore(db),
    tokens: new SqliteTokenStore(db),
    outbox: new SqliteOutboxStore(db),
    logs: new SqliteLogStore(db),
    config: new SqliteConfigStore(db),
    notifications: new SqliteNotificationStore(db),
    announcements: new SqliteAdminAwareAnnouncementStore(db),
    widgetThemes: new SqliteWidgetThemeStore(db),
    objects: new SqliteObjectStore(db),
    files: new SqliteFileStore(db),
    invoices: new SqliteInvoiceStore(db),
    dataCache: new SqliteDataCacheStore(db),
    chat: new SqliteChatStore(db),
    realtime: openRealtimeStores(db),
    content: openContentResourceStores(db, file),
    admin: openAdminStores(db),
    jobs: openJobStores(db),
    accountUsers: new SqliteAccountUserStore(db),
    publicLinks: new SqlitePublicLinkStore(db),
    accountSettings: new SqliteAccountSettingsStore(db),
    help: new SqliteHelpContentStore(db),
    analytics: new SqliteAnalyticsStore(db),
    close: async () => {
      if (db.open) db.close();
    },
  };
}

/**
 * Opens the PostgreSQL store at `url` (migrating it under its advisory lock) with uploaded media in
 * `mediaDirectory`, which every instance on the database must share.
 */
export async function openPostgresStore(
  url: string,
  now: () => number,
  mediaDirectory: string,
): Promise<UpstreamStore> {
  const db = await UpstreamDatabase.open(url, now);
  return { ...openPostgresFamilies(db, { mediaDirectory }), close: () => db.close() };
}
