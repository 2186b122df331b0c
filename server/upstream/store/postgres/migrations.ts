/**
 * The upstream's schema on PostgreSQL: one migration per SQLite migration, same version, same name
 * (../migrations.ts), so a later change lands as version n on both backends. database.ts applies
 * them once, in order, under an advisory lock. Never edit a released migration: append a new one.
 */
import type { Migration } from "../migrations.ts";
import { MIGRATIONS } from "../migrations.ts";
import { PG_MIGRATION_001_IDENTITY } from "./migrations/0001-identity.ts";
import { PG_MIGRATION_002_AUTH } from "./migrations/0002-sessions-and-operations.ts";
import { PG_MIGRATION_003_MEMBER_DATA } from "./migrations/0003-member-data.ts";
import { PG_MIGRATION_004_CONTENT } from "./migrations/0004-objects-files.ts";
import { PG_MIGRATION_005_SUPPORT_CHAT } from "./migrations/0005-support-chat.ts";
import { PG_MIGRATION_006_REALTIME } from "./migrations/0006-chat-staff-and-team-lookups.ts";
import { PG_MIGRATION_007_CONTENT_RESOURCES } from "./migrations/0007-member-resources.ts";
import { PG_MIGRATION_008_ADMIN } from "./migrations/0008-admin.ts";
import { PG_MIGRATION_009_JOBS } from "./migrations/0009-jobs.ts";
import { PG_MIGRATION_010_ACCOUNT_SETTINGS } from "./migrations/0010-account-settings.ts";
import { PG_MIGRATION_011_SHARING } from "./migrations/0011-public-links.ts";
import { PG_MIGRATION_012_BRAND_COLOURS } from "./migrations/0012-account-brand-colours.ts";
import { PG_MIGRATION_013_DATA_TABLE_VERSIONS } from "./migrations/0013-data-table-versions.ts";
import { PG_MIGRATION_014_READ_ONLY_SESSIONS } from "./migrations/0014-read-only-sessions.ts";
import { PG_MIGRATION_015_SESSION_END_REASONS } from "./migrations/0015-session-end-reasons.ts";

const SQL: Record<number, string> = {
  1: PG_MIGRATION_001_IDENTITY,
  2: PG_MIGRATION_002_AUTH,
  3: PG_MIGRATION_003_MEMBER_DATA,
  4: PG_MIGRATION_004_CONTENT,
  5: PG_MIGRATION_005_SUPPORT_CHAT,
  6: PG_MIGRATION_006_REALTIME,
  7: PG_MIGRATION_007_CONTENT_RESOURCES,
  8: PG_MIGRATION_008_ADMIN,
  9: PG_MIGRATION_009_JOBS,
  10: PG_MIGRATION_010_ACCOUNT_SETTINGS,
  11: PG_MIGRATION_011_SHARING,
  12: PG_MIGRATION_012_BRAND_COLOURS,
  13: PG_MIGRATION_013_DATA_TABLE_VERSIONS,
  14: PG_MIGRATION_014_READ_ONLY_SESSIONS,
  15: PG_MIGRATION_015_SESSION_END_REASONS,
};

/**
 * Every migration, in order: the SQLite list's versions and names with this backend's SQL. Throws at
 * load when a SQLite migration has no translation, so the two lists cannot drift apart unnoticed.
 */
export const POSTGRES_MIGRATIONS: readonly Migration[] = MIGRATIONS.map((migration) => {
  const sql = SQL[migration.version];
  if (sql === undefined) {
    throw new Error(
      `SQLite migration ${migration.version} (${migration.name}) has no PostgreSQL translation`,
    );
  }
  return { version: migration.version, name: migration.name, sql };
});
