/**
 * The gateway's PostgreSQL database (server/gateway/database/postgres.ts): migrations applied once
 * even when instances start together (the advisory lock), each in its own transaction, recorded in
 * `gateway_migrations`; a database a newer gateway migrated is refused. Each test on a schema of its
 * own; skipped with the reason when the test server does not answer (test/helpers/store-backends.ts).
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import pg from "pg";
import { GatewayDatabase } from "../../../../server/gateway/database/postgres.ts";
import { GATEWAY_MIGRATIONS } from "../../../../server/gateway/database/postgres-migrations.ts";
import { createTestSchema, postgresSkip, type TestSchema } from "../../../helpers/store-backends.ts";

const skip = await postgresSkip();

test("a server that does not answer: open rejects", async () => {
  await assert.rejects(GatewayDatabase.open("postgres://postgres@127.0.0.1:1/test"), /ECONNREFUSED/);
});

describe("migrations", { skip }, () => {
  let schema: TestSchema;
  const opened: GatewayDatabase[] = [];
  beforeEach(async () => {
    schema = await createTestSchema();
  });
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
    await schema.drop();
  });
  const open = async (options?: Parameters<typeof GatewayDatabase.open>[1]) => {
    const database = await GatewayDatabase.open(schema.url, options);
    opened.push(database);
    return database;
  };
  const recorded = async (database: GatewayDatabase) =>
    (
      await database.pool.query<{ version: number }>(
        "SELECT version FROM gateway_migrations ORDER BY version",
      )
    ).rows;

  test("two instances starting at once: one applies every migration, the other none", async () => {
    const [a, b] = await Promise.all([open(), open()]);
    const every = GATEWAY_MIGRATIONS.map((migration) => migration.version);
    assert.deepEqual(
      [a.applied, b.applied].sort((x, y) => y.length - x.length),
      [every, []],
    );
    assert.deepEqual(
      (await recorded(a)).map((row) => row.version),
      every,
      "each recorded once",
    );
    const third = await open();
    assert.deepEqual(third.applied, [], "a later start finds nothing to do");
    const tables = await third.pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name",
      [schema.name],
    );
    assert.deepEqual(
      tables.rows.map((row) => row.table_name),
      [
        "config_audit",
        "config_change_sets",
        "config_releases",
        "config_versions",
        "gateway_migrations",
        "gateway_sessions",
      ],
      "in the schema of the connection's search_path",
    );
  });

  test("a failing migration leaves nothing of itself and is not recorded; the ones before it stay", async () => {
    const migrations = [
      { version: 1, name: "one", sql: "CREATE TABLE one (id INTEGER)" },
      { version: 2, name: "broken", sql: "CREATE TABLE two (id INTEGER); SELECT no_such_function()" },
    ];
    await assert.rejects(open({ migrations }), /no_such_function/);
    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    try {
      const versions = await client.query("SELECT version FROM gateway_migrations");
      assert.deepEqual(versions.rows, [{ version: 1 }]);
      const two = await client.query("SELECT to_regclass('two') AS two, to_regclass('one') AS one");
      assert.deepEqual(two.rows, [{ two: null, one: "one" }]);
    } finally {
      await client.end();
    }
  });

  test("a database a newer gateway migrated is refused", async () => {
    const database = await open();
    await database.pool.query(
      "INSERT INTO gateway_migrations (version, name) VALUES (99, 'from the future')",
    );
    await assert.rejects(open(), /migration\(s\) 99 this gateway does not know/);
  });
});
