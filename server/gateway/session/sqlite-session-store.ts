/**
 * The embedded session store: one table in the gateway's SQLite file (default
 * ./data/gateway.sqlite, shared with other gateway stores), or an in-memory database for tests.
 * The table is created and migrated on open; its schema version lives in its own meta table, so
 * other components of the same file keep their own.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { SessionStore, StoredSession } from "./session-store.ts";

/** The file name of the gateway's store under its data dir. */
export const GATEWAY_DATABASE_FILE = "gateway.sqlite";
/** In-memory database name for tests. */
export const IN_MEMORY = ":memory:";

const SCHEMA_VERSION = 1;

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE gateway_sessions (
     id_hash TEXT PRIMARY KEY,
     sealed BLOB NOT NULL,
     expires_at INTEGER NOT NULL,
     revision INTEGER NOT NULL DEFAULT 0
   ) STRICT;
   CREATE INDEX gateway_sessions_expires_at ON gateway_sessions (expires_at);`,
];

interface Row {
  id_hash: string;
  sealed: Buffer;
  expires_at: number;
  revision: number;
}

/** SessionStore over better-sqlite3 (synchronous underneath, async at the interface). */
export class SqliteSessionStore implements SessionStore {
  readonly #db: Database.Database;
  readonly #statements;

  /** Opens (creating and migrating) the database at `file`, or an in-memory one for IN_MEMORY. */
  constructor(file: string) {
    if (file !== IN_MEMORY) mkdirSync(dirname(file), { recursive: true });
    this.#db = new Database(file);
    this.#db.pragma("journal_mode = WAL");
    this.#db.pragma("busy_timeout = 5000");
    this.#migrate();
    this.#statements = {
      insert: this.#db.prepare(
        "INSERT INTO gateway_sessions (id_hash, sealed, expires_at, revision) VALUES (?, ?, ?, 0)",
      ),
      get: this.#db.prepare<[string, number], Row>(
        "SELECT id_hash, sealed, expires_at, revision FROM gateway_sessions WHERE id_hash = ? AND expires_at > ?",
      ),
      revision: this.#db
        .prepare<[string, number], number>(
          "SELECT revision FROM gateway_sessions WHERE id_hash = ? AND expires_at > ?",
        )
        .pluck(),
      replace: this.#db.prepare(
        "UPDATE gateway_sessions SET sealed = ?, expires_at = ?, revision = revision + 1 WHERE id_hash = ? AND revision = ?",
      ),
      delete: this.#db.prepare("DELETE FROM gateway_sessions WHERE id_hash = ?"),
      deleteAtRevision: this.#db.prepare("DELETE FROM gateway_sessions WHERE id_hash = ? AND revision = ?"),
      deleteExpired: this.#db.prepare("DELETE FROM gateway_sessions WHERE expires_at <= ?"),
    };
  }

  #migrate(): void {
    this.#db.exec("CREATE TABLE IF NOT EXISTS gateway_session_schema (version INTEGER NOT NULL) STRICT");
    const row = this.#db.prepare("SELECT version FROM gateway_session_schema").get() as
      | { version: number }
      | undefined;
    const current = row?.version ?? 0;
    if (current > SCHEMA_VERSION) {
      throw new Error(`session store schema ${current} is newer than this gateway (${SCHEMA_VERSION})`);
    }
    this.#db.transaction(() => {
      for (let version = current; version < SCHEMA_VERSION; version += 1) {
        this.#db.exec(MIGRATIONS[version] as string);
      }
      this.#db.prepare("DELETE FROM gateway_session_schema").run();
      this.#db.prepare("INSERT INTO gateway_session_schema (version) VALUES (?)").run(SCHEMA_VERSION);
    })();
  }

  async insert(session: Omit<StoredSession, "revision">): Promise<void> {
    this.#statements.insert.run(session.idHash, session.sealed, session.expiresAt);
  }

  async get(idHash: string, now: number): Promise<StoredSession | null> {
    const row = this.#statements.get.get(idHash, now);
    if (!row) return null;
    return { idHash: row.id_hash, sealed: row.sealed, expiresAt: row.expires_at, revision: row.revision };
  }

  async revision(idHash: string, now: number): Promise<number | null> {
    return this.revisionNow(idHash, now);
  }

  revisionNow(idHash: string, now: number): number | null {
    return this.#statements.revision.get(idHash, now) ?? null;
  }

  async replace(
    idHash: string,
    expectedRevision: number,
    sealed: Buffer,
    expiresAt: number,
  ): Promise<boolean> {
    return this.#statements.replace.run(sealed, expiresAt, idHash, expectedRevision).changes === 1;
  }

  async delete(idHash: string, expectedRevision?: number): Promise<boolean> {
    const result =
      expectedRevision === undefined
        ? this.#statements.delete.run(idHash)
        : this.#statements.deleteAtRevision.run(idHash, expectedRevision);
    return result.changes === 1;
  }

  async deleteExpired(now: number): Promise<number> {
    return this.#statements.deleteExpired.run(now).changes;
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}
