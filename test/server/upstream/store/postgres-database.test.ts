/**
 * The upstream's PostgreSQL database (server/upstream/store/postgres/database.ts): the schema is the
 * SQLite one translated (every table and view with its columns in order, their types, NOT NULL,
 * indexes, triggers), applied once even when instances start together (the advisory lock), each
 * migration in its own transaction and recorded in `upstream_migrations`; a database a newer upstream
 * migrated is refused; transactions retry a serialization failure and roll back on an error. Each
 * test on a schema of its own; skipped with the reason when the test server does not answer.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import Database from "better-sqlite3";
import { openDatabase } from "../../../../server/upstream/store/database.ts";
import { MIGRATIONS } from "../../../../server/upstream/store/migrations.ts";
import {
  rows,
  TRANSACTION_ATTEMPTS,
  UpstreamDatabase,
  type UpstreamDatabaseOptions,
} from "../../../../server/upstream/store/postgres/database.ts";
import { POSTGRES_MIGRATIONS } from "../../../../server/upstream/store/postgres/migrations.ts";
import { createTestSchema, postgresSkip, type TestSchema } from "../../../helpers/store-backends.ts";

const skip = await postgresSkip();
const now = () => 1_700_000_000_000;
const EVERY = MIGRATIONS.map((migration) => migration.version);

test("the PostgreSQL migrations are the SQLite ones: same versions, same names, in order", () => {
  assert.deepEqual(
    POSTGRES_MIGRATIONS.map(({ version, name }) => ({ version, name })),
    MIGRATIONS.map(({ version, name }) => ({ version, name })),
  );
});

test("a server that does not answer: open rejects", async () => {
  await assert.rejects(UpstreamDatabase.open("postgres://postgres@127.0.0.1:1/test", now), /ECONNREFUSED/);
});

describe("the upstream database on PostgreSQL", { skip }, () => {
  let schema: TestSchema;
  const opened: UpstreamDatabase[] = [];
  beforeEach(async () => {
    schema = await createTestSchema();
  });
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
    await schema.drop();
  });
  const open = async (options: UpstreamDatabaseOptions = {}) => {
    const database = await UpstreamDatabase.open(schema.url, now, { maxConnections: 4, ...options });
    opened.push(database);
    return database;
  };

  test("an empty schema gets every migration, recorded once with its name and time; a second start applies nothing", async () => {
    const first = await open();
    assert.deepEqual(first.applied, EVERY);
    assert.deepEqual(
      await rows(first.pool, "SELECT version, name, applied_at FROM upstream_migrations ORDER BY version"),
      MIGRATIONS.map(({ version, name }) => ({ version, name, applied_at: now() })),
    );
    const second = await open();
    assert.deepEqual(second.applied, []);
  });

  test("two instances starting at once: one applies every migration, the other none", async () => {
    const [a, b] = await Promise.all([open(), open()]);
    assert.deepEqual(
      [a.applied, b.applied].sort((x, y) => y.length - x.length),
      [EVERY, []],
    );
    const recorded = await rows<{ version: number }>(
      a.pool,
      "SELECT version FROM upstream_migrations ORDER BY version",
    );
    assert.deepEqual(
      recorded.map((entry) => entry.version),
      EVERY,
    );
  });

  test("a database migrated by a newer upstream is refused", async () => {
    const first = await open();
    await first.pool.query(
      "INSERT INTO upstream_migrations (version, name, applied_at) VALUES (999, 'later', 0)",
    );
    await assert.rejects(open(), /migration\(s\) 999 this upstream does not know/);
  });

  test("a failing migration leaves nothing of itself and is not recorded; those before it stay", async () => {
    const migrations = [
      { version: 1, name: "one", sql: "CREATE TABLE first_table (id BIGINT)" },
      {
        version: 2,
        name: "two",
        sql: "CREATE TABLE second_table (id BIGINT); SELECT no_such_column FROM first_table",
      },
    ];
    await assert.rejects(open({ migrations }), /upstream migration 2 \(two\) failed/);
    const check = await open({ migrations: migrations.slice(0, 1) });
    assert.deepEqual(check.applied, [], "migration 1 was kept");
    const tables = await rows<{ table_name: string }>(
      check.pool,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name",
      [schema.name],
    );
    assert.deepEqual(
      tables.map((entry) => entry.table_name),
      ["first_table", "upstream_migrations"],
    );
  });

  test("the schema is SQLite's: every table and view, its columns in order with their types and NOT NULL, indexes and triggers", async () => {
    const database = await open();
    const sqlite = openDatabase(":memory:", now);
    try {
      const objects = sqlite
        .prepare(
          "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view') AND name <> 'schema_migrations' ORDER BY name",
        )
        .all() as { type: "table" | "view"; name: string; sql: string }[];
      const pgObjects = await rows<{ table_name: string; table_type: string }>(
        database.pool,
        `SELECT table_name, table_type FROM information_schema.tables
         WHERE table_schema = $1 AND table_name <> 'upstream_migrations' ORDER BY table_name COLLATE "C"`,
        [schema.name],
      );
      assert.deepEqual(
        pgObjects.map((entry) => [entry.table_name, entry.table_type === "VIEW" ? "view" : "table"]),
        objects.map((entry) => [entry.name, entry.type]),
      );
      for (const object of objects) {
        const columns = sqlite
          .prepare(`SELECT name, type, "notnull", pk FROM pragma_table_info(?)`)
          .all(object.name) as {
          name: string;
          type: string;
          notnull: number;
          pk: number;
        }[];
        const pgColumns = await rows<{ column_name: string; data_type: string; is_nullable: string }>(
          database.pool,
          `SELECT column_name, data_type, is_nullable FROM information_schema.columns
           WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
          [schema.name, object.name],
        );
        assert.deepEqual(
          pgColumns.map((entry) => entry.column_name),
          columns.map((entry) => entry.name),
          `${object.name}: columns`,
        );
        if (object.type === "view") continue;
        const expected = columns.map((column) => {
          // A 0/1 INTEGER (its CHECK says so) is a BOOLEAN; every other INTEGER a BIGINT.
          const flag = new RegExp(`CHECK \\(${column.name} IN \\(0, 1\\)\\)`).test(object.sql);
          const type = {
            INTEGER: flag ? "boolean" : "bigint",
            TEXT: "text",
            BLOB: "bytea",
            REAL: "double precision",
          }[column.type];
          // A primary key is never NULL (SQLite's rowid alias reports notnull 0 but cannot be NULL).
          return `${column.name} ${type} ${column.notnull || column.pk ? "NOT NULL" : "NULL"}`;
        });
        assert.deepEqual(
          pgColumns.map(
            (entry) =>
              `${entry.column_name} ${entry.data_type} ${entry.is_nullable === "NO" ? "NOT NULL" : "NULL"}`,
          ),
          expected,
          `${object.name}: types`,
        );
      }
      const sqliteIndexes = (
        sqlite
          .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
          .all() as { name: string }[]
      ).map((entry) => entry.name);
      // PostgreSQL also names the indexes of primary keys and UNIQUE constraints, which SQLite leaves unnamed.
      const pgIndexes = (
        await rows<{ indexname: string }>(
          database.pool,
          `SELECT i.indexname FROM pg_indexes i
           WHERE i.schemaname = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname
             AND c.connamespace = $1::regnamespace)
           ORDER BY i.indexname COLLATE "C"`,
          [schema.name],
        )
      ).map((entry) => entry.indexname);
      assert.deepEqual(pgIndexes, sqliteIndexes);
      const sqliteTriggers = sqlite
        .prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        .all() as { name: string; tbl_name: string }[];
      const pgTriggers = await rows<{ name: string; tbl_name: string }>(
        database.pool,
        `SELECT DISTINCT trigger_name AS name, event_object_table AS tbl_name FROM information_schema.triggers
         WHERE trigger_schema = $1 ORDER BY 1`,
        [schema.name],
      );
      assert.deepEqual(pgTriggers, sqliteTriggers);
    } finally {
      sqlite.close();
    }
  });

  test("the same statements give the same results on both: NOCASE uniqueness, CHECKs, the data table version triggers", async () => {
    const database = await open();
    const sqlite = new Database(":memory:");
    for (const migration of MIGRATIONS) sqlite.exec(migration.sql);
    // Portable SQL: no booleans (their literals differ), integers and text only.
    const setup = [
      `INSERT INTO accounts (id, uid, name, domain, domain_type, two_factor_policy, menu_logo_style, menu_title_type,
         subscription_type, logo_uid, created_at)
       VALUES (1, 'u1', 'One', 'One.Example', 'Subdomain', 'Optional', 'Standard', 'CompanyName', 'Pro', 'l1', 5)`,
      "INSERT INTO objects (id, uid, account_id, type, name, created_at, modified_at) VALUES (10, 'o10', 1, 'DataTable', 't', 5, 5)",
      "INSERT INTO data_tables (object_id, account_id, modified_at) VALUES (10, 1, 5)",
      "UPDATE data_tables SET columns = '[\"a\"]' WHERE object_id = 10",
      "INSERT INTO data_table_rows (account_id, object_id, data) VALUES (1, 10, '{}'), (1, 10, '{}'), (1, 10, '{}')",
      "DELETE FROM data_table_rows WHERE object_id = 10",
    ];
    const refused = [
      // accounts.domain is NOCASE: another case of a taken domain is taken.
      `INSERT INTO accounts (uid, name, domain, domain_type, two_factor_policy, menu_logo_style, menu_title_type,
         subscription_type, logo_uid, created_at)
       VALUES ('u2', 'Two', 'one.EXAMPLE', 'Subdomain', 'Optional', 'Standard', 'CompanyName', 'Pro', 'l2', 5)`,
      // Brand colours are #rrggbb in lower case.
      "UPDATE accounts SET brand_primary_color = '#ABCDEF' WHERE id = 1",
      "UPDATE accounts SET brand_primary_color = '#abcde' WHERE id = 1",
      "INSERT INTO roles (account_id, name, permissions, created_at, modified_at) VALUES (1, 'Owner', '', 5, 5), (1, 'OWNER', '', 5, 5)",
    ];
    const read = [
      "SELECT object_id, version, generation FROM data_table_versions",
      "SELECT id, domain FROM accounts WHERE domain = 'ONE.example'",
    ];
    for (const sql of setup) {
      sqlite.exec(sql);
      await database.pool.query(sql);
    }
    await database.pool.query("UPDATE accounts SET brand_primary_color = '#a0b1c2' WHERE id = 1");
    sqlite.exec("UPDATE accounts SET brand_primary_color = '#a0b1c2' WHERE id = 1");
    for (const sql of refused) {
      assert.throws(() => sqlite.exec(sql), /constraint failed/, `SQLite refuses: ${sql}`);
      await assert.rejects(database.pool.query(sql), /violates/, `PostgreSQL refuses: ${sql}`);
    }
    for (const sql of read) {
      assert.deepEqual(await rows(database.pool, sql), sqlite.prepare(sql).all(), sql);
    }
    assert.deepEqual(sqlite.prepare(read[0] as string).all(), [{ object_id: 10, version: 5, generation: 4 }]);
    sqlite.close();
  });

  test("BIGINT is read as a number, and beyond Number.MAX_SAFE_INTEGER as a bigint", async () => {
    const database = await open();
    assert.deepEqual(
      await rows(
        database.pool,
        "SELECT 42::bigint AS small, 9007199254740993::bigint AS big, COUNT(*) AS n FROM upstream_migrations",
      ),
      [{ small: 42, big: 9007199254740993n, n: EVERY.length }],
    );
  });

  test("a transaction commits what it did, rolls all of it back on an error, and runs again after a serialization failure", async () => {
    const database = await open();
    await database.pool.query(
      "CREATE TABLE counter (id BIGINT PRIMARY KEY, n BIGINT NOT NULL); INSERT INTO counter VALUES (1, 0)",
    );
    await assert.rejects(
      database.transaction(async (tx) => {
        await tx.query("UPDATE counter SET n = 100");
        throw new Error("changed my mind");
      }),
      /changed my mind/,
    );
    assert.deepEqual(await rows(database.pool, "SELECT n FROM counter"), [{ n: 0 }]);

    // Both read the counter before either writes: under SERIALIZABLE one of them fails at its write or
    // commit, and only running it again gives 2.
    let bothRead: () => void = () => {};
    const barrier = new Promise<void>((resolve) => {
      let reads = 0;
      bothRead = () => {
        reads += 1;
        if (reads === 2) resolve();
      };
    });
    let runs = 0;
    const increment = () =>
      database.transaction(async (tx) => {
        runs += 1;
        const [current] = (await tx.query<{ n: number }>("SELECT n FROM counter WHERE id = 1")).rows;
        bothRead();
        await barrier;
        await tx.query("UPDATE counter SET n = $1 WHERE id = 1", [(current as { n: number }).n + 1]);
      });
    await Promise.all([increment(), increment()]);
    assert.deepEqual(await rows(database.pool, "SELECT n FROM counter"), [{ n: 2 }]);
    assert.ok(runs >= 3 && runs <= 2 * TRANSACTION_ATTEMPTS, `one of them ran again (${runs} runs)`);
  });
});
