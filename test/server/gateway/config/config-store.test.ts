/**
 * The configuration store contract (server/gateway/config/config-store.ts; DESIGN.md §3, §7), run on
 * both backends — SQLite always, PostgreSQL when its test server answers, else skipped with the
 * reason (test/helpers/store-backends.ts): versions numbered in publishing order and kept with their
 * content, releases and audit entries appended, a publication written whole or not at all, change
 * sets updated only at the revision they were read at, the audit's filters and paging, the history
 * refusing changes, a change set published only at the revision it was read at — and two gateway
 * instances on one store, publishing and updating at once, and publishing one change set at once.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import type { ConfigStore, Publication } from "../../../../server/gateway/config/config-store.ts";
import { type StorePlace, storeBackends } from "../../../helpers/store-backends.ts";

/** Epoch milliseconds beyond 32 bits, as every stored time is. */
const AT = Date.UTC(2026, 11, 1, 9, 0, 0);
const ADMIN = "tessera/admin@tessera.example";
const edits = (text: string) => [{ kind: "texts.en" as const, merge: { Menu_Dashboards: text } }];

/** A publication of `content` at `at`, optionally of a change set read at `revision`. */
function publication(
  content: string,
  at: number,
  changeSetId: number | null = null,
  revision = 1,
): Publication {
  return {
    version: {
      createdAt: at,
      author: ADMIN,
      comment: `publish ${content}`,
      content,
      contentHash: `hash of ${content}`,
      baseHash: "base",
      origin: "publish",
      changeSetId,
      restores: null,
      summary: [`changed ${content}`],
    },
    release: { scope: "all", accounts: null, at, actor: ADMIN },
    changeSet: changeSetId === null ? null : { id: changeSetId, revision, status: "published" },
    audit: { at, actor: ADMIN, address: "10.0.0.1", action: "version.publish", details: { note: content } },
  };
}

/** A publication's release to `accounts` first (a canary). */
const canaryRelease = (at: number, accounts: number[]): Publication["release"] => ({
  scope: "canary",
  accounts,
  at,
  actor: ADMIN,
});

const draft = (store: ConfigStore, comment: string, at = AT) =>
  store.createChangeSet({
    author: ADMIN,
    comment,
    baseVersion: 0,
    edits: edits(comment),
    system: false,
    createdAt: at,
  });

for (const backend of await storeBackends()) {
  describe(`${backend.name} configuration store`, { skip: backend.skip }, () => {
    let place: StorePlace;
    let store: ConfigStore;
    beforeEach(async () => {
      place = await backend.place();
      store = await place.openConfig();
    });
    afterEach(() => place.close());

    test("an empty store: head 0, no versions, releases, change sets or audit", async () => {
      assert.equal(await store.headVersion(), 0);
      assert.deepEqual(await store.versions(), []);
      assert.deepEqual(await store.releases(), []);
      assert.deepEqual(await store.changeSets(), []);
      assert.deepEqual(await store.audit(), []);
      assert.equal(await store.version(1), null);
      assert.equal(await store.changeSet(1), null);
    });

    test("publications: numbered 1, 2 …, kept with their content; versions newest first, releases oldest first", async () => {
      assert.equal(await store.publish(publication('{"a":1}', AT)), 1);
      assert.equal(await store.publish(publication('{"b":2}', AT + 1)), 2);
      assert.equal(await store.headVersion(), 2);
      assert.deepEqual(await store.version(1), {
        number: 1,
        createdAt: AT,
        author: ADMIN,
        comment: 'publish {"a":1}',
        contentHash: 'hash of {"a":1}',
        baseHash: "base",
        origin: "publish",
        changeSetId: null,
        restores: null,
        summary: ['changed {"a":1}'],
        content: '{"a":1}',
      });
      const versions = await store.versions();
      assert.deepEqual(
        versions.map((v) => v.number),
        [2, 1],
      );
      assert.ok(!("content" in (versions[0] as object)), "a list carries no content");
      const releases = await store.releases();
      assert.deepEqual(
        releases.map(({ version, scope, accounts, at }) => [version, scope, accounts, at]),
        [
          [1, "all", null, AT],
          [2, "all", null, AT + 1],
        ],
      );
      assert.ok((releases[0]?.id as number) < (releases[1]?.id as number));
      const audit = await store.audit();
      assert.deepEqual(
        audit.map(({ action, target, details }) => [action, target, details]),
        [
          ["version.publish", "version:2", { note: '{"b":2}', version: 2 }],
          ["version.publish", "version:1", { note: '{"a":1}', version: 1 }],
        ],
        "the version's target and number, newest first",
      );
    });

    test("a publication of a change set marks it published at the new version, and keeps its own audit target", async () => {
      const created = await draft(store, "Boards");
      const number = (await store.publish({
        ...publication("{}", AT + 5, created.id, created.revision),
        audit: { ...publication("{}", AT + 5).audit, target: `changeSet:${created.id}` },
      })) as number;
      const published = await store.changeSet(created.id);
      assert.equal(published?.status, "published");
      assert.equal(published?.publishedVersion, number);
      assert.equal(published?.revision, created.revision + 1);
      assert.equal(published?.updatedAt, AT + 5);
      assert.equal((await store.version(number))?.changeSetId, created.id);
      assert.equal((await store.audit())[0]?.target, `changeSet:${created.id}`);
    });

    test("a change set is published only at the revision it was read at; a stale publication writes nothing", async () => {
      const created = await draft(store, "Boards");
      const edited = await store.updateChangeSet(created.id, created.revision, { comment: "edited" });
      assert.equal(edited?.revision, created.revision + 1);
      assert.equal(
        await store.publish(publication("{}", AT + 1, created.id, created.revision)),
        null,
        "read before the edit: refused",
      );
      assert.equal(await store.headVersion(), 0, "no version");
      assert.deepEqual(await store.releases(), [], "no release");
      assert.deepEqual(await store.audit(), [], "no audit entry");
      assert.equal((await store.changeSet(created.id))?.status, "draft");
      assert.equal(await store.publish(publication("{}", AT + 2, created.id, edited?.revision)), 1);
      assert.equal(
        await store.publish(publication("{}", AT + 3, created.id, edited?.revision)),
        null,
        "published once: the same revision again is refused",
      );
      assert.equal(await store.headVersion(), 1);
      const published = await store.changeSet(created.id);
      assert.equal(published?.status, "published");
      assert.equal(published?.publishedVersion, 1);
    });

    test("a publication is written whole or not at all", async () => {
      const broken = publication("{}", AT);
      // The audit entry cannot be written (a BigInt is no JSON): version and release must go too.
      broken.audit.details = { size: 1n };
      await assert.rejects(store.publish(broken));
      assert.equal(await store.headVersion(), 0);
      assert.deepEqual(await store.releases(), []);
      assert.equal(await store.publish(publication("{}", AT)), 1, "the number was not spent");
    });

    test("a promotion appends a release to everyone with its audit entry, only of the version the newest release canaries", async () => {
      const promotion = (version: number, at: number) =>
        [
          { version, at, actor: ADMIN },
          {
            at,
            actor: ADMIN,
            address: "10.0.0.1",
            action: "version.promote",
            target: `version:${version}`,
            details: {},
          },
        ] as const;
      await store.publish(publication("{}", AT));
      assert.equal(
        await store.promote(...promotion(1, AT + 1)),
        null,
        "version 1 is served to all, no canary",
      );
      await store.publish({ ...publication('{"canary":1}', AT + 2), release: canaryRelease(AT + 2, [7, 3]) });
      assert.equal(await store.promote(...promotion(1, AT + 3)), null, "not the version canaried");
      assert.equal((await store.releases()).length, 2, "nothing written");
      const release = await store.promote(...promotion(2, AT + 4));
      assert.ok(release);
      assert.deepEqual(release, {
        id: release.id,
        version: 2,
        scope: "all",
        accounts: null,
        at: AT + 4,
        actor: ADMIN,
      });
      assert.deepEqual((await store.releases()).at(-1), release);
      assert.equal((await store.audit({ action: "version.promote" })).length, 1);
      assert.equal(await store.promote(...promotion(2, AT + 5)), null, "promoted once");
      assert.equal((await store.audit({ action: "version.promote" })).length, 1, "nor a second audit entry");
      // A canary followed by a publication to all is no longer promotable.
      await store.publish({ ...publication('{"canary":3}', AT + 6), release: canaryRelease(AT + 6, [7]) });
      await store.publish(publication('{"all":4}', AT + 7));
      assert.equal(await store.promote(...promotion(3, AT + 8)), null, "a newer release for everyone");
      assert.deepEqual(
        (await store.releases()).map((r) => [r.version, r.scope]),
        [
          [1, "all"],
          [2, "canary"],
          [2, "all"],
          [3, "canary"],
          [4, "all"],
        ],
      );
    });

    test("change sets: drafts at revision 1, newest first, by status", async () => {
      const first = await draft(store, "one");
      const second = await draft(store, "two");
      assert.deepEqual(
        { ...first, id: 0 },
        {
          id: 0,
          createdAt: AT,
          updatedAt: AT,
          author: ADMIN,
          comment: "one",
          baseVersion: 0,
          edits: edits("one"),
          status: "draft",
          revision: 1,
          approvedBy: null,
          approvedAt: null,
          scheduledAt: null,
          scheduledAccounts: null,
          publishedVersion: null,
          failure: null,
          system: false,
          reviewRequestedAt: null,
          review: null,
        },
      );
      assert.ok(second.id > first.id);
      const system = await store.createChangeSet({
        author: "gateway",
        comment: "window",
        baseVersion: 0,
        edits: [],
        system: true,
        createdAt: AT,
      });
      assert.equal(system.system, true);
      assert.deepEqual(
        (await store.changeSets()).map((c) => c.id),
        [system.id, second.id, first.id],
      );
      await store.updateChangeSet(second.id, second.revision, { status: "cancelled" });
      assert.deepEqual(
        (await store.changeSets(["cancelled", "failed"])).map((c) => c.id),
        [second.id],
      );
      assert.deepEqual(
        (await store.changeSets(["draft"])).map((c) => c.id),
        [system.id, first.id],
      );
      assert.equal((await store.changeSets([])).length, 3, "no statuses: every one");
    });

    test("an update applies at the revision it read, bumps it, and a stale one changes nothing", async () => {
      const created = await draft(store, "one");
      const review = {
        by: "tessera/reviewer@tessera.example",
        at: AT + 2,
        decision: "approved" as const,
        comment: "",
      };
      const updated = await store.updateChangeSet(created.id, created.revision, {
        updatedAt: AT + 2,
        status: "scheduled",
        scheduledAt: AT + 3_600_000,
        scheduledAccounts: [4, 2],
        approvedBy: review.by,
        approvedAt: AT + 2,
        edits: edits("two"),
        review,
        reviewRequestedAt: AT + 1,
        system: true,
      });
      assert.equal(updated?.revision, 2);
      assert.deepEqual(await store.changeSet(created.id), updated);
      assert.deepEqual(updated?.scheduledAccounts, [4, 2]);
      assert.deepEqual(updated?.review, review);
      assert.deepEqual(updated?.edits, edits("two"));
      assert.equal(updated?.system, true);
      assert.equal(
        await store.updateChangeSet(created.id, created.revision, { comment: "lost" }),
        null,
        "revision 1 is stale",
      );
      const cleared = await store.updateChangeSet(created.id, 2, {
        scheduledAccounts: null,
        review: null,
        system: false,
        failure: "its problems",
      });
      assert.deepEqual(
        [cleared?.scheduledAccounts, cleared?.review, cleared?.system, cleared?.failure, cleared?.comment],
        [null, null, false, "its problems", "one"],
      );
      assert.equal(await store.updateChangeSet(999, 1, { comment: "x" }), null, "no such change set");
      await assert.rejects(
        store.updateChangeSet(created.id, 3, { author: "someone else" } as never),
        /not an updatable change-set field: author/,
      );
    });

    test("the audit: filters by actor, action, target and time, newest first, in pages", async () => {
      const entry = (at: number, actor: string, action: string, target: string) =>
        store.appendAudit({ at, actor, address: "10.0.0.9", action, target, details: { at } });
      const a = await entry(AT, ADMIN, "changeSet.create", "changeSet:1");
      const b = await entry(AT + 10, "tessera/other@tessera.example", "changeSet.update", "changeSet:1");
      const c = await entry(AT + 20, ADMIN, "maintenance.on", "maintenance");
      const d = await entry(AT + 30, ADMIN, "changeSet.update", "changeSet:2");
      assert.ok(a.id < b.id && b.id < c.id && c.id < d.id, "ids in writing order");
      const ids = (entries: { id: number }[]) => entries.map((e) => e.id);
      assert.deepEqual(ids(await store.audit()), [d.id, c.id, b.id, a.id]);
      assert.deepEqual(ids(await store.audit({ actor: ADMIN })), [d.id, c.id, a.id]);
      assert.deepEqual(ids(await store.audit({ action: "changeSet.update" })), [d.id, b.id]);
      assert.deepEqual(ids(await store.audit({ target: "changeSet:1" })), [b.id, a.id]);
      assert.deepEqual(
        ids(await store.audit({ from: AT + 10, to: AT + 20 })),
        [c.id, b.id],
        "both ends included",
      );
      assert.deepEqual(ids(await store.audit({ actor: ADMIN, action: "changeSet.update" })), [d.id]);
      const page = await store.audit({ limit: 2 });
      assert.deepEqual(ids(page), [d.id, c.id]);
      assert.deepEqual(ids(await store.audit({ limit: 2, before: page.at(-1)?.id })), [b.id, a.id]);
      assert.deepEqual(ids(await store.audit({ limit: 0 })), [d.id], "at least one");
      assert.deepEqual((await store.audit({ target: "maintenance" }))[0], c, "kept as written");
    });

    test("versions, releases and audit entries cannot be changed in the store; versions not removed", async () => {
      await store.publish(publication("{}", AT));
      for (const sql of [
        "UPDATE config_versions SET comment = 'x'",
        "DELETE FROM config_versions",
        "UPDATE config_releases SET version = 1",
        "UPDATE config_audit SET actor = 'x'",
      ]) {
        await assert.rejects(place.exec(sql), /append-only/, sql);
      }
      assert.equal((await store.version(1))?.comment, "publish {}");
    });

    test("two instances on one store: each sees what the other wrote", async () => {
      const other = await place.openConfig();
      await store.publish(publication('{"from":"a"}', AT));
      assert.equal(await other.headVersion(), 1);
      assert.equal((await other.version(1))?.content, '{"from":"a"}');
      const created = await draft(other, "on b");
      assert.equal((await store.changeSet(created.id))?.comment, "on b");
      assert.equal(await other.publish(publication('{"from":"b"}', AT + 1)), 2);
      assert.deepEqual(
        (await store.versions()).map((v) => v.number),
        [2, 1],
      );
      assert.equal((await store.audit()).length, 2);
    });

    test("two instances publishing at once: consecutive numbers, none lost or taken twice", async () => {
      const other = await place.openConfig();
      const numbers = await Promise.all(
        [0, 1, 2].flatMap((i) => [
          store.publish(publication(`{"a":${i}}`, AT + i)),
          other.publish(publication(`{"b":${i}}`, AT + i)),
        ]),
      );
      assert.deepEqual(
        [...numbers].sort((x, y) => (x ?? 0) - (y ?? 0)),
        [1, 2, 3, 4, 5, 6],
      );
      const releases = await other.releases();
      assert.deepEqual(
        releases.map((r) => r.version).sort((x, y) => x - y),
        [1, 2, 3, 4, 5, 6],
        "a release per version",
      );
      for (const [index, number] of numbers.entries()) {
        const content = index % 2 === 0 ? `{"a":${index / 2}}` : `{"b":${(index - 1) / 2}}`;
        assert.equal((await store.version(number as number))?.content, content, `version ${number}`);
      }
    });

    test("two instances publishing one change set at once: one version, the other refused", async () => {
      const other = await place.openConfig();
      const created = await draft(store, "scheduled on both");
      const results = await Promise.all([
        store.publish(publication('{"by":"a"}', AT, created.id, created.revision)),
        other.publish(publication('{"by":"b"}', AT, created.id, created.revision)),
      ]);
      assert.deepEqual(
        results.filter((result) => result !== null),
        [1],
        JSON.stringify(results),
      );
      assert.equal(await other.headVersion(), 1);
      assert.equal((await store.releases()).length, 1);
      assert.equal((await store.audit()).length, 1);
      const stored = await other.changeSet(created.id);
      assert.equal(stored?.publishedVersion, 1);
      assert.equal(stored?.revision, created.revision + 1);
    });

    test("two instances promoting one canary at once: one release, the other refused", async () => {
      const other = await place.openConfig();
      await store.publish(publication("{}", AT));
      await store.publish({ ...publication('{"canary":1}', AT + 1), release: canaryRelease(AT + 1, [7]) });
      const audit = (actor: string) => ({
        at: AT + 2,
        actor,
        address: "10.0.0.1",
        action: "version.promote",
        target: "version:2",
        details: {},
      });
      const results = await Promise.all([
        store.promote({ version: 2, at: AT + 2, actor: "a" }, audit("a")),
        other.promote({ version: 2, at: AT + 2, actor: "b" }, audit("b")),
      ]);
      assert.equal(results.filter((result) => result !== null).length, 1, JSON.stringify(results));
      assert.deepEqual(
        (await other.releases()).map((r) => [r.version, r.scope]),
        [
          [1, "all"],
          [2, "canary"],
          [2, "all"],
        ],
      );
      assert.equal((await store.audit({ action: "version.promote" })).length, 1);
    });

    test("two instances updating one change set at the same revision: exactly one wins", async () => {
      const other = await place.openConfig();
      const created = await draft(store, "raced");
      const results = await Promise.all([
        store.updateChangeSet(created.id, created.revision, { comment: "by a" }),
        other.updateChangeSet(created.id, created.revision, { comment: "by b" }),
      ]);
      const winners = results.filter((result) => result !== null);
      assert.equal(winners.length, 1, JSON.stringify(results));
      const stored = await other.changeSet(created.id);
      assert.equal(stored?.revision, 2);
      assert.equal(stored?.comment, winners[0]?.comment, "the winner's write is the row");
    });
  });
}
