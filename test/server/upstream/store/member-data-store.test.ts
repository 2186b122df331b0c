/**
 * The member-data families' contract (server/upstream/store/types/member-data.ts) on each backend
 * (test/helpers/upstream-store-backends.ts): a user's notifications (newest first, read and cleared
 * only by their owner), login announcements (the active flag, account and language audience, seen
 * once per user) and widget themes (the account's theme replaces the system's of the same key) —
 * account B never reads or changes account A's rows.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";
import { createTenants, type Tenant } from "../../../helpers/upstream-store-tenants.ts";

const T0 = 1_700_000_000_000;

for (const backend of await upstreamStoreBackends()) {
  describe(`member-data families on ${backend.name}`, { skip: backend.skip }, () => {
    let place: UpstreamStorePlace;
    let store: PostgresFamilies;
    let a: Tenant;
    let b: Tenant;
    let clock = T0;
    const now = () => clock++;

    before(async () => {
      place = await backend.place(() => T0);
      store = await place.open();
      [a, b] = await createTenants(store, now);
    });
    after(async () => place?.close());

    test("notifications: added new, listed newest first up to the limit, per user", async () => {
      const account = a.account.recId;
      const first = await store.notifications.add(
        account,
        a.user.recId,
        "AddedToTeam",
        { TeamName: "Ops" },
        100,
      );
      assert.deepEqual(first, {
        recId: first.recId,
        accountId: account,
        userId: a.user.recId,
        code: "AddedToTeam",
        isNew: true,
        createdAt: 100,
        fields: { TeamName: "Ops" },
      });
      const second = await store.notifications.add(account, a.user.recId, "ExportReady", {}, 100);
      const third = await store.notifications.add(
        account,
        a.user.recId,
        "ExportReady",
        { ExportRecId: 4 },
        50,
      );
      await store.notifications.add(account, a.member.recId, "ExportReady", {}, 200);

      const listed = await store.notifications.list(account, a.user.recId, 10);
      // Same instant: the later id first.
      assert.deepEqual(
        listed.map((entry) => entry.recId),
        [second.recId, first.recId, third.recId],
      );
      assert.deepEqual(
        (await store.notifications.list(account, a.user.recId, 2)).map((entry) => entry.recId),
        [second.recId, first.recId],
      );
      assert.deepEqual(
        await store.notifications.list(b.account.recId, a.user.recId, 10),
        [],
        "another account",
      );
    });

    test("notifications: marking read counts the owner's new ones only; clear removes the owner's", async () => {
      const account = a.account.recId;
      const mine = await store.notifications.list(account, a.user.recId, 10);
      const theirs = await store.notifications.list(account, a.member.recId, 10);
      const ids = [...mine.map((entry) => entry.recId), ...theirs.map((entry) => entry.recId)];
      assert.equal(
        await store.notifications.markRead(b.account.recId, a.user.recId, ids),
        0,
        "another account",
      );
      const firstId = mine[0]?.recId as number;
      assert.equal(await store.notifications.markRead(account, a.user.recId, [firstId, firstId]), 1);
      assert.equal(await store.notifications.markRead(account, a.user.recId, ids), mine.length - 1);
      assert.equal(await store.notifications.markRead(account, a.user.recId, ids), 0);
      assert.equal(await store.notifications.markRead(account, a.user.recId, []), 0);
      assert.ok((await store.notifications.list(account, a.user.recId, 10)).every((entry) => !entry.isNew));
      assert.ok((await store.notifications.list(account, a.member.recId, 10)).every((entry) => entry.isNew));

      assert.equal(await store.notifications.clear(b.account.recId, a.user.recId), 0, "another account");
      assert.equal(await store.notifications.clear(account, a.user.recId), mine.length);
      assert.deepEqual(await store.notifications.list(account, a.user.recId, 10), []);
      assert.equal((await store.notifications.list(account, a.member.recId, 10)).length, theirs.length);
    });

    test("announcements: current is the newest running one for everyone, active only", async () => {
      assert.equal(await store.announcements.current(1_000), undefined);
      const old = await store.announcements.create(
        { title: "Old", body: "o", startsAt: 100, endsAt: null },
        1,
      );
      const newer = await store.announcements.create(
        { title: "New", body: "n", startsAt: 500, endsAt: 900 },
        2,
      );
      const future = await store.announcements.create(
        { title: "Later", body: "l", startsAt: 5_000, endsAt: null },
        3,
      );
      assert.deepEqual(await store.announcements.current(600), {
        recId: newer,
        title: "New",
        body: "n",
        startsAt: 500,
        endsAt: 900,
      });
      assert.equal((await store.announcements.current(900))?.recId, old, "ends_at is exclusive");
      assert.equal(await store.announcements.current(50), undefined);
      assert.equal((await store.announcements.current(6_000))?.recId, future);
      await place.exec(`UPDATE login_announcements SET is_active = FALSE WHERE id = ${future}`);
      assert.equal((await store.announcements.current(6_000))?.recId, old, "inactive");
      await place.exec(
        `UPDATE login_announcements SET target_account_id = ${a.account.recId} WHERE id = ${old}`,
      );
      assert.equal(await store.announcements.current(6_000), undefined, "targeted is not for everyone");
      await place.exec(`UPDATE login_announcements SET is_active = FALSE WHERE id IN (${old}, ${newer})`);
    });

    test("announcements: pending for an audience by account and language (any case), once per user", async () => {
      const forA = await store.announcements.create(
        { title: "For A", body: "", startsAt: 10_000, endsAt: null },
        4,
      );
      const french = await store.announcements.create(
        { title: "Fr", body: "", startsAt: 10_001, endsAt: null },
        5,
      );
      await place.exec(
        `UPDATE login_announcements SET target_account_id = ${a.account.recId} WHERE id = ${forA}`,
      );
      await place.exec(`UPDATE login_announcements SET language_code = 'fr' WHERE id = ${french}`);
      const audience = (tenant: Tenant, languageCode: string) => ({
        accountId: tenant.account.recId,
        userId: tenant.user.recId,
        languageCode,
      });

      assert.equal((await store.announcements.pendingFor(audience(a, "FR"), 20_000))?.recId, french);
      assert.equal((await store.announcements.pendingFor(audience(a, "en"), 20_000))?.recId, forA);
      assert.equal(await store.announcements.pendingFor(audience(b, "en"), 20_000), undefined);
      assert.equal((await store.announcements.pendingFor(audience(b, "fr"), 20_000))?.recId, french);
      assert.equal(
        await store.announcements.runsFor(audience(b, "en"), forA, 20_000),
        false,
        "A's is not B's",
      );
      assert.equal(await store.announcements.runsFor(audience(a, "en"), forA, 20_000), true);
      assert.equal(await store.announcements.runsFor(audience(a, "en"), forA, 9_000), false, "not started");
      assert.equal(await store.announcements.runsFor(audience(a, "Fr"), french, 20_000), true);

      assert.equal(await store.announcements.seen(a.account.recId, a.user.recId, french), false);
      await store.announcements.markSeen(a.account.recId, a.user.recId, french, 20_000);
      await store.announcements.markSeen(a.account.recId, a.user.recId, french, 20_001);
      assert.equal(await store.announcements.seen(a.account.recId, a.user.recId, french), true);
      assert.equal(await store.announcements.seen(b.account.recId, b.user.recId, french), false);
      assert.equal(await store.announcements.seen(a.account.recId, a.member.recId, french), false);
      assert.equal((await store.announcements.pendingFor(audience(a, "fr"), 20_000))?.recId, forA);
      assert.equal(
        await store.announcements.runsFor(audience(a, "fr"), french, 20_000),
        true,
        "seen still runs",
      );
      await store.announcements.markSeen(a.account.recId, a.user.recId, forA, 20_000);
      assert.equal(await store.announcements.pendingFor(audience(a, "fr"), 20_000), undefined);
    });

    test("widget themes: system themes first, the account's replaces one of the same key, per account", async () => {
      const theme = (key: string, dashboard: string) => ({
        Key: key,
        Value: { Dashboard: dashboard, Widgets: [] },
      });
      await store.widgetThemes.put(null, theme("Light", '{"bg":"white"}'));
      await store.widgetThemes.put(null, theme("Dark", "{}"));
      await store.widgetThemes.put(a.account.recId, theme("Light", '{"bg":"ivory"}'));
      await store.widgetThemes.put(a.account.recId, theme("Brand", "{}"));
      await store.widgetThemes.put(null, theme("Dark", '{"bg":"black"}'));

      assert.deepEqual(await store.widgetThemes.list(a.account.recId), [
        theme("Dark", '{"bg":"black"}'),
        theme("Brand", "{}"),
        theme("Light", '{"bg":"ivory"}'),
      ]);
      assert.deepEqual(await store.widgetThemes.list(b.account.recId), [
        theme("Dark", '{"bg":"black"}'),
        theme("Light", '{"bg":"white"}'),
      ]);
      await store.widgetThemes.put(a.account.recId, theme("Brand", '{"v":2}'));
      assert.deepEqual((await store.widgetThemes.list(a.account.recId))[1], theme("Brand", '{"v":2}'));
    });
  });
}
