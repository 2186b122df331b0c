/**
 * The account-settings and member-side user families on each backend
 * (test/helpers/upstream-store-backends.ts): settings and the embedding allow-list written together,
 * logos with a new logo UID, the custom menu's version (types/account-settings.ts); the Users list
 * (search, status, NOCASE sort, NULLs as SQLite sorts them), invitations and the guarded changes that
 * keep an active administrator (types/account-users.ts) — account B never reads or changes A's users.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import type { MemberUser } from "../../../../server/upstream/store/types/account-users.ts";
import { StoreConflictError } from "../../../../server/upstream/store/types/identity.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";
import { createTenants, type Tenant } from "../../../helpers/upstream-store-tenants.ts";

const T0 = 1_700_000_000_000;
const DAY_MS = 86_400_000;

for (const backend of await upstreamStoreBackends()) {
  describe(`account settings and users on ${backend.name}`, { skip: backend.skip }, () => {
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

    test("settings: written with the allow-list in order, replaced whole; a gone account is undefined", async () => {
      const change = {
        name: "Alpha Renamed",
        menuLogoStyle: "Wide",
        menuTitleType: "Custom",
        menuTitle: "Alpha",
        twoFactorPolicy: "Required",
        showHelpLinks: false,
        brandPrimaryColor: "#112233",
        brandAccentColor: null,
        embeddingOrigins: ["https://b.example", "https://a.example"],
      } as const;
      const updated = await store.accountSettings.update(a.account.recId, change);
      assert.deepEqual(
        [
          updated?.name,
          updated?.menuTitle,
          updated?.showHelpLinks,
          updated?.brandPrimaryColor,
          updated?.brandAccentColor,
        ],
        ["Alpha Renamed", "Alpha", false, "#112233", null],
      );
      assert.deepEqual(await store.accountSettings.embeddingOrigins(a.account.recId), [
        "https://b.example",
        "https://a.example",
      ]);
      await store.accountSettings.update(a.account.recId, {
        ...change,
        embeddingOrigins: ["https://a.example"],
      });
      assert.deepEqual(await store.accountSettings.embeddingOrigins(a.account.recId), ["https://a.example"]);
      assert.deepEqual(await store.accountSettings.embeddingOrigins(b.account.recId), []);
      assert.equal((await store.accounts.get(b.account.recId))?.name, "Company beta.example");
      assert.equal(await store.accountSettings.update(999_999, change), undefined);
    });

    test("logos: stored or removed with a new logo UID each time", async () => {
      const before = (await store.accounts.get(a.account.recId))?.logoUid;
      const image = { contentType: "image/png", data: Buffer.from([1, 2, 3]), updatedAt: 42 };
      const withLogo = await store.accountSettings.replaceLogo(a.account.recId, "Menu", image);
      assert.notEqual(withLogo?.logoUid, before);
      assert.equal(withLogo?.hasMenuLogo, true);
      assert.deepEqual(await store.accounts.logo(a.account.recId, "Menu"), image);
      const replaced = await store.accountSettings.replaceLogo(a.account.recId, "Menu", {
        ...image,
        data: Buffer.from([4]),
      });
      assert.deepEqual((await store.accounts.logo(a.account.recId, "Menu"))?.data, Buffer.from([4]));
      const removed = await store.accountSettings.replaceLogo(a.account.recId, "Menu", null);
      assert.equal(removed?.hasMenuLogo, false);
      assert.notEqual(removed?.logoUid, replaced?.logoUid);
      assert.equal(await store.accounts.logo(a.account.recId, "Menu"), undefined);
      assert.equal(await store.accountSettings.replaceLogo(999_999, "Primary", image), undefined);
    });

    test("menu layout: none until saved, then its version counts the saves, per account", async () => {
      assert.equal(await store.accountSettings.menuLayout(a.account.recId), undefined);
      const first = await store.accountSettings.setMenuLayout(
        a.account.recId,
        [{ Title: "One" }],
        a.user.recId,
        1_000,
      );
      assert.deepEqual(first, { definition: [{ Title: "One" }], version: 1, modifiedAt: 1_000 });
      const second = await store.accountSettings.setMenuLayout(
        a.account.recId,
        [{ Title: "Two" }],
        a.user.recId,
        2_000,
      );
      assert.deepEqual(second, { definition: [{ Title: "Two" }], version: 2, modifiedAt: 2_000 });
      assert.deepEqual(await store.accountSettings.menuLayout(a.account.recId), second);
      assert.equal(await store.accountSettings.menuLayout(b.account.recId), undefined);
    });

    test("users: the list searches, filters by status and sorts as SQLite, members only", async () => {
      const account = a.account.recId;
      const role = a.user.roleId as number;
      const link = (hash: string) => ({
        tokenHash: hash,
        issuedByUserId: a.user.recId,
        expiresAt: T0 + 7 * DAY_MS,
      });
      const invited = (await store.accountUsers.invite(
        account,
        { email: "ivy@alpha.example", fullName: "ivy Invited", roleId: role, languageCode: "fr" },
        link("hash-ivy"),
        T0,
      )) as MemberUser;
      assert.deepEqual(
        [
          invited.status,
          invited.roleName,
          invited.invitationExpiresAt,
          invited.lockedBySupport,
          invited.twoFactorEnabled,
        ],
        ["Invited", "Owner", T0 + 7 * DAY_MS, false, false],
      );
      await store.users.create(
        account,
        { email: "staff@alpha.example", fullName: "Staff", passwordHash: "h", isStaff: true },
        now(),
      );
      await store.sessions.create(
        { tokenHash: "s-owner", accountId: account, userId: a.user.recId, expiresAt: T0 + DAY_MS },
        5_000,
      );
      await store.sessions.create(
        { tokenHash: "s-owner-2", accountId: account, userId: a.user.recId, expiresAt: T0 + DAY_MS },
        6_000,
      );

      const list = (sort: string, descending = false, extra: object = {}) =>
        store.accountUsers.listUsers(
          account,
          { sort: { field: sort, descending }, offset: 0, limit: 10, ...extra },
          T0,
        );
      const names = async (sort: string, descending = false, extra: object = {}) =>
        (await list(sort, descending, extra)).items.map((user) => user.fullName);
      assert.deepEqual(await names("FullName"), [
        "ivy Invited",
        "Member alpha.example",
        "Owner of alpha.example",
      ]);
      assert.deepEqual(await names("FullName", true), [
        "Owner of alpha.example",
        "Member alpha.example",
        "ivy Invited",
      ]);
      // The member has no role, nobody but the owner signed in: NULL first ascending, last descending;
      // the id breaks ties.
      assert.deepEqual(await names("RoleName"), [
        "Member alpha.example",
        "Owner of alpha.example",
        "ivy Invited",
      ]);
      assert.deepEqual(await names("LastLoginAt"), [
        "Member alpha.example",
        "ivy Invited",
        "Owner of alpha.example",
      ]);
      assert.deepEqual(await names("LastLoginAt", true), [
        "Owner of alpha.example",
        "ivy Invited",
        "Member alpha.example",
      ]);
      assert.deepEqual(await names("Status"), [
        "Owner of alpha.example",
        "Member alpha.example",
        "ivy Invited",
      ]);
      assert.deepEqual(await names("Email", false, { search: "ALPHA.example" }), [
        "ivy Invited",
        "Member alpha.example",
        "Owner of alpha.example",
      ]);
      assert.deepEqual(await names("Email", false, { search: "member a" }), ["Member alpha.example"]);
      assert.deepEqual(await names("Email", false, { search: "%" }), [], "a wildcard is a character");
      assert.deepEqual(await names("Email", false, { status: "Invited" }), ["ivy Invited"]);
      const paged = await store.accountUsers.listUsers(
        account,
        { sort: { field: "FullName", descending: false }, offset: 1, limit: 1 },
        T0,
      );
      assert.deepEqual(
        [paged.total, paged.items.map((user) => user.fullName)],
        [3, ["Member alpha.example"]],
      );
      const owner = await store.accountUsers.getUser(account, a.user.recId, T0);
      assert.deepEqual(
        [owner?.lastLoginAt, owner?.status, owner?.invitationExpiresAt],
        [6_000, "Active", null],
      );
      assert.equal(
        await store.accountUsers.getUser(b.account.recId, a.user.recId, T0),
        undefined,
        "another account",
      );
      assert.equal(
        (
          await store.accountUsers.listUsers(
            b.account.recId,
            { sort: { field: "FullName", descending: false }, offset: 0, limit: 10 },
            T0,
          )
        ).total,
        2,
      );

      await assert.rejects(
        store.accountUsers.invite(
          account,
          { email: "IVY@alpha.example", fullName: "Twice", roleId: role, languageCode: "en" },
          link("hash-2"),
          T0,
        ),
        (error: unknown) => error instanceof StoreConflictError && error.field === "email",
      );
      assert.equal(
        await store.accountUsers.invite(
          account,
          { email: "x@alpha.example", fullName: "X", roleId: b.user.roleId as number, languageCode: "en" },
          link("hash-3"),
          T0,
        ),
        "unknownRole",
        "a role of another account",
      );
    });

    test("invitations: renewed for Invited users only, cancelled with their links", async () => {
      const account = a.account.recId;
      const ivy = (
        await store.accountUsers.listUsers(
          account,
          { sort: { field: "FullName", descending: false }, offset: 0, limit: 10, status: "Invited" },
          T0,
        )
      ).items[0] as MemberUser;
      const link = { tokenHash: "hash-ivy-2", issuedByUserId: a.user.recId, expiresAt: T0 + 9 * DAY_MS };
      assert.equal(await store.accountUsers.renewInvitation(b.account.recId, ivy.recId, link, T0), "missing");
      assert.equal(await store.accountUsers.renewInvitation(account, a.member.recId, link, T0), "notInvited");
      const renewed = (await store.accountUsers.renewInvitation(
        account,
        ivy.recId,
        link,
        T0 + 1,
      )) as MemberUser;
      assert.equal(renewed.invitationExpiresAt, T0 + 9 * DAY_MS);
      assert.equal(
        await store.tokens.resolveAndConsume("PasswordReset", "hash-ivy", T0 + 2),
        undefined,
        "the old link is void",
      );
      assert.equal(await store.accountUsers.cancelInvitation(b.account.recId, ivy.recId), "missing");
      assert.equal(await store.accountUsers.cancelInvitation(account, a.user.recId), "notInvited");
      assert.equal(await store.accountUsers.cancelInvitation(account, ivy.recId), "ok");
      assert.equal(await store.accountUsers.getUser(account, ivy.recId, T0), undefined);
      assert.equal(await store.tokens.resolveAndConsume("PasswordReset", "hash-ivy-2", T0 + 3), undefined);
    });

    test("guarded changes: roles and disabling keep an active administrator; disabling ends sessions", async () => {
      const account = a.account.recId;
      const ownerRole = a.user.roleId as number;
      const readers = await store.roles.create(
        account,
        { name: "Readers", permissions: "Dashboards_r" },
        now(),
      );
      const administrators = { roleIds: [ownerRole] };
      assert.deepEqual(
        await store.accountUsers.setRole(b.account.recId, a.user.recId, readers.recId, administrators, T0),
        { result: "missing" },
      );
      assert.deepEqual(
        await store.accountUsers.setRole(account, a.user.recId, b.user.roleId as number, administrators, T0),
        { result: "unknownRole" },
      );
      assert.deepEqual(
        await store.accountUsers.setRole(account, a.user.recId, readers.recId, administrators, T0),
        { result: "lastAdministrator" },
      );
      assert.deepEqual(
        await store.accountUsers.setDisabled(account, a.user.recId, true, administrators, T0),
        { result: "lastAdministrator" },
      );

      const promoted = await store.accountUsers.setRole(
        account,
        a.member.recId,
        ownerRole,
        administrators,
        T0,
      );
      assert.equal(promoted.result === "ok" && promoted.user.roleName, "Owner");
      const demoted = await store.accountUsers.setRole(
        account,
        a.user.recId,
        readers.recId,
        administrators,
        T0,
      );
      assert.deepEqual(demoted.result === "ok" && [demoted.user.roleId, demoted.revoked], [
        readers.recId,
        false,
      ]);

      const disabled = await store.accountUsers.setDisabled(
        account,
        a.user.recId,
        true,
        administrators,
        7_000,
      );
      assert.deepEqual(disabled.result === "ok" && [disabled.user.status, disabled.revoked], [
        "Disabled",
        true,
      ]);
      assert.equal((await store.sessions.resolveByTokenHash("s-owner"))?.revokedAt, 7_000);
      const enabled = await store.accountUsers.setDisabled(
        account,
        a.user.recId,
        false,
        administrators,
        7_001,
      );
      assert.deepEqual(enabled.result === "ok" && [enabled.user.status, enabled.revoked], ["Active", false]);

      await place.exec(
        `INSERT INTO user_admin_profiles (user_id, account_id, locked, modified_at) VALUES (${a.user.recId}, ${account}, TRUE, 1)`,
      );
      const locked = await store.accountUsers.getUser(account, a.user.recId, T0);
      assert.deepEqual([locked?.status, locked?.lockedBySupport], ["Disabled", true]);
      assert.deepEqual(
        await store.accountUsers.setDisabled(account, a.user.recId, false, administrators, 7_002),
        { result: "locked" },
      );
      assert.deepEqual(
        await store.accountUsers.setDisabled(account, a.member.recId, true, administrators, 7_003),
        { result: "lastAdministrator" },
        "a locked owner does not count",
      );
      assert.deepEqual(
        await store.accountUsers.setDisabled(b.account.recId, a.member.recId, true, { roleIds: [] }, 7_004),
        { result: "missing" },
      );
    });
  });
}
