/**
 * The identity families' contract (server/upstream/store/types/identity.ts), one set of cases run on
 * each backend (test/helpers/upstream-store-backends.ts): accounts, users, credentials, roles, teams,
 * staff, sessions, tokens — uniqueness ignoring case where SQLite's NOCASE does, the atomic steps,
 * at-most-once tokens, and the tenancy rule (a method given one account's id never reads or changes
 * another account's rows).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { AdminModuleKey } from "../../../../server/upstream/identity/admin-modules.ts";
import type { FeatureId } from "../../../../server/upstream/identity/features.ts";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import type { UserWithAccount } from "../../../../server/upstream/store/records.ts";
import {
  type NewAccountInput,
  StoreConflictError,
} from "../../../../server/upstream/store/types/identity.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";

const HOUR_MS = 3600_000;
const T0 = 1_700_000_000_000;

function accountInput(domain: string, email: string, extra: Partial<NewAccountInput> = {}): NewAccountInput {
  return {
    name: `Company ${domain}`,
    domain,
    subscriptionType: "Professional",
    features: new Map<FeatureId, "Included" | "Optional">([
      ["Dashboards" as FeatureId, "Included"],
      ["Reports" as FeatureId, "Optional"],
    ]),
    ownerRole: { name: "Owner", permissions: "Dashboards_rw" },
    owner: { email, fullName: "Owner Person", passwordHash: "hash-owner" },
    ...extra,
  };
}

async function conflict(work: Promise<unknown>, field: StoreConflictError["field"]) {
  await assert.rejects(
    work,
    (error: unknown) => error instanceof StoreConflictError && error.field === field,
  );
}

for (const backend of await upstreamStoreBackends()) {
  describe(`identity families on ${backend.name}`, { skip: backend.skip }, () => {
    let place: UpstreamStorePlace;
    let store: PostgresFamilies;
    let a: UserWithAccount;
    let b: UserWithAccount;
    let clock = T0;
    const now = () => clock++;

    before(async () => {
      place = await backend.place(() => T0);
      store = await place.open();
      a = await store.accounts.create(accountInput("alpha.example", "owner@alpha.example"), now());
      b = await store.accounts.create(accountInput("beta.example", "owner@beta.example"), now());
    });
    after(async () => place?.close());

    test("accounts: created with features, owner role and owner; found by domain in any case, by logo UID", async () => {
      assert.equal(a.account.domain, "alpha.example");
      assert.equal(a.account.isSystem, false);
      assert.equal(a.account.showHelpLinks, true);
      assert.equal(a.account.hasPrimaryLogo, false);
      assert.equal(a.user.accountId, a.account.recId);
      assert.equal(a.user.email, "owner@alpha.example");
      assert.equal(a.user.isStaff, false);
      const owner = await store.roles.get(a.account.recId, a.user.roleId as number);
      assert.deepEqual([owner?.name, owner?.isOwner, owner?.permissions], ["Owner", true, "Dashboards_rw"]);
      assert.equal((await store.accounts.resolveByDomain("ALPHA.Example"))?.recId, a.account.recId);
      assert.equal(await store.accounts.resolveByDomain("gamma.example"), undefined);
      assert.equal((await store.accounts.resolveByLogoUid(b.account.logoUid))?.recId, b.account.recId);
      assert.deepEqual(await store.accounts.get(a.account.recId), a.account);
      const subscription = await store.accounts.subscription(a.account.recId);
      assert.equal(subscription.subscriptionType, "Professional");
      assert.deepEqual([...subscription.features].sort(), [
        ["Dashboards", "Included"],
        ["Reports", "Optional"],
      ]);
      assert.equal(await store.accounts.isEmpty(), false);
    });

    test("accounts: a taken domain, in another case, is a conflict and leaves nothing behind", async () => {
      await conflict(
        store.accounts.create(accountInput("Alpha.EXAMPLE", "someone@else.example"), now()),
        "domain",
      );
      assert.deepEqual(await store.users.resolveLoginCandidates("someone@else.example"), []);
    });

    test("accounts: the system account, and logos set then replaced per kind", async () => {
      assert.equal(await store.accounts.resolveSystemAccount(), undefined);
      const system = await store.accounts.create(
        accountInput("system.example", "staff@system.example", { isSystem: true }),
        now(),
      );
      assert.equal((await store.accounts.resolveSystemAccount())?.recId, system.account.recId);
      const first = { contentType: "image/png", data: Buffer.from([1, 2, 3]), updatedAt: 10 };
      const second = { contentType: "image/svg+xml", data: Buffer.from("<svg/>"), updatedAt: 20 };
      await store.accounts.setLogo(a.account.recId, "Primary", first);
      await store.accounts.setLogo(a.account.recId, "Primary", second);
      assert.deepEqual(await store.accounts.logo(a.account.recId, "Primary"), second);
      assert.equal(await store.accounts.logo(a.account.recId, "Menu"), undefined);
      assert.equal(
        await store.accounts.logo(b.account.recId, "Primary"),
        undefined,
        "another account's logo",
      );
      const account = await store.accounts.get(a.account.recId);
      assert.deepEqual([account?.hasPrimaryLogo, account?.hasMenuLogo], [true, false]);
    });

    test("users: an e-mail is unique per account ignoring case, the same e-mail in another account is fine", async () => {
      const user = await store.users.create(
        a.account.recId,
        { email: "Analyst@Example.com", fullName: "Ann Analyst", passwordHash: "h1", isStaff: true },
        now(),
      );
      assert.deepEqual(
        [user.email, user.isStaff, user.languageCode, user.homePageType],
        ["Analyst@Example.com", true, "en", "Default"],
      );
      await conflict(
        store.users.create(
          a.account.recId,
          { email: "analyst@example.COM", fullName: "x", passwordHash: null },
          now(),
        ),
        "email",
      );
      const other = await store.users.create(
        b.account.recId,
        { email: "analyst@example.com", fullName: "Other Ann", passwordHash: "h2" },
        now(),
      );
      const everywhere = await store.users.resolveLoginCandidates("ANALYST@example.com");
      assert.deepEqual(
        everywhere.map((candidate) => [candidate.user.recId, candidate.account.recId]),
        [
          [user.recId, a.account.recId],
          [other.recId, b.account.recId],
        ],
        "every account's user, in id order",
      );
      const onBeta = await store.users.resolveLoginCandidates("analyst@example.com", "BETA.example");
      assert.deepEqual(
        onBeta.map((candidate) => candidate.user.recId),
        [other.recId],
      );
      assert.deepEqual(await store.users.getByUid(a.account.recId, user.uid), user);
    });

    test("users: preferences, language, home page and avatar are written to the right user only", async () => {
      const user = await store.users.create(
        a.account.recId,
        { email: "prefs@alpha.example", fullName: "P", passwordHash: "h" },
        now(),
      );
      await store.users.setInterfacePreferences(a.account.recId, user.recId, '{"theme":"dark"}');
      await store.users.setLanguage(a.account.recId, user.recId, "nl");
      await store.users.setHomePage(a.account.recId, user.recId, "GoToMenu", "Reports");
      await store.users.setAvatar(a.account.recId, user.recId, {
        contentType: "image/png",
        data: Buffer.from([9, 8]),
        updatedAt: 5,
      });
      const read = await store.users.get(a.account.recId, user.recId);
      assert.deepEqual(
        [
          read?.interfacePreferences,
          read?.languageCode,
          read?.homePageType,
          read?.homePageRedirectionMenu,
          read?.hasAvatar,
        ],
        ['{"theme":"dark"}', "nl", "GoToMenu", "Reports", true],
      );
      assert.deepEqual(await store.users.avatar(a.account.recId, user.recId), {
        contentType: "image/png",
        data: Buffer.from([9, 8]),
        updatedAt: 0,
      });
      const owner = await store.users.get(a.account.recId, a.user.recId);
      assert.deepEqual(
        [owner?.languageCode, owner?.hasAvatar, owner?.interfacePreferences],
        ["en", false, null],
      );
    });

    test("tenancy: a method given account B never reads or changes account A's user, role, session or token", async () => {
      const A = a.account.recId;
      const B = b.account.recId;
      const victim = a.user;
      const role = await store.roles.create(A, { name: "Victim role", permissions: "Reports_r" }, now());
      const session = await store.sessions.create(
        { tokenHash: "tenancy-session", accountId: A, userId: victim.recId, expiresAt: T0 + HOUR_MS },
        now(),
      );
      assert.equal(await store.users.get(B, victim.recId), undefined);
      assert.equal(await store.users.getByUid(B, victim.uid), undefined);
      assert.equal(await store.roles.get(B, role.recId), undefined);
      assert.equal(await store.sessions.get(B, session.id), undefined);
      assert.equal(await store.accounts.logo(B, "Primary"), undefined);
      await store.users.setLanguage(B, victim.recId, "de");
      await store.users.setInterfacePreferences(B, victim.recId, "{}");
      await store.users.setHomePage(B, victim.recId, "GoToMenu", "x");
      await store.users.setAvatar(B, victim.recId, {
        contentType: "image/png",
        data: Buffer.from([1]),
        updatedAt: 1,
      });
      assert.equal(await store.users.avatar(B, victim.recId), undefined);
      await store.credentials.setPassword(B, victim.recId, "stolen", null, now());
      await store.credentials.setPendingTotpSecret(B, victim.recId, "SECRET");
      assert.equal(await store.credentials.enableTotp(B, victim.recId, 1), false);
      assert.equal(await store.credentials.acceptTotpStep(B, victim.recId, 99), false);
      assert.equal(await store.roles.update(B, role.recId, { name: "Renamed" }, now()), undefined);
      assert.equal(await store.roles.delete(B, role.recId), "notFound");
      assert.equal(await store.roles.userCount(B, victim.roleId as number), 0);
      await store.sessions.touch(B, session.id, T0 + 2 * HOUR_MS);
      await store.sessions.revoke(B, session.id, now());
      assert.equal(await store.sessions.revokeAllForUser(B, victim.recId, now()), 0);
      const team = await store.teams.create(B, "Poachers", [victim.recId], now());
      assert.deepEqual(team.memberUserIds, [], "a user of another account is not added to a team");

      assert.deepEqual(await store.users.get(A, victim.recId), victim, "the victim is unchanged");
      assert.deepEqual(await store.roles.get(A, role.recId), role);
      assert.deepEqual(await store.sessions.get(A, session.id), session);
    });

    test("credentials: a new password revokes the user's other sessions, keeping the one named", async () => {
      const user = await store.users.create(
        a.account.recId,
        { email: "pw@alpha.example", fullName: "Pw", passwordHash: "old" },
        now(),
      );
      const make = (tokenHash: string) =>
        store.sessions.create(
          { tokenHash, accountId: a.account.recId, userId: user.recId, expiresAt: T0 + HOUR_MS },
          now(),
        );
      const kept = await make("pw-kept");
      const other = await make("pw-other");
      const bystander = await store.sessions.create(
        {
          tokenHash: "pw-bystander",
          accountId: a.account.recId,
          userId: a.user.recId,
          expiresAt: T0 + HOUR_MS,
        },
        now(),
      );
      const at = now();
      await store.credentials.setPassword(a.account.recId, user.recId, "new", kept.id, at);
      assert.equal((await store.users.get(a.account.recId, user.recId))?.passwordHash, "new");
      assert.equal((await store.sessions.get(a.account.recId, kept.id))?.revokedAt, null);
      assert.equal((await store.sessions.get(a.account.recId, other.id))?.revokedAt, at);
      assert.equal((await store.sessions.get(a.account.recId, bystander.id))?.revokedAt, null);
    });

    test("credentials: a reset token sets the password and revokes every session, once; expired, used or other-kind tokens do nothing", async () => {
      const user = await store.users.create(
        a.account.recId,
        { email: "reset@alpha.example", fullName: "R", passwordHash: "old" },
        now(),
      );
      const session = await store.sessions.create(
        {
          tokenHash: "reset-session",
          accountId: a.account.recId,
          userId: user.recId,
          expiresAt: T0 + HOUR_MS,
        },
        now(),
      );
      const issued = now();
      const issue = (tokenHash: string, kind: "PasswordReset" | "DisableTwoFactor", expiresAt: number) =>
        store.tokens.issue(
          { kind, tokenHash, accountId: a.account.recId, userId: user.recId, expiresAt },
          issued,
        );
      await issue("reset-live", "PasswordReset", issued + HOUR_MS);
      await issue("reset-expired", "PasswordReset", issued);
      await issue("reset-other-kind", "DisableTwoFactor", issued + HOUR_MS);
      assert.equal(await store.credentials.resetPassword("reset-expired", "x", issued + 1), undefined);
      assert.equal(await store.credentials.resetPassword("reset-other-kind", "x", issued + 1), undefined);
      assert.equal(await store.credentials.resetPassword("unknown", "x", issued + 1), undefined);
      assert.equal((await store.users.get(a.account.recId, user.recId))?.passwordHash, "old");
      const reset = await store.credentials.resetPassword("reset-live", "new", issued + 2);
      assert.equal(reset?.recId, user.recId);
      assert.equal(reset?.passwordHash, "new");
      assert.equal((await store.sessions.get(a.account.recId, session.id))?.revokedAt, issued + 2);
      assert.equal(
        await store.credentials.resetPassword("reset-live", "again", issued + 3),
        undefined,
        "used",
      );
    });

    test("credentials: TOTP pending, enabled with its step, replayed steps refused, disabled directly and by token", async () => {
      const user = await store.users.create(
        a.account.recId,
        { email: "totp@alpha.example", fullName: "T", passwordHash: "h" },
        now(),
      );
      const A = a.account.recId;
      assert.equal(await store.credentials.enableTotp(A, user.recId, 10), false, "nothing pending");
      await store.credentials.setPendingTotpSecret(A, user.recId, "PENDING");
      assert.equal(await store.credentials.enableTotp(A, user.recId, 10), true);
      let read = await store.users.get(A, user.recId);
      assert.deepEqual(
        [read?.totpSecret, read?.totpPendingSecret, read?.totpLastStep],
        ["PENDING", null, 10],
      );
      assert.equal(await store.credentials.acceptTotpStep(A, user.recId, 10), false, "the same step again");
      assert.equal(await store.credentials.acceptTotpStep(A, user.recId, 9), false, "an older step");
      assert.equal(await store.credentials.acceptTotpStep(A, user.recId, 11), true);
      await store.credentials.disableTotp(A, user.recId);
      read = await store.users.get(A, user.recId);
      assert.deepEqual([read?.totpSecret, read?.totpLastStep], [null, null]);

      await store.credentials.setPendingTotpSecret(A, user.recId, "AGAIN");
      await store.credentials.enableTotp(A, user.recId, 20);
      const at = now();
      await store.tokens.issue(
        {
          kind: "DisableTwoFactor",
          tokenHash: "disable-2fa",
          accountId: A,
          userId: user.recId,
          expiresAt: at + HOUR_MS,
        },
        at,
      );
      const disabled = await store.credentials.disableTotpWithToken("disable-2fa", at + 1);
      assert.deepEqual([disabled?.recId, disabled?.totpSecret], [user.recId, null]);
      assert.equal(await store.credentials.disableTotpWithToken("disable-2fa", at + 2), undefined, "used");
    });

    test("roles: listed in NOCASE order, names unique ignoring case, updated, counted, deleted only when free and not the owner's", async () => {
      const A = a.account.recId;
      const zeta = await store.roles.create(A, { name: "zeta", permissions: "Reports_r" }, now());
      const beta = await store.roles.create(A, { name: "Beta", permissions: "Reports_rw" }, now());
      await store.roles.create(A, { name: "alpha", permissions: "Reports_r" }, now());
      await store.roles.create(A, { name: "Ärger", permissions: "Reports_r" }, now());
      await conflict(store.roles.create(A, { name: "BETA", permissions: "" }, now()), "name");
      const names = (await store.roles.list(A)).map((role) => role.name);
      // NOCASE folds ASCII case only, then compares bytes: "Ärger" sorts after "zeta" (a linguistic order
      // would put it first).
      assert.deepEqual(names, ["alpha", "Beta", "Owner", "Victim role", "zeta", "Ärger"]);
      await conflict(store.roles.update(A, zeta.recId, { name: "beta" }, now()), "name");
      const at = now();
      const renamed = await store.roles.update(A, zeta.recId, { name: "Zeta" }, at);
      assert.deepEqual([renamed?.name, renamed?.permissions, renamed?.modifiedAt], ["Zeta", "Reports_r", at]);
      const user = await store.users.create(
        A,
        { email: "role-holder@alpha.example", fullName: "H", passwordHash: "h", roleId: beta.recId },
        now(),
      );
      assert.equal(user.roleId, beta.recId);
      assert.equal(await store.roles.userCount(A, beta.recId), 1);
      assert.equal(await store.roles.delete(A, beta.recId), "inUse");
      assert.equal(await store.roles.delete(A, a.user.roleId as number), "owner");
      assert.equal(await store.roles.delete(A, zeta.recId), "deleted");
      assert.equal(await store.roles.delete(A, zeta.recId), "notFound");
      const strings = await store.roles.permissionStringsForAdmin();
      assert.deepEqual(strings, [...new Set(strings)].sort(), "distinct, in byte order");
      assert.ok(strings.includes("Dashboards_rw") && strings.includes("Reports_rw"));
    });

    test("teams and menus: members only of the account, listed by name, names unique ignoring case", async () => {
      const B = b.account.recId;
      const member = await store.users.create(
        B,
        { email: "member@beta.example", fullName: "M", passwordHash: "h" },
        now(),
      );
      const team = await store.teams.create(B, "sales", [member.recId, a.user.recId, b.user.recId], now());
      assert.deepEqual(team.memberUserIds, [member.recId, b.user.recId]);
      await store.teams.create(B, "Accounting", [], now());
      await conflict(store.teams.create(B, "SALES", [], now()), "name");
      assert.deepEqual(
        (await store.teams.list(B)).map((entry) => [entry.name, entry.memberUserIds]),
        [
          ["Accounting", []],
          ["Poachers", []],
          ["sales", [member.recId, b.user.recId].sort((x, y) => x - y)],
        ],
      );
      const menu = await store.teams.createMenu(B, "Main", { items: [] }, now());
      assert.equal(typeof menu, "number");
      await conflict(store.teams.createMenu(B, "main", {}, now()), "name");
    });

    test("staff: Write implies Read, Read-less modules are dropped, a new set replaces the old; any user for the admin", async () => {
      const A = a.account.recId;
      await store.staff.setAdminPermissions(
        A,
        a.user.recId,
        new Map<AdminModuleKey, { Read: boolean; Write: boolean }>([
          ["Accounts" as AdminModuleKey, { Read: false, Write: true }],
          ["Users" as AdminModuleKey, { Read: true, Write: false }],
          ["Logs" as AdminModuleKey, { Read: false, Write: false }],
        ]),
      );
      assert.deepEqual([...(await store.staff.adminPermissions(A, a.user.recId))].sort(), [
        ["Accounts", { Read: true, Write: true }],
        ["Users", { Read: true, Write: false }],
      ]);
      await store.staff.setAdminPermissions(
        A,
        a.user.recId,
        new Map([["Logs" as AdminModuleKey, { Read: true, Write: false }]]),
      );
      assert.deepEqual(
        [...(await store.staff.adminPermissions(A, a.user.recId))],
        [["Logs", { Read: true, Write: false }]],
      );
      const found = await store.staff.getUserForAdmin(b.user.recId);
      assert.deepEqual([found?.user.recId, found?.account.recId], [b.user.recId, b.account.recId]);
      assert.equal(await store.staff.getUserForAdmin(999_999), undefined);
    });

    test("sessions: created, found by token hash, touched forward only, revoked once, revoked for a user but one", async () => {
      const A = a.account.recId;
      const at = now();
      const session = await store.sessions.create(
        {
          tokenHash: "session-main",
          accountId: A,
          userId: a.user.recId,
          impersonatorAccountId: b.account.recId,
          impersonatorUserId: b.user.recId,
          expiresAt: at + HOUR_MS,
        },
        at,
      );
      assert.deepEqual(
        [
          session.createdAt,
          session.lastSeenAt,
          session.expiresAt,
          session.revokedAt,
          session.impersonatorUserId,
          session.impersonatorSessionId,
        ],
        [at, at, at + HOUR_MS, null, b.user.recId, null],
      );
      assert.equal(session.readOnly, false, "a session has full rights unless created read-only");
      const preview = await store.sessions.create(
        {
          tokenHash: "session-preview",
          accountId: A,
          userId: a.user.recId,
          expiresAt: at + HOUR_MS,
          readOnly: true,
        },
        at,
      );
      assert.equal((await store.sessions.get(A, preview.id))?.readOnly, true);
      assert.deepEqual(await store.sessions.resolveByTokenHash("session-main"), session);
      assert.equal(await store.sessions.resolveByTokenHash("nope"), undefined);
      await store.sessions.touch(A, session.id, at + 100);
      await store.sessions.touch(A, session.id, at + 50);
      assert.equal(
        (await store.sessions.get(A, session.id))?.lastSeenAt,
        at + 100,
        "an older touch never moves it back",
      );
      await store.sessions.revoke(A, session.id, at + 200);
      await store.sessions.revoke(A, session.id, at + 300);
      assert.equal((await store.sessions.get(A, session.id))?.revokedAt, at + 200, "revoked once");

      const user = await store.users.create(
        A,
        { email: "many@alpha.example", fullName: "M", passwordHash: "h" },
        now(),
      );
      const ids: number[] = [];
      for (const hash of ["many-1", "many-2", "many-3"]) {
        ids.push(
          (
            await store.sessions.create(
              { tokenHash: hash, accountId: A, userId: user.recId, expiresAt: at + HOUR_MS },
              at,
            )
          ).id,
        );
      }
      assert.equal(await store.sessions.revokeAllForUser(A, user.recId, at + 5, ids[0]), 2);
      assert.equal(
        await store.sessions.revokeAllForUser(A, user.recId, at + 6),
        1,
        "only the one still live",
      );
      assert.equal(await store.sessions.revokeAllForUser(A, user.recId, at + 7, null), 0);
    });

    test("tokens: consumed at most once, even by callers racing; tokens older than a day are purged at the next issue", async () => {
      const A = a.account.recId;
      const at = now();
      const issue = (tokenHash: string, expiresAt: number, issuedAt = at) =>
        store.tokens.issue(
          {
            kind: "Impersonation",
            tokenHash,
            accountId: A,
            userId: a.user.recId,
            issuedByUserId: b.user.recId,
            expiresAt,
          },
          issuedAt,
        );
      await issue("race", at + HOUR_MS);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => store.tokens.resolveAndConsume("Impersonation", "race", at + 1)),
      );
      const won = results.filter((result) => result !== undefined);
      assert.equal(won.length, 1, "exactly one caller consumes it");
      assert.deepEqual(won[0], {
        kind: "Impersonation",
        accountId: A,
        userId: a.user.recId,
        issuedByUserId: b.user.recId,
        createdAt: at,
        expiresAt: at + HOUR_MS,
      });
      assert.equal(await store.tokens.resolveAndConsume("LoginWithRDS", "race", at + 1), undefined);

      await issue("old", at + 1);
      // A day and more after "old" expired, issuing another purges it: it no longer exists to consume.
      await issue("fresh", at + 30 * HOUR_MS, at + 26 * HOUR_MS);
      assert.equal(await store.tokens.resolveAndConsume("Impersonation", "old", at), undefined);
      assert.notEqual(
        await store.tokens.resolveAndConsume("Impersonation", "fresh", at + 26 * HOUR_MS),
        undefined,
      );
    });

    test("two instances on one store see each other's writes", async () => {
      const second = await place.open();
      const user = await second.users.create(
        b.account.recId,
        { email: "second@beta.example", fullName: "S", passwordHash: "h" },
        now(),
      );
      assert.deepEqual(await store.users.get(b.account.recId, user.recId), user);
    });
  });
}
