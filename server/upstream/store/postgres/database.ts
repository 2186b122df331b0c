/**
 * The upstream's PostgreSQL database (DESIGN.md §7, the store on PostgreSQL when UPSTREAM_DATABASE_URL
 * is set): a `pg.Pool`, the versioned migrations of ./migrations.ts applied once at start under an
 * advisory lock and recorded in `upstream_migrations`, a transaction helper with SQLite's guarantees,
 * and small typed query helpers. The families over it (./*.ts) share the pool and never close it:
 * whoever opened the database closes it. The conversion rules every family follows: ./README.md.
 */
import pg from "pg";
import type { Migration } from "../migrations.ts";
import { POSTGRES_MIGRATIONS } from "./migrations.ts";

/**
 * Key of the advisory lock the migrations run under: the bytes of "tsup", one constant for every
 * upstream instance on the database and not the gateway's "tsgw" (0x74736777), so the two may share
 * a database without waiting for each other.
 */
export const UPSTREAM_MIGRATION_LOCK = 0x74737570;

/** What a family runs its statements on: the pool (one statement, autocommit) or a transaction's client. */
export type Queryable = Pick<pg.Pool, "query">;

/**
 * A value a statement takes as a parameter ($1, $2, …). An array becomes a PostgreSQL array, for
 * `= ANY($1::bigint[])` where SQLite's statement spelled out `IN (?, ?, …)`.
 */
export type SqlValue = string | number | boolean | null | Buffer | bigint | readonly (string | number)[];

/** SQLSTATEs after which a whole transaction may simply run again. */
const RETRYABLE = new Set(["40001", "40P01"]); // serialization_failure, deadlock_detected

/** How often `transaction` runs a transaction the server aborted as a serialization failure. */
export const TRANSACTION_ATTEMPTS = 8;
/** The longest pause before the second attempt; the n-th waits up to n − 1 times as long. */
const RETRY_PAUSE_MS = 5;

/**
 * The pool's own type parsers (never pg's global ones, which the gateway's pool would share): BIGINT —
 * every INTEGER of the SQLite schema: ids, epoch milliseconds, counts — as a number, as better-sqlite3
 * returns it; a value beyond Number.MAX_SAFE_INTEGER as a bigint, so arithmetic on it throws instead of
 * rounding. NUMERIC (what SUM of BIGINT gives) stays a string: cast in SQL (README.md).
 */
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8 && format !== "binary"
      ? (value: string) => {
          const number = Number(value);
          return Number.isSafeInteger(number) ? number : BigInt(value);
        }
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

/** Options of UpstreamDatabase.open. */
export interface UpstreamDatabaseOptions {
  /** Most connections of the pool (default 10). */
  maxConnections?: number;
  /** An idle connection failed (the server restarted, the network dropped): the pool replaces it. */
  onIdleError?: (error: Error) => void;
  /** The migrations to apply (default POSTGRES_MIGRATIONS; tests give others). */
  migrations?: readonly Migration[];
}

/** The pool and what runs on it. */
export class UpstreamDatabase {
  readonly pool: pg.Pool;
  /** The migrations this instance applied when it opened; empty when another instance had applied them. */
  readonly applied: readonly number[];
  #closed = false;

  private constructor(pool: pg.Pool, applied: readonly number[]) {
    this.pool = pool;
    this.applied = applied;
  }

  /**
   * Connects to `url` (a postgres:// URL; `?options=-c search_path=…` picks a schema) and migrates;
   * `now` stamps the migrations table in epoch milliseconds, as the SQLite store's. Rejects, closing
   * the pool, when the server is unreachable or a migration fails.
   */
  static async open(
    url: string,
    now: () => number,
    options: UpstreamDatabaseOptions = {},
  ): Promise<UpstreamDatabase> {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.maxConnections ?? 10,
      application_name: "tessera-upstream",
      connectionTimeoutMillis: 10_000,
      types: TYPES,
    });
    // Without a listener an idle connection's error would end the process.
    pool.on("error", (error) => options.onIdleError?.(error));
    try {
      const applied = await migrate(pool, now, options.migrations ?? POSTGRES_MIGRATIONS);
      return new UpstreamDatabase(pool, applied);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  /**
   * Runs `work` in one SERIALIZABLE transaction on one connection: committed when it resolves, rolled
   * back when it rejects (its error rethrown). SQLite runs one writer at a time, so a family's
   * read-then-write (a role in use? then delete) never meets a concurrent change; SERIALIZABLE keeps
   * that here, and a transaction the server aborts for it (or for a deadlock) runs again, up to
   * TRANSACTION_ATTEMPTS times. `work` may therefore run more than once: it must do nothing but
   * statements on `tx` (no events, no I/O) and return what it computed.
   */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      let result: T;
      try {
        await client.query("BEGIN ISOLATION LEVEL SERIALIZABLE");
        result = await work(client);
        await client.query("COMMIT");
      } catch (error) {
        try {
          await client.query("ROLLBACK");
          client.release();
        } catch (rollbackError) {
          // A connection that cannot roll back is not handed out again.
          client.release(rollbackError as Error);
        }
        if (attempt < TRANSACTION_ATTEMPTS && RETRYABLE.has(sqlState(error) ?? "")) {
          // A random pause, longer at each attempt, so transactions that collided do not collide again.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * attempt * RETRY_PAUSE_MS));
          continue;
        }
        throw error;
      }
      client.release();
      return result;
    }
  }

  /** Ends the pool (waiting for the connections in use); a second call does nothing. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.pool.end();
  }
}

/** The rows a statement returns. */
export async function rows<Row>(
  on: Queryable,
  sql: string,
  params: readonly SqlValue[] = [],
): Promise<Row[]> {
  const result = await on.query(sql, params as SqlValue[]);
  return result.rows as Row[];
}

/** The first row a statement returns, or undefined. */
export async function row<Row>(
  on: Queryable,
  sql: string,
  params: readonly SqlValue[] = [],
): Promise<Row | undefined> {
  return (await rows<Row>(on, sql, params))[0];
}

/** Runs a statement; how many rows it inserted, changed or deleted (better-sqlite3's `changes`). */
export async function run(on: Queryable, sql: string, params: readonly SqlValue[] = []): Promise<number> {
  const result = await on.query(sql, params as SqlValue[]);
  return result.rowCount ?? 0;
}

/** The SQLSTATE of a server error, or undefined for anything else. */
export function sqlState(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined;
}

/** Whether an error is a UNIQUE (or primary key) violation — SQLite's SQLITE_CONSTRAINT_UNIQUE. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === "23505";
}

/**
 * Applies the migrations `pool`'s database lacks, in order, each in its own transaction, under the
 * advisory lock UPSTREAM_MIGRATION_LOCK; returns the versions applied. An instance starting while
 * another migrates waits for the lock, then finds nothing left to apply. Refuses a database migrated
 * by a newer upstream (a version this one does not know).
 */
export async function migrate(
  pool: pg.Pool,
  now: () => number,
  migrations: readonly Migration[],
): Promise<number[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [UPSTREAM_MIGRATION_LOCK]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS upstream_migrations (
           version INTEGER PRIMARY KEY,
           name TEXT NOT NULL,
           applied_at BIGINT NOT NULL
         )`,
      );
      const known = new Set(migrations.map((migration) => migration.version));
      const done = (await client.query<{ version: number }>("SELECT version FROM upstream_migrations")).rows;
      const unknown = done.filter((entry) => !known.has(entry.version)).map((entry) => entry.version);
      if (unknown.length > 0) {
        throw new Error(
          `the upstream database has migration(s) ${unknown.join(", ")} this upstream does not know (a newer upstream migrated it)`,
        );
      }
      const present = new Set(done.map((entry) => entry.version));
      const applied: number[] = [];
      for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
        if (present.has(migration.version)) continue;
        try {
          await client.query("BEGIN");
          await client.query(migration.sql);
          await client.query(
            "INSERT INTO upstream_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
            [migration.version, migration.name, now()],
          );
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw new Error(
            `upstream migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`,
            {
              cause: error,
            },
          );
        }
        applied.push(migration.version);
      }
      return applied;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [UPSTREAM_MIGRATION_LOCK]);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection left in an unknown state (a failed unlock or rollback) is dropped, not reused.
    client.release(broken);
  }
}

/** The highest applied version (0 for an empty database). */
export async function schemaVersion(on: Queryable): Promise<number> {
  const found = await row<{ version: number | null }>(
    on,
    "SELECT MAX(version) AS version FROM upstream_migrations",
  );
  return found?.version ?? 0;
}
