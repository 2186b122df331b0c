/**
 * The library families' contract (server/upstream/store/types/library.ts, media.ts), one set of cases
 * run on each backend (test/helpers/upstream-store-backends.ts): folders with their roots, objects
 * placed, favourited, shared, deleted, restored and purged, the schedule history and media on disk —
 * the Personal tree private to its user, a share read-only, and the tenancy rule (another account's
 * folder or object is never seen nor changed).
 */
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { after, before, describe, test } from "node:test";
import type { FeatureId } from "../../../../server/upstream/identity/features.ts";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import type { UserRecord, UserWithAccount } from "../../../../server/upstream/store/records.ts";
import type { NewAccountInput } from "../../../../server/upstream/store/types/identity.ts";
import type {
  ContentScope,
  FolderRoots,
  LibraryObject,
} from "../../../../server/upstream/store/types/library.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";

const T0 = 1_700_000_000_000;
const AREA = "Reports";
const TYPES = ["Report", "Dashboard"];

function accountInput(domain: string): NewAccountInput {
  return {
    name: `Company ${domain}`,
    domain,
    subscriptionType: "Professional",
    features: new Map<FeatureId, "Included" | "Optional">(),
    ownerRole: { name: "Owner", permissions: "" },
    owner: { email: `owner@${domain}`, fullName: `Owner of ${domain}`, passwordHash: "hash" },
  };
}

const sorted = (field = "Name", descending = false, search?: string) => ({
  sort: { field, descending },
  offset: 0,
  limit: 50,
  ...(search === undefined ? {} : { search }),
});

/** The record a method returned, failing the test on a refusal or on nothing. */
function object<T extends object>(value: T | string | undefined): T {
  if (typeof value === "string") assert.fail(`expected a record, got "${value}"`);
  if (value === undefined) assert.fail("expected a record, got nothing");
  return value;
}

for (const backend of await upstreamStoreBackends()) {
  describe(`library families on ${backend.name}`, { skip: backend.skip }, () => {
    let place: UpstreamStorePlace;
    let store: PostgresFamilies;
    let a: UserWithAccount;
    let b: UserWithAccount;
    let colleague: UserRecord;
    let ann: ContentScope;
    let bob: ContentScope;
    let other: ContentScope;
    let annRoots: FolderRoots;
    let bobRoots: FolderRoots;
    let otherRoots: FolderRoots;
    let clock = T0;
    const now = () => (clock += 1000);
    const names = (items: { name: string }[]) => items.map((item) => item.name);

    before(async () => {
      place = await backend.place(() => T0);
      store = await place.open();
      a = await store.accounts.create(accountInput("alpha.example"), now());
      b = await store.accounts.create(accountInput("beta.example"), now());
      colleague = await store.users.create(
        a.account.recId,
        { email: "bob@alpha.example", fullName: "Bob", passwordHash: null },
        now(),
      );
      ann = { accountId: a.account.recId, userId: a.user.recId, area: AREA, types: TYPES };
      bob = { accountId: a.account.recId, userId: colleague.recId, area: AREA, types: TYPES };
      other = { accountId: b.account.recId, userId: b.user.recId, area: AREA, types: TYPES };
      annRoots = await store.content.folders.ensureRoots(ann, now());
      bobRoots = await store.content.folders.ensureRoots(bob, now());
      otherRoots = await store.content.folders.ensureRoots(other, now());
    });
    after(async () => place?.close());

    test("folders: the five roots once per user, the Team root shared, others' roots not visible", async () => {
      const again = await store.content.folders.ensureRoots(ann, now());
      assert.deepEqual(again, annRoots, "created on first use only");
      assert.equal(bobRoots.Team.recId, annRoots.Team.recId, "one Team root per account and area");
      assert.notEqual(bobRoots.Personal.recId, annRoots.Personal.recId);
      assert.deepEqual(
        [annRoots.Personal.personalUserId, annRoots.Team.personalUserId, annRoots.Deleted.kind],
        [a.user.recId, null, "Deleted"],
      );
      assert.equal(
        await store.content.folders.get(ann, bobRoots.Personal.recId),
        undefined,
        "another user's root",
      );
      assert.equal(
        await store.content.folders.get(other, annRoots.Team.recId),
        undefined,
        "another account's root",
      );
    });

    test("folders: two instances at once — one set of roots, one folder of a name", async () => {
      const twin = await place.open();
      const carol = await store.users.create(
        a.account.recId,
        { email: "carol@alpha.example", fullName: "Carol", passwordHash: null },
        now(),
      );
      const scope: ContentScope = {
        accountId: a.account.recId,
        userId: carol.recId,
        area: "Race",
        types: TYPES,
      };
      const [here, there] = await Promise.all([
        store.content.folders.ensureRoots(scope, now()),
        twin.content.folders.ensureRoots(scope, now()),
      ]);
      assert.deepEqual(
        Object.values(here).map((root) => root.recId),
        Object.values(there).map((root) => root.recId),
      );
      const outcomes = await Promise.all([
        store.content.folders.create(scope, { parentId: here.Team.recId, name: "Race" }, now()),
        twin.content.folders.create(scope, { parentId: here.Team.recId, name: "RACE" }, now()),
      ]);
      assert.equal(outcomes.filter((outcome) => outcome === "nameTaken").length, 1);
      assert.equal(
        (await store.content.folders.listLive(scope)).filter((folder) => folder.parentId === here.Team.recId)
          .length,
        1,
      );
    });

    test("folders: created, named uniquely ignoring case, listed by NOCASE name, renamed, moved, path", async () => {
      const zed = object(
        await store.content.folders.create(ann, { parentId: annRoots.Team.recId, name: "zed" }, now()),
      );
      const alpha = object(
        await store.content.folders.create(ann, { parentId: annRoots.Team.recId, name: "Alpha" }, now()),
      );
      assert.equal(
        await store.content.folders.create(ann, { parentId: annRoots.Team.recId, name: "ALPHA" }, now()),
        "nameTaken",
      );
      assert.equal(
        await store.content.folders.create(ann, { parentId: annRoots.Shared.recId, name: "x" }, now()),
        "parentNotFound",
        "a virtual root takes no folders",
      );
      assert.equal(
        await store.content.folders.create(other, { parentId: annRoots.Team.recId, name: "x" }, now()),
        "parentNotFound",
        "another account's folder",
      );
      const inner = object(
        await store.content.folders.create(ann, { parentId: zed.recId, name: "inner" }, now()),
      );
      const live = await store.content.folders.listLive(ann);
      const teamChildren = live.filter((folder) => folder.parentId === annRoots.Team.recId);
      assert.deepEqual(names(teamChildren), ["Alpha", "zed"]);
      assert.equal(live.filter((folder) => folder.parentId === null).length, 5, "the viewer's roots");
      assert.equal(
        (await store.content.folders.listLive(bob)).some((folder) => folder.recId === inner.recId),
        true,
      );
      assert.equal(
        (await store.content.folders.listLive(other)).some((folder) => folder.recId === inner.recId),
        false,
      );
      assert.deepEqual(
        (await store.content.folders.path(ann, inner.recId)).map((folder) => folder.recId),
        [annRoots.Team.recId, zed.recId, inner.recId],
      );
      assert.deepEqual(await store.content.folders.path(other, inner.recId), []);
      assert.equal(await store.content.folders.rename(ann, alpha.recId, "ZED", now()), "nameTaken");
      assert.equal(await store.content.folders.rename(ann, annRoots.Team.recId, "x", now()), "root");
      assert.equal(await store.content.folders.rename(other, alpha.recId, "x", now()), "notFound");
      assert.equal(
        object(await store.content.folders.rename(ann, alpha.recId, "Alpha 2", now())).name,
        "Alpha 2",
      );
      assert.equal(await store.content.folders.move(ann, zed.recId, inner.recId, now()), "cycle");
      assert.equal(await store.content.folders.move(ann, zed.recId, zed.recId, now()), "cycle");
      assert.equal(await store.content.folders.move(ann, annRoots.Team.recId, zed.recId, now()), "root");
      assert.equal(
        await store.content.folders.move(ann, zed.recId, bobRoots.Personal.recId, now()),
        "parentNotFound",
      );
      // Into the Personal tree: the subtree and its objects become private to Ann.
      const report = object(
        await store.content.library.create(
          ann,
          { type: "Report", name: "In inner", folderId: inner.recId, properties: {} },
          now(),
        ),
      );
      const moved = object(await store.content.folders.move(ann, zed.recId, annRoots.Personal.recId, now()));
      assert.deepEqual([moved.parentId, moved.personalUserId], [annRoots.Personal.recId, a.user.recId]);
      assert.equal((await store.content.folders.get(ann, inner.recId))?.personalUserId, a.user.recId);
      assert.equal((await store.content.library.get(ann, report.recId))?.personalUserId, a.user.recId);
      assert.equal(await store.content.folders.get(bob, inner.recId), undefined, "private now");
      assert.equal(await store.content.library.get(bob, report.recId), undefined, "private now");
    });

    test("folders: deleted with their subtree and objects, restored together, purged for good", async () => {
      const top = object(
        await store.content.folders.create(ann, { parentId: annRoots.Team.recId, name: "Old" }, now()),
      );
      const child = object(
        await store.content.folders.create(ann, { parentId: top.recId, name: "Child" }, now()),
      );
      const first = object(
        await store.content.library.create(
          ann,
          { type: "Report", name: "One", folderId: top.recId, properties: {} },
          now(),
        ),
      );
      const second = object(
        await store.content.library.create(
          ann,
          { type: "Dashboard", name: "Two", folderId: child.recId, properties: {} },
          now(),
        ),
      );
      assert.equal(await store.content.folders.trash(ann, annRoots.Team.recId, now()), "root");
      assert.equal(await store.content.folders.trash(other, top.recId, now()), "notFound");
      const deletedAt = now();
      assert.deepEqual(await store.content.folders.trash(ann, top.recId, deletedAt), [
        { recId: first.recId, type: "Report" },
        { recId: second.recId, type: "Dashboard" },
      ]);
      assert.equal(await store.content.folders.trash(ann, top.recId, now()), "notFound", "already deleted");
      assert.deepEqual(
        (await store.content.folders.listDeleted(ann)).map((folder) => folder.recId),
        [top.recId],
        "only the top of the deleted subtree",
      );
      assert.equal((await store.content.folders.get(ann, child.recId))?.deletedAt, deletedAt);
      assert.equal(
        await store.content.folders.restore(ann, child.recId, now()),
        "notDeleted",
        "comes back with its top",
      );
      assert.equal(await store.content.folders.restore(other, top.recId, now()), "notFound");
      // A live sibling took the name meanwhile.
      const taken = object(
        await store.content.folders.create(ann, { parentId: annRoots.Team.recId, name: "old" }, now()),
      );
      assert.equal(await store.content.folders.restore(ann, top.recId, now()), "nameTaken");
      object(await store.content.folders.rename(ann, taken.recId, "Newer", now()));
      const restored = object(await store.content.folders.restore(ann, top.recId, now()));
      assert.deepEqual(
        [restored.folder.deletedAt, restored.objects.map((entry) => entry.recId)],
        [null, [first.recId, second.recId]],
      );
      assert.equal((await store.content.library.get(ann, second.recId))?.deletedAt, null);
      assert.equal(await store.content.folders.restore(ann, top.recId, now()), "notDeleted");
      object(await store.content.folders.trash(ann, top.recId, now()));
      assert.equal(await store.content.folders.purge(other, top.recId), "notFound");
      assert.equal(await store.content.folders.purge(ann, child.recId), "notDeleted");
      assert.deepEqual(
        (object(await store.content.folders.purge(ann, top.recId)) as { recId: number }[]).map(
          (entry) => entry.recId,
        ),
        [first.recId, second.recId],
      );
      assert.equal(await store.content.folders.get(ann, top.recId), undefined);
      assert.equal(await store.content.folders.get(ann, child.recId), undefined);
      assert.equal(await store.content.library.get(ann, first.recId), undefined);
    });

    test("library: create, list by folder with search, sort and paging, update; the Personal tree is private", async () => {
      const folder = object(
        await store.content.folders.create(ann, { parentId: annRoots.Team.recId, name: "Lists" }, now()),
      );
      const make = async (scope: ContentScope, name: string, folderId: number, type = "Report") =>
        object(
          await store.content.library.create(scope, { type, name, folderId, properties: { n: name } }, now()),
        );
      const beta = await make(ann, "beta", folder.recId);
      const alpha = await make(bob, "Alpha", folder.recId, "Dashboard");
      const percent = await make(ann, "100% done", folder.recId);
      const mine = await make(ann, "Mine", annRoots.Personal.recId);
      assert.equal(
        await store.content.library.create(
          other,
          { type: "Report", name: "x", folderId: folder.recId, properties: {} },
          now(),
        ),
        "folderNotFound",
      );
      assert.equal(
        await store.content.library.create(
          bob,
          { type: "Report", name: "x", folderId: annRoots.Personal.recId, properties: {} },
          now(),
        ),
        "folderNotFound",
        "another user's Personal tree",
      );
      assert.deepEqual(
        [beta.ownerFullName, beta.ownerUid, beta.canChange, beta.isFavourite, beta.isShared, beta.properties],
        [a.user.fullName, a.user.uid, true, false, false, { n: "beta" }],
      );
      const listed = async (scope: ContentScope, query: Parameters<typeof store.content.library.list>[1]) =>
        (await store.content.library.list(scope, query)).items.map((item) => item.recId);
      const inFolder = { ...sorted(), folder: object(await store.content.folders.get(ann, folder.recId)) };
      assert.deepEqual(await listed(ann, inFolder), [percent.recId, alpha.recId, beta.recId], "NOCASE names");
      assert.deepEqual(await listed(ann, { ...inFolder, sort: { field: "Name", descending: true } }), [
        beta.recId,
        alpha.recId,
        percent.recId,
      ]);
      assert.deepEqual(
        await listed(ann, { ...inFolder, search: "0%" }),
        [percent.recId],
        "a wildcard as itself",
      );
      assert.deepEqual(await listed(ann, { ...inFolder, search: "ALP" }), [alpha.recId]);
      assert.deepEqual(await listed(ann, { ...inFolder, types: ["Dashboard"] }), [alpha.recId]);
      assert.deepEqual(
        await listed(ann, { ...inFolder, sort: { field: "Owner", descending: false } }),
        [alpha.recId, beta.recId, percent.recId],
        "by owner, then by id",
      );
      const page = await store.content.library.list(ann, { ...inFolder, offset: 1, limit: 1 });
      assert.deepEqual([page.total, page.items.map((item) => item.recId)], [3, [alpha.recId]]);
      assert.deepEqual(await listed(ann, { ...sorted(), folder: annRoots.Personal }), [mine.recId]);
      assert.deepEqual(await listed(bob, { ...sorted(), folder: bobRoots.Personal }), []);
      assert.equal(await store.content.library.get(bob, mine.recId), undefined, "Ann's Personal object");
      assert.equal(await store.content.library.get(other, beta.recId), undefined, "another account's object");
      assert.equal((await store.content.library.list(other, sorted())).total, 0);
      assert.equal(await store.content.library.update(other, beta.recId, { name: "x" }, now()), "notFound");
      assert.equal(await store.content.library.update(bob, mine.recId, { name: "x" }, now()), "notFound");
      const at = now();
      const renamed = object(await store.content.library.update(bob, beta.recId, { name: "Beta" }, at));
      assert.deepEqual([renamed.name, renamed.properties, renamed.modifiedAt], ["Beta", { n: "beta" }, at]);
      const changed = object(
        await store.content.library.update(ann, beta.recId, { properties: { n: 2 } }, now()),
      );
      assert.deepEqual([changed.name, changed.properties], ["Beta", { n: 2 }]);
    });

    test("library: favourites per viewer, shares read-only to the team, feeds newest first", async () => {
      const team = await store.teams.create(a.account.recId, "Readers", [colleague.recId], now());
      const foreignTeam = await store.teams.create(b.account.recId, "Theirs", [b.user.recId], now());
      const shared = object(
        await store.content.library.create(
          ann,
          { type: "Report", name: "Shared one", folderId: annRoots.Personal.recId, properties: {} },
          now(),
        ),
      );
      assert.equal(await store.content.library.get(bob, shared.recId), undefined);
      assert.equal(
        await store.content.library.share(ann, shared.recId, foreignTeam.recId, true, now()),
        "teamNotFound",
      );
      assert.equal(
        await store.content.library.share(other, shared.recId, foreignTeam.recId, true, now()),
        "notFound",
      );
      const change = object(await store.content.library.share(ann, shared.recId, team.recId, true, now()));
      assert.deepEqual(
        [change.changed, change.object.isShared, change.team.name, change.team.memberUserIds],
        [true, true, "Readers", [colleague.recId]],
      );
      assert.equal(
        object(await store.content.library.share(ann, shared.recId, team.recId, true, now())).changed,
        false,
      );
      const seen = object(await store.content.library.get(bob, shared.recId));
      assert.deepEqual([seen.canChange, seen.isShared], [false, true]);
      assert.equal(await store.content.library.update(bob, shared.recId, { name: "x" }, now()), "readOnly");
      assert.equal(
        await store.content.library.share(bob, shared.recId, team.recId, false, now()),
        "readOnly",
      );
      assert.equal(await store.content.library.trash(bob, shared.recId, now()), "readOnly");
      assert.deepEqual(
        (await store.content.library.list(bob, { ...sorted(), folder: bobRoots.Shared })).items.map(
          (item) => item.recId,
        ),
        [shared.recId],
      );
      assert.deepEqual(
        (await store.content.library.shares(bob, shared.recId)).map((entry) => entry.teamName),
        ["Readers"],
      );
      assert.deepEqual(await store.content.library.shares(other, shared.recId), []);
      const favourite = object(await store.content.library.setFavourite(bob, shared.recId, true, now()));
      assert.equal(favourite.isFavourite, true);
      assert.equal(
        object(await store.content.library.get(ann, shared.recId)).isFavourite,
        false,
        "per viewer",
      );
      assert.equal(await store.content.library.setFavourite(other, shared.recId, true, now()), "notFound");
      const favourites = await store.content.library.feed(
        { accountId: a.account.recId, userId: colleague.recId, types: TYPES },
        "Favourites",
        10,
      );
      assert.deepEqual([favourites.total, favourites.items.map((item) => item.recId)], [1, [shared.recId]]);
      assert.deepEqual(
        (await store.content.library.list(bob, { ...sorted(), folder: bobRoots.Favourites })).items.map(
          (item) => item.recId,
        ),
        [shared.recId],
      );
      const recent = await store.content.library.feed(
        { accountId: a.account.recId, userId: colleague.recId, types: TYPES },
        "Recent",
        2,
      );
      assert.equal(recent.items[0]?.recId, shared.recId, "the newest change first");
      assert.equal(recent.items.length, 2);
      assert.ok(recent.total > 2);
      assert.equal(
        (
          await store.content.library.feed(
            { accountId: b.account.recId, userId: b.user.recId, types: TYPES },
            "Recent",
            10,
          )
        ).total,
        0,
      );
      object(await store.content.library.setFavourite(bob, shared.recId, false, now()));
      assert.equal(
        (
          await store.content.library.feed(
            { accountId: a.account.recId, userId: colleague.recId, types: TYPES },
            "Favourites",
            10,
          )
        ).total,
        0,
      );
      const unshared = object(await store.content.library.share(ann, shared.recId, team.recId, false, now()));
      assert.deepEqual([unshared.changed, unshared.object.isShared], [true, false]);
      assert.equal(await store.content.library.get(bob, shared.recId), undefined);
    });

    test("library: duplicate, move, delete to Deleted, restore to the folder or the space's root, purge", async () => {
      const folder = object(
        await store.content.folders.create(ann, { parentId: annRoots.Team.recId, name: "Moves" }, now()),
      );
      const source = object(
        await store.content.library.create(
          ann,
          { type: "Report", name: "Source", folderId: folder.recId, properties: { k: 1 } },
          now(),
        ),
      );
      const copy = object(
        await store.content.library.duplicate(
          bob,
          source.recId,
          { name: "Copy", folderId: bobRoots.Personal.recId },
          now(),
        ),
      );
      assert.deepEqual(
        [copy.name, copy.properties, copy.ownerUserId, copy.personalUserId, copy.folderId],
        ["Copy", { k: 1 }, colleague.recId, colleague.recId, bobRoots.Personal.recId],
      );
      assert.equal(
        await store.content.library.duplicate(
          bob,
          source.recId,
          { name: "x", folderId: annRoots.Personal.recId },
          now(),
        ),
        "folderNotFound",
      );
      assert.equal(
        await store.content.library.duplicate(
          other,
          source.recId,
          { name: "x", folderId: otherRoots.Team.recId },
          now(),
        ),
        "notFound",
      );
      assert.equal(
        await store.content.library.move(other, source.recId, otherRoots.Team.recId, now()),
        "notFound",
      );
      assert.equal(
        await store.content.library.move(ann, source.recId, annRoots.Shared.recId, now()),
        "folderNotFound",
      );
      const moved = object(
        await store.content.library.move(ann, source.recId, annRoots.Personal.recId, now()),
      );
      assert.deepEqual([moved.folderId, moved.personalUserId], [annRoots.Personal.recId, a.user.recId]);
      object(await store.content.library.move(ann, source.recId, folder.recId, now()));
      assert.equal(await store.content.library.trash(other, source.recId, now()), "notFound");
      assert.equal(await store.content.library.trash(ann, source.recId, now()), "done");
      assert.equal(
        await store.content.library.trash(ann, source.recId, now()),
        "notFound",
        "already deleted",
      );
      assert.deepEqual(
        (await store.content.library.list(ann, { ...sorted(), folder: annRoots.Deleted })).items.map(
          (item) => item.recId,
        ),
        [source.recId],
      );
      assert.equal(await store.content.library.restore(other, source.recId, now()), "notFound");
      assert.equal(
        await store.content.library.restore(ann, copy.recId, now()),
        "notFound",
        "Bob's Personal copy",
      );
      const back = object(await store.content.library.restore(ann, source.recId, now()));
      assert.deepEqual([back.deletedAt, back.folderId], [null, folder.recId]);
      assert.equal(await store.content.library.restore(ann, source.recId, now()), "notDeleted");
      // Its folder gone (deleted for good), it comes back to the Team root.
      assert.equal(await store.content.library.trash(ann, source.recId, now()), "done");
      object(await store.content.folders.trash(ann, folder.recId, now()));
      object(await store.content.folders.purge(ann, folder.recId));
      const rooted = object(await store.content.library.restore(ann, source.recId, now()));
      assert.deepEqual([rooted.folderId, rooted.personalUserId], [annRoots.Team.recId, null]);
      assert.equal(await store.content.library.purge(ann, source.recId), "notDeleted");
      assert.equal(await store.content.library.trash(ann, source.recId, now()), "done");
      assert.equal(await store.content.library.purge(other, source.recId), "notFound");
      assert.equal(await store.content.library.purge(ann, source.recId), "done");
      assert.equal(await store.content.library.get(ann, source.recId), undefined);
    });

    test("history: recorded for objects of the account only, listed for the objects the viewer sees", async () => {
      const schedule = object(
        await store.content.library.create(
          ann,
          { type: "Report", name: "Nightly", folderId: annRoots.Team.recId, properties: {} },
          now(),
        ),
      );
      const privateOne = object(
        await store.content.library.create(
          ann,
          { type: "Report", name: "alpha private", folderId: annRoots.Personal.recId, properties: {} },
          now(),
        ),
      );
      const entry = (startedAt: number, finishedAt: number | null, status: "Succeeded" | "Failed") => ({
        status,
        startedAt,
        finishedAt,
        message: `${status} at ${startedAt}`,
        taskId: null,
      });
      const ran = await store.content.history.record(
        a.account.recId,
        schedule.recId,
        entry(100, 200, "Succeeded"),
      );
      assert.deepEqual(
        [ran?.objectId, ran?.objectName, ran?.objectDeleted, ran?.finishedAt, ran?.message],
        [schedule.recId, "Nightly", false, 200, "Succeeded at 100"],
      );
      const open = await store.content.history.record(
        a.account.recId,
        schedule.recId,
        entry(300, null, "Failed"),
      );
      const hidden = await store.content.history.record(
        a.account.recId,
        privateOne.recId,
        entry(50, 60, "Succeeded"),
      );
      assert.equal(
        await store.content.history.record(b.account.recId, schedule.recId, entry(1, 2, "Failed")),
        undefined,
      );
      const ids = async (scope: ContentScope, query: Parameters<typeof store.content.history.list>[1]) =>
        (await store.content.history.list(scope, query)).items.map((item) => item.recId);
      assert.deepEqual(await ids(ann, sorted("StartedAt", true)), [open?.recId, ran?.recId, hidden?.recId]);
      assert.deepEqual(
        await ids(ann, sorted("FinishedAt")),
        [open?.recId, hidden?.recId, ran?.recId],
        "NULL first",
      );
      assert.deepEqual(
        await ids(ann, sorted("FinishedAt", true)),
        [ran?.recId, hidden?.recId, open?.recId],
        "NULL last",
      );
      assert.deepEqual(await ids(ann, sorted("Name")), [hidden?.recId, ran?.recId, open?.recId], "NOCASE");
      assert.deepEqual(await ids(ann, { ...sorted("StartedAt"), objectId: schedule.recId }), [
        ran?.recId,
        open?.recId,
      ]);
      assert.deepEqual(await ids(ann, sorted("StartedAt", false, "ALPHA")), [hidden?.recId]);
      assert.deepEqual(
        await ids(bob, sorted("StartedAt")),
        [ran?.recId, open?.recId],
        "not Ann's private object's",
      );
      assert.deepEqual(await ids(other, sorted("StartedAt")), []);
      assert.equal(await store.content.library.trash(ann, schedule.recId, now()), "done");
      const afterDelete = await store.content.history.list(ann, {
        ...sorted("StartedAt"),
        objectId: schedule.recId,
      });
      assert.deepEqual(
        afterDelete.items.map((item) => item.objectDeleted),
        [true, true],
      );
    });

    test("media: staged, committed into a folder, read back, duplicated and purged with their files", async () => {
      const media: ContentScope = {
        accountId: a.account.recId,
        userId: a.user.recId,
        area: "MediaManager",
        types: ["Media"],
      };
      const mediaRoots = await store.content.folders.ensureRoots(media, now());
      const stage = (content: string, name: string) =>
        store.content.media.stage(Readable.from([Buffer.from(content)]), name, "text/plain", 1024);
      const first = await stage("hello", "hello.txt");
      const second = await stage("world!", "world.txt");
      assert.deepEqual([first.size, first.fileName], [5, "hello.txt"]);
      assert.match(first.sha256, /^[0-9a-f]{64}$/);
      await assert.rejects(
        store.content.media.stage(
          Readable.from([Buffer.alloc(2000)]),
          "big.bin",
          "application/octet-stream",
          1024,
        ),
        /exceeds 1024 bytes/,
      );
      const refused = await stage("nope", "nope.txt");
      assert.equal(
        await store.content.media.commit(media, otherRoots.Team.recId, [refused], now()),
        "folderNotFound",
      );
      const committed = object(
        await store.content.media.commit(media, mediaRoots.Personal.recId, [first, second], now()),
      );
      assert.deepEqual(
        committed.map((item) => [item.type, item.name, item.properties, item.personalUserId]),
        [
          ["Media", "hello.txt", { ContentType: "text/plain", Size: 5 }, a.user.recId],
          ["Media", "world.txt", { ContentType: "text/plain", Size: 6 }, a.user.recId],
        ],
      );
      const hello = committed[0] as LibraryObject;
      const record = await store.content.media.get(a.account.recId, hello.recId);
      assert.deepEqual([record?.fileName, record?.size, record?.sha256], ["hello.txt", 5, first.sha256]);
      assert.equal(
        await text((await store.content.media.open(a.account.recId, hello.recId)) as Readable),
        "hello",
      );
      assert.equal(await store.content.media.get(b.account.recId, hello.recId), undefined);
      assert.equal(await store.content.media.open(b.account.recId, hello.recId), undefined);
      // A second instance on the same store reads the same media folder.
      const twin = await place.open();
      assert.equal(
        await text((await twin.content.media.open(a.account.recId, hello.recId)) as Readable),
        "hello",
      );
      const copy = object(
        await store.content.library.duplicate(
          media,
          hello.recId,
          { name: "copy.txt", folderId: mediaRoots.Team.recId },
          now(),
        ),
      );
      const copied = await store.content.media.get(a.account.recId, copy.recId);
      assert.notEqual(copied?.uid, record?.uid);
      assert.equal(
        await text((await store.content.media.open(a.account.recId, copy.recId)) as Readable),
        "hello",
      );
      assert.equal(await store.content.library.trash(media, hello.recId, now()), "done");
      assert.equal(await store.content.library.purge(media, hello.recId), "done");
      assert.equal(await store.content.media.get(a.account.recId, hello.recId), undefined);
      assert.equal(
        await text((await store.content.media.open(a.account.recId, copy.recId)) as Readable),
        "hello",
        "the copy keeps its file",
      );
      // A folder purged takes its media files along.
      const box = object(
        await store.content.folders.create(media, { parentId: mediaRoots.Team.recId, name: "Box" }, now()),
      );
      const inBox = object(await store.content.library.move(media, copy.recId, box.recId, now()));
      object(await store.content.folders.trash(media, box.recId, now()));
      assert.deepEqual(await store.content.folders.purge(media, box.recId), [
        { recId: inBox.recId, type: "Media" },
      ]);
      assert.equal(await store.content.media.open(a.account.recId, copy.recId), undefined);
      const discarded = await stage("gone", "gone.txt");
      await store.content.media.discard([discarded]);
      assert.equal(
        await store.content.media
          .commit(media, mediaRoots.Team.recId, [discarded], now())
          .catch(() => "failed"),
        "failed",
      );
    });
  });
}
