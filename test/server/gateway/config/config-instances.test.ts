/**
 * Two configuration planes on one store, as two gateway instances run them (DESIGN.md §7), on both
 * backends — SQLite in a file, PostgreSQL when its test server answers, else skipped with the reason
 * (test/helpers/store-backends.ts): a change set is published once whoever publishes it (the
 * scheduler runs on every instance), the instance that lost the race answers "published meanwhile"
 * and serves the winner's version, a canary is promoted once and only while it is the newest release,
 * and `synchronise()` serves on one what the other published, canaried, promoted or scheduled.
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { ConfigPlaneError } from "../../../../server/gateway/config/config-errors.ts";
import {
  ConfigPlane,
  type PublishedEvent,
  type StoreChange,
} from "../../../../server/gateway/config/config-plane.ts";
import type { Publication } from "../../../../server/gateway/config/config-store.ts";
import { ManualClock } from "../../../helpers/manual-clock.ts";
import { type StoreBackend, type StorePlace, storeBackends } from "../../../helpers/store-backends.ts";
import { defaultBase } from "../session/gateway-fixture.ts";
import { AUTHOR, log, openPlane } from "./plane-fixture.ts";

const HOUR_MS = 3_600_000;
const rename = (text: string) => [{ kind: "texts.en" as const, merge: { Menu_Dashboards: text } }];

/** A new place of `backend`'s store per call, closed after the suite that asked for it. */
function placesOf(backend: StoreBackend): () => Promise<StorePlace> {
  const places: StorePlace[] = [];
  after(async () => {
    for (const place of places.splice(0)) await place.close();
  });
  return async () => {
    const place = await backend.place();
    places.push(place);
    return place;
  };
}

/** Two instances' planes on one new place and one clock. */
async function twoInstances(newPlace: () => Promise<StorePlace>) {
  const place = await newPlace();
  const clock = new ManualClock();
  const a = await openPlane(place, clock);
  const b = await openPlane(place, clock);
  const heard = { a: [] as PublishedEvent[], b: [] as PublishedEvent[] };
  a.plane.onPublished((event) => heard.a.push(event));
  b.plane.onPublished((event) => heard.b.push(event));
  return {
    a: a.plane,
    b: b.plane,
    clock,
    heard,
    close: async () => {
      await a.close();
      await b.close();
    },
  };
}

/** Two instances, both serving version 1 to account 7 only (a canary published through A). */
async function canaryOnBoth(newPlace: () => Promise<StorePlace>) {
  const instances = await twoInstances(newPlace);
  const canary = await instances.a.createChangeSet(AUTHOR, {
    comment: "canary",
    baseVersion: 0,
    edits: rename("C"),
  });
  await instances.a.publish(AUTHOR, canary.id, { accounts: [7] });
  await instances.b.synchronise();
  return instances;
}

for (const backend of await storeBackends())
  describe(`two instances' planes on one store (${backend.name})`, { skip: backend.skip }, () => {
    const newPlace = placesOf(backend);

    test("a scheduled publication due on both instances' schedulers is published exactly once", async () => {
      const { a, b, clock, close } = await twoInstances(newPlace);
      const draft = await a.createChangeSet(AUTHOR, {
        comment: "at ten",
        baseVersion: 0,
        edits: rename("Ten"),
      });
      await a.publish(AUTHOR, draft.id, { at: clock.ms + HOUR_MS });
      await b.synchronise();
      assert.equal(clock.pending, 2, "armed on both instances");
      // Both timers fall due at once: both schedulers run, neither waits for the other.
      clock.ms += HOUR_MS;
      const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
      assert.deepEqual([...byA, ...byB], [1], "one version between them");
      assert.equal((await a.versions()).length, 1);
      const record = await b.changeSet(draft.id);
      assert.equal(record.status, "published", "published, not failed");
      assert.equal(record.publishedVersion, 1);
      assert.equal(record.failure, null);
      assert.equal((await a.audit({ action: "version.publish" })).length, 1);
      assert.deepEqual(await a.audit({ action: "changeSet.failed" }), [], "the loser recorded no failure");
      await Promise.all([a.synchronise(), b.synchronise()]);
      assert.equal(a.servedFor(null).configVersion, 1);
      assert.equal(b.servedFor(null).configVersion, 1, "the instance that lost the race serves it too");
      await close();
    });

    test("one change set published through both at once: one version, the other answers 409 published meanwhile", async () => {
      const { a, b, close } = await twoInstances(newPlace);
      const draft = await a.createChangeSet(AUTHOR, {
        comment: "twice",
        baseVersion: 0,
        edits: rename("Once"),
      });
      const results = await Promise.allSettled([a.publish(AUTHOR, draft.id), b.publish(AUTHOR, draft.id)]);
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      assert.equal(won.length, 1, JSON.stringify(results));
      assert.deepEqual((won[0] as PromiseFulfilledResult<unknown>).value, { version: 1 });
      assert.equal(lost.length, 1);
      const refusal = lost[0]?.reason as ConfigPlaneError;
      assert.ok(refusal instanceof ConfigPlaneError, String(refusal));
      assert.equal(refusal.status, 409);
      // Either the store refused the stale revision, or the loser read the change set once published.
      assert.ok(
        (refusal.code === "ConfigWrongState" && /published/.test(refusal.message)) ||
          refusal.code === "ConfigStaleBase",
        `${refusal.code}: ${refusal.message}`,
      );
      assert.equal((await a.versions()).length, 1, "one version");
      await Promise.all([a.synchronise(), b.synchronise()]);
      assert.equal(a.servedFor(null).configVersion, 1);
      assert.equal(b.servedFor(null).configVersion, 1);
      await close();
    });

    test("a publication the store refuses (published meanwhile elsewhere) answers 409 with the version, and serves it", async () => {
      const place = await newPlace();
      const clock = new ManualClock();
      const a = await openPlane(place, clock);
      const storeOfB = await place.openConfig();
      const draft = await a.plane.createChangeSet(AUTHOR, {
        comment: "raced",
        baseVersion: 0,
        edits: rename("Raced"),
      });
      // B has read and validated the change set; A's publication reaches the store just before B's.
      const racing = new Proxy(storeOfB, {
        get(target, key) {
          if (key === "publish") {
            return async (publication: Publication) => {
              assert.deepEqual(await a.plane.publish(AUTHOR, draft.id), { version: 1 });
              return target.publish(publication);
            };
          }
          const value = Reflect.get(target, key);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
      const b = await ConfigPlane.open({ store: racing, base: await defaultBase(), log, clock });
      await assert.rejects(b.publish(AUTHOR, draft.id), (error: unknown) => {
        assert.ok(error instanceof ConfigPlaneError, String(error));
        assert.equal(error.status, 409);
        assert.equal(error.code, "ConfigWrongState");
        assert.match(error.message, /published meanwhile, as version 1/);
        assert.equal(error.details.publishedVersion, 1);
        return true;
      });
      assert.equal((await storeOfB.versions()).length, 1, "nothing more was written");
      // The refusal queued a synchronisation behind it: B serves A's version.
      await b.synchronise();
      assert.equal(b.servedFor(null).configVersion, 1);
      await b.close();
      await a.close();
    });

    test("synchronise serves what the other instance published, canaried, promoted and rolled back, and announces it", async () => {
      const { a, b, heard, close } = await twoInstances(newPlace);
      const changes: StoreChange[] = [];
      a.onStoreChanged((change) => changes.push(change));
      assert.equal(await b.synchronise(), false, "nothing to serve yet");
      const first = await a.createChangeSet(AUTHOR, { comment: "one", baseVersion: 0, edits: rename("One") });
      await a.publish(AUTHOR, first.id);
      assert.deepEqual(changes, [{ version: 1 }], "A tells of its publication");
      assert.equal(b.servedFor(null).configVersion, 0, "B serves what it had");
      assert.equal(await b.synchronise(), true);
      assert.equal(b.servedFor(null).configVersion, 1);
      assert.deepEqual(heard.b.at(-1), { version: 1, urgency: "normal", accounts: null });
      assert.equal(await b.synchronise(), false, "read once: nothing new");

      const canary = await a.createChangeSet(AUTHOR, {
        comment: "two",
        baseVersion: 1,
        edits: rename("Two"),
      });
      await a.publish(AUTHOR, canary.id, { accounts: [7] });
      await b.synchronise();
      assert.equal(b.servedFor(7).configVersion, 2, "the canary's account");
      assert.equal(b.servedFor(8).configVersion, 1, "the others");
      assert.deepEqual(b.status().canary, { version: 2, accounts: [7] });
      assert.deepEqual(heard.b.at(-1), { version: 2, urgency: "normal", accounts: new Set([7]) });

      await a.promote(AUTHOR, 2);
      await b.synchronise();
      assert.equal(b.servedFor(8).configVersion, 2, "promoted for everyone");
      assert.equal(b.status().canary, null);
      assert.deepEqual(heard.b.at(-1), { version: 2, urgency: "normal", accounts: null });

      await a.rollback(AUTHOR, 1, "back");
      await b.synchronise();
      assert.equal(b.servedFor(null).configVersion, 3);
      assert.equal(b.status().serving, 3);
      assert.deepEqual(
        changes.map((change) => change.version),
        [1, 2, 2, 3],
      );
      await close();
    });

    test("one canary promoted through both at once: one release, the other answers 409 promoted meanwhile", async () => {
      const { a, b, close } = await canaryOnBoth(newPlace);
      const results = await Promise.allSettled([a.promote(AUTHOR, 1), b.promote(AUTHOR, 1)]);
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      assert.equal(won.length, 1, JSON.stringify(results));
      const refusal = lost[0]?.reason as ConfigPlaneError;
      assert.ok(refusal instanceof ConfigPlaneError, String(refusal));
      assert.equal(refusal.status, 409);
      assert.match(refusal.message, /promoted meanwhile/);
      assert.equal((await a.audit({ action: "version.promote" })).length, 1, "one promotion audited");
      await Promise.all([a.synchronise(), b.synchronise()]);
      for (const plane of [a, b]) {
        assert.equal(plane.servedFor(8).configVersion, 1, "everyone is served the promoted version");
        assert.equal(plane.status().canary, null);
      }
      await close();
    });

    test("an instance that has not heard of a newer release cannot promote the canary it still serves", async () => {
      const { a, b, close } = await canaryOnBoth(newPlace);
      const newer = await a.createChangeSet(AUTHOR, { comment: "all", baseVersion: 1, edits: rename("All") });
      await a.publish(AUTHOR, newer.id);
      assert.deepEqual(b.status().canary, { version: 1, accounts: [7] }, "B has not heard yet");
      await assert.rejects(b.promote(AUTHOR, 1), (error: unknown) => {
        assert.ok(error instanceof ConfigPlaneError);
        assert.equal(error.status, 409);
        assert.match(error.message, /no longer the canary being served: version 2 was released since/);
        return true;
      });
      await b.synchronise();
      assert.equal(b.servedFor(8).configVersion, 2, "B serves the newer release, not the old canary");
      assert.equal(b.servedFor(7).configVersion, 2);
      assert.deepEqual(await a.audit({ action: "version.promote" }), []);
      await close();
    });

    test("synchronise arms the schedule for what the other instance scheduled, and drops what it cancelled", async () => {
      const { a, b, clock, close } = await twoInstances(newPlace);
      const changes: StoreChange[] = [];
      a.onStoreChanged((change) => changes.push(change));
      const draft = await a.createChangeSet(AUTHOR, {
        comment: "later",
        baseVersion: 0,
        edits: rename("Later"),
      });
      await a.publish(AUTHOR, draft.id, { at: clock.ms + HOUR_MS });
      assert.deepEqual(changes, [{ version: null }], "a schedule is a change of the store");
      assert.equal(clock.pending, 1, "A's timer only");
      await b.synchronise();
      assert.equal(clock.pending, 2, "B armed its own");
      await a.cancelChangeSet(AUTHOR, draft.id);
      assert.deepEqual(changes, [{ version: null }, { version: null }]);
      await b.synchronise();
      assert.equal(clock.pending, 0, "nothing left to run on either");
      await close();
    });
  });
