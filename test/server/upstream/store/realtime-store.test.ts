/**
 * The realtime families' contract (server/upstream/store/types/realtime.ts) on each backend
 * (test/helpers/upstream-store-backends.ts): the team directory, whose every membership change stores
 * its notifications in the same step (§4.3), and notifications produced by events (stored only for a
 * user of the draft's account, related objects flagged per account).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import { StoreConflictError } from "../../../../server/upstream/store/types/identity.ts";
import type { TeamChange, TeamNotice } from "../../../../server/upstream/store/types/realtime.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";
import { createTenants, type Tenant } from "../../../helpers/upstream-store-tenants.ts";

const T0 = 1_700_000_000_000;

function change(outcome: unknown): TeamChange {
  assert.equal(typeof outcome, "object", `expected a change, got ${String(outcome)}`);
  return outcome as TeamChange;
}

for (const backend of await upstreamStoreBackends()) {
  describe(`realtime families on ${backend.name}`, { skip: backend.skip }, () => {
    let place: UpstreamStorePlace;
    let store: PostgresFamilies;
    let a: Tenant;
    let b: Tenant;
    let clock = T0;
    const now = () => clock++;
    const added = (exceptUserId: number | null): TeamNotice => ({
      code: "AddedToTeam",
      fields: { TeamName: "Ops" },
      exceptUserId,
    });

    before(async () => {
      place = await backend.place(() => T0);
      store = await place.open();
      [a, b] = await createTenants(store, now);
    });
    after(async () => place?.close());

    test("teams: created with members, who are notified except the actor; names unique ignoring case", async () => {
      const account = a.account.recId;
      const zed = await store.users.create(
        account,
        { email: "zed@alpha.example", fullName: "adam zed", passwordHash: "h" },
        now(),
      );
      const created = change(
        await store.realtime.teams.create(
          account,
          { name: "Ops", memberUserIds: [a.member.recId, a.user.recId, zed.recId, zed.recId] },
          1_000,
          added(a.user.recId),
        ),
      );
      // NOCASE order: "adam zed" before "Member …" before "Owner …".
      assert.deepEqual(
        created.team.members.map((member) => member.recId),
        [zed.recId, a.member.recId, a.user.recId],
      );
      assert.deepEqual(created.team.members[1], {
        recId: a.member.recId,
        uid: a.member.uid,
        fullName: a.member.fullName,
        email: a.member.email,
      });
      assert.deepEqual(
        created.notifications.map((entry) => [entry.userId, entry.code, entry.isNew, entry.createdAt]),
        [
          [a.member.recId, "AddedToTeam", true, 1_000],
          [zed.recId, "AddedToTeam", true, 1_000],
        ],
      );
      await assert.rejects(
        store.realtime.teams.create(account, { name: "OPS", memberUserIds: [] }, 1_001, added(null)),
        (error: unknown) => error instanceof StoreConflictError && error.field === "name",
      );
      assert.equal(
        await store.realtime.teams.create(
          account,
          { name: "Sales", memberUserIds: [b.member.recId] },
          1_002,
          added(null),
        ),
        "unknownUser",
        "a user of another account",
      );
      const other = change(
        await store.realtime.teams.create(
          b.account.recId,
          { name: "ops", memberUserIds: [] },
          1_003,
          added(null),
        ),
      );
      assert.deepEqual(other.notifications, []);
      assert.deepEqual(
        (await store.realtime.teams.list(account)).map((team) => team.name),
        ["Ops"],
      );
      await store.realtime.teams.create(account, { name: "alpha", memberUserIds: [] }, 1_004, added(null));
      await store.realtime.teams.create(account, { name: "Beta", memberUserIds: [] }, 1_005, added(null));
      assert.deepEqual(
        (await store.realtime.teams.list(account)).map((team) => team.name),
        ["alpha", "Beta", "Ops"],
      );
      assert.equal(
        await store.realtime.teams.get(b.account.recId, created.team.recId),
        undefined,
        "another account",
      );
    });

    test("teams: rename, add and remove members with their notices, delete notifying former members", async () => {
      const account = a.account.recId;
      const team = (await store.realtime.teams.list(account)).find((entry) => entry.name === "Beta");
      assert.ok(team);
      assert.equal((await store.realtime.teams.rename(account, team.recId, "Gamma"))?.name, "Gamma");
      assert.equal(await store.realtime.teams.rename(b.account.recId, team.recId, "Theirs"), undefined);
      await assert.rejects(
        store.realtime.teams.rename(account, team.recId, "ALPHA"),
        (error: unknown) => error instanceof StoreConflictError && error.field === "name",
      );
      assert.equal(
        await store.realtime.teams.addMembers(
          b.account.recId,
          team.recId,
          [b.member.recId],
          2_000,
          added(null),
        ),
        "notFound",
      );
      assert.equal(
        await store.realtime.teams.addMembers(
          account,
          team.recId,
          [a.member.recId, b.member.recId],
          2_000,
          added(null),
        ),
        "unknownUser",
      );
      const grown = change(
        await store.realtime.teams.addMembers(account, team.recId, [a.member.recId], 2_001, added(null)),
      );
      assert.deepEqual(
        grown.notifications.map((entry) => entry.userId),
        [a.member.recId],
      );
      const again = change(
        await store.realtime.teams.addMembers(
          account,
          team.recId,
          [a.member.recId, a.user.recId],
          2_002,
          added(null),
        ),
      );
      assert.deepEqual(
        again.notifications.map((entry) => entry.userId),
        [a.user.recId],
        "a member already is not notified",
      );

      const removedNotice: TeamNotice = {
        code: "RemovedFromTeam",
        fields: { TeamName: "Gamma" },
        exceptUserId: null,
      };
      const removed = change(
        await store.realtime.teams.removeMember(account, team.recId, a.member.recId, 2_003, removedNotice),
      );
      assert.deepEqual(
        removed.team.members.map((member) => member.recId),
        [a.user.recId],
      );
      assert.deepEqual(
        removed.notifications.map((entry) => [entry.userId, entry.code]),
        [[a.member.recId, "RemovedFromTeam"]],
      );
      assert.equal(
        await store.realtime.teams.removeMember(account, team.recId, a.member.recId, 2_004, removedNotice),
        "notFound",
      );
      assert.equal(
        await store.realtime.teams.removeMember(
          b.account.recId,
          team.recId,
          a.user.recId,
          2_004,
          removedNotice,
        ),
        "notFound",
      );

      assert.equal(
        await store.realtime.teams.delete(b.account.recId, team.recId, 2_005, removedNotice),
        "notFound",
      );
      const deleted = change(
        await store.realtime.teams.delete(account, team.recId, 2_006, {
          ...removedNotice,
          exceptUserId: a.user.recId,
        }),
      );
      assert.deepEqual(
        deleted.team.members.map((member) => member.recId),
        [a.user.recId],
      );
      assert.deepEqual(deleted.notifications, [], "the actor is not notified");
      assert.equal(await store.realtime.teams.get(account, team.recId), undefined);
    });

    test("notification events: stored only for users of the draft's account, all in one step", async () => {
      const events = store.realtime.notificationEvents;
      const stored = await events.addMany(
        [
          {
            accountId: a.account.recId,
            userId: a.member.recId,
            code: "ExportSucceeded",
            fields: { ExportRecId: 7 },
          },
          {
            accountId: a.account.recId,
            userId: b.member.recId,
            code: "ExportSucceeded",
            fields: { ExportRecId: 7 },
          },
          {
            accountId: b.account.recId,
            userId: b.member.recId,
            code: "ExportSucceeded",
            fields: { DataCloneRecId: 7 },
          },
        ],
        3_000,
      );
      assert.deepEqual(
        stored.map((entry) => [entry.accountId, entry.userId, entry.fields]),
        [
          [a.account.recId, a.member.recId, { ExportRecId: 7 }],
          [b.account.recId, b.member.recId, { DataCloneRecId: 7 }],
        ],
      );
      assert.deepEqual(await events.addMany([], 3_001), []);
      assert.deepEqual(
        await events.existingUsers(a.account.recId, [
          b.member.recId,
          a.member.recId,
          a.user.recId,
          a.member.recId,
          999_999,
        ]),
        [a.member.recId, a.user.recId],
      );
      await place.exec(`UPDATE users SET disabled = TRUE WHERE id = ${a.member.recId}`);
      const roles = await events.memberRoles(a.account.recId);
      assert.ok(!roles.some((entry) => entry.userId === a.member.recId), "disabled users are left out");
      assert.deepEqual(
        roles.find((entry) => entry.userId === a.user.recId),
        { userId: a.user.recId, permissions: "Dashboards_rw" },
      );
      assert.ok(
        roles.some((entry) => entry.permissions === ""),
        "a user without a role has no permissions",
      );
      await place.exec(`UPDATE users SET disabled = FALSE WHERE id = ${a.member.recId}`);
    });

    test("notification events: related objects flagged in the account only, by number", async () => {
      const events = store.realtime.notificationEvents;
      const [mine] = await events.addMany(
        [
          {
            accountId: a.account.recId,
            userId: a.user.recId,
            code: "ExportSucceeded",
            fields: { ExportRecId: 8, ExportName: "x" },
          },
        ],
        4_000,
      );
      await events.addMany(
        [
          {
            accountId: a.account.recId,
            userId: a.user.recId,
            code: "ExportSucceeded",
            fields: { ExportRecId: "8" as unknown as number },
          },
        ],
        4_001,
      );
      assert.equal(
        await events.flagRelatedObjectDeleted(b.account.recId, "ExportRecId", 8),
        0,
        "another account",
      );
      assert.equal(
        await events.flagRelatedObjectDeleted(a.account.recId, "ExportRecId", 8),
        1,
        "a number, not the text",
      );
      const listed = await store.notifications.list(a.account.recId, a.user.recId, 10);
      assert.deepEqual(listed.find((entry) => entry.recId === mine?.recId)?.fields, {
        ExportRecId: 8,
        ExportName: "x",
        IsRelatedObjectDeleted: true,
      });

      assert.equal(await events.flagDataTrashed(a.account.recId, 7, true), 0, "B's data clone is not A's");
      assert.equal(await events.flagDataTrashed(b.account.recId, 7, true), 1);
      const trashed = (await store.notifications.list(b.account.recId, b.member.recId, 1))[0];
      assert.deepEqual(trashed?.fields, { DataCloneRecId: 7, IsDataCloneTrashed: true });
      assert.equal(await events.flagDataTrashed(b.account.recId, 7, false), 1);
      assert.deepEqual((await store.notifications.list(b.account.recId, b.member.recId, 1))[0]?.fields, {
        DataCloneRecId: 7,
        IsDataCloneTrashed: false,
      });
    });
  });
}
