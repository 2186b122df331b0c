/**
 * The session store contract, run on both backends (SQLite always, PostgreSQL when its test server
 * answers, else skipped with the reason; test/helpers/store-backends.ts) and with two gateway
 * instances on one store; sealing at rest, and the production-secret refusal.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, afterEach, beforeEach, describe, test } from "node:test";
import { SessionSealer, sessionIdHash } from "../../../../server/gateway/session/session-sealer.ts";
import {
  DEVELOPMENT_SESSION_SECRET,
  resolveSessionSecret,
  SessionSecretError,
} from "../../../../server/gateway/session/session-secret.ts";
import { SqliteSessionStore } from "../../../../server/gateway/session/sqlite-session-store.ts";
import { type StorePlace, storeBackends } from "../../../helpers/store-backends.ts";

const TEST_SECRET = "store-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "tessera-gateway-"));
  dirs.push(dir);
  return join(dir, "data", "gateway.sqlite");
}

for (const backend of await storeBackends()) {
  describe(`${backend.name} session store`, { skip: backend.skip }, () => {
    let place: StorePlace;
    beforeEach(async () => {
      place = await backend.place();
    });
    afterEach(() => place.close());
    const open = () => place.openSessions();

    test("insert, get until expiry, then nothing", async () => {
      const store = await open();
      await store.insert({ idHash: "a", sealed: Buffer.from([1, 2, 3]), expiresAt: 1000 });
      assert.deepEqual(await store.get("a", 999), {
        idHash: "a",
        sealed: Buffer.from([1, 2, 3]),
        expiresAt: 1000,
        revision: 0,
      });
      assert.equal(await store.get("a", 1000), null, "expired at its expiry");
      assert.equal(await store.get("missing", 0), null);
      await assert.rejects(
        store.insert({ idHash: "a", sealed: Buffer.from([9]), expiresAt: 5 }),
        "ids are unique",
      );
      await store.close();
    });

    test("replace is a compare-and-swap on the revision", async () => {
      const store = await open();
      await store.insert({ idHash: "b", sealed: Buffer.from("one"), expiresAt: 1000 });
      assert.equal(await store.replace("b", 0, Buffer.from("two"), 2000), true);
      assert.equal(await store.replace("b", 0, Buffer.from("lost"), 3000), false, "a stale revision loses");
      const row = await store.get("b", 1500);
      assert.equal(row?.sealed.toString(), "two");
      assert.equal(row?.revision, 1);
      assert.equal(row?.expiresAt, 2000);
      assert.equal(await store.replace("gone", 0, Buffer.from("x"), 1), false);
      await store.close();
    });

    test("revision: the row's revision while it lives, else null", async () => {
      const store = await open();
      await store.insert({ idHash: "r", sealed: Buffer.from("r"), expiresAt: 1000 });
      assert.equal(await store.revision("r", 999), 0);
      assert.equal(await store.replace("r", 0, Buffer.from("r2"), 1000), true);
      assert.equal(await store.revision("r", 999), 1);
      assert.equal(await store.revision("r", 1000), null, "expired");
      assert.equal(await store.revision("missing", 0), null);
      await store.close();
    });

    test("delete at an expected revision removes only that revision", async () => {
      const store = await open();
      await store.insert({ idHash: "s", sealed: Buffer.from("s"), expiresAt: 1000 });
      assert.equal(await store.replace("s", 0, Buffer.from("s2"), 1000), true);
      assert.equal(await store.delete("s", 0), false, "changed since revision 0: kept");
      assert.ok(await store.get("s", 0));
      assert.equal(await store.delete("s", 1), true);
      assert.equal(await store.get("s", 0), null);
      await store.close();
    });

    test("delete and deleteExpired", async () => {
      const store = await open();
      await store.insert({ idHash: "c", sealed: Buffer.from("c"), expiresAt: 100 });
      await store.insert({ idHash: "d", sealed: Buffer.from("d"), expiresAt: 200 });
      await store.insert({ idHash: "e", sealed: Buffer.from("e"), expiresAt: 300 });
      assert.equal(await store.delete("e"), true);
      assert.equal(await store.delete("e"), false);
      assert.equal(await store.deleteExpired(200), 2);
      assert.equal(await store.deleteExpired(200), 0);
      await store.close();
    });

    test("two instances on one store: a session begun on one is read, replaced and ended on the other", async () => {
      const [a, b] = [await open(), await open()];
      await a.insert({ idHash: "shared", sealed: Buffer.from("on a"), expiresAt: 1000 });
      assert.equal((await b.get("shared", 0))?.sealed.toString(), "on a");
      assert.equal(await b.replace("shared", 0, Buffer.from("on b"), 2000), true);
      assert.equal(await a.revision("shared", 0), 1, "the other instance sees the new revision");
      assert.equal((await a.get("shared", 1500))?.sealed.toString(), "on b");
      assert.equal(await a.delete("shared"), true);
      assert.equal(await b.get("shared", 0), null, "ended on one, gone on the other");
    });

    test("two instances replacing the same revision at once: exactly one wins", async () => {
      const [a, b] = [await open(), await open()];
      await a.insert({ idHash: "raced", sealed: Buffer.from("start"), expiresAt: 1000 });
      const results = await Promise.all([
        a.replace("raced", 0, Buffer.from("a"), 1000),
        b.replace("raced", 0, Buffer.from("b"), 1000),
      ]);
      assert.equal(results.filter(Boolean).length, 1, `one of ${JSON.stringify(results)}`);
      const row = await b.get("raced", 0);
      assert.equal(row?.revision, 1);
      assert.equal(row?.sealed.toString(), results[0] ? "a" : "b", "the winner's write is the row");
    });
  });
}

describe("SQLite file store", () => {
  test("creates its folder, migrates once, and keeps sessions across reopening", async () => {
    const file = tempFile();
    const first = new SqliteSessionStore(file);
    await first.insert({ idHash: "x", sealed: Buffer.from("x"), expiresAt: 10_000 });
    await first.close();
    const second = new SqliteSessionStore(file);
    assert.equal((await second.get("x", 0))?.sealed.toString(), "x");
    await second.close();
  });

  test("at rest the row holds neither the cookie id nor the grant", async () => {
    const file = tempFile();
    const store = new SqliteSessionStore(file);
    const sealer = new SessionSealer(TEST_SECRET);
    const cookieId = "Q".repeat(43);
    const idHash = sessionIdHash(cookieId);
    const token = "upstream-bearer-token-that-must-not-leak";
    await store.insert({ idHash, sealed: sealer.seal(idHash, { token }), expiresAt: Date.now() + 60_000 });
    await store.close();
    const files = [file, `${file}-wal`].filter((path) => existsSync(path));
    const bytes = Buffer.concat(files.map((path) => readFileSync(path))).toString("latin1");
    assert.ok(!bytes.includes(token), "the grant is encrypted");
    assert.ok(!bytes.includes(cookieId), "only the id's hash is stored");
  });
});

describe("sealing", () => {
  const sealer = new SessionSealer(TEST_SECRET);

  test("opens what it sealed for the same row only", () => {
    const sealed = sealer.seal("row-1", { token: "t", n: 1 });
    assert.deepEqual(sealer.open("row-1", sealed), { token: "t", n: 1 });
    assert.equal(sealer.open("row-2", sealed), null, "bound to its row (AAD)");
    assert.equal(
      new SessionSealer(`${TEST_SECRET}-other`).open("row-1", sealed),
      null,
      "another key cannot open it",
    );
  });

  test("any changed byte is detected", () => {
    const sealed = sealer.seal("row", { token: "t" });
    for (const index of [0, 5, 20, sealed.length - 1]) {
      const tampered = Buffer.from(sealed);
      tampered[index] = (tampered[index] as number) ^ 1;
      assert.equal(sealer.open("row", tampered), null, `byte ${index}`);
    }
    assert.equal(sealer.open("row", Buffer.alloc(3)), null);
  });
});

describe("production secret", () => {
  const strong = "s".repeat(48);

  test("production refuses a missing, short or development-default SESSION_SECRET with a clear message", () => {
    for (const [secret, reason] of [
      [undefined, /not set/],
      ["", /not set/],
      ["too-short", /shorter than 32 bytes/],
      [DEVELOPMENT_SESSION_SECRET, /development default/],
    ] as const) {
      assert.throws(
        () => resolveSessionSecret({ NODE_ENV: "production", SESSION_SECRET: secret }),
        (error: unknown) =>
          error instanceof SessionSecretError &&
          reason.test(error.message) &&
          /SESSION_SECRET/.test(error.message),
      );
    }
    assert.deepEqual(resolveSessionSecret({ NODE_ENV: "production", SESSION_SECRET: strong }), {
      secret: strong,
      isDevelopmentDefault: false,
    });
  });

  test("outside production a missing secret falls back to the development default", () => {
    assert.deepEqual(resolveSessionSecret({}), {
      secret: DEVELOPMENT_SESSION_SECRET,
      isDevelopmentDefault: true,
    });
    assert.deepEqual(resolveSessionSecret({ NODE_ENV: "development", SESSION_SECRET: "short" }), {
      secret: "short",
      isDevelopmentDefault: false,
    });
  });
});
