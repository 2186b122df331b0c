/**
 * The upstream store's two backends for the suites that must pass on both (DESIGN.md §7): SQLite, in
 * a file of its own, always; PostgreSQL when the test server answers. The server, its probe and the
 * schema per run are the gateway suites' (./store-backends.ts: GATEWAY_TEST_DATABASE_URL, else the
 * loopback server CI runs) — one test server, one variable, for both halves of the product. Each
 * store is a file or a schema of its own (random name, search_path set through the connection's
 * options, dropped at the end), so test files running in parallel never meet. Opening a place twice
 * is two upstream instances on one store.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { openSqliteStore } from "../../server/upstream/store/index.ts";
import { UpstreamDatabase } from "../../server/upstream/store/postgres/database.ts";
import { openPostgresFamilies, type PostgresFamilies } from "../../server/upstream/store/postgres/stores.ts";
import { createTestSchema, postgresSkip } from "./store-backends.ts";

/** One store's place: a SQLite file or a PostgreSQL schema. */
export interface UpstreamStorePlace {
  /** The families ported to PostgreSQL so far, as a new upstream instance opens them on this place. */
  open(): Promise<PostgresFamilies>;
  /** Runs SQL on the place beside the stores (what a hand edit would do); each backend's own dialect. */
  exec(sql: string): Promise<void>;
  /** Closes what was opened on it and removes the place. */
  close(): Promise<void>;
}

/** A backend and its places. */
export interface UpstreamStoreBackend {
  name: "SQLite" | "PostgreSQL";
  /** False, or why the backend's suite is skipped. */
  skip: string | false;
  /** A new empty place; `now` stamps the migrations, as the app's clock does. */
  place(now: () => number): Promise<UpstreamStorePlace>;
}

/** Places in a temporary folder of their own: a file, opened by a connection per instance. */
export const UPSTREAM_SQLITE_BACKEND: UpstreamStoreBackend = {
  name: "SQLite",
  skip: false,
  place: async (now) => {
    const dir = mkdtempSync(join(tmpdir(), "tessera-upstream-store-"));
    const file = join(dir, "upstream.sqlite");
    const opened: { close(): Promise<void> }[] = [];
    return {
      open: async () => {
        const store = openSqliteStore(file, now);
        opened.push(store);
        return store;
      },
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

/** Places in a schema of their own: a database (pool, migrations) per instance. */
export async function upstreamPostgresBackend(): Promise<UpstreamStoreBackend> {
  return {
    name: "PostgreSQL",
    skip: await postgresSkip(),
    place: async (now) => {
      const schema = await createTestSchema();
      const databases: UpstreamDatabase[] = [];
      // One media folder per place, shared by its instances as one folder is by an upstream's.
      const mediaDirectory = mkdtempSync(join(tmpdir(), "tessera-upstream-media-"));
      return {
        open: async () => {
          const database = await UpstreamDatabase.open(schema.url, now, { maxConnections: 4 });
          databases.push(database);
          return openPostgresFamilies(database, { mediaDirectory });
        },
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
          rmSync(mediaDirectory, { recursive: true, force: true });
        },
      };
    },
  };
}

/** Both backends, PostgreSQL's skipped with its reason when the server does not answer. */
export async function upstreamStoreBackends(): Promise<UpstreamStoreBackend[]> {
  return [UPSTREAM_SQLITE_BACKEND, await upstreamPostgresBackend()];
}
