/**
 * The try-out's query tool reader (scripts/cluster/main.ts): a login role with no right is created
 * once (a second try-out finds it), and the upstream's check accepts it and grants it the demo views
 * of the store's schema. Skipped with the reason when PostgreSQL does not answer.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import pg from "pg";
import { prepareQueryReaderRole } from "../../../scripts/cluster/main.ts";
import { prepareQueryReader } from "../../../server/upstream/admin/query-reader-role.ts";
import { createTestSchema, POSTGRES_TEST_URL, postgresSkip } from "../../helpers/store-backends.ts";
import { startUpstream } from "../../server/upstream/upstream-fixture.ts";

test("the try-out creates its reader role once, and the upstream accepts it", {
  skip: await postgresSkip(),
}, async () => {
  const name = `tessera_test_cluster_reader_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await admin.connect();
  const schema = await createTestSchema();
  try {
    const url = await prepareQueryReaderRole(POSTGRES_TEST_URL, name);
    assert.ok(url);
    assert.equal(new URL(url).username, name);
    assert.equal(await prepareQueryReaderRole(POSTGRES_TEST_URL, name), url, "found the second time");
    const { rows } = await admin.query("SELECT rolcanlogin, rolsuper FROM pg_roles WHERE rolname = $1", [
      name,
    ]);
    assert.deepEqual(rows, [{ rolcanlogin: true, rolsuper: false }]);
    // The store's tables exist once an upstream has migrated the schema.
    const upstream = await startUpstream({ databaseUrl: schema.url, seed: false });
    await upstream.close();
    assert.deepEqual(await prepareQueryReader(schema.url, url), { url, schema: schema.name });
  } finally {
    await schema.drop();
    await admin.query(`DROP OWNED BY ${name}`).catch(() => undefined);
    await admin.query(`DROP ROLE IF EXISTS ${name}`);
    await admin.end();
  }
});
