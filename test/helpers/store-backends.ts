/**
 * The gateway's two store backends for the suites that must pass on both (DESIGN.md §7): SQLite, in
 * a file of its own, always; PostgreSQL when the test server answers — GATEWAY_TEST_DATABASE_URL, else
 * the loopback server CI runs (postgres://postgres@127.0.0.1:5432/test) — probed once per process.
 * Each place is a file or a schema of its own (a random name, the search_path set through the
 * connection's options, dropped at the end), so test files running in parallel never meet. Opening
 * a place twice is two gateway instances on one store: two SQLite connections on one file, two pools.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import type { ConfigStore } from "../../server/gateway/config/config-store.ts";
import { PostgresConfigStore } from "../../server/gateway/config/postgres-config-store.ts";
import { SqliteConfigStore } from "../../server/gateway/config/sqlite-config-store.ts";
import { GatewayDatabase } from "../../server/gateway/database/postgres.ts";
import { PostgresSessionStore } from "../../server/gateway/session/postgres-session-store.ts";
import type { SessionStore } from "../../server/gateway/session/session-store.ts";
import { SqliteSessionStore } from "../../server/gateway/session/sqlite-session-store.ts";

/** The PostgreSQL server the suites use. */
export const POSTGRES_TEST_URL =
  process.env.GATEWAY_TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

/** The URL without its password, for a skip reason. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(an unparsable URL)";
  }
}

let probe: Promise<string | false> | undefined;

/** False when the test server answers; else why not — the PostgreSQL suites' skip reason. */
export function postgresSkip(): Promise<string | false> {
  probe ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_TEST_URL, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return false;
    } catch (error) {
      return `PostgreSQL unreachable at ${shown(POSTGRES_TEST_URL)} (${(error as Error).message || String(error)}); set GATEWAY_TEST_DATABASE_URL`;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return probe;
}

/** A schema of its own on the test server: `url` connects with it as the search_path. */
export interface TestSchema {
  name: string;
  url: string;
  /** Drops the schema and everything in it. */
  drop(): Promise<void>;
}

/** Creates a schema with a random name on the test server. */
export async function createTestSchema(): Promise<TestSchema> {
  const name = `gw_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_TEST_URL);
  url.searchParams.set("options", `-c search_path=${name}`);
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA ${name} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/** One store's place: a SQLite file or a PostgreSQL schema. */
export interface StorePlace {
  /** A configuration store on this place, as a new gateway instance opens it. */
  openConfig(): Promise<ConfigStore>;
  /** A session store on this place, as a new gateway instance opens it. */
  openSessions(): Promise<SessionStore>;
  /** Runs SQL on the place beside the stores (what a hand edit or a broken disk would do). */
  exec(sql: string): Promise<void>;
  /** Closes what was opened on it and removes the place. */
  close(): Promise<void>;
}

/** A backend and its places. */
export interface StoreBackend {
  name: "SQLite" | "PostgreSQL";
  /** False, or why the backend's suite is skipped. */
  skip: string | false;
  /** A new empty place. */
  place(): Promise<StorePlace>;
}

/** Places in a temporary folder of their own: a file, opened by a connection per store. */
export const SQLITE_BACKEND: StoreBackend = {
  name: "SQLite",
  skip: false,
  place: async () => {
    const dir = mkdtempSync(join(tmpdir(), "tessera-store-"));
    const file = join(dir, "gateway.sqlite");
    const opened: { close(): Promise<void> }[] = [];
    const keep = <T extends { close(): Promise<void> }>(store: T): T => {
      opened.push(store);
      return store;
    };
    return {
      openConfig: async () => keep(new SqliteConfigStore(file)),
      openSessions: async () => keep(new SqliteSessionStore(file)),
      exec: async (sql) => {
        const db = new Database(file);
        try {
          db.exec(sql);
        } finally {
          db.close();
        }
      },
      close: async () => {
        for (const store of opened) await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** Places in a schema of their own: a database (pool, migrations) per store, as each instance has one. */
export async function postgresBackend(): Promise<StoreBackend> {
  return {
    name: "PostgreSQL",
    skip: await postgresSkip(),
    place: async () => {
      const schema = await createTestSchema();
      const databases: GatewayDatabase[] = [];
      const open = async () => {
        const database = await GatewayDatabase.open(schema.url, { maxConnections: 4 });
        databases.push(database);
        return database;
      };
      return {
        openConfig: async () => new PostgresConfigStore(await open()),
        openSessions: async () => new PostgresSessionStore(await open()),
        exec: async (sql) => {
          const client = new pg.Client({ connectionString: schema.url });
          await client.connect();
          try {
            await client.query(sql);
          } finally {
            await client.end();
          }
        },
        close: async () => {
          for (const database of databases) await database.close();
          await schema.drop();
        },
      };
    },
  };
}

/** Both backends, PostgreSQL's skipped with its reason when the server does not answer. */
export async function storeBackends(): Promise<StoreBackend[]> {
  return [SQLITE_BACKEND, await postgresBackend()];
}
