/**
 * The embedded configuration store: tables in the gateway's SQLite file (./data/gateway.sqlite beside
 * the sessions), or an in-memory database for tests. Created and migrated on open; its schema version
 * lives in its own meta table.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type {
  AuditFilter,
  AuditRecord,
  ChangeSetRecord,
  ChangeSetStatus,
  ConfigStore,
  Publication,
  ReleaseRecord,
  VersionHeader,
  VersionRecord,
} from "./config-store.ts";
import {
  type AuditRow,
  auditOf,
  type ChangeSetChanges,
  type ChangeSetRow,
  changeSetAssignments,
  changeSetOf,
  type ReleaseRow,
  releaseOf,
  VERSION_HEADER_COLUMNS,
  type VersionRow,
  versionHeader,
} from "./config-store-rows.ts";

/** In-memory database name for tests. */
export const IN_MEMORY = ":memory:";

/**
 * One script per schema version, applied in order to a database of an older version (in place: a
 * gateway.sqlite written by an older gateway keeps its history). MIGRATIONS[n] brings version n to n + 1.
 */
const SCHEMA_VERSION = 2;

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE config_versions (
     number INTEGER PRIMARY KEY,
     created_at INTEGER NOT NULL,
     author TEXT NOT NULL,
     comment TEXT NOT NULL,
     content TEXT NOT NULL,
     content_hash TEXT NOT NULL,
     base_hash TEXT NOT NULL,
     origin TEXT NOT NULL,
     change_set_id INTEGER,
     restores INTEGER,
     summary TEXT NOT NULL
   ) STRICT;
   CREATE TABLE config_releases (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     version INTEGER NOT NULL REFERENCES config_versions (number),
     scope TEXT NOT NULL,
     accounts TEXT,
     at INTEGER NOT NULL,
     actor TEXT NOT NULL
   ) STRICT;
   CREATE TABLE config_change_sets (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     author TEXT NOT NULL,
     comment TEXT NOT NULL,
     base_version INTEGER NOT NULL,
     edits TEXT NOT NULL,
     status TEXT NOT NULL,
     revision INTEGER NOT NULL,
     approved_by TEXT,
     approved_at INTEGER,
     scheduled_at INTEGER,
     scheduled_accounts TEXT,
     published_version INTEGER,
     failure TEXT,
     system INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX config_change_sets_status ON config_change_sets (status);
   CREATE TABLE config_audit (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     at INTEGER NOT NULL,
     actor TEXT NOT NULL,
     address TEXT NOT NULL,
     action TEXT NOT NULL,
     target TEXT NOT NULL,
     details TEXT NOT NULL
   ) STRICT;
   CREATE INDEX config_audit_at ON config_audit (at);
   -- Append-only history: versions, releases and audit entries are never changed or removed.
   CREATE TRIGGER config_versions_append_only BEFORE UPDATE ON config_versions
     BEGIN SELECT RAISE(ABORT, 'config_versions is append-only'); END;
   CREATE TRIGGER config_versions_no_delete BEFORE DELETE ON config_versions
     BEGIN SELECT RAISE(ABORT, 'config_versions is append-only'); END;
   CREATE TRIGGER config_releases_append_only BEFORE UPDATE ON config_releases
     BEGIN SELECT RAISE(ABORT, 'config_releases is append-only'); END;
   CREATE TRIGGER config_audit_append_only BEFORE UPDATE ON config_audit
     BEGIN SELECT RAISE(ABORT, 'config_audit is append-only'); END;`,
  // The review workflow: a pending request, and the latest answer (JSON of ChangeSetReview).
  `ALTER TABLE config_change_sets ADD COLUMN review_requested_at INTEGER;
   ALTER TABLE config_change_sets ADD COLUMN review TEXT;`,
];

/** ConfigStore over better-sqlite3 (synchronous underneath, async at the interface). */
export class SqliteConfigStore implements ConfigStore {
  readonly #db: Database.Database;

  /** Opens (creating and migrating) the database at `file`, or an in-memory one for IN_MEMORY. */
  constructor(file: string) {
    if (file !== IN_MEMORY) mkdirSync(dirname(file), { recursive: true });
    this.#db = new Database(file);
    this.#db.pragma("journal_mode = WAL");
    this.#db.pragma("busy_timeout = 5000");
    this.#db.pragma("foreign_keys = ON");
    this.#migrate();
  }

  #migrate(): void {
    this.#db.exec("CREATE TABLE IF NOT EXISTS config_schema (version INTEGER NOT NULL) STRICT");
    const row = this.#db.prepare("SELECT version FROM config_schema").get() as
      | { version: number }
      | undefined;
    const current = row?.version ?? 0;
    if (current > SCHEMA_VERSION) {
      throw new Error(`configuration store schema ${current} is newer than this gateway (${SCHEMA_VERSION})`);
    }
    this.#db.transaction(() => {
      for (let version = current; version < SCHEMA_VERSION; version += 1)
        this.#db.exec(MIGRATIONS[version] as string);
      this.#db.prepare("DELETE FROM config_schema").run();
      this.#db.prepare("INSERT INTO config_schema (version) VALUES (?)").run(SCHEMA_VERSION);
    })();
  }

  #insertAudit(entry: Omit<AuditRecord, "id">): AuditRecord {
    const result = this.#db
      .prepare(
        "INSERT INTO config_audit (at, actor, address, action, target, details) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(entry.at, entry.actor, entry.address, entry.action, entry.target, JSON.stringify(entry.details));
    return { id: Number(result.lastInsertRowid), ...entry };
  }

  #insertRelease(release: Omit<ReleaseRecord, "id">): ReleaseRecord {
    const result = this.#db
      .prepare("INSERT INTO config_releases (version, scope, accounts, at, actor) VALUES (?, ?, ?, ?, ?)")
      .run(
        release.version,
        release.scope,
        release.accounts === null ? null : JSON.stringify(release.accounts),
        release.at,
        release.actor,
      );
    return { id: Number(result.lastInsertRowid), ...release };
  }

  async publish(publication: Publication): Promise<number | null> {
    return this.#db.transaction((): number | null => {
      const head = this.#db.prepare("SELECT COALESCE(MAX(number), 0) AS n FROM config_versions").get() as {
        n: number;
      };
      const number = head.n + 1;
      const v = publication.version;
      if (publication.changeSet) {
        // First, at the revision the publisher read: a change set published (or changed) meanwhile
        // matches no row, and nothing is written.
        const marked = this.#db
          .prepare(
            "UPDATE config_change_sets SET status = 'published', published_version = ?, updated_at = ?, revision = revision + 1 WHERE id = ? AND revision = ?",
          )
          .run(number, v.createdAt, publication.changeSet.id, publication.changeSet.revision);
        if (marked.changes === 0) return null;
      }
      this.#db
        .prepare(
          `INSERT INTO config_versions (number, created_at, author, comment, content, content_hash, base_hash, origin,
             change_set_id, restores, summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          number,
          v.createdAt,
          v.author,
          v.comment,
          v.content,
          v.contentHash,
          v.baseHash,
          v.origin,
          v.changeSetId,
          v.restores,
          JSON.stringify(v.summary),
        );
      this.#insertRelease({ ...publication.release, version: number });
      const { target, ...audit } = publication.audit;
      this.#insertAudit({
        ...audit,
        target: target ?? `version:${number}`,
        details: { ...audit.details, version: number },
      });
      return number;
    })();
  }

  async promote(
    release: Omit<ReleaseRecord, "id" | "scope" | "accounts">,
    audit: Omit<AuditRecord, "id">,
  ): Promise<ReleaseRecord | null> {
    // IMMEDIATE: the write lock is taken before the newest release is read, so two processes on one
    // file cannot both read the canary and both promote it.
    return this.#db
      .transaction((): ReleaseRecord | null => {
        const newest = this.#db
          .prepare("SELECT version, scope FROM config_releases ORDER BY id DESC LIMIT 1")
          .get() as Pick<ReleaseRecord, "version" | "scope"> | undefined;
        if (newest?.scope !== "canary" || newest.version !== release.version) return null;
        const written = this.#insertRelease({ ...release, scope: "all", accounts: null });
        this.#insertAudit(audit);
        return written;
      })
      .immediate();
  }

  async version(number: number): Promise<VersionRecord | null> {
    const row = this.#db.prepare("SELECT * FROM config_versions WHERE number = ?").get(number) as
      | VersionRow
      | undefined;
    return row ? { ...versionHeader(row), content: row.content as string } : null;
  }

  async versions(): Promise<VersionHeader[]> {
    const rows = this.#db
      .prepare(`SELECT ${VERSION_HEADER_COLUMNS} FROM config_versions ORDER BY number DESC`)
      .all() as VersionRow[];
    return rows.map(versionHeader);
  }

  async headVersion(): Promise<number> {
    return (
      this.#db.prepare("SELECT COALESCE(MAX(number), 0) AS n FROM config_versions").get() as { n: number }
    ).n;
  }

  async releases(): Promise<ReleaseRecord[]> {
    return (this.#db.prepare("SELECT * FROM config_releases ORDER BY id").all() as ReleaseRow[]).map(
      releaseOf,
    );
  }

  async createChangeSet(
    input: Pick<ChangeSetRecord, "author" | "comment" | "baseVersion" | "edits" | "system" | "createdAt">,
  ): Promise<ChangeSetRecord> {
    const now = input.createdAt;
    const result = this.#db
      .prepare(
        `INSERT INTO config_change_sets (created_at, updated_at, author, comment, base_version, edits, status, revision, system)
           VALUES (?, ?, ?, ?, ?, ?, 'draft', 1, ?)`,
      )
      .run(
        now,
        now,
        input.author,
        input.comment,
        input.baseVersion,
        JSON.stringify(input.edits),
        input.system ? 1 : 0,
      );
    return (await this.changeSet(Number(result.lastInsertRowid))) as ChangeSetRecord;
  }

  async changeSet(id: number): Promise<ChangeSetRecord | null> {
    const row = this.#db.prepare("SELECT * FROM config_change_sets WHERE id = ?").get(id) as
      | ChangeSetRow
      | undefined;
    return row ? changeSetOf(row) : null;
  }

  async changeSets(statuses?: readonly ChangeSetStatus[]): Promise<ChangeSetRecord[]> {
    const rows = (
      statuses && statuses.length > 0
        ? this.#db
            .prepare(
              `SELECT * FROM config_change_sets WHERE status IN (${statuses.map(() => "?").join(",")}) ORDER BY id DESC`,
            )
            .all(...statuses)
        : this.#db.prepare("SELECT * FROM config_change_sets ORDER BY id DESC").all()
    ) as ChangeSetRow[];
    return rows.map(changeSetOf);
  }

  async updateChangeSet(
    id: number,
    revision: number,
    changes: ChangeSetChanges,
  ): Promise<ChangeSetRecord | null> {
    const assignments = changeSetAssignments(changes);
    const sets = assignments.map(([column]) => `${column} = ?`);
    // SQLite binds no booleans: a flag is stored as 0 or 1.
    const values = assignments.map(([, value]) => (typeof value === "boolean" ? (value ? 1 : 0) : value));
    const result = this.#db
      .prepare(
        `UPDATE config_change_sets SET ${[...sets, "revision = revision + 1"].join(", ")} WHERE id = ? AND revision = ?`,
      )
      .run(...values, id, revision);
    return result.changes === 1 ? this.changeSet(id) : null;
  }

  async appendAudit(entry: Omit<AuditRecord, "id">): Promise<AuditRecord> {
    return this.#insertAudit(entry);
  }

  async audit(filter: AuditFilter = {}): Promise<AuditRecord[]> {
    const where: string[] = [];
    const values: unknown[] = [];
    const conditions: [unknown, string][] = [
      [filter.actor, "actor = ?"],
      [filter.action, "action = ?"],
      [filter.target, "target = ?"],
      [filter.from, "at >= ?"],
      [filter.to, "at <= ?"],
      [filter.before, "id < ?"],
    ];
    for (const [value, condition] of conditions) {
      if (value === undefined) continue;
      where.push(condition);
      values.push(value);
    }
    const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1000);
    const rows = this.#db
      .prepare(
        `SELECT * FROM config_audit ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT ?`,
      )
      .all(...values, limit) as AuditRow[];
    return rows.map(auditOf);
  }

  async close(): Promise<void> {
    this.#db.close();
  }
}
