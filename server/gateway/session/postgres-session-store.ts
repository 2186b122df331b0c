/**
 * The session store on PostgreSQL (DESIGN.md §7): the table of sqlite-session-store.ts in the
 * gateway's database (database/postgres.ts), shared by every gateway instance, so a session begun on
 * one is valid on all and a logout anywhere ends it everywhere. Each write is one statement, and
 * `replace` compares the revision in its WHERE clause: of two instances replacing the same revision,
 * exactly one succeeds. There is no `revisionNow` — every read is I/O — so the cache's checks take the
 * asynchronous path (session-manager.ts `identityOf`). The pool belongs to the database.
 */
import type { GatewayDatabase } from "../database/postgres.ts";
import type { SessionStore, StoredSession } from "./session-store.ts";

interface Row {
  id_hash: string;
  sealed: Buffer;
  expires_at: number;
  revision: number;
}

/** SessionStore over the gateway's PostgreSQL database. */
export class PostgresSessionStore implements SessionStore {
  readonly #database: GatewayDatabase;

  /** The store over `database`, migrated when it opened. */
  constructor(database: GatewayDatabase) {
    this.#database = database;
  }

  async insert(session: Omit<StoredSession, "revision">): Promise<void> {
    await this.#database.pool.query(
      "INSERT INTO gateway_sessions (id_hash, sealed, expires_at, revision) VALUES ($1, $2, $3, 0)",
      [session.idHash, session.sealed, session.expiresAt],
    );
  }

  async get(idHash: string, now: number): Promise<StoredSession | null> {
    const { rows } = await this.#database.pool.query<Row>(
      "SELECT id_hash, sealed, expires_at, revision FROM gateway_sessions WHERE id_hash = $1 AND expires_at > $2",
      [idHash, now],
    );
    const row = rows[0];
    if (!row) return null;
    return { idHash: row.id_hash, sealed: row.sealed, expiresAt: row.expires_at, revision: row.revision };
  }

  async revision(idHash: string, now: number): Promise<number | null> {
    const { rows } = await this.#database.pool.query<{ revision: number }>(
      "SELECT revision FROM gateway_sessions WHERE id_hash = $1 AND expires_at > $2",
      [idHash, now],
    );
    return rows[0]?.revision ?? null;
  }

  async replace(
    idHash: string,
    expectedRevision: number,
    sealed: Buffer,
    expiresAt: number,
  ): Promise<boolean> {
    const result = await this.#database.pool.query(
      "UPDATE gateway_sessions SET sealed = $1, expires_at = $2, revision = revision + 1 WHERE id_hash = $3 AND revision = $4",
      [sealed, expiresAt, idHash, expectedRevision],
    );
    return result.rowCount === 1;
  }

  async delete(idHash: string, expectedRevision?: number): Promise<boolean> {
    const result =
      expectedRevision === undefined
        ? await this.#database.pool.query("DELETE FROM gateway_sessions WHERE id_hash = $1", [idHash])
        : await this.#database.pool.query(
            "DELETE FROM gateway_sessions WHERE id_hash = $1 AND revision = $2",
            [idHash, expectedRevision],
          );
    return result.rowCount === 1;
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.#database.pool.query("DELETE FROM gateway_sessions WHERE expires_at <= $1", [
      now,
    ]);
    return result.rowCount ?? 0;
  }

  /** Nothing to release: the pool is the database's. */
  async close(): Promise<void> {}
}
