/**
 * /admin/databases and /admin/querytool: the embedded database is tested and migrated for real while
 * external servers answer 422; secrets are stored only sealed; the query tool reads only the demo
 * views within its row and time limits, and records its runs.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type AdminCallers, assertError, firstRow, ok, startAdmin } from "./admin-fixture.ts";
import { type Json, UPSTREAM_TEST_BACKEND } from "./upstream-fixture.ts";

const ON_POSTGRES = UPSTREAM_TEST_BACKEND === "postgres";

let c: AdminCallers;
before(async () => {
  c = await startAdmin();
});
after(async () => c.upstream.close());

test("databases: the embedded store is tested and migrated; external servers need a driver (422)", async () => {
  const embedded = await firstRow(c.admin, "Admin/Databases", "search=Embedded");
  // The "embedded" store is the one this upstream runs on: its SQLite file, or its PostgreSQL schema.
  assert.ok(embedded.SizeBytes > 0 && embedded.AccountCount >= 4);
  assert.ok(String(embedded.Version).startsWith(ON_POSTGRES ? "PostgreSQL " : "SQLite "), embedded.Version);
  const check = ok(await c.auditor.post(`/api/Admin/Databases/${embedded.RecId}/Test`));
  assert.deepEqual([check.Success, check.QuickCheck, check.SchemaVersion >= 8], [true, "ok", true]);
  const migrated = ok(await c.admin.post(`/api/Admin/Databases/${embedded.RecId}/Migrate`));
  assert.deepEqual(migrated.AppliedVersions, []);
  const external = await firstRow(c.admin, "Admin/Databases", "Engine=PostgreSql");
  assertError(
    await c.auditor.post(`/api/Admin/Databases/${external.RecId}/Test`),
    422,
    "ExternalSystemNotConfigured",
  );
  assertError(
    await c.admin.post(`/api/Admin/Databases/${external.RecId}/Migrate`),
    422,
    "ExternalSystemNotConfigured",
  );
  assertError(await c.admin.delete(`/api/Admin/Databases/${embedded.RecId}`), 409, "RecordInUse");

  const server = {
    Name: "EU accounts 2",
    Engine: "SqlServer",
    Host: "sql-eu-02.internal",
    Port: 1433,
    DatabaseName: "accounts",
    UserName: "app",
    Purpose: "AccountData",
    Status: "Online",
  };
  const count = ok(await c.admin.get("/api/Admin/Databases")).total;
  assertError(
    await c.admin.post("/api/Admin/Databases", { ...server, Password: "s3cret" }),
    422,
    "SecretStorageNotConfigured",
  );
  assertError(
    await c.admin.post("/api/Admin/Databases", { ...server, Engine: "Sqlite" }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.admin.post("/api/Admin/Databases", { ...server, Host: "bad host!" }),
    400,
    "InvalidRequest",
  );
  assert.equal(ok(await c.admin.get("/api/Admin/Databases")).total, count);
  process.env.UPSTREAM_SECRETS_KEY = "k".repeat(40);
  try {
    const created = ok(
      await c.admin.post("/api/Admin/Databases", {
        ...server,
        Password: "s3cret",
        IsDefaultForNewAccounts: true,
      }),
      201,
    );
    assert.ok(!("Password" in created) && !JSON.stringify(created).includes("s3cret"));
    assertError(
      await c.admin.put(`/api/Admin/Databases/${created.RecId}`, { Engine: "MySql" }),
      400,
      "FieldNotChangeable",
    );
    assert.equal(
      ok(await c.admin.put(`/api/Admin/Databases/${created.RecId}`, { Password: "", Status: "Maintenance" }))
        .Status,
      "Maintenance",
    );
    const defaults = ok(await c.admin.get("/api/Admin/Databases")).items.filter(
      (row: Json) => row.IsDefaultForNewAccounts,
    );
    assert.deepEqual(
      defaults.map((row: Json) => row.RecId),
      [created.RecId],
    );
    ok(await c.admin.delete(`/api/Admin/Databases/${created.RecId}`), 204);
  } finally {
    delete process.env.UPSTREAM_SECRETS_KEY;
  }
});

test("query tool on PostgreSQL without a reader role of its own: staff SQL is not run (422), and nothing is recorded as a run", {
  skip: ON_POSTGRES ? false : "the store is SQLite",
}, async () => {
  const saved = await firstRow(c.admin, "Admin/QueryTool", "search=Revenue%20by%20country");
  assertError(
    await c.admin.post(`/api/Admin/QueryTool/${saved.RecId}/Run`),
    422,
    "ExternalSystemNotConfigured",
  );
  const after = ok(await c.admin.get(`/api/Admin/QueryTool/${saved.RecId}`));
  assert.equal(after.LastRunStatus, saved.LastRunStatus);
});

test("query tool: read-only SELECT over the demo views within row and time limits", {
  skip: ON_POSTGRES ? "on PostgreSQL with its reader role: query-tool-postgres.test.ts" : false,
}, async () => {
  const saved = await firstRow(c.admin, "Admin/QueryTool", "search=Revenue%20by%20country");
  const result = ok(await c.admin.post(`/api/Admin/QueryTool/${saved.RecId}/Run`));
  assert.deepEqual(result.columns, ["country", "sales", "units", "revenue"]);
  assert.ok(result.rows.length === 4 && result.Truncated === false);
  const after = ok(await c.admin.get(`/api/Admin/QueryTool/${saved.RecId}`));
  assert.deepEqual([after.LastRunStatus, after.LastRunRowCount], ["Succeeded", 4]);

  const query = (sql: string, extra: Json = {}) => ({
    Name: "Ad hoc",
    DatabaseRecId: saved.DatabaseRecId,
    MaxRows: 10,
    TimeoutSeconds: 5,
    Query: sql,
    ...extra,
  });
  const run = async (sql: string, extra: Json = {}) => {
    const created = ok(await c.admin.post("/api/Admin/QueryTool", query(sql, extra)), 201);
    return { created, reply: await c.admin.post(`/api/Admin/QueryTool/${created.RecId}/Run`) };
  };
  const limited = await run("SELECT * FROM retail_sales ORDER BY sale_id");
  assert.deepEqual([ok(limited.reply).rows.length, limited.reply.body.Truncated], [10, true]);
  for (const sql of [
    "SELECT * FROM users",
    "SELECT sql FROM sqlite_schema",
    "SELECT * FROM pragma_table_info('sessions')",
    "DELETE FROM demo_retail_sales",
    "SELECT 1; SELECT 2",
  ]) {
    const { created, reply } = await run(sql);
    assertError(reply, 400, "QueryNotAllowed", sql);
    assert.equal(
      ok(await c.admin.get(`/api/Admin/QueryTool/${created.RecId}`)).LastRunStatus,
      null,
      "a refused query never ran",
    );
  }
  const broken = await run("SELECT nothing FROM retail_sales");
  assertError(broken.reply, 422, "QueryFailed");
  assert.equal(ok(await c.admin.get(`/api/Admin/QueryTool/${broken.created.RecId}`)).LastRunStatus, "Failed");
  const slow = await run(
    "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT COUNT(*) FROM n",
    { TimeoutSeconds: 1 },
  );
  assertError(slow.reply, 422, "QueryTimedOut");
  const external = await firstRow(c.admin, "Admin/Databases", "Engine=MySql");
  const elsewhere = await run("SELECT 1", { DatabaseRecId: external.RecId });
  assertError(elsewhere.reply, 422, "ExternalSystemNotConfigured");
  assertError(
    await c.admin.post("/api/Admin/QueryTool", query("SELECT 1", { MaxRows: 10_001 })),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.admin.post("/api/Admin/QueryTool", query("SELECT 1", { DatabaseRecId: 999_999 })),
    400,
    "InvalidReference",
  );
});
