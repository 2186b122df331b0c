/**
 * The query tool on a PostgreSQL store (admin/query-runner.ts, admin/query-reader-role.ts): staff SQL
 * runs as a reader role of its own, granted the demo views and nothing else, read-only, within its
 * row and time limits — the same answers as on SQLite (admin-databases.test.ts) — and a reader role
 * that could reach more is refused with the reason. Runs whenever the test server answers, whatever
 * UPSTREAM_TEST_BACKEND says; skipped with the reason otherwise.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { prepareQueryReader } from "../../../server/upstream/admin/query-reader-role.ts";
import { leadingKeyword } from "../../../server/upstream/admin/query-runner.ts";
import {
  createTestSchema,
  POSTGRES_TEST_URL,
  postgresSkip,
  type TestSchema,
} from "../../helpers/store-backends.ts";
import { assertError, firstRow, ok } from "./admin-fixture.ts";
import { type Client, type Json, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

test("the leading keyword of a statement, past blanks, nested comments and parentheses", () => {
  const rows: [string, string][] = [
    ["SELECT 1", "SELECT"],
    ["  select 1", "SELECT"],
    ["(SELECT 1) UNION (SELECT 2)", "SELECT"],
    ["-- a note\nWITH x AS (SELECT 1) SELECT * FROM x", "WITH"],
    ["/* one /* nested */ still a comment */ VALUES (1)", "VALUES"],
    ["/* unclosed", ""],
    ["-- only a comment", ""],
    ["TABLE retail_sales", "TABLE"],
    ["/**/DELETE FROM demo_retail_sales", "DELETE"],
    ["COPY demo_retail_sales TO STDOUT", "COPY"],
    ["", ""],
  ];
  for (const [sql, keyword] of rows) assert.equal(leadingKeyword(sql), keyword, JSON.stringify(sql));
});

const skip = await postgresSkip();

/** A login role of the test server with no right at all, and its URL; dropped after the suite. */
async function createRole(
  admin: pg.Client,
  extra = "",
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `tessera_test_reader_${randomBytes(5).toString("hex")}`;
  await admin.query(`CREATE ROLE ${name} LOGIN ${extra}`);
  const url = new URL(POSTGRES_TEST_URL);
  url.username = name;
  url.password = "";
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP OWNED BY ${name}`);
      await admin.query(`DROP ROLE ${name}`);
    },
  };
}

describe("the query tool on PostgreSQL", { skip }, () => {
  let schema: TestSchema;
  let admin: pg.Client;
  let reader: Awaited<ReturnType<typeof createRole>>;
  let upstream: RunningUpstream;
  let staff: Client;
  let databaseRecId: number;
  const drops: (() => Promise<void>)[] = [];

  before(async () => {
    admin = new pg.Client({ connectionString: POSTGRES_TEST_URL });
    await admin.connect();
    schema = await createTestSchema();
    reader = await createRole(admin);
    drops.push(reader.drop);
    upstream = await startUpstream({ databaseUrl: schema.url, queryToolDatabaseUrl: reader.url });
    staff = await signIn(upstream, "staffAdmin");
    databaseRecId = (await firstRow(staff, "Admin/Databases", "search=Embedded")).RecId;
  });
  after(async () => {
    await upstream?.close();
    await schema?.drop();
    for (const drop of drops) await drop();
    await admin?.end();
  });

  const run = async (sql: string, extra: Json = {}) => {
    const created = ok(
      await staff.post("/api/Admin/QueryTool", {
        Name: "Ad hoc",
        DatabaseRecId: databaseRecId,
        MaxRows: 10,
        TimeoutSeconds: 5,
        Query: sql,
        ...extra,
      }),
      201,
    );
    return { created, reply: await staff.post(`/api/Admin/QueryTool/${created.RecId}/Run`) };
  };
  const lastRun = async (recId: number) =>
    ok(await staff.get(`/api/Admin/QueryTool/${recId}`)).LastRunStatus as string | null;

  test("the demo's saved query runs as the reader and its run is recorded, within MaxRows", async () => {
    const saved = await firstRow(staff, "Admin/QueryTool", "search=Revenue%20by%20country");
    const result = ok(await staff.post(`/api/Admin/QueryTool/${saved.RecId}/Run`));
    assert.deepEqual(result.columns, ["country", "sales", "units", "revenue"]);
    assert.equal(result.rows.length, 4);
    assert.equal(result.Truncated, false);
    for (const [country, sales, units, revenue] of result.rows) {
      assert.equal(typeof country, "string");
      assert.ok(Number.isInteger(sales) && Number.isInteger(units) && typeof revenue === "number");
    }
    const after = ok(await staff.get(`/api/Admin/QueryTool/${saved.RecId}`));
    assert.deepEqual([after.LastRunStatus, after.LastRunRowCount], ["Succeeded", 4]);
    const limited = await run("SELECT * FROM retail_sales ORDER BY sale_id");
    assert.deepEqual([ok(limited.reply).rows.length, limited.reply.body.Truncated], [10, true]);
    const exact = await run("SELECT store_id FROM retail_stores ORDER BY store_id LIMIT 10");
    assert.deepEqual([ok(exact.reply).rows.length, exact.reply.body.Truncated], [10, false]);
  });

  test("values come back as the SQLite runner gives them: numbers, text, bytes by their length, JSON as text", async () => {
    const { reply } = await run(
      "SELECT 7::bigint AS n, 1.5::numeric AS d, 'x' AS t, '\\x0102'::bytea AS b, '{\"a\":1}'::jsonb AS j, ARRAY[1, 2] AS a, NULL AS nothing",
    );
    const result = ok(reply);
    assert.deepEqual(result.columns, ["n", "d", "t", "b", "j", "a", "nothing"]);
    assert.deepEqual(result.rows, [[7, "1.5", "x", "<2 bytes>", '{"a":1}', "[1,2]", null]]);
  });

  test("what is not a read of the demo views is refused (400) and never runs", async () => {
    const owner = new URL(POSTGRES_TEST_URL).username || "postgres";
    for (const sql of [
      "SELECT * FROM users",
      "SELECT count(*) FROM sessions",
      "DELETE FROM demo_retail_sales",
      "/* a note */ UPDATE demo_retail_sales SET revenue = 0",
      "COPY demo_retail_sales TO STDOUT",
      "SELECT 1; SELECT 2",
      "SELECT 1; DELETE FROM demo_retail_sales",
      "WITH gone AS (DELETE FROM demo_retail_sales RETURNING *) SELECT * FROM gone",
      "SELECT * FROM demo_retail_sales FOR UPDATE",
      // The way out of a switched role, refused because the reader logs in as itself.
      `SELECT set_config('role', '${owner}', true), query_to_xml('SELECT * FROM users', true, false, '')`,
      "SELECT query_to_xml('SELECT * FROM users', true, false, '')",
    ]) {
      const { created, reply } = await run(sql);
      assertError(reply, 400, "QueryNotAllowed", sql);
      assert.equal(await lastRun(created.RecId), null, `${sql}: a refused query never ran`);
    }
    const { rows } = await admin.query(`SELECT count(*)::int AS n FROM ${schema.name}.demo_retail_sales`);
    assert.ok((rows[0] as { n: number }).n > 0, "the demo sales are all there");
  });

  test("a broken query fails (422) and a slow one is stopped on the server at its limit (422)", async () => {
    const broken = await run("SELECT nothing FROM retail_sales");
    assertError(broken.reply, 422, "QueryFailed");
    assert.equal(await lastRun(broken.created.RecId), "Failed");
    const started = Date.now();
    const slow = await run("SELECT pg_sleep(30)", { TimeoutSeconds: 1 });
    assertError(slow.reply, 422, "QueryTimedOut");
    assert.ok(Date.now() - started < 10_000, "answered at the limit, not after the sleep");
    assert.equal(await lastRun(slow.created.RecId), "Failed");
    // The server stopped the statement too: no backend of the reader is left running it.
    let running = 1;
    for (let attempt = 0; attempt < 50 && running > 0; attempt += 1) {
      const { rows } = await admin.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1 AND state = 'active'",
        [reader.name],
      );
      running = (rows[0] as { n: number }).n;
      if (running > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(running, 0);
  });

  test("the reader is checked before every run: a right granted to it since stops the next run", async () => {
    const saved = await firstRow(staff, "Admin/QueryTool", "search=Revenue%20by%20country");
    ok(await staff.post(`/api/Admin/QueryTool/${saved.RecId}/Run`));
    await admin.query(`GRANT SELECT ON ${schema.name}.sessions TO ${reader.name}`);
    try {
      const refused = await staff.post(`/api/Admin/QueryTool/${saved.RecId}/Run`);
      assertError(refused, 422, "ExternalSystemNotConfigured");
      assert.match(String(refused.body.Message), /may read sessions beside the demo views/);
    } finally {
      await admin.query(`REVOKE SELECT ON ${schema.name}.sessions FROM ${reader.name}`);
    }
    ok(await staff.post(`/api/Admin/QueryTool/${saved.RecId}/Run`));
  });

  test("without a reader role the tool answers 422 and records nothing", async () => {
    const other = await startUpstream({ dataDir: upstream.dataDir, databaseUrl: schema.url, seed: false });
    try {
      const otherStaff = await signIn(other, "staffAdmin");
      const saved = await firstRow(otherStaff, "Admin/QueryTool", "search=Revenue%20by%20country");
      const reply = await otherStaff.post(`/api/Admin/QueryTool/${saved.RecId}/Run`);
      assertError(reply, 422, "ExternalSystemNotConfigured");
      assert.match(String(reply.body.Message), /UPSTREAM_QUERY_TOOL_DATABASE_URL/);
    } finally {
      await other.stop();
    }
  });

  test("a reader role that could reach more than the demo views is refused with the reason", async () => {
    const owner = new URL(POSTGRES_TEST_URL);
    assert.deepEqual(await prepareQueryReader(schema.url, schema.url), {
      refused: `The query tool's role "${owner.username || "postgres"}" is the store's own role: it would read every table.`,
    });
    const missing = new URL(reader.url);
    missing.username = "tessera_test_nobody_at_all";
    assert.deepEqual(await prepareQueryReader(schema.url, missing.toString()), {
      refused: `The query tool's role "tessera_test_nobody_at_all" does not exist.`,
    });
    const powerful = await createRole(admin, "CREATEDB CREATEROLE");
    drops.push(powerful.drop);
    assert.match(
      ((await prepareQueryReader(schema.url, powerful.url)) as { refused: string }).refused,
      /holds CREATEROLE, CREATEDB; it must hold no power/,
    );
    const member = await createRole(admin);
    drops.push(member.drop);
    await admin.query(`GRANT pg_read_all_data TO ${member.name}`);
    assert.match(
      ((await prepareQueryReader(schema.url, member.url)) as { refused: string }).refused,
      /is a member of pg_read_all_data/,
    );
    const granted = await createRole(admin);
    drops.push(granted.drop);
    await admin.query(`GRANT USAGE ON SCHEMA ${schema.name} TO ${granted.name}`);
    await admin.query(`GRANT SELECT ON ${schema.name}.users TO ${granted.name}`);
    assert.match(
      ((await prepareQueryReader(schema.url, granted.url)) as { refused: string }).refused,
      /may read users beside the demo views; revoke it/,
    );
    // And through HTTP: an upstream given that role refuses to run staff SQL with it.
    const other = await startUpstream({
      dataDir: upstream.dataDir,
      databaseUrl: schema.url,
      queryToolDatabaseUrl: granted.url,
      seed: false,
    });
    try {
      const otherStaff = await signIn(other, "staffAdmin");
      const saved = await firstRow(otherStaff, "Admin/QueryTool", "search=Revenue%20by%20country");
      const reply = await otherStaff.post(`/api/Admin/QueryTool/${saved.RecId}/Run`);
      assertError(reply, 422, "ExternalSystemNotConfigured");
      assert.match(String(reply.body.Message), /may read users/);
    } finally {
      await other.stop();
    }
    assert.deepEqual(await prepareQueryReader(schema.url, reader.url), {
      url: reader.url,
      schema: schema.name,
    });
  });
});
