/**
 * /admin/databases "Migrate" when a migration really fails (§4.3 DatabaseMigrationFailed): the
 * store's migration history lost its newest entry (schema drift), so re-applying that migration
 * hits tables that already exist. The call answers 500 MigrationFailed, the store is unchanged, the
 * failure is audited, and the administrators (AccountSettings rw) of the accounts the store holds
 * are notified — over the user hub too — while other members and the operator's staff are not.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { upstreamContextOf } from "../../../server/upstream/app.ts";
import { type AdminCallers, assertError, firstRow, ok, startAdmin } from "./admin-fixture.ts";
import { type Client, type Json, openStoreSql, signIn, UPSTREAM_TEST_BACKEND } from "./upstream-fixture.ts";

/** Where the store records its applied migrations, per backend. */
const MIGRATIONS_TABLE = UPSTREAM_TEST_BACKEND === "postgres" ? "upstream_migrations" : "schema_migrations";

let c: AdminCallers;
before(async () => {
  c = await startAdmin();
});
after(async () => c.upstream.close());

const migrationFailures = async (client: Client) =>
  (ok(await client.get("/api/Notifications/")) as Json[]).filter((n) => n.Code === "DatabaseMigrationFailed");

test("a failing migration answers 500, changes nothing and notifies the accounts' administrators", async () => {
  const owner = c.member;
  const viewer = await signIn(c.upstream, "viewer");
  const contoso = await signIn(c.upstream, "contoso");
  const before = {
    owner: (await migrationFailures(owner)).length,
    viewer: (await migrationFailures(viewer)).length,
    contoso: (await migrationFailures(contoso)).length,
    staff: (await migrationFailures(c.admin)).length,
  };
  const pushed: Json[] = [];
  upstreamContextOf(c.upstream.app).events.on("notificationAdded", (event: Json) => pushed.push(event));

  // Schema drift: the newest migration is no longer recorded, though its tables exist.
  const sql = await openStoreSql(c.upstream);
  const [{ v: newest } = { v: 0 }] = await sql.all<{ v: number }>(
    `SELECT MAX(version) AS v FROM ${MIGRATIONS_TABLE}`,
  );
  await sql.run(`DELETE FROM ${MIGRATIONS_TABLE} WHERE version = ?`, [newest]);
  try {
    const embedded = await firstRow(c.admin, "Admin/Databases", "search=Embedded");
    assertError(await c.admin.post(`/api/Admin/Databases/${embedded.RecId}/Migrate`), 500, "MigrationFailed");
    const versions = await sql.all<{ version: number }>(`SELECT version FROM ${MIGRATIONS_TABLE}`);
    assert.ok(!versions.some((row) => row.version === newest), "the failed migration is not recorded");

    const ownerNotices = await migrationFailures(owner);
    assert.equal(ownerNotices.length, before.owner + 1);
    assert.match(ownerNotices[0].Message, /Embedded/);
    assert.equal((await migrationFailures(contoso)).length, before.contoso + 1, "every account on it");
    assert.equal(
      (await migrationFailures(viewer)).length,
      before.viewer,
      "not members without AccountSettings rw",
    );
    assert.equal((await migrationFailures(c.admin)).length, before.staff, "not the operator's staff");
    assert.ok(pushed.some((event) => event.notification.code === "DatabaseMigrationFailed"));

    const audit = ok(await c.admin.get("/api/Admin/ApplicationLogs?search=Migrating&pageSize=10"));
    assert.ok(
      JSON.stringify(audit).includes("AdminDatabasesMigrateFailed"),
      JSON.stringify(audit).slice(0, 400),
    );

    // Repaired, the same call succeeds and nobody else is told.
    await sql.run(`INSERT INTO ${MIGRATIONS_TABLE} (version, name, applied_at) VALUES (?, 'restored', 0)`, [
      newest,
    ]);
    const migrated = ok(await c.admin.post(`/api/Admin/Databases/${embedded.RecId}/Migrate`));
    assert.deepEqual(migrated.AppliedVersions, []);
    assert.equal((await migrationFailures(owner)).length, before.owner + 1);
  } finally {
    await sql.close();
  }
});
