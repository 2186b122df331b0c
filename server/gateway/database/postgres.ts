/**
 * The gateway's PostgreSQL database (DESIGN.md §7, several gateway instances on one shared store): a
 * `pg.Pool` over GATEWAY_DATABASE_URL and the versioned migrations of its tables
 * (postgres-migrations.ts). Every instance migrates at start under one advisory lock, so instances
 * starting together apply each migration once; the table `gateway_migrations` records what was applied.
 * The stores over it (config/postgres-config-store.ts, session/postgres-session-store.ts) share the
 * pool and never close it: whoever opened the database closes it.
 */
import pg from "pg";
import { GATEWAY_MIGRATIONS, type GatewayMigration } from "./postgres-migrations.ts";

/**
 * Key of the advisory lock the migrations run under: one constant for every gateway on the database
 * (the bytes of "tsgw"), so a second instance waits until the first has migrated and then finds
 * nothing left to apply.
 */
export const GATEWAY_MIGRATION_LOCK = 0x74736777;

/** What a store runs its statements on: the pool, or one transaction's client. */
export type Queryable = Pick<pg.Pool, "query">;

/** The pool's type parsers: BIGINT (epoch milliseconds, ids, counts) as a number, the rest as pg parses it. */
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8 && format !== "binary"
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

/** Options of GatewayDatabase.open. */
export interface GatewayDatabaseOptions {
  /** Most connections of the pool (default 10). */
  maxConnections?: number;
  /** An idle connection failed (the server restarted, the network dropped): the pool replaces it. */
  onIdleError?: (error: Error) => void;
  /** The migrations to apply (default GATEWAY_MIGRATIONS; tests give others). */
  migrations?: readonly GatewayMigration[];
}

/** The pool and what runs on it. */
export class GatewayDatabase {
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
   * rejects, closing the pool, when the server is unreachable or a migration fails.
   */
  static async open(url: string, options: GatewayDatabaseOptions = {}): Promise<GatewayDatabase> {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.maxConnections ?? 10,
      application_name: "tessera-gateway",
      connectionTimeoutMillis: 10_000,
      types: TYPES,
    });
    // Without a listener an idle connection's error would end the process.
    pool.on("error", (error) => options.onIdleError?.(error));
    try {
      const applied = await migrate(pool, options.migrations ?? GATEWAY_MIGRATIONS);
      return new GatewayDatabase(pool, applied);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  /**
   * Runs `work` in one transaction on one connection of the pool: committed when it resolves, rolled
   * back when it rejects (and its error rethrown).
   */
  async transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      client.release();
      return result;
    } catch (error) {
      try {
        await client.query("ROLLBACK");
        client.release();
      } catch (rollbackError) {
        // A connection that cannot roll back is not handed out again.
        client.release(rollbackError as Error);
      }
      throw error;
    }
  }

  /** Whether the server answers a query within `timeoutMs` (the readiness probe's check). */
  async reachable(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([
        this.pool.query("SELECT 1").then(
          () => true,
          () => false,
        ),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends the pool (waiting for the connections in use); a second call does nothing. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.pool.end();
  }
}

/**
 * Applies the migrations `pool`'s database lacks, in order, each in its own transaction, under the
 * advisory lock GATEWAY_MIGRATION_LOCK; returns the versions applied. Refuses a database migrated
 * by a newer gateway (a version this one does not know).
 */
export async function migrate(pool: pg.Pool, migrations: readonly GatewayMigration[]): Promise<number[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [GATEWAY_MIGRATION_LOCK]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS gateway_migrations (
           version INTEGER PRIMARY KEY,
           name TEXT NOT NULL,
           applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
         )`,
      );
      const known = new Set(migrations.map((migration) => migration.version));
      const rows = (await client.query<{ version: number }>("SELECT version FROM gateway_migrations")).rows;
      const unknown = rows.filter((row) => !known.has(row.version)).map((row) => row.version);
      if (unknown.length > 0) {
        throw new Error(
          `the gateway database has migration(s) ${unknown.join(", ")} this gateway does not know (a newer gateway migrated it)`,
        );
      }
      const done = new Set(rows.map((row) => row.version));
      const applied: number[] = [];
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        try {
          await client.query("BEGIN");
          await client.query(migration.sql);
          await client.query("INSERT INTO gateway_migrations (version, name) VALUES ($1, $2)", [
            migration.version,
            migration.name,
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
        applied.push(migration.version);
      }
      return applied;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [GATEWAY_MIGRATION_LOCK]);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection left in an unknown state (a failed unlock or rollback) is dropped, not reused.
    client.release(broken);
  }
}
