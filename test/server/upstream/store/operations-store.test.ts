/**
 * The operations families' contract (server/upstream/store/types/operations.ts) on each backend
 * (test/helpers/upstream-store-backends.ts): the mail outbox (newest first, the recipient filter
 * ignoring case as SQLite's NOCASE does), the application log (category filter, details read back)
 * and the system configuration (one JSON value per key, replaced).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";
import { createTenants, type Tenant } from "../../../helpers/upstream-store-tenants.ts";

const T0 = 1_700_000_000_000;

for (const backend of await upstreamStoreBackends()) {
  describe(`operations families on ${backend.name}`, { skip: backend.skip }, () => {
    let place: UpstreamStorePlace;
    let store: PostgresFamilies;
    let a: Tenant;
    let clock = T0;
    const now = () => clock++;

    before(async () => {
      place = await backend.place(() => T0);
      store = await place.open();
      [a] = await createTenants(store, now);
    });
    after(async () => place?.close());

    test("outbox: recorded mail is listed newest first, paged, filtered by recipient in any case", async () => {
      const mail = (to: string, subject: string, accountId: number | null) =>
        store.outbox.record({
          accountId,
          kind: "Invitation",
          to,
          subject,
          body: `Body ${subject}`,
          createdAt: now(),
        });
      const first = await mail("Ann@Example.com", "one", a.account.recId);
      const second = await mail("bob@example.com", "two", null);
      const third = await mail("ann@example.COM", "three", a.account.recId);
      assert.ok(first < second && second < third);

      const all = await store.outbox.listForAdmin({ limit: 2, offset: 0 });
      assert.equal(all.total, 3);
      assert.deepEqual(
        all.items.map((item) => item.subject),
        ["three", "two"],
      );
      const rest = await store.outbox.listForAdmin({ limit: 2, offset: 2 });
      assert.deepEqual(
        rest.items.map((item) => item.subject),
        ["one"],
      );

      const ann = await store.outbox.listForAdmin({ limit: 10, offset: 0, to: "ANN@example.com" });
      assert.equal(ann.total, 2);
      assert.deepEqual(
        ann.items.map((item) => item.recId),
        [third, first],
      );
      assert.deepEqual(await store.outbox.listForAdmin({ limit: 10, offset: 0, to: "nobody@example.com" }), {
        items: [],
        total: 0,
      });

      const stored = await store.outbox.getForAdmin(second);
      assert.deepEqual(stored, {
        recId: second,
        accountId: null,
        kind: "Invitation",
        to: "bob@example.com",
        subject: "two",
        body: "Body two",
        createdAt: stored?.createdAt,
      });
      assert.equal(typeof stored?.createdAt, "number");
      assert.equal(await store.outbox.getForAdmin(third + 100), undefined);
    });

    test("outbox: NOCASE folds ASCII letters only, as SQLite's", async () => {
      await store.outbox.record({
        accountId: null,
        kind: "Reset",
        to: "élodie@example.com",
        subject: "accent",
        body: "",
        createdAt: now(),
      });
      assert.equal(
        (await store.outbox.listForAdmin({ limit: 5, offset: 0, to: "ÉLODIE@example.com" })).total,
        0,
      );
      assert.equal(
        (await store.outbox.listForAdmin({ limit: 5, offset: 0, to: "élodie@EXAMPLE.com" })).total,
        1,
      );
    });

    test("logs: written entries are listed newest first, by category, with their details", async () => {
      const entry = (category: string, action: string, details: Record<string, unknown> | null) =>
        store.logs.write({
          at: now(),
          level: "Info",
          category,
          action,
          message: `${category} ${action}`,
          actorAccountId: a.account.recId,
          actorUserId: a.user.recId,
          targetAccountId: null,
          targetUserId: a.member.recId,
          details,
        });
      const login = await entry("Audit", "Login", { ip: "127.0.0.1", attempts: 2 });
      await entry("Mail", "Sent", null);
      const logout = await entry("Audit", "Logout", null);

      const audit = await store.logs.listForAdmin({ category: "Audit", limit: 10, offset: 0 });
      assert.equal(audit.total, 2);
      assert.deepEqual(
        audit.items.map((item) => item.recId),
        [logout, login],
      );
      const first = audit.items[1];
      assert.deepEqual(first?.details, { ip: "127.0.0.1", attempts: 2 });
      assert.deepEqual(
        [first?.level, first?.action, first?.actorAccountId, first?.actorUserId, first?.targetAccountId],
        ["Info", "Login", a.account.recId, a.user.recId, null],
      );
      assert.equal(first?.targetUserId, a.member.recId);
      assert.equal(audit.items[0]?.details, null);

      const everything = await store.logs.listForAdmin({ limit: 1, offset: 1 });
      assert.equal(everything.total, 3);
      assert.deepEqual(
        everything.items.map((item) => item.action),
        ["Sent"],
      );
      assert.equal((await store.logs.listForAdmin({ category: "audit", limit: 10, offset: 0 })).total, 0);
    });

    test("config: a value per key, read back as written, replaced by a second set", async () => {
      assert.equal(await store.config.get("smtp"), undefined);
      await store.config.set("smtp", { host: "mail.example", port: 25, tls: false });
      await store.config.set("banner", "Hello");
      assert.deepEqual(await store.config.get("smtp"), { host: "mail.example", port: 25, tls: false });
      await store.config.set("smtp", { host: "other.example", port: 587, tls: true });
      assert.deepEqual(await store.config.get("smtp"), { host: "other.example", port: 587, tls: true });
      assert.equal(await store.config.get("banner"), "Hello");
      await store.config.set("list", [1, null, "x"]);
      assert.deepEqual(await store.config.get("list"), [1, null, "x"]);
    });
  });
}
