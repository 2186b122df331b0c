/**
 * The families that exist on PostgreSQL so far, built over one database as `openSqliteStore` builds
 * them on SQLite (../index.ts). A family ported here is added to `PostgresFamilies` and to
 * `openPostgresFamilies`, and the suites of test/helpers/upstream-store-backends.ts reach it on both
 * backends; once every family of `UpstreamStore` is here, `openPostgresStore` replaces this pick.
 */
import type { UpstreamStore } from "../index.ts";
import { PostgresAccountSettingsStore } from "./account-settings.ts";
import { PostgresAccountUserStore } from "./account-users.ts";
import { PostgresAccountStore } from "./accounts.ts";
import { openAdminStores } from "./admin.ts";
import { PostgresAdminAwareAnnouncementStore } from "./admin-announcements.ts";
import { PostgresAnalyticsStore } from "./analytics.ts";
import { PostgresChatStore } from "./chat.ts";
import {
  PostgresDataCacheStore,
  PostgresFileStore,
  PostgresInvoiceStore,
  PostgresObjectStore,
} from "./content.ts";
import { openPostgresContentStores, type PostgresContentOptions } from "./content-media.ts";
import { PostgresCredentialStore } from "./credentials.ts";
import type { UpstreamDatabase } from "./database.ts";
import { PostgresHelpContentStore } from "./help-content.ts";
import { openJobStores } from "./jobs.ts";
import { PostgresNotificationStore, PostgresWidgetThemeStore } from "./member-data.ts";
import { PostgresConfigStore, PostgresLogStore, PostgresOutboxStore } from "./operations.ts";
import { PostgresPublicLinkStore } from "./public-links.ts";
import { openRealtimeStores } from "./realtime.ts";
import { PostgresRoleStore, PostgresTeamStore } from "./roles.ts";
import { PostgresSessionStore, PostgresStaffStore } from "./sessions.ts";
import { PostgresTokenStore } from "./tokens.ts";
import { PostgresUserStore } from "./users.ts";

/**
 * The families ported so far: identity (accounts, users, credentials, roles, teams, staff, sessions,
 * tokens); objects, files, invoices, the data cache and the member-side content resources.
 */
export type PostgresFamilies = Pick<
  UpstreamStore,
  | "accounts"
  | "users"
  | "credentials"
  | "roles"
  | "teams"
  | "staff"
  | "sessions"
  | "tokens"
  | "jobs"
  | "analytics"
  | "admin"
  | "objects"
  | "files"
  | "invoices"
  | "dataCache"
  | "content"
  | "outbox"
  | "logs"
  | "config"
  | "notifications"
  | "widgetThemes"
  | "announcements"
  | "chat"
  | "realtime"
  | "publicLinks"
  | "help"
  | "accountSettings"
  | "accountUsers"
>;

/** Options of openPostgresFamilies: the media folder of `content` (./content-media.ts). */
export type PostgresFamiliesOptions = PostgresContentOptions;

/** The ported families over one database (which they share and never close). */
export function openPostgresFamilies(
  db: UpstreamDatabase,
  options: PostgresFamiliesOptions = {},
): PostgresFamilies {
  return {
    accounts: new PostgresAccountStore(db),
    users: new PostgresUserStore(db),
    credentials: new PostgresCredentialStore(db),
    roles: new PostgresRoleStore(db),
    teams: new PostgresTeamStore(db),
    staff: new PostgresStaffStore(db),
    sessions: new PostgresSessionStore(db),
    tokens: new PostgresTokenStore(db),
    jobs: openJobStores(db),
    analytics: new PostgresAnalyticsStore(db),
    admin: openAdminStores(db),
    objects: new PostgresObjectStore(db),
    files: new PostgresFileStore(db),
    invoices: new PostgresInvoiceStore(db),
    dataCache: new PostgresDataCacheStore(db),
    content: openPostgresContentStores(db, options),
    outbox: new PostgresOutboxStore(db),
    logs: new PostgresLogStore(db),
    config: new PostgresConfigStore(db),
    notifications: new PostgresNotificationStore(db),
    widgetThemes: new PostgresWidgetThemeStore(db),
    announcements: new PostgresAdminAwareAnnouncementStore(db),
    chat: new PostgresChatStore(db),
    realtime: openRealtimeStores(db),
    publicLinks: new PostgresPublicLinkStore(db),
    help: new PostgresHelpContentStore(db),
    accountSettings: new PostgresAccountSettingsStore(db),
    accountUsers: new PostgresAccountUserStore(db),
  };
}
