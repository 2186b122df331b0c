/**
 * The upstream database hands out one compiled statement per SQL text (database.ts
 * `reusePreparedStatements`): reused, bounded, never shared while iterating, and never put in
 * another mode by one caller for all the others.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import Database from "better-sqlite3";
import { openDatabase, reusePreparedStatements } from "../../../server/upstream/store/database.ts";

function database(maxStatements: number): Database.Database {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
  db.prepare("INSERT INTO t (name) VALUES (?), (?), (?)").run("a", "b", "c");
  reusePreparedStatements(db, maxStatements);
  return db;
}

describe("reusePreparedStatements", () => {
  test("the same SQL text gets the same statement; another text its own", () => {
    const db = database(8);
    const first = db.prepare("SELECT name FROM t WHERE id = ?");
    assert.equal(db.prepare("SELECT name FROM t WHERE id = ?"), first);
    assert.notEqual(db.prepare("SELECT id FROM t WHERE name = ?"), first);
    assert.deepEqual(first.get(2), { name: "b" });
    assert.deepEqual(db.prepare("SELECT name FROM t WHERE id = ?").get(3), { name: "c" });
    db.close();
  });

  test("keeps at most maxStatements, the least recently used out first", () => {
    const db = database(2);
    const a = db.prepare("SELECT 1");
    const b = db.prepare("SELECT 2");
    assert.equal(db.prepare("SELECT 1"), a, "a is now the most recently used");
    const c = db.prepare("SELECT 3");
    assert.equal(db.prepare("SELECT 3"), c);
    assert.equal(db.prepare("SELECT 1"), a, "a stayed");
    assert.notEqual(db.prepare("SELECT 2"), b, "b was the least recently used: dropped, compiled again");
    db.close();
  });

  test("a statement still iterating is not handed out: the caller gets a fresh one", () => {
    const db = database(8);
    const sql = "SELECT name FROM t ORDER BY id";
    const outer = db.prepare(sql);
    const seen: string[] = [];
    for (const row of outer.iterate() as Iterable<{ name: string }>) {
      const inner = db.prepare(sql);
      assert.notEqual(inner, outer);
      seen.push(`${row.name}:${(inner.all() as unknown[]).length}`);
    }
    assert.deepEqual(seen, ["a:3", "b:3", "c:3"]);
    assert.equal(db.prepare(sql), outer, "once done, the kept statement is handed out again");
    db.close();
  });

  for (const mode of ["pluck", "raw", "expand", "safeIntegers"] as const) {
    test(`${mode}() throws instead of changing the shared statement`, () => {
      const db = database(8);
      const statement = db.prepare("SELECT id, name FROM t WHERE id = ?");
      assert.throws(() => (statement[mode] as (on?: boolean) => unknown)(true), /shared/);
      assert.deepEqual(db.prepare("SELECT id, name FROM t WHERE id = ?").get(1), { id: 1, name: "a" });
      db.close();
    });
  }

  test("the upstream's database reuses its statements", () => {
    const db = openDatabase(":memory:", () => 0);
    assert.equal(db.prepare("SELECT 1 AS one"), db.prepare("SELECT 1 AS one"));
    db.close();
  });
});
