/**
 * The store is real and durable: migrations are versioned and idempotent, the seed runs only on an
 * empty store, and closing and rebuilding on the same data dir keeps every record and session.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import Database from "better-sqlite3";
import { DEMO_PASSWORD } from "../../../server/upstream/seed/demo-accounts.ts";
import { MIGRATIONS, migrate, schemaVersion } from "../../../server/upstream/store/migrations.ts";
import { Client, signIn, startUpstream, TestClock } from "./upstream-fixture.ts";

test("migrations: applied once each, in order; running them again changes nothing", () => {
  const dir = mkdtempSync(join(tmpdir(), "tessera-migrate-"));
  try {
    const db = new Database(join(dir, "m.sqlite"));
    const applied = migrate(db, () => 1);
    assert.deepEqual(
      applied,
      MIGRATIONS.map((m) => m.version),
    );
    assert.equal(schemaVersion(db), MIGRATIONS.length);
    const tables = () =>
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    const before = tables();
    assert.deepEqual(
      migrate(db, () => 2),
      [],
    );
    assert.deepEqual(tables(), before);
    const rows = db.prepare("SELECT version, applied_at FROM schema_migrations ORDER BY version").all() as {
      applied_at: number;
    }[];
    assert.ok(
      rows.every((row) => row.applied_at === 1),
      "not re-applied",
    );
    // A later migration is picked up on the next start, and only it.
    const next = [
      ...MIGRATIONS,
      {
        version: MIGRATIONS.length + 1,
        name: "test",
        sql: "CREATE TABLE later (id INTEGER PRIMARY KEY) STRICT;",
      },
    ];
    assert.deepEqual(
      migrate(db, () => 3, next),
      [MIGRATIONS.length + 1],
    );
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("migrations: a failing migration leaves no half-applied change", () => {
  const db = new Database(":memory:");
  const broken = [
    {
      version: 1,
      name: "broken",
      sql: "CREATE TABLE a (id INTEGER) STRICT; CREATE TABLE a (id INTEGER) STRICT;",
    },
  ];
  assert.throws(() => migrate(db, () => 1, broken));
  assert.equal(db.prepare("SELECT name FROM sqlite_master WHERE name = 'a'").get(), undefined);
  assert.equal(schemaVersion(db), 0);
});

test("restart on the same data dir keeps accounts, roles, preferences, notifications, sessions and chats", async () => {
  const clock = new TestClock();
  const first = await startUpstream({ clock });
  const owner = await signIn(first, "owner");
  const role = await owner.post("/api/Roles", { Name: "Durable", Permissions: "Reports_rw;Dashboards_r" });
  assert.equal(role.status, 201);
  await owner.put("/api/User/Interface", {
    InterfacePreferences: { theme: "dark", recentColors: ["#123456"] },
  });
  const notifications = (await owner.get("/api/Notifications/")).body as { RecId: number }[];
  await owner.put("/api/Notifications/", { NotificationRecIds: [notifications[0]?.RecId] });
  await owner.post("/api/supportchat/message", {
    Page: "/",
    Text: "Still there after a restart?",
    UID: "durable-0001",
  });
  const signup = await new Client(first.baseUrl).post("/api/Signup", {
    AccountName: "Durable Inc",
    Domain: "durable",
    FullName: "Dee Durable",
    Email: "dee@durable.example",
    Password: "durable-password",
  });
  assert.equal(signup.status, 201);
  await first.stop();

  const second = await startUpstream({ dataDir: first.dataDir, clock });
  try {
    const sameSession = new Client(second.baseUrl, owner.token);
    assert.equal(
      (await sameSession.get("/api/v2/User/Ping")).status,
      200,
      "the session survives the restart",
    );
    const roles = (await sameSession.get("/api/Roles")).body as { Name: string; Permissions: string }[];
    assert.equal(roles.find((r) => r.Name === "Durable")?.Permissions, "Dashboards_r;Reports_rw");
    assert.equal(roles.length, 4, "the seed did not run again");
    const config = (await sameSession.get("/api/Common/LoggedInConfig")).body;
    assert.equal(config.User.InterfacePreferences.theme, "dark");
    const after = (await sameSession.get("/api/Notifications/")).body as { RecId: number; IsNew: boolean }[];
    assert.equal(after.length, notifications.length);
    assert.equal(after.find((n) => n.RecId === notifications[0]?.RecId)?.IsNew, false);
    const chat = (await sameSession.get("/api/supportchat/active")).body;
    assert.deepEqual(
      chat.Messages.map((m: { Text: string }) => m.Text),
      ["Still there after a restart?"],
    );
    const login = await new Client(second.baseUrl).post("/api/Login", {
      Domain: "durable",
      Email: "dee@durable.example",
      Password: "durable-password",
    });
    assert.equal(login.status, 200);
    assert.equal(
      (await signIn(second, "viewer")).token?.length,
      43,
      `demo password ${DEMO_PASSWORD} still works`,
    );
  } finally {
    await second.close();
  }
});
