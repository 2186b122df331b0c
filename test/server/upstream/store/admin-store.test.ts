/**
 * The admin families' contract (server/upstream/store/types/admin*.ts), one set of cases run on each
 * backend (test/helpers/upstream-store-backends.ts): the generic records (list with search, filter,
 * sort and paging; create, update, delete and transitions with their guards, all or nothing; the
 * uniqueness and reference errors), identity (accounts from a template, prospect conversion, members
 * and staff, status changes revoking sessions), network, support, jobs and system — and the tenancy
 * rule: what is done to one account's rows leaves another account's alone.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { subscriptionTemplates } from "../../../../server/upstream/admin/billing.ts";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import type { AdminUserInput } from "../../../../server/upstream/store/types/admin-identity.ts";
import { ProspectNotConvertibleError } from "../../../../server/upstream/store/types/admin-identity.ts";
import { StoreReferenceError } from "../../../../server/upstream/store/types/admin-records.ts";
import { StoreConflictError } from "../../../../server/upstream/store/types/identity.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";

const T0 = 1_700_000_000_000;
const spec = subscriptionTemplates.spec;

const template = (name: string, extra: Record<string, unknown> = {}) => ({
  Name: name,
  SubscriptionType: "Professional",
  IsActive: true,
  IsDefault: false,
  Currency: "EUR",
  MonthlyPrice: 19.5,
  YearlyPrice: 195,
  TrialDays: 14,
  MaxUsers: 10,
  MaxStorageGb: 5,
  MaxDataRows: null,
  IncludedFeatures: ["Dashboards"],
  OptionalFeatures: ["Reports"],
  ...extra,
});

const member = (email: string, extra: Partial<AdminUserInput> = {}): AdminUserInput => ({
  email,
  fullName: `Person ${email}`,
  languageCode: "en",
  disabled: false,
  mustSetup2fa: false,
  ...extra,
});

const accountInput = (name: string, domain: string, templateId: number) => ({
  name,
  domain,
  status: "Active" as const,
  templateId,
  trialEndsAt: null,
  languageCode: "en",
  isWhiteLabel: false,
  menuTitle: null,
  twoFactorPolicy: "Optional" as const,
});

for (const backend of await upstreamStoreBackends()) {
  describe(`admin families on ${backend.name}`, { skip: backend.skip }, () => {
    let place: UpstreamStorePlace;
    let store: PostgresFamilies;
    let clock = T0;
    const now = () => clock++;
    const at = () => ({ now: now(), actor: null });
    let templateId: number;
    let accountA: number;
    let accountB: number;

    before(async () => {
      place = await backend.place(() => T0);
      store = await place.open();
      templateId = (await store.admin.records.create(spec, template("Standard"), at())).RecId as number;
      const owner = { name: "Owner", permissions: "Dashboards_rw" };
      accountA = await store.admin.identity.createAccount(
        accountInput("Alpha", "alpha.example", templateId),
        owner,
        now(),
      );
      accountB = await store.admin.identity.createAccount(
        accountInput("Beta", "beta.example", templateId),
        owner,
        now(),
      );
    });
    after(async () => place?.close());

    test("records: create answers the stored row; list searches, filters, sorts and pages", async () => {
      const created = await store.admin.records.create(
        spec,
        template("basic plan", { IsActive: false }),
        at(),
      );
      assert.equal(created.Name, "basic plan");
      assert.equal(created.IsActive, false);
      assert.equal(created.MonthlyPrice, 19.5);
      assert.deepEqual(created.IncludedFeatures, ["Dashboards"]);
      assert.equal(created.AccountCount, 0);
      await store.admin.records.create(spec, template("Zeta"), at());
      const all = await store.admin.records.list(spec, { limit: 10, offset: 0, filters: {} }, at());
      // The default order is the name's, which ignores case (NOCASE on SQLite, nocase on PostgreSQL).
      assert.deepEqual(
        all.items.map((item) => item.Name),
        ["basic plan", "Standard", "Zeta"],
      );
      assert.equal(all.total, 3);
      const standard = all.items.find((item) => item.Name === "Standard");
      assert.equal(standard?.AccountCount, 2);
      const searched = await store.admin.records.list(
        spec,
        { limit: 10, offset: 0, search: "PLAN", filters: {} },
        at(),
      );
      assert.deepEqual(
        searched.items.map((item) => item.Name),
        ["basic plan"],
      );
      const wildcard = await store.admin.records.list(
        spec,
        { limit: 10, offset: 0, search: "%", filters: {} },
        at(),
      );
      assert.equal(wildcard.total, 0, "LIKE wildcards in the search are literal");
      const inactive = await store.admin.records.list(
        spec,
        { limit: 10, offset: 0, filters: { IsActive: false } },
        at(),
      );
      assert.deepEqual(
        inactive.items.map((item) => item.Name),
        ["basic plan"],
      );
      const byUsers = await store.admin.records.list(
        spec,
        { limit: 2, offset: 1, sort: { field: "AccountCount", descending: true }, filters: {} },
        at(),
      );
      assert.equal(byUsers.total, 3);
      assert.deepEqual(
        byUsers.items.map((item) => item.Name),
        ["Zeta", "basic plan"],
      );
    });

    test("records: a duplicate name (any case) conflicts; update keeps the guard; delete is all or nothing", async () => {
      await assert.rejects(
        store.admin.records.create(spec, template("STANDARD"), at()),
        (error: unknown) => error instanceof StoreConflictError,
      );
      const zeta = (
        await store.admin.records.list(spec, { limit: 10, offset: 0, search: "Zeta", filters: {} }, at())
      ).items[0];
      const key = zeta?.RecId as number;
      const updated = await store.admin.records.update(spec, key, { IsDefault: true, MaxUsers: 20 }, at());
      assert.equal(updated.result, "ok");
      assert.equal(updated.row?.IsDefault, true);
      assert.equal(updated.row?.MaxUsers, 20);
      // afterWrite: one default at most.
      const promoted = await store.admin.records.update(spec, templateId, { IsDefault: true }, at());
      assert.equal(promoted.row?.IsDefault, true);
      assert.equal((await store.admin.records.get(spec, key, at()))?.IsDefault, false);
      assert.equal((await store.admin.records.update(spec, 9999, { MaxUsers: 1 }, at())).result, "missing");
      // Standard is in use: deleting it with Zeta refuses both.
      assert.deepEqual(await store.admin.records.delete(spec, [key, templateId], at()), {
        result: "blocked",
      });
      assert.ok(await store.admin.records.get(spec, key, at()));
      assert.deepEqual(await store.admin.records.delete(spec, [key, 9999], at()), { result: "missing" });
      assert.deepEqual(await store.admin.records.delete(spec, [key, key], at()), {
        result: "ok",
        deleted: 1,
      });
      assert.equal(await store.admin.records.get(spec, key, at()), undefined);
    });

    test("records: transitions apply to every key or none; input parameters bind", async () => {
      const plan = (
        await store.admin.records.list(spec, { limit: 10, offset: 0, search: "basic", filters: {} }, at())
      ).items[0]?.RecId as number;
      const change = {
        set: { is_active: "TRUE", trial_days: "@input_days" },
        when: "NOT t.is_active",
      };
      const refused = await store.admin.records.transition(spec, [plan, templateId], change, {
        ...at(),
        input: { days: 30 },
      });
      assert.equal(refused, "blocked");
      assert.equal((await store.admin.records.get(spec, plan, at()))?.IsActive, false);
      assert.equal(
        await store.admin.records.transition(spec, [plan], change, { ...at(), input: { days: 30 } }),
        "ok",
      );
      const after = await store.admin.records.get(spec, plan, at());
      assert.deepEqual([after?.IsActive, after?.TrialDays], [true, 30]);
      assert.equal(await store.admin.records.transition(spec, [424242], change, at()), "missing");
    });

    test("identity: accounts get the template's features and the owner role; a missing template is a reference error", async () => {
      const features = await store.accounts.subscription(accountA);
      assert.equal(features.subscriptionType, "Professional");
      assert.deepEqual([...features.features].sort(), [
        ["Dashboards", "Included"],
        ["Reports", "Optional"],
      ]);
      await assert.rejects(
        store.admin.identity.createAccount(
          accountInput("Gamma", "gamma.example", 4242),
          { name: "Owner", permissions: "" },
          now(),
        ),
        (error: unknown) => error instanceof StoreReferenceError,
      );
      await assert.rejects(
        store.admin.identity.createAccount(
          accountInput("Dup", "ALPHA.example", templateId),
          { name: "Owner", permissions: "" },
          now(),
        ),
        (error: unknown) => error instanceof StoreConflictError && error.field === "domain",
      );
    });

    test("identity: a prospect converts once, its contact the owner", async () => {
      await place.exec(
        `INSERT INTO prospects (id, company_name, contact_name, email, source, status, created_at, modified_at)
         VALUES (500, 'Prospect Co', 'Pat', 'pat@prospect.example', 'Signup', 'New', ${T0}, ${T0})`,
      );
      const conversion = { prospectId: 500, owner: member("pat@prospect.example") };
      const owner = { name: "Owner", permissions: "" };
      const created = await store.admin.identity.createAccount(
        accountInput("Prospect Co", "prospect.example", templateId),
        owner,
        now(),
        conversion,
      );
      const users = (await store.users.resolveLoginCandidates("pat@prospect.example")).map(
        ({ user }) => user,
      );
      assert.deepEqual(
        users.map((user) => [user.accountId, user.email, user.passwordHash]),
        [[created, "pat@prospect.example", null]],
      );
      assert.ok(users[0]?.roleId, "the first user has the owner role");
      await assert.rejects(
        store.admin.identity.createAccount(
          accountInput("Again", "again.example", templateId),
          owner,
          now(),
          conversion,
        ),
        (error: unknown) => error instanceof ProspectNotConvertibleError,
      );
      assert.equal(
        await store.accounts.resolveByDomain("again.example"),
        undefined,
        "nothing of the refused conversion stays",
      );
    });

    test("identity: members change status; disabling and suspending revoke sessions of that user or account only", async () => {
      const alice = await store.admin.identity.createUser(
        accountA,
        member("alice@alpha.example", { mustSetup2fa: true }),
        now(),
      );
      const bob = await store.admin.identity.createUser(accountB, member("bob@beta.example"), now());
      await assert.rejects(
        store.admin.identity.createUser(accountA, member("ALICE@alpha.example"), now()),
        (error: unknown) => error instanceof StoreConflictError && error.field === "email",
      );
      assert.equal(await store.admin.identity.mustSetup2fa(accountA, alice.recId), true);
      assert.equal(
        await store.admin.identity.mustSetup2fa(accountB, alice.recId),
        false,
        "another account's id reads nothing",
      );
      assert.deepEqual(await store.admin.identity.updateUser(alice.recId, { status: "Active" }, now()), {
        result: "blocked",
      });
      await store.credentials.setPassword(accountA, alice.recId, "hash", null, now());
      const session = (userId: number, accountId: number) =>
        store.sessions.create(
          { tokenHash: `t-${userId}-${clock}`, accountId, userId, expiresAt: T0 * 2 },
          now(),
        );
      const aliceSession = await session(alice.recId, accountA);
      const bobSession = await session(bob.recId, accountB);
      assert.deepEqual(
        await store.admin.identity.updateUser(alice.recId, { status: "Locked", fullName: "Alice A" }, now()),
        {
          result: "ok",
          revoked: true,
        },
      );
      assert.notEqual((await store.sessions.get(accountA, aliceSession.id))?.revokedAt, null);
      assert.equal((await store.sessions.get(accountB, bobSession.id))?.revokedAt, null);
      assert.equal((await store.users.get(accountA, alice.recId))?.fullName, "Alice A");
      assert.equal(await store.admin.identity.unlockUser(alice.recId, now()), "ok");
      assert.equal(await store.admin.identity.unlockUser(alice.recId, now()), "blocked");
      assert.equal((await store.users.get(accountA, alice.recId))?.disabled, false);
      const bobAgain = await session(bob.recId, accountB);
      const suspended = await store.admin.identity.updateAccount(accountB, { status: "Suspended" }, now());
      assert.deepEqual(suspended, { result: "ok", revokedUserIds: [bob.recId] });
      assert.notEqual((await store.sessions.get(accountB, bobAgain.id))?.revokedAt, null);
      assert.equal((await store.accounts.get(accountB))?.disabled, true);
      assert.equal((await store.accounts.get(accountA))?.disabled, false);
      assert.equal((await store.admin.identity.updateAccount(4242, { name: "x" }, now())).result, "missing");
      assert.deepEqual(
        await store.admin.identity.updateAccount(accountB, { status: "Active", name: "Beta Two" }, now()),
        {
          result: "ok",
          revokedUserIds: [],
        },
      );
      assert.equal((await store.accounts.get(accountB))?.name, "Beta Two");
      assert.equal(await store.admin.identity.deleteUser(bob.recId, true), "missing", "not a staff user");
      assert.equal(await store.admin.identity.deleteUser(bob.recId, false), "ok");
      assert.equal(await store.users.get(accountB, bob.recId), undefined);
    });

    test("identity: staff users carry their profile and permissions; the operator account cannot be suspended or deleted", async () => {
      const operator = (
        await store.accounts.create(
          {
            name: "Operator",
            domain: "operator.example",
            subscriptionType: "Enterprise",
            features: new Map(),
            ownerRole: { name: "Owner", permissions: "" },
            owner: { email: "root@operator.example", fullName: "Root", passwordHash: "h" },
            isSystem: true,
          },
          now(),
        )
      ).account.recId;
      const permissions = new Map([["Accounts", { Read: false, Write: true }]]);
      const staff = await store.admin.identity.createUser(operator, member("clerk@operator.example"), now(), {
        isSupportAgent: true,
        displayName: "Clerk",
        maxConcurrentChats: 4,
        spokenLanguages: ["en", "fr"],
        permissions,
      });
      const granted = await store.staff.adminPermissions(operator, staff.recId);
      assert.deepEqual([...granted], [["Accounts", { Read: true, Write: true }]]);
      assert.deepEqual(await store.admin.identity.updateUser(staff.recId, { fullName: "x" }, now()), {
        result: "missing",
      });
      assert.deepEqual(
        await store.admin.identity.updateStaff(
          staff.recId,
          { isActive: false },
          { permissions: new Map() },
          now(),
        ),
        { result: "ok", revoked: true },
      );
      assert.equal((await store.staff.adminPermissions(operator, staff.recId)).size, 0);
      assert.equal((await store.users.get(operator, staff.recId))?.disabled, true);
      assert.equal(
        (await store.admin.identity.updateAccount(operator, { status: "Suspended" }, now())).result,
        "blocked",
      );
      assert.equal(await store.admin.identity.deleteAccount(operator), "blocked");
      assert.equal(await store.admin.identity.deleteAccount(4242), "missing");
      assert.equal(await store.admin.identity.deleteUser(staff.recId, true), "ok");
    });

    test("staff permissions: granted only under the user's own account", async () => {
      const operator = (await store.accounts.resolveByDomain("operator.example"))?.recId as number;
      const clerk = await store.admin.identity.createUser(
        operator,
        member("second@operator.example"),
        now(),
        {
          isSupportAgent: false,
          displayName: null,
          maxConcurrentChats: 3,
          spokenLanguages: [],
          permissions: new Map(),
        },
      );
      const grant = new Map([["Accounts" as const, { Read: true, Write: false }]]);
      // Another account's id writes nothing: no row under it, nothing blocking the user's own account.
      await store.staff.setAdminPermissions(accountA, clerk.recId, grant);
      assert.equal((await store.staff.adminPermissions(accountA, clerk.recId)).size, 0);
      await store.staff.setAdminPermissions(operator, clerk.recId, grant);
      assert.deepEqual(
        [...(await store.staff.adminPermissions(operator, clerk.recId))],
        [["Accounts", { Read: true, Write: false }]],
      );
      await store.staff.setAdminPermissions(accountA, clerk.recId, new Map());
      assert.equal(
        (await store.staff.adminPermissions(operator, clerk.recId)).size,
        1,
        "another account's id removes nothing",
      );
    });

    test("network: imported ranges replace the imported ones, keep manual ones, and answer countries", async () => {
      const range = (start: string, end: string, countryCode: string) => ({
        version: 4 as const,
        startIp: start,
        endIp: end,
        startKey: start.padStart(15, "0"),
        endKey: end.padStart(15, "0"),
        countryCode,
        region: null,
        city: null,
        organization: null,
      });
      const first = await store.admin.network.importRanges(
        [range("10.0.0.0", "10.0.0.255", "FR"), range("10.0.0.0", "10.0.0.15", "BE")],
        { fileName: "a.csv", startedBy: 1, startedAt: now() },
        now(),
      );
      assert.equal(typeof first, "number");
      assert.equal(await store.admin.network.countryOf(4, "10.0.0.8".padStart(15, "0")), "BE");
      assert.equal(await store.admin.network.countryOf(4, "10.0.0.99".padStart(15, "0")), "FR");
      const second = await store.admin.network.importRanges(
        [range("11.0.0.0", "11.0.0.9", "DE")],
        {
          fileName: "b.csv",
          startedBy: 1,
          startedAt: now(),
        },
        now(),
      );
      assert.ok(second > first);
      assert.equal(await store.admin.network.countryOf(4, "10.0.0.8".padStart(15, "0")), undefined);
      assert.equal(await store.admin.network.countryOf(4, "11.0.0.1".padStart(15, "0")), "DE");
      await place.exec(
        `INSERT INTO blocked_ips (ip_address, ip_version, start_key, end_key, reason, blocked_at, blocked_until)
         VALUES ('1.2.3.4', 4, 'k1', 'k1', 'Manual', ${T0}, NULL), ('1.2.3.5', 4, 'k2', 'k2', 'Manual', ${T0}, ${T0 + 10}),
           ('1.2.3.6', 4, 'k0', 'k0', 'Abuse', ${T0}, ${T0 * 2})`,
      );
      assert.deepEqual(await store.admin.network.activeBlocks(T0 + 100), [
        { ipAddress: "1.2.3.6", blockedUntil: T0 * 2 },
        { ipAddress: "1.2.3.4", blockedUntil: null },
      ]);
    });

    test("support: staff change a ticket and projects of the account they belong to", async () => {
      await place.exec(
        `INSERT INTO objects (id, uid, account_id, type, name, properties, created_at, modified_at)
         VALUES (900, 'ticket-900', ${accountA}, 'SupportTicket', 'Help', '{}', ${T0}, ${T0})`,
      );
      assert.equal(
        await store.admin.support.updateTicket(900, { status: "Closed", priority: "High" }, 1, now()),
        "ok",
      );
      assert.equal(await store.admin.support.updateTicket(901, { status: "Closed" }, 1, now()), "missing");
      const project = await store.admin.support.createProject(
        {
          accountId: accountA,
          name: "Rollout",
          status: "Active",
          managerUserId: null,
          description: "Go live",
          startDate: "2024-01-01",
          dueDate: null,
          estimatedHours: 12.5,
          isBillable: false,
        },
        now(),
      );
      assert.equal(
        await store.admin.support.updateProject(project, { name: "Rollout 2", dueDate: "2024-02-01" }, now()),
        "ok",
      );
      assert.equal(
        await store.admin.support.updateProject(900, { name: "no" }, now()),
        "missing",
        "a ticket is no project",
      );
      const projects = await store.admin.records.list(
        (await import("../../../../server/upstream/admin/projects.ts")).projects.spec,
        { limit: 10, offset: 0, filters: {} },
        at(),
      );
      const row = projects.items.find((item) => item.RecId === project);
      assert.deepEqual(
        [row?.Name, row?.Description, row?.StartDate, row?.DueDate, row?.EstimatedHours, row?.IsBillable],
        ["Rollout 2", "Go live", "2024-01-01", "2024-02-01", 12.5, false],
      );
      assert.equal(await store.admin.support.softDelete(project, "SupportTicket", now()), "missing");
      assert.equal(await store.admin.support.softDelete(project, "Project", now()), "ok");
      assert.equal(await store.admin.support.softDelete(project, "Project", now()), "missing");
    });

    test("jobs: loader runs queue once, cancel, and log; syncs and packages copy objects into the target account only", async () => {
      await place.exec(
        `INSERT INTO objects (id, uid, account_id, type, name, properties, created_at, modified_at)
         VALUES (1000, 'loader-1000', ${accountA}, 'DataLoader', 'Sales', '{}', ${T0}, ${T0}),
           (1001, 'report-1001', ${accountA}, 'Report', 'Revenue', '{"a":1}', ${T0}, ${T0}),
           (1002, 'report-1002', ${accountB}, 'Report', 'Old', '{}', ${T0}, ${T0})`,
      );
      assert.equal(await store.admin.jobs.setLoaderSettings(1000, { isEnabled: false }, now()), "ok");
      assert.equal(await store.admin.jobs.queueLoaderRun(1000, 1, now()), "blocked");
      assert.equal(await store.admin.jobs.setLoaderSettings(1000, { priority: "High" }, now()), "ok");
      assert.equal(await store.admin.jobs.queueLoaderRun(1000, 1, now()), "blocked", "still disabled");
      assert.equal(await store.admin.jobs.setLoaderSettings(1000, { isEnabled: true }, now()), "ok");
      assert.equal(await store.admin.jobs.queueLoaderRun(1000, 1, now()), "ok");
      assert.equal(await store.admin.jobs.queueLoaderRun(1000, 1, now()), "blocked", "a run is queued");
      assert.equal(await store.admin.jobs.cancelLoaderRun(1000, now()), "ok");
      assert.equal(await store.admin.jobs.cancelLoaderRun(1000, now()), "blocked");
      assert.equal(await store.admin.jobs.setLoaderSettings(1001, {}, now()), "missing");
      const lines = await store.admin.jobs.logLines("loader", 1000);
      assert.deepEqual(
        lines?.map((line) => [line.severity, line.message]),
        [
          [1, "Queued by staff."],
          [2, "Cancelled by staff."],
        ],
      );
      assert.equal(await store.admin.jobs.logLines("task", 4242), undefined);
      assert.equal(await store.admin.jobs.logLines("deployment", 4242), undefined);
      await place.exec(
        `INSERT INTO account_syncs (id, name, is_enabled, source_account_id, target_account_id, mode, frequency, object_types, created_at, modified_at)
         VALUES (1, 'A to B', TRUE, ${accountA}, ${accountB}, 'Mirror', 'Manual', '["Report"]', ${T0}, ${T0})`,
      );
      const synced = await store.admin.jobs.runAccountSync(1, now());
      assert.deepEqual(synced, {
        result: "ok",
        copy: { accountId: accountB, added: 1, updated: 0, removed: 1, skipped: 0 },
      });
      assert.deepEqual(await store.admin.jobs.runAccountSync(2, now()), { result: "missing" });
      const installed = await store.admin.jobs.installPackage(
        [{ Type: "Report", Name: "Revenue", Properties: { a: 2 } }],
        [accountB, accountB],
        false,
        now(),
      );
      assert.deepEqual(installed, [{ accountId: accountB, added: 0, updated: 0, removed: 0, skipped: 1 }]);
      const source = await store.objects.get(accountA, 1001);
      assert.equal(source?.name, "Revenue", "the source account's object is untouched");
      await assert.rejects(
        store.admin.jobs.createDeployment(
          { packageId: 4242, environmentId: 1, notes: null, logLine: "x" },
          1,
          now(),
        ),
        (error: unknown) => error instanceof StoreReferenceError,
      );
    });

    test("system: settings, the store check, request log samples, query runs, mails, demo data and files", async () => {
      const setting = { section: "general", isSecret: false, valueJson: '"hello"', description: "Greeting" };
      assert.equal(await store.admin.system.putSetting("Greeting", setting, false, 1, now()), "missing");
      assert.equal(await store.admin.system.putSetting("Greeting", setting, true, 1, now()), "ok");
      assert.equal(await store.admin.system.putSetting("Greeting", setting, true, 1, now()), "exists");
      const configuration = (await import("../../../../server/upstream/admin/configuration.ts")).configuration
        .spec;
      const read = await store.admin.records.get(configuration, "Greeting", at());
      assert.deepEqual([read?.Value, read?.IsSecret, read?.Description], ["hello", false, "Greeting"]);
      assert.equal(await store.admin.system.deleteSetting("Greeting"), true);
      assert.equal(await store.admin.system.deleteSetting("Greeting"), false);
      const check = await store.admin.system.checkEmbedded();
      assert.equal(check.quickCheck, "ok");
      assert.ok(check.schemaVersion >= 14 && check.sizeBytes > 0);
      assert.deepEqual(await store.admin.system.migrateEmbedded(now()), {
        applied: [],
        schemaVersion: check.schemaVersion,
      });
      const ids = await store.admin.system.embeddedAccountIds();
      assert.ok(ids.includes(accountA) && ids.includes(accountB));
      for (const [index, status] of [200, 503].entries()) {
        await store.admin.system.logRequest(
          {
            at: T0 + index,
            method: "GET",
            route: "/x",
            status,
            durationMs: 1.5,
            accountId: index === 0 ? accountA : accountB,
          },
          0,
        );
      }
      const samples = await store.admin.system.analyticsSamples("accounts", { accountId: accountB }, 10);
      assert.deepEqual(samples, [{ key: "Beta Two", durationMs: 1.5, isError: true, at: T0 + 1 }]);
      const requests = await store.admin.system.analyticsSamples("requests", { from: T0, to: T0 + 1 }, 10);
      assert.deepEqual(requests, [{ key: "GET /x", durationMs: 1.5, isError: false, at: T0 }]);
      await place.exec(
        `INSERT INTO databases (id, name, engine, host, port, database_name, user_name, purpose, status, created_at, modified_at)
           VALUES (50, 'Warehouse', 'PostgreSql', 'h', 5432, 'd', 'u', 'Warehouse', 'Online', ${T0}, ${T0});
         INSERT INTO admin_queries (id, name, database_id, max_rows, timeout_seconds, query_text, created_at, modified_at)
           VALUES (60, 'Q', 50, 10, 5, 'SELECT 1', ${T0}, ${T0});
         INSERT INTO mail_outbox (id, kind, to_address, subject, body_text, created_at)
           VALUES (70, 'Invite', 'a@b.example', 'Hi', 'Body', ${T0});
         INSERT INTO system_media (id, uid, file_name, category, content_type, size, data, uploaded_at, modified_at)
           VALUES (80, 'media-80', 'a.txt', 'Other', 'text/plain', 2, X'6869', ${T0}, ${T0})`.replace(
          "X'6869'",
          backend.name === "PostgreSQL" ? "'\\x6869'::bytea" : "X'6869'",
        ),
      );
      await store.admin.system.recordQueryRun({
        queryId: 60,
        name: "Q",
        actor: 1,
        at: T0 + 5,
        durationMs: 3,
        ok: false,
        rowCount: 0,
      });
      assert.deepEqual(await store.admin.system.analyticsSamples("queries", {}, 10), [
        { key: "Q", durationMs: 3, isError: true, at: T0 + 5 },
      ]);
      assert.deepEqual(await store.admin.system.analyticsSamples("queries", { accountId: accountA }, 10), []);
      await store.admin.system.setMailDelivery(70, {
        status: "Failed",
        attempts: 1,
        queuedAt: T0,
        sentAt: null,
        lastError: "x",
      });
      await store.admin.system.setMailDelivery(70, {
        status: "Sent",
        attempts: 2,
        queuedAt: T0,
        sentAt: T0 + 1,
        lastError: null,
      });
      const mail = await store.admin.system.recordInboundMail({
        folder: "Spam",
        from: "x@y.example",
        to: "in@operator.example",
        subject: "Buy",
        body: "now",
        receivedAt: T0,
        attachmentCount: 0,
        handler: "Unknown",
        accountId: null,
        status: "Rejected",
        errorMessage: null,
        spamScore: 9.5,
        spamReason: "words",
      });
      assert.equal(typeof mail, "number");
      await store.admin.system.loadDemoRetailData(
        [{ country: "FR", region: "IDF", city: "Paris", channel: "Store" }],
        [{ storeIndex: 0, date: "2024-01-01", product: "Tea", quantity: 2, revenue: 7.5 }],
      );
      await store.admin.system.loadDemoRetailData(
        [{ country: "BE", region: "BXL", city: "Brussels", channel: "Online" }],
        [{ storeIndex: 0, date: "2024-01-02", product: "Coffee", quantity: 1, revenue: 3 }],
      );
      assert.deepEqual(await store.admin.system.fileData("system_media", 80), Buffer.from("hi"));
      assert.equal(await store.admin.system.fileData("package_items", 4242), undefined);
    });
  });
}
