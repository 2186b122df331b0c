/**
 * The content families' contract (server/upstream/store/types/objects-files.ts, account-resources.ts,
 * comments.ts, tickets.ts, tasks.ts), one set of cases run on each backend
 * (test/helpers/upstream-store-backends.ts): objects, files, invoices, the data cache, API keys,
 * usage, managed accounts, projects, tickets, tasks and comments — their results, their order (NOCASE
 * names, NULLs as SQLite sorts them), their refusals, and the tenancy rule (a method given one
 * account's id never reads or changes another account's rows).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { FeatureId } from "../../../../server/upstream/identity/features.ts";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import type { UserWithAccount } from "../../../../server/upstream/store/records.ts";
import type { NewAccountInput } from "../../../../server/upstream/store/types/identity.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";

const DAY_MS = 86_400_000;
const T0 = 1_700_000_000_000;

function accountInput(domain: string, extra: Partial<NewAccountInput> = {}): NewAccountInput {
  return {
    name: `Company ${domain}`,
    domain,
    subscriptionType: "Professional",
    features: new Map<FeatureId, "Included" | "Optional">(),
    ownerRole: { name: "Owner", permissions: "" },
    owner: { email: `owner@${domain}`, fullName: `Owner of ${domain}`, passwordHash: "hash" },
    ...extra,
  };
}

const byName = (field: string, descending = false, search?: string) => ({
  sort: { field, descending },
  offset: 0,
  limit: 50,
  ...(search === undefined ? {} : { search }),
});

for (const backend of await upstreamStoreBackends()) {
  describe(`content families on ${backend.name}`, { skip: backend.skip }, () => {
    let place: UpstreamStorePlace;
    let store: PostgresFamilies;
    let a: UserWithAccount;
    let b: UserWithAccount;
    let clock = T0;
    const now = () => (clock += 1000);

    before(async () => {
      place = await backend.place(() => T0);
      store = await place.open();
      a = await store.accounts.create(accountInput("alpha.example"), now());
      b = await store.accounts.create(accountInput("beta.example"), now());
    });
    after(async () => place?.close());

    test("objects: created with their properties, listed by name without the deleted, deleted once", async () => {
      const zeta = await store.objects.create(
        a.account.recId,
        { type: "Report", name: "Zeta", ownerUserId: a.user.recId, properties: { Columns: [1, 2] } },
        now(),
      );
      const alpha = await store.objects.create(
        a.account.recId,
        { type: "Report", name: "Alpha", ownerUserId: null },
        now(),
      );
      await store.objects.create(
        a.account.recId,
        { type: "Dashboard", name: "Other", ownerUserId: null },
        now(),
      );
      assert.deepEqual(zeta.properties, { Columns: [1, 2] });
      assert.deepEqual(alpha.properties, {});
      assert.equal(zeta.deletedAt, null);
      assert.deepEqual(await store.objects.get(a.account.recId, zeta.recId), zeta);
      assert.deepEqual(
        (await store.objects.list(a.account.recId, "Report")).map((object) => object.name),
        ["Alpha", "Zeta"],
      );
      assert.equal(
        await store.objects.get(b.account.recId, zeta.recId),
        undefined,
        "another account's object",
      );
      assert.equal(await store.objects.markDeleted(b.account.recId, zeta.recId, now()), false);
      const at = now();
      assert.equal(await store.objects.markDeleted(a.account.recId, zeta.recId, at), true);
      assert.equal(
        await store.objects.markDeleted(a.account.recId, zeta.recId, now()),
        false,
        "already deleted",
      );
      assert.equal((await store.objects.get(a.account.recId, zeta.recId))?.deletedAt, at);
      assert.deepEqual(
        (await store.objects.list(a.account.recId, "Report")).map((object) => object.name),
        ["Alpha"],
      );
    });

    test("files: the metadata and the bytes, in their account only", async () => {
      const data = Buffer.from([0, 1, 2, 255]);
      const file = await store.files.create(
        a.account.recId,
        {
          ownerUserId: a.user.recId,
          itemType: "Export",
          name: "x.csv",
          contentType: "text/csv",
          data,
          expiresAt: T0 * 2,
        },
        now(),
      );
      assert.deepEqual(
        [file.size, file.itemType, file.relatedObjectId, file.expiresAt, file.accountId],
        [4, "Export", null, T0 * 2, a.account.recId],
      );
      assert.deepEqual(await store.files.get(a.account.recId, file.uid), file);
      assert.deepEqual(await store.files.content(a.account.recId, file.uid), data);
      assert.equal(await store.files.get(b.account.recId, file.uid), undefined);
      assert.equal(await store.files.content(b.account.recId, file.uid), undefined);
    });

    test("invoices: totals from the lines, newest first, pages, a number in any case, the admin's read", async () => {
      const lines = [
        { Description: "Seats", Quantity: 3, UnitPriceCents: 1250 },
        { Description: "Storage", Quantity: 1, UnitPriceCents: 99 },
      ];
      const base = { dueAt: T0, status: "Due" as const, currency: "EUR", lines };
      const first = await store.invoices.create(a.account.recId, { ...base, number: "INV-1", issuedAt: 10 });
      const second = await store.invoices.create(a.account.recId, { ...base, number: "INV-2", issuedAt: 30 });
      const third = await store.invoices.create(a.account.recId, { ...base, number: "INV-3", issuedAt: 20 });
      await store.invoices.create(b.account.recId, { ...base, number: "INV-B", issuedAt: 40 });
      assert.equal(first.totalCents, 3849);
      assert.deepEqual(first.lines, lines);
      assert.deepEqual(
        (await store.invoices.list(a.account.recId)).map((invoice) => invoice.number),
        ["INV-2", "INV-3", "INV-1"],
      );
      const page = await store.invoices.listPage(a.account.recId, { offset: 1, limit: 1 });
      assert.deepEqual([page.total, page.items.map((invoice) => invoice.recId)], [3, [third.recId]]);
      assert.deepEqual(await store.invoices.getByNumber(a.account.recId, "inv-2"), second, "NOCASE number");
      assert.equal(await store.invoices.getByNumber(b.account.recId, "INV-2"), undefined);
      assert.equal((await store.invoices.getByNumberForAdmin("inv-b"))?.accountId, b.account.recId);
    });

    test("data cache: a value until it expires, replaced by key, per account", async () => {
      await store.dataCache.put(a.account.recId, "k", "one", 1000, 500);
      await store.dataCache.put(b.account.recId, "k", "b-one", 1000, 5000);
      assert.equal(await store.dataCache.get(a.account.recId, "k", 1499), "one");
      assert.equal(await store.dataCache.get(a.account.recId, "k", 1500), undefined, "expired");
      await store.dataCache.put(a.account.recId, "k", "two", 2000, 500);
      assert.equal(await store.dataCache.get(a.account.recId, "k", 2001), "two");
      assert.equal(await store.dataCache.get(b.account.recId, "k", 2001), "b-one");
      assert.equal(await store.dataCache.get(a.account.recId, "missing", 0), undefined);
    });

    test("API keys: newest first, revoked once, resolved by hash while live, touched", async () => {
      const older = await store.content.apiKeys.create(
        a.account.recId,
        { name: "CI", prefix: "tk_1", secretHash: "hash-1", createdByUserId: a.user.recId, expiresAt: null },
        T0,
      );
      const newer = await store.content.apiKeys.create(
        a.account.recId,
        {
          name: "Sync",
          prefix: "tk_2",
          secretHash: "hash-2",
          createdByUserId: a.user.recId,
          expiresAt: T0 + 100,
        },
        T0 + 1,
      );
      assert.deepEqual(
        [older.name, older.prefix, older.createdByFullName, older.lastUsedAt, older.revokedAt],
        ["CI", "tk_1", a.user.fullName, null, null],
      );
      assert.deepEqual(
        (await store.content.apiKeys.list(a.account.recId)).map((key) => key.recId),
        [newer.recId, older.recId],
      );
      assert.deepEqual(await store.content.apiKeys.list(b.account.recId), []);
      const resolved = await store.content.apiKeys.resolve("hash-2", T0 + 50);
      assert.deepEqual(
        [resolved?.key.recId, resolved?.accountId, resolved?.userId],
        [newer.recId, a.account.recId, a.user.recId],
      );
      assert.equal(await store.content.apiKeys.resolve("hash-2", T0 + 100), undefined, "expired");
      await store.content.apiKeys.touch(b.account.recId, older.recId, T0 + 7);
      await store.content.apiKeys.touch(a.account.recId, older.recId, T0 + 5);
      assert.equal((await store.content.apiKeys.list(a.account.recId)).at(-1)?.lastUsedAt, T0 + 5);
      assert.equal(
        await store.content.apiKeys.revoke(b.account.recId, older.recId, b.user.recId, T0),
        "notFound",
      );
      const revoked = await store.content.apiKeys.revoke(a.account.recId, older.recId, a.user.recId, T0 + 9);
      assert.equal(typeof revoked === "object" && revoked.revokedAt, T0 + 9);
      assert.equal(
        await store.content.apiKeys.revoke(a.account.recId, older.recId, a.user.recId, T0),
        "revoked",
      );
      assert.equal(await store.content.apiKeys.resolve("hash-1", T0), undefined, "revoked");
    });

    test("usage: objects by type, users, sessions per day (impersonations left out), bytes stored", async () => {
      const usageAccount = await store.accounts.create(accountInput("usage.example"), now());
      const id = usageAccount.account.recId;
      const today = Math.floor(T0 / DAY_MS) * DAY_MS;
      const second = await store.users.create(
        id,
        { email: "two@usage.example", fullName: "Two", passwordHash: null },
        now(),
      );
      await store.objects.create(id, { type: "Report", name: "r1", ownerUserId: null }, now());
      await store.objects.create(id, { type: "Report", name: "r2", ownerUserId: null }, now());
      await store.objects.create(id, { type: "Dashboard", name: "d", ownerUserId: null }, now());
      const expiresAt = T0 + DAY_MS * 10;
      await store.sessions.create(
        { tokenHash: "u1", accountId: id, userId: usageAccount.user.recId, expiresAt },
        today + 5,
      );
      await store.sessions.create(
        { tokenHash: "u2", accountId: id, userId: usageAccount.user.recId, expiresAt },
        today - DAY_MS,
      );
      await store.sessions.create(
        { tokenHash: "u3", accountId: id, userId: second.recId, expiresAt },
        today + 9,
      );
      await store.sessions.create(
        {
          tokenHash: "u4",
          accountId: id,
          userId: second.recId,
          impersonatorUserId: a.user.recId,
          impersonatorAccountId: a.account.recId,
          expiresAt,
        },
        today + 10,
      );
      await store.files.create(
        id,
        {
          ownerUserId: null,
          itemType: "Export",
          name: "f",
          contentType: "text/plain",
          data: Buffer.alloc(7),
        },
        now(),
      );
      const metrics = await store.content.usage.metrics(id, T0, 3);
      assert.deepEqual(metrics.objectsByType, [
        { type: "Dashboard", count: 1 },
        { type: "Report", count: 2 },
      ]);
      assert.deepEqual(metrics.users, { total: 2, enabled: 2, activeInPeriod: 2 });
      assert.deepEqual(metrics.storage, { mediaBytes: 0, fileBytes: 7, attachmentBytes: 0 });
      assert.deepEqual(
        metrics.sessionsPerDay.map((day) => day.count),
        [0, 1, 2],
      );
      assert.equal(metrics.sessionsPerDay[2]?.date, new Date(today).toISOString().slice(0, 10));
    });

    test("managed accounts: the children of the caller's account only, by NOCASE name, with counts", async () => {
      const parent = await store.accounts.create(accountInput("parent.example"), now());
      const upper = await store.accounts.create(
        accountInput("z.example", { name: "beta child", parentAccountId: parent.account.recId }),
        now(),
      );
      const lower = await store.accounts.create(
        accountInput("y.example", { name: "Alpha child", parentAccountId: parent.account.recId }),
        now(),
      );
      await store.objects.create(
        upper.account.recId,
        { type: "Report", name: "r", ownerUserId: null },
        now(),
      );
      const list = await store.content.managedAccounts.list(parent.account.recId);
      assert.deepEqual(
        list.map((child) => [child.recId, child.name, child.userCount, child.objectCount, child.disabled]),
        [
          [lower.account.recId, "Alpha child", 1, 0, false],
          [upper.account.recId, "beta child", 1, 1, false],
        ],
      );
      assert.deepEqual(
        await store.content.managedAccounts.get(parent.account.recId, upper.account.recId),
        list[1],
      );
      assert.equal(await store.content.managedAccounts.get(a.account.recId, upper.account.recId), undefined);
      assert.deepEqual(await store.content.managedAccounts.list(a.account.recId), []);
    });

    test("projects: created, listed with search, status and NULL dates sorted as SQLite, updated, deleted", async () => {
      const fields = { description: "", status: "Active" as const, startDate: null, dueDate: null };
      const one = await store.content.projects.create(
        a.account.recId,
        { ...fields, name: "beta launch", dueDate: "2024-05-01" },
        a.user.recId,
        now(),
      );
      const two = await store.content.projects.create(
        a.account.recId,
        { ...fields, name: "Alpha 100%", status: "Planned" },
        a.user.recId,
        now(),
      );
      const three = await store.content.projects.create(
        a.account.recId,
        { ...fields, name: "gamma", dueDate: "2024-01-01" },
        a.user.recId,
        now(),
      );
      await store.content.projects.create(
        b.account.recId,
        { ...fields, name: "b project" },
        b.user.recId,
        now(),
      );
      assert.deepEqual(
        [one.ownerFullName, one.status, one.dueDate, one.startDate],
        [a.user.fullName, "Active", "2024-05-01", null],
      );
      const names = async (query: Parameters<typeof store.content.projects.list>[1]) =>
        (await store.content.projects.list(a.account.recId, query)).items.map((project) => project.recId);
      assert.deepEqual(await names(byName("Name")), [two.recId, one.recId, three.recId], "NOCASE");
      assert.deepEqual(
        await names(byName("DueDate")),
        [two.recId, three.recId, one.recId],
        "NULL first ascending",
      );
      assert.deepEqual(
        await names(byName("DueDate", true)),
        [one.recId, three.recId, two.recId],
        "NULL last descending",
      );
      assert.deepEqual(
        await names(byName("Name", false, "100%")),
        [two.recId],
        "a wildcard matched as itself",
      );
      assert.deepEqual(await names(byName("Name", false, "AMM")), [three.recId], "search ignores case");
      assert.deepEqual(await names({ ...byName("Name"), status: "Active" }), [one.recId, three.recId]);
      const page = await store.content.projects.list(a.account.recId, {
        ...byName("Name"),
        offset: 1,
        limit: 1,
      });
      assert.deepEqual([page.total, page.items.map((project) => project.recId)], [3, [one.recId]]);
      assert.equal(await store.content.projects.get(b.account.recId, one.recId), undefined);
      assert.equal(
        await store.content.projects.update(b.account.recId, one.recId, { name: "taken" }, now()),
        undefined,
      );
      const updated = await store.content.projects.update(
        a.account.recId,
        one.recId,
        { name: "Beta launch", status: "OnHold", startDate: "2024-02-02" },
        now(),
      );
      assert.deepEqual(
        [updated?.name, updated?.status, updated?.startDate, updated?.dueDate],
        ["Beta launch", "OnHold", "2024-02-02", "2024-05-01"],
      );
      assert.equal(await store.content.projects.delete(b.account.recId, one.recId), false);
      assert.equal(await store.content.projects.delete(a.account.recId, one.recId), true);
      assert.equal(await store.content.projects.get(a.account.recId, one.recId), undefined);
    });

    test("tickets: defaults for a ticket without fields, search in title and description, closed once", async () => {
      const fields = { description: "printer jam", priority: "High" as const, category: "Bug" };
      const printer = await store.content.tickets.create(
        a.account.recId,
        { ...fields, title: "Printer" },
        a.user.recId,
        now(),
      );
      const login = await store.content.tickets.create(
        a.account.recId,
        { ...fields, title: "login fails", priority: "Low", description: "" },
        a.user.recId,
        now(),
      );
      // A ticket object from before the ticket fields: read as Open/Normal.
      const bare = await store.objects.create(
        a.account.recId,
        { type: "SupportTicket", name: "Old", ownerUserId: null },
        now(),
      );
      await store.content.tickets.create(b.account.recId, { ...fields, title: "B's" }, b.user.recId, now());
      assert.deepEqual(
        [printer.status, printer.priority, printer.category, printer.createdByFullName, printer.commentCount],
        ["Open", "High", "Bug", a.user.fullName, 0],
      );
      const old = await store.content.tickets.get(a.account.recId, bare.recId);
      assert.deepEqual(
        [old?.status, old?.priority, old?.category, old?.description],
        ["Open", "Normal", "Question", ""],
      );
      const ids = async (query: Parameters<typeof store.content.tickets.list>[1]) =>
        (await store.content.tickets.list(a.account.recId, query)).items.map((ticket) => ticket.recId);
      assert.deepEqual(await ids(byName("Priority")), [login.recId, bare.recId, printer.recId]);
      assert.deepEqual(await ids(byName("Title")), [login.recId, bare.recId, printer.recId], "NOCASE");
      assert.deepEqual(
        await ids(byName("Title", false, "JAM")),
        [printer.recId],
        "the description, ignoring case",
      );
      assert.equal(await store.content.tickets.get(b.account.recId, printer.recId), undefined);
      assert.equal(
        await store.content.tickets.update(b.account.recId, printer.recId, { title: "x" }, now()),
        "notFound",
      );
      const changed = await store.content.tickets.update(
        a.account.recId,
        bare.recId,
        { priority: "Urgent" },
        now(),
      );
      assert.deepEqual(
        typeof changed === "object" ? [changed.title, changed.priority, changed.status] : changed,
        ["Old", "Urgent", "Open"],
      );
      assert.equal(
        await store.content.tickets.close(b.account.recId, printer.recId, b.user.recId, now()),
        "notFound",
      );
      const at = now();
      const closed = await store.content.tickets.close(a.account.recId, printer.recId, a.user.recId, at);
      assert.deepEqual(
        typeof closed === "object"
          ? [closed.status, closed.closedAt, closed.closedByFullName, closed.modifiedAt]
          : closed,
        ["Closed", at, a.user.fullName, at],
      );
      assert.equal(
        await store.content.tickets.close(a.account.recId, printer.recId, a.user.recId, now()),
        "closed",
      );
      assert.equal(
        await store.content.tickets.update(a.account.recId, printer.recId, { title: "y" }, now()),
        "closed",
      );
      assert.deepEqual(await ids({ ...byName("Title"), status: "Closed" }), [printer.recId]);
    });

    test("comments: oldest first, internal ones only when asked, attachments with them, in the account only", async () => {
      const ticket = await store.content.tickets.create(
        a.account.recId,
        { title: "With comments", description: "", priority: "Normal", category: "Question" },
        a.user.recId,
        now(),
      );
      const comment = (title: string, isInternal: boolean, files: string[] = []) => ({
        authorUserId: a.user.recId,
        title,
        text: `${title} text`,
        imageUrl: null,
        isInternal,
        attachments: files.map((name) => ({
          fileName: name,
          contentType: "text/plain",
          data: Buffer.from(name),
        })),
      });
      const at = now();
      const first = await store.content.comments.add(
        a.account.recId,
        ticket.recId,
        comment("first", false, ["a.txt", "b.txt"]),
        at,
      );
      const internal = await store.content.comments.add(
        a.account.recId,
        ticket.recId,
        comment("staff", true, ["s.txt"]),
        now(),
      );
      assert.deepEqual(
        [
          first.title,
          first.isInternal,
          first.authorFullName,
          first.authorUid,
          first.attachments.map((file) => file.fileName),
        ],
        ["first", false, a.user.fullName, a.user.uid, ["a.txt", "b.txt"]],
      );
      assert.equal(
        (await store.content.tickets.get(a.account.recId, ticket.recId))?.modifiedAt,
        internal.createdAt,
      );
      assert.equal(
        (await store.content.tickets.get(a.account.recId, ticket.recId))?.commentCount,
        1,
        "internal left out",
      );
      assert.deepEqual(await store.content.comments.list(a.account.recId, ticket.recId, false), [first]);
      assert.deepEqual(
        (await store.content.comments.list(a.account.recId, ticket.recId, true)).map((entry) => entry.recId),
        [first.recId, internal.recId],
      );
      const staffFile = internal.attachments[0]?.uid as string;
      const memberFile = first.attachments[1]?.uid as string;
      assert.equal(
        await store.content.comments.attachment(a.account.recId, ticket.recId, staffFile, false),
        undefined,
      );
      const read = await store.content.comments.attachment(a.account.recId, ticket.recId, staffFile, true);
      assert.deepEqual([read?.meta.fileName, read?.meta.size, read?.data.toString()], ["s.txt", 5, "s.txt"]);
      assert.equal(
        (
          await store.content.comments.attachment(a.account.recId, ticket.recId, memberFile, false)
        )?.data.toString(),
        "b.txt",
      );
      assert.equal(
        await store.content.comments.attachment(b.account.recId, ticket.recId, memberFile, true),
        undefined,
      );
      assert.deepEqual(await store.content.comments.list(b.account.recId, ticket.recId, true), []);
      await assert.rejects(
        store.content.comments.add(b.account.recId, ticket.recId, comment("intruder", false, ["x"]), now()),
        /outside the account/,
      );
      assert.equal((await store.content.comments.list(a.account.recId, ticket.recId, true)).length, 2);
    });

    test("tasks: queued, reported, logged, cancelled or deleted when finished; related objects in the account only", async () => {
      const related = await store.objects.create(
        a.account.recId,
        { type: "Report", name: "Source", ownerUserId: null },
        now(),
      );
      const foreign = await store.objects.create(
        b.account.recId,
        { type: "Report", name: "Foreign", ownerUserId: null },
        now(),
      );
      const task = await store.content.tasks.create(
        a.account.recId,
        { name: "Export", kind: "Export", ownerUserId: a.user.recId, relatedObjectId: related.recId },
        now(),
      );
      assert.deepEqual(
        [
          task.status,
          task.progress,
          task.relatedObjectName,
          task.relatedObjectType,
          task.ownerFullName,
          task.startedAt,
        ],
        ["Queued", 0, "Source", "Report", a.user.fullName, null],
      );
      const other = await store.content.tasks.create(
        a.account.recId,
        { name: "another", kind: "Import", ownerUserId: null, relatedObjectId: foreign.recId },
        now(),
      );
      assert.equal(other.relatedObjectId, null, "another account's object is not related");
      await assert.rejects(
        store.content.tasks.create(
          b.account.recId,
          { name: "x", kind: "x", ownerUserId: null, relatedObjectId: null, objectId: task.recId },
          now(),
        ),
        /not a task of the account/,
      );
      const started = now();
      const running = await store.content.tasks.report(
        a.account.recId,
        task.recId,
        { status: "Running", progress: 40 },
        { severity: 1, message: "started" },
        started,
      );
      assert.deepEqual(
        [running?.status, running?.progress, running?.startedAt, running?.finishedAt],
        ["Running", 40, started, null],
      );
      assert.equal(
        await store.content.tasks.report(b.account.recId, task.recId, { progress: 1 }, null, now()),
        undefined,
      );
      await store.content.tasks.report(
        a.account.recId,
        task.recId,
        { message: "half" },
        { severity: 2, message: "slow" },
        now(),
      );
      assert.equal(await store.content.tasks.delete(a.account.recId, task.recId), "running");
      assert.equal(await store.content.tasks.cancel(b.account.recId, task.recId, "B", now()), "notFound");
      const cancelledAt = now();
      const cancelled = await store.content.tasks.cancel(a.account.recId, task.recId, "Ann", cancelledAt);
      assert.deepEqual(
        typeof cancelled === "object"
          ? [cancelled.status, cancelled.message, cancelled.finishedAt, cancelled.progress]
          : cancelled,
        ["Cancelled", "Cancelled", cancelledAt, 40],
      );
      assert.equal(await store.content.tasks.cancel(a.account.recId, task.recId, "Ann", now()), "finished");
      const log = await store.content.tasks.log(a.account.recId, task.recId, 0, 10);
      assert.deepEqual(
        log.map((line) => [line.severity, line.message]),
        [
          [1, "started"],
          [2, "slow"],
          [2, "Cancelled by Ann."],
        ],
      );
      assert.deepEqual(
        (await store.content.tasks.log(a.account.recId, task.recId, log[0]?.recId as number, 1)).map(
          (line) => line.message,
        ),
        ["slow"],
      );
      assert.deepEqual(await store.content.tasks.log(b.account.recId, task.recId, 0, 10), []);
      const ids = async (query: Parameters<typeof store.content.tasks.list>[1]) =>
        (await store.content.tasks.list(a.account.recId, query)).items.map((entry) => entry.recId);
      assert.deepEqual(await ids(byName("Name")), [other.recId, task.recId], "NOCASE");
      assert.deepEqual(await ids(byName("StartedAt")), [other.recId, task.recId], "NULL first ascending");
      assert.deepEqual(await ids({ ...byName("Name"), status: "Cancelled" }), [task.recId]);
      assert.deepEqual(await ids(byName("Name", false, "EXP")), [task.recId]);
      assert.deepEqual((await store.content.tasks.list(b.account.recId, byName("Name"))).total, 0);
      assert.equal(await store.content.tasks.delete(b.account.recId, task.recId), "notFound");
      assert.equal(await store.content.tasks.delete(a.account.recId, task.recId), "deleted");
      assert.equal(await store.content.tasks.get(a.account.recId, task.recId), undefined);
    });
  });
}
