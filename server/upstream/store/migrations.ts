/**
 * Versioned, idempotent migrations of the upstream store. Each runs once, inside a transaction, and
 * is recorded in `schema_migrations`; running the list again applies only what is missing. Never edit
 * a released migration: append a new one.
 */
import type { Database } from "better-sqlite3";
import { MIGRATION_001_IDENTITY } from "./migrations/0001-identity.ts";
import { MIGRATION_002_AUTH } from "./migrations/0002-sessions-and-operations.ts";
import { MIGRATION_003_MEMBER_DATA } from "./migrations/0003-member-data.ts";
import { MIGRATION_004_CONTENT } from "./migrations/0004-objects-files.ts";
import { MIGRATION_005_SUPPORT_CHAT } from "./migrations/0005-support-chat.ts";
import { MIGRATION_006_REALTIME } from "./migrations/0006-chat-staff-and-team-lookups.ts";
import { MIGRATION_007_CONTENT_RESOURCES } from "./migrations/0007-member-resources.ts";
import { MIGRATION_008_ADMIN } from "./migrations/0008-admin.ts";
import { MIGRATION_009_JOBS } from "./migrations/0009-jobs.ts";
import { MIGRATION_010_ACCOUNT_SETTINGS } from "./migrations/0010-account-settings.ts";
import { MIGRATION_011_SHARING } from "./migrations/0011-public-links.ts";
import { MIGRATION_012_BRAND_COLOURS } from "./migrations/0012-account-brand-colours.ts";
import { MIGRATION_013_DATA_TABLE_VERSIONS } from "./migrations/0013-data-table-versions.ts";
import { MIGRATION_014_READ_ONLY_SESSIONS } from "./migrations/0014-read-only-sessions.ts";
import { MIGRATION_015_SESSION_END_REASONS } from "./migrations/0015-session-end-reasons.ts";

/** One migration step. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration, in order. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: "identity and tenancy", sql: MIGRATION_001_IDENTITY },
  { version: 2, name: "sessions, tokens, outbox, logs, configuration", sql: MIGRATION_002_AUTH },
  { version: 3, name: "notifications, announcements, widget themes", sql: MIGRATION_003_MEMBER_DATA },
  { version: 4, name: "objects, files, invoices, data cache", sql: MIGRATION_004_CONTENT },
  { version: 5, name: "support sessions and chat", sql: MIGRATION_005_SUPPORT_CHAT },
  { version: 6, name: "chat edits, staff queue, team membership by user", sql: MIGRATION_006_REALTIME },
  {
    version: 7,
    name: "folders, sharing, tickets, tasks, media, API keys, projects",
    sql: MIGRATION_007_CONTENT_RESOURCES,
  },
  { version: 8, name: "admin resources (staff screens of §2.4)", sql: MIGRATION_008_ADMIN },
  {
    version: 9,
    name: "data rows, export and import jobs, schedule and alert automation",
    sql: MIGRATION_009_JOBS,
  },
  { version: 10, name: "account embedding origins and custom menu", sql: MIGRATION_010_ACCOUNT_SETTINGS },
  { version: 11, name: "public share links and chart snapshots", sql: MIGRATION_011_SHARING },
  { version: 12, name: "account brand colours", sql: MIGRATION_012_BRAND_COLOURS },
  { version: 13, name: "data table versions", sql: MIGRATION_013_DATA_TABLE_VERSIONS },
  { version: 14, name: "read-only sessions", sql: MIGRATION_014_READ_ONLY_SESSIONS },
  { version: 15, name: "session end reasons", sql: MIGRATION_015_SESSION_END_REASONS },
];

/** Applies the migrations not applied yet; returns the versions it applied. */
export function migrate(
  db: Database,
  now: () => number,
  migrations: readonly Migration[] = MIGRATIONS,
): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  ) STRICT`);
  const applied = new Set(
    (db.prepare("SELECT version FROM schema_migrations").all() as { version: number }[]).map(
      (row) => row.version,
    ),
  );
  const record = db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
  const done: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, now());
    })();
    done.push(migration.version);
  }
  return done;
}

/** The highest applied version (0 for an empty database). */
export function schemaVersion(db: Database): number {
  const row = db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as {
    version: number | null;
  };
  return row.version ?? 0;
}
