/**
 * The upstream store: every family behind one object. `openSqliteStore` is the embedded
 * implementation; a PostgreSQL one implements the same `UpstreamStore`.
 */
import { openDatabase, type SqliteDatabase } from "./database.ts";
import { SqliteAccountStore } from "./sqlite/accounts.ts";
import { SqliteChatStore } from "./sqlite/chat.ts";
import { openRealtimeStores } from "./sqlite/realtime.ts";
import { openAdminStores } from "./sqlite/admin.ts";
import { SqliteAdminAwareAnnouncementStore } from "./sqlite/admin-announcements.ts";
import type { AdminStores } from "./types-admin.ts";
import { openJobStores } from "./sqlite/jobs.ts";
import type { JobStores } from "./types-jobs.ts";
import type { RealtimeStores } from "./types-realtime.ts";
import { openContentResourceStores } from "./sqlite/content-media.ts";
import type { ContentResourceStores } from "./types-content-account.ts";
import {
  SqliteDataCacheStore,
  SqliteFileStore,
  SqliteInvoiceStore,
  SqliteObjectStore,
} from "./sqlite/content.ts";
import { SqliteCredentialStore } from "./sqlite/credentials.ts";
import { SqliteNotificationStore, SqliteWidgetThemeStore } from "./sqlite/member-data.ts";
import { SqliteConfigStore, SqliteLogStore, SqliteOutboxStore } from "./sqlite/operations.ts";
import { SqliteRoleStore, SqliteTeamStore } from "./sqlite/roles.ts";
import { SqliteSessionStore, SqliteStaffStore } from "./sqlite/sessions.ts";
import { SqliteTokenStore } from "./sqlite/tokens.ts";
import { SqliteUserStore } from "./sqlite/users.ts";
import type {
  AccountStoreFamily,
  ConfigStoreFamily,
  CredentialStoreFamily,
  LogStoreFamily,
  OutboxStoreFamily,
  RoleStoreFamily,
  SessionStoreFamily,
  StaffStoreFamily,
  TeamStoreFamily,
  TokenStoreFamily,
  UserStoreFamily,
} from "./types.ts";
import type {
  AnnouncementStoreFamily,
  ChatStoreFamily,
  DataCacheStoreFamily,
  FileStoreFamily,
  InvoiceStoreFamily,
  NotificationStoreFamily,
  ObjectStoreFamily,
  WidgetThemeStoreFamily,
} from "./types-content.ts";

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
    close: async () => {
      if (db.open) db.close();
    },
  };
}
