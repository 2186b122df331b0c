/**
 * The jobs area's store contract (server/upstream/store/types/jobs.ts, automation.ts, exports.ts,
 * imports.ts, billing-jobs.ts, data-tables.ts), one set of cases run on each backend
 * (test/helpers/upstream-store-backends.ts): data table rows and their aggregates (SQLite's sums to the
 * last bit), exports with their file, imports applied whole or not at all, schedules and alerts with
 * the scheduler's claims, the staff-side billing and connector changes — and the tenancy rule (a
 * method given one account's id never reads or changes another account's rows).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import type { UserWithAccount } from "../../../../server/upstream/store/records.ts";
import type { ScheduleSettingsInput } from "../../../../server/upstream/store/types/automation.ts";
import type { DataValue } from "../../../../server/upstream/store/types/data-tables.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";
import { tenantInput } from "../../../helpers/upstream-store-tenants.ts";

const T0 = Date.UTC(2024, 4, 17, 9, 30);
const DAY_MS = 24 * 3600_000;

/** TOTAL and AVG as SQLite computes them over JSON cells (the reference for the sums). */
function sqliteSums(cells: DataValue[]): { total: number; average: number | null } {
  const db = new Database(":memory:");
  try {
    db.exec("CREATE TABLE r (id INTEGER PRIMARY KEY, data TEXT NOT NULL)");
    const insert = db.prepare("INSERT INTO r (data) VALUES (?)");
    for (const cell of cells) insert.run(JSON.stringify([cell]));
    return db
      .prepare(
        "SELECT TOTAL(json_extract(data, '$[0]')) AS total, AVG(json_extract(data, '$[0]')) AS average FROM r",
      )
      .get() as { total: number; average: number | null };
  } finally {
    db.close();
  }
}

for (const backend of await upstreamStoreBackends()) {
  describe(`jobs families on ${backend.name}`, { skip: backend.skip }, () => {
    let place: UpstreamStorePlace;
    let store: PostgresFamilies;
    let a: UserWithAccount;
    let b: UserWithAccount;
    let clock = T0;
    const now = () => clock++;
    const object = (
      owner: UserWithAccount,
      type: string,
      name: string,
      properties?: Record<string, unknown>,
    ) =>
      store.objects.create(
        owner.account.recId,
        { type, name, ownerUserId: owner.user.recId, properties },
        now(),
      );

    before(async () => {
      place = await backend.place(() => T0);
      store = await place.open();
      a = await store.accounts.create(tenantInput("alpha.example", "owner@alpha.example"), now());
      b = await store.accounts.create(tenantInput("beta.example", "owner@beta.example"), now());
    });
    after(async () => place?.close());

    test("data tables: defined, described, paged in insertion order; another account sees and changes nothing", async () => {
      const table = await object(a, "DataTable", "Orders");
      const columns = [
        { name: "Region", type: "Text" as const },
        { name: "Amount", type: "Number" as const },
      ];
      const rows: DataValue[][] = [
        ["EMEA", 10],
        ["APAC", 2.5],
        ["EMEA", null],
        ["LATAM", -4],
      ];
      assert.deepEqual(await store.jobs.dataTables.describe(a.account.recId, table.recId), {
        columns: [],
        rowCount: 0,
      });
      await store.jobs.dataTables.define(a.account.recId, table.recId, columns, rows, now());
      assert.deepEqual(await store.jobs.dataTables.describe(a.account.recId, table.recId), {
        columns,
        rowCount: 4,
      });
      assert.deepEqual(await store.jobs.dataTables.rows(a.account.recId, table.recId, 0, 10), rows);
      assert.deepEqual(
        await store.jobs.dataTables.rows(a.account.recId, table.recId, 1, 2),
        rows.slice(1, 3),
      );

      assert.equal(await store.jobs.dataTables.describe(b.account.recId, table.recId), undefined);
      assert.deepEqual(await store.jobs.dataTables.rows(b.account.recId, table.recId, 0, 10), []);
      await assert.rejects(
        store.jobs.dataTables.define(b.account.recId, table.recId, columns, [["x", 1]], now()),
        /not a data table of the account/,
      );
      const notATable = await object(a, "Dashboard", "Board");
      assert.equal(await store.jobs.dataTables.describe(a.account.recId, notATable.recId), undefined);

      // A replacement: the rows are exactly the new ones, in order.
      const replaced: DataValue[][] = [
        ["NA", 1],
        ["SA", 2],
      ];
      await store.jobs.dataTables.define(a.account.recId, table.recId, columns, replaced, now());
      assert.deepEqual(await store.jobs.dataTables.rows(a.account.recId, table.recId, 0, 10), replaced);
    });

    test("data tables: aggregates skip nulls, give null over no values, and never read another account's rows", async () => {
      const table = await object(a, "DataTable", "Measures");
      const columns = [
        { name: "Label", type: "Text" as const },
        { name: "Value", type: "Number" as const },
      ];
      const rows: DataValue[][] = [
        ["a", 3],
        ["b", null],
        ["c", 7.25],
        ["d", -1],
        [null, 4],
      ];
      await store.jobs.dataTables.define(a.account.recId, table.recId, columns, rows, now());
      const of = (column: number, aggregate: "Count" | "Sum" | "Avg" | "Min" | "Max", account = a) =>
        store.jobs.dataTables.aggregate(account.account.recId, table.recId, column, aggregate);
      assert.equal(await of(1, "Count"), 4);
      assert.equal(await of(0, "Count"), 4);
      assert.equal(await of(1, "Sum"), 13.25);
      assert.equal(await of(1, "Avg"), 13.25 / 4);
      assert.equal(await of(1, "Min"), -1);
      assert.equal(await of(1, "Max"), 7.25);
      assert.equal(await of(5, "Count"), 0, "a column beyond the cells");
      assert.equal(await of(5, "Sum"), null);
      assert.equal(await of(5, "Max"), null);
      assert.equal(await of(1, "Count", b), 0);
      assert.equal(await of(1, "Sum", b), null);
      await assert.rejects(of(-1, "Sum"), /column must be an index/);

      const empty = await object(a, "DataTable", "Empty");
      await store.jobs.dataTables.define(a.account.recId, empty.recId, columns, [], now());
      assert.equal(await store.jobs.dataTables.aggregate(a.account.recId, empty.recId, 1, "Avg"), null);
      assert.equal(await store.jobs.dataTables.aggregate(a.account.recId, empty.recId, 1, "Count"), 0);
    });

    test("data tables: sums and averages are SQLite's to the last bit (compensated, exact integers, booleans as 0 and 1, text as SQLite reads it)", async () => {
      let seed = 7;
      const random = () => {
        seed = (seed * 48271) % 2147483647;
        return seed / 2147483647;
      };
      const cases: DataValue[][] = [
        [0.1, 0.2],
        Array.from({ length: 10 }, () => 0.1),
        [2 ** 53, 1, 1, 0.5],
        [2 ** 60 + 2 ** 10, 3, -7, 0.25],
        [9e18, 9e18, 5, 0.5],
        [1e308, 1e308, -1e308],
        [true, false, true, 2],
        ["12", " 3.5 ", "abc", "7x", 1],
        [1, 2, 3],
        Array.from({ length: 300 }, () => (random() - 0.5) * 10 ** Math.floor(random() * 12)),
        Array.from({ length: 300 }, (_, index) =>
          index % 3 === 0 ? Math.floor(random() * 1e6) : random() / 3,
        ),
      ];
      for (const cells of cases) {
        const table = await object(a, "DataTable", `Sums ${cells.length}`);
        await store.jobs.dataTables.define(
          a.account.recId,
          table.recId,
          [{ name: "V", type: "Number" }],
          cells.map((cell) => [cell]),
          now(),
        );
        const expected = sqliteSums(cells);
        const label = JSON.stringify(cells.slice(0, 4));
        assert.equal(
          await store.jobs.dataTables.aggregate(a.account.recId, table.recId, 0, "Sum"),
          expected.total,
          label,
        );
        assert.equal(
          await store.jobs.dataTables.aggregate(a.account.recId, table.recId, 0, "Avg"),
          expected.average,
          label,
        );
      }
    });

    test("exports: created with their task, listed newest first with search, completed with a file or cancelled", async () => {
      const report = await object(a, "Dashboard", "Sales 100%_report");
      const other = await object(a, "Dashboard", "Costs");
      const first = await store.jobs.exports.create(
        a.account.recId,
        {
          userId: a.user.recId,
          objectId: report.recId,
          objectName: report.name,
          objectType: "Dashboard",
          format: "csv",
        },
        now(),
      );
      assert.deepEqual(
        [
          first.accountId,
          first.userId,
          first.objectId,
          first.format,
          first.taskStatus,
          first.fileUid,
          first.finishedAt,
        ],
        [a.account.recId, a.user.recId, report.recId, "csv", "Queued", null, null],
      );
      const task = await store.objects.get(a.account.recId, first.taskId);
      assert.deepEqual([task?.type, task?.name], ["Task", "Export of Sales 100%_report"]);
      const second = await store.jobs.exports.create(
        a.account.recId,
        {
          userId: a.user.recId,
          objectId: other.recId,
          objectName: other.name,
          objectType: "Dashboard",
          format: "json",
        },
        now(),
      );
      assert.deepEqual(await store.jobs.exports.get(a.account.recId, first.recId), first);

      const listed = await store.jobs.exports.listForUser(a.account.recId, a.user.recId, {
        offset: 0,
        limit: 10,
      });
      assert.deepEqual(
        listed.items.map((job) => job.recId),
        [second.recId, first.recId],
      );
      assert.equal(listed.total, 2);
      const page = await store.jobs.exports.listForUser(a.account.recId, a.user.recId, {
        offset: 1,
        limit: 1,
      });
      assert.deepEqual([page.items.map((job) => job.recId), page.total], [[first.recId], 2]);
      // The search ignores ASCII case and takes % and _ literally.
      for (const search of ["SALES", "100%_", " report "]) {
        const found = await store.jobs.exports.listForUser(a.account.recId, a.user.recId, {
          offset: 0,
          limit: 10,
          search,
        });
        assert.deepEqual([found.items.map((job) => job.recId), found.total], [[first.recId], 1], search);
      }
      const none = await store.jobs.exports.listForUser(a.account.recId, a.user.recId, {
        offset: 0,
        limit: 10,
        search: "0%s",
      });
      assert.deepEqual([none.items, none.total], [[], 0]);

      const file = await store.jobs.exports.complete(
        a.account.recId,
        first.recId,
        {
          ownerUserId: a.user.recId,
          itemType: "Export",
          name: "sales.csv",
          contentType: "text/csv",
          data: Buffer.from("a,b\n1,2\n"),
          expiresAt: T0 + DAY_MS,
        },
        now(),
      );
      assert.ok(file !== "cancelled");
      const done = await store.jobs.exports.get(a.account.recId, first.recId);
      assert.deepEqual([done?.fileUid, done?.fileExpiresAt, done?.error], [file.uid, T0 + DAY_MS, null]);
      assert.ok(done?.finishedAt);
      assert.deepEqual(await store.files.content(a.account.recId, file.uid), Buffer.from("a,b\n1,2\n"));

      await place.exec(`UPDATE tasks SET status = 'Cancelled' WHERE object_id = ${second.taskId}`);
      const cancelled = await store.jobs.exports.complete(
        a.account.recId,
        second.recId,
        {
          ownerUserId: a.user.recId,
          itemType: "Export",
          name: "x.json",
          contentType: "application/json",
          data: Buffer.from("[]"),
        },
        now(),
      );
      assert.equal(cancelled, "cancelled");
      const cancelledJob = await store.jobs.exports.get(a.account.recId, second.recId);
      assert.deepEqual(
        [cancelledJob?.fileUid, cancelledJob?.error, cancelledJob?.taskStatus],
        [null, "The export was cancelled.", "Cancelled"],
      );
    });

    test("exports: failure, recovery across accounts, and nothing of another account's", async () => {
      const sheet = await object(b, "Dashboard", "Beta board");
      const job = await store.jobs.exports.create(
        b.account.recId,
        {
          userId: b.user.recId,
          objectId: sheet.recId,
          objectName: sheet.name,
          objectType: "Dashboard",
          format: "csv",
        },
        now(),
      );
      const unfinished = (await store.jobs.exports.unfinishedForRecovery()).map((entry) => entry.recId);
      assert.ok(unfinished.includes(job.recId));
      assert.deepEqual(
        [...unfinished].sort((x, y) => x - y),
        unfinished,
        "in id order",
      );

      // Account A's id never reaches B's export.
      assert.equal(await store.jobs.exports.get(a.account.recId, job.recId), undefined);
      await store.jobs.exports.fail(a.account.recId, job.recId, "not yours", now());
      assert.equal((await store.jobs.exports.get(b.account.recId, job.recId))?.error, null);
      await assert.rejects(
        store.jobs.exports.complete(
          a.account.recId,
          job.recId,
          {
            ownerUserId: null,
            itemType: "Export",
            name: "x",
            contentType: "text/plain",
            data: Buffer.from("x"),
          },
          now(),
        ),
        /no such export/,
      );
      assert.deepEqual(
        (await store.jobs.exports.listForUser(a.account.recId, b.user.recId, { offset: 0, limit: 10 })).total,
        0,
      );
      // An export of another account's object is refused, and leaves no task behind.
      const tasksBefore = (await store.objects.list(a.account.recId, "Task")).length;
      await assert.rejects(
        store.jobs.exports.create(
          a.account.recId,
          {
            userId: a.user.recId,
            objectId: sheet.recId,
            objectName: "x",
            objectType: "Dashboard",
            format: "csv",
          },
          now(),
        ),
        /outside the account/,
      );
      assert.equal((await store.objects.list(a.account.recId, "Task")).length, tasksBefore);

      await store.jobs.exports.fail(b.account.recId, job.recId, "The source was deleted.", now());
      const failed = await store.jobs.exports.get(b.account.recId, job.recId);
      assert.equal(failed?.error, "The source was deleted.");
      assert.ok(failed?.finishedAt);
      // A failed export with its task still queued is resumed after a restart; once its task ended, not.
      assert.ok(
        (await store.jobs.exports.unfinishedForRecovery()).some((entry) => entry.recId === job.recId),
      );
      await place.exec(`UPDATE tasks SET status = 'Failed' WHERE object_id = ${job.taskId}`);
      assert.ok(
        !(await store.jobs.exports.unfinishedForRecovery()).some((entry) => entry.recId === job.recId),
      );
      // A second failure changes nothing.
      await store.jobs.exports.fail(b.account.recId, job.recId, "again", now());
      assert.equal(
        (await store.jobs.exports.get(b.account.recId, job.recId))?.error,
        "The source was deleted.",
      );
    });

    test("imports: users applied whole or refused without change, once; finished drops the content", async () => {
      const job = await store.jobs.imports.create(
        a.account.recId,
        {
          userId: a.user.recId,
          kind: "User",
          dataTableId: null,
          fileName: "users.csv",
          content: "csv",
          taskName: "Import of users.csv",
        },
        now(),
      );
      assert.deepEqual(
        [job.accountId, job.kind, job.content, job.appliedAt, job.finishedAt],
        [a.account.recId, "User", "csv", null, null],
      );
      assert.equal((await store.objects.get(a.account.recId, job.taskId))?.name, "Import of users.csv");
      assert.deepEqual(await store.jobs.imports.get(a.account.recId, job.taskId), job);
      assert.equal(await store.jobs.imports.get(b.account.recId, job.taskId), undefined);

      const refused = await store.jobs.imports.applyUsers(
        a.account.recId,
        job.taskId,
        [
          { email: "new.one@alpha.example", fullName: "New One", passwordHash: null },
          { email: "OWNER@alpha.example", fullName: "Taken", passwordHash: null },
        ],
        now(),
      );
      assert.deepEqual(refused, { emailTaken: "OWNER@alpha.example" });
      assert.deepEqual(
        await store.users.resolveLoginCandidates("new.one@alpha.example"),
        [],
        "nothing applied",
      );
      assert.equal((await store.jobs.imports.get(a.account.recId, job.taskId))?.appliedAt, null);

      const applied = await store.jobs.imports.applyUsers(
        a.account.recId,
        job.taskId,
        [{ email: "new.one@alpha.example", fullName: "New One", passwordHash: null }],
        now(),
      );
      assert.ok(Array.isArray(applied));
      assert.deepEqual(
        applied.map((user) => [user.accountId, user.email]),
        [[a.account.recId, "new.one@alpha.example"]],
      );
      assert.ok((await store.jobs.imports.get(a.account.recId, job.taskId))?.appliedAt);
      await assert.rejects(
        store.jobs.imports.applyUsers(a.account.recId, job.taskId, [], now()),
        /already applied/,
      );
      // Account B cannot apply A's import.
      await assert.rejects(
        store.jobs.imports.applyUsers(b.account.recId, job.taskId, [], now()),
        /not found/,
      );

      assert.ok(
        (await store.jobs.imports.unfinishedForRecovery()).some((entry) => entry.taskId === job.taskId),
      );
      await store.jobs.imports.finish(b.account.recId, job.taskId, now());
      assert.equal(
        (await store.jobs.imports.get(a.account.recId, job.taskId))?.finishedAt,
        null,
        "B finished nothing",
      );
      await store.jobs.imports.finish(a.account.recId, job.taskId, now());
      const finished = await store.jobs.imports.get(a.account.recId, job.taskId);
      assert.equal(finished?.content, null);
      assert.ok(finished?.finishedAt);
      assert.ok(
        !(await store.jobs.imports.unfinishedForRecovery()).some((entry) => entry.taskId === job.taskId),
      );
    });

    test("imports: teams with members of the account only, told in the same step; a taken name (any case) refuses all", async () => {
      const member = await store.users.create(
        a.account.recId,
        { email: "m@alpha.example", fullName: "Member", passwordHash: null },
        now(),
      );
      const job = await store.jobs.imports.create(
        a.account.recId,
        {
          userId: a.user.recId,
          kind: "Team",
          dataTableId: null,
          fileName: "teams.csv",
          content: "csv",
          taskName: "Teams",
        },
        now(),
      );
      const notice = {
        code: "AddedToTeam" as const,
        fields: { AuthorFullName: "Owner Person" },
        exceptUserId: a.user.recId,
      };
      const told = await store.jobs.imports.applyTeams(
        a.account.recId,
        job.taskId,
        [{ name: "Sales", memberUserIds: [a.user.recId, member.recId, member.recId, b.user.recId] }],
        notice,
        now(),
      );
      assert.ok(Array.isArray(told));
      assert.deepEqual(
        told.map((entry) => [entry.accountId, entry.userId, entry.code, entry.fields.TeamName, entry.isNew]),
        [[a.account.recId, member.recId, "AddedToTeam", "Sales", true]],
      );
      const teams = await store.teams.list(a.account.recId);
      const sales = teams.find((team) => team.name === "Sales");
      assert.ok(sales);
      assert.deepEqual(
        [...sales.memberUserIds].sort((x, y) => x - y),
        [a.user.recId, member.recId].sort((x, y) => x - y),
        "B's user was not added",
      );

      const again = await store.jobs.imports.create(
        a.account.recId,
        {
          userId: a.user.recId,
          kind: "Team",
          dataTableId: null,
          fileName: "teams.csv",
          content: "csv",
          taskName: "Teams",
        },
        now(),
      );
      const refused = await store.jobs.imports.applyTeams(
        a.account.recId,
        again.taskId,
        [
          { name: "Support", memberUserIds: [member.recId] },
          { name: "SALES", memberUserIds: [] },
        ],
        notice,
        now(),
      );
      assert.deepEqual(refused, { teamNameTaken: "SALES" });
      assert.deepEqual(
        (await store.teams.list(a.account.recId)).map((team) => team.name).sort(),
        teams.map((team) => team.name).sort(),
        "Support was not kept",
      );
      // The same name in account B is another team.
      const inB = await store.jobs.imports.create(
        b.account.recId,
        {
          userId: b.user.recId,
          kind: "Team",
          dataTableId: null,
          fileName: "t.csv",
          content: "csv",
          taskName: "Teams",
        },
        now(),
      );
      const toldB = await store.jobs.imports.applyTeams(
        b.account.recId,
        inB.taskId,
        [{ name: "sales", memberUserIds: [] }],
        notice,
        now(),
      );
      assert.deepEqual(toldB, []);
    });

    test("imports: data rows appended with columns defined once, refused when the columns changed, the table is gone or the task was cancelled", async () => {
      const table = await object(a, "DataTable", "Imported");
      const columns = [{ name: "N", type: "Number" as const }];
      const create = (dataTableId: number | null, account = a) =>
        store.jobs.imports.create(
          account.account.recId,
          {
            userId: account.user.recId,
            kind: "BackgroundData",
            dataTableId,
            fileName: "d.csv",
            content: "N\n1",
            taskName: "Data",
          },
          now(),
        );
      const first = await create(table.recId);
      assert.equal(
        await store.jobs.imports.applyData(
          a.account.recId,
          first.taskId,
          { dataTableId: table.recId, columns, defineColumns: true, rows: [[1], [2]] },
          now(),
        ),
        2,
      );
      const second = await create(table.recId);
      assert.equal(
        await store.jobs.imports.applyData(
          a.account.recId,
          second.taskId,
          {
            dataTableId: table.recId,
            columns: [{ name: "M", type: "Number" }],
            defineColumns: false,
            rows: [[3]],
          },
          now(),
        ),
        "columnsChanged",
      );
      assert.equal(
        await store.jobs.imports.applyData(
          a.account.recId,
          second.taskId,
          { dataTableId: table.recId, columns, defineColumns: true, rows: [[3]] },
          now(),
        ),
        "columnsChanged",
        "defining columns of a table that has some",
      );
      assert.equal(
        await store.jobs.imports.applyData(
          a.account.recId,
          second.taskId,
          { dataTableId: table.recId, columns, defineColumns: false, rows: [[3]] },
          now(),
        ),
        1,
      );
      assert.deepEqual(await store.jobs.dataTables.rows(a.account.recId, table.recId, 0, 10), [
        [1],
        [2],
        [3],
      ]);
      const modified = (await store.objects.get(a.account.recId, table.recId))?.modifiedAt;
      assert.ok(modified && modified > table.modifiedAt);

      const cancelled = await create(table.recId);
      await place.exec(`UPDATE tasks SET status = 'Cancelled' WHERE object_id = ${cancelled.taskId}`);
      assert.equal(
        await store.jobs.imports.applyData(
          a.account.recId,
          cancelled.taskId,
          { dataTableId: table.recId, columns, defineColumns: false, rows: [[9]] },
          now(),
        ),
        "cancelled",
      );
      // B's import naming A's table finds no table of its own account.
      const fromB = await create(table.recId, b);
      assert.equal(
        await store.jobs.imports.applyData(
          b.account.recId,
          fromB.taskId,
          { dataTableId: table.recId, columns, defineColumns: false, rows: [[9]] },
          now(),
        ),
        "tableGone",
      );
      await store.objects.markDeleted(a.account.recId, table.recId, now());
      const late = await create(table.recId);
      assert.equal(
        await store.jobs.imports.applyData(
          a.account.recId,
          late.taskId,
          { dataTableId: table.recId, columns, defineColumns: false, rows: [[9]] },
          now(),
        ),
        "tableGone",
      );
      assert.equal((await store.jobs.dataTables.describe(a.account.recId, table.recId))?.rowCount, 3);
    });

    test("schedules: saved with kept failure counters, enabled per task, claimed once, run, and disabled by the system", async () => {
      const schedule = await object(a, "Schedule", "Nightly");
      const board = await object(a, "Dashboard", "Board for schedule");
      const settings = (enabled: boolean): ScheduleSettingsInput => ({
        recurrence: { Frequency: "Daily", Time: "06:00" },
        enabled,
        tasks: [
          { name: "Board CSV", objectId: board.recId, format: "csv", enabled: true },
          { name: "Board JSON", objectId: board.recId, format: "json", enabled: true },
        ],
        recipientUserIds: [a.user.recId],
      });
      const due = T0 + 1000;
      const saved = await store.jobs.schedules.save(
        a.account.recId,
        schedule.recId,
        settings(true),
        due,
        now(),
      );
      assert.deepEqual(
        [
          saved?.name,
          saved?.enabled,
          saved?.disabledBySystem,
          saved?.nextRunAt,
          saved?.recipientUserIds,
          saved?.tasks.length,
        ],
        ["Nightly", true, false, due, [a.user.recId], 2],
      );
      assert.deepEqual(await store.jobs.schedules.get(a.account.recId, schedule.recId), saved);
      assert.equal(await store.jobs.schedules.get(b.account.recId, schedule.recId), undefined);
      assert.equal(
        await store.jobs.schedules.save(b.account.recId, schedule.recId, settings(true), due, now()),
        undefined,
      );
      assert.equal(
        await store.jobs.schedules.save(a.account.recId, board.recId, settings(true), due, now()),
        undefined,
        "not a Schedule",
      );

      const dueNow = await store.jobs.schedules.dueForScheduler(due, 10);
      assert.deepEqual(
        dueNow.map((job) => job.objectId),
        [schedule.recId],
      );
      assert.deepEqual(await store.jobs.schedules.dueForScheduler(due - 1, 10), []);

      // The scheduler's skip moves the run once; a second skip of the same run changes nothing.
      assert.equal(
        await store.jobs.schedules.skipForScheduler(
          a.account.recId,
          schedule.recId,
          { expected: due, nextRunAt: due + DAY_MS, message: "Skipped" },
          now(),
        ),
        true,
      );
      assert.equal(
        await store.jobs.schedules.skipForScheduler(
          a.account.recId,
          schedule.recId,
          { expected: due, nextRunAt: due + 2 * DAY_MS, message: "Skipped" },
          now(),
        ),
        false,
      );
      assert.equal(
        await store.jobs.schedules.skipForScheduler(
          b.account.recId,
          schedule.recId,
          { expected: due + DAY_MS, nextRunAt: null, message: "x" },
          now(),
        ),
        false,
      );
      assert.equal(
        (await store.jobs.schedules.get(a.account.recId, schedule.recId))?.nextRunAt,
        due + DAY_MS,
      );

      assert.equal(
        await store.jobs.schedules.beginRun(
          a.account.recId,
          schedule.recId,
          { taskName: "Run", nextRunAt: null, expectedNextRunAt: due },
          now(),
        ),
        "notDue",
      );
      assert.equal(
        await store.jobs.schedules.beginRun(
          b.account.recId,
          schedule.recId,
          { taskName: "Run", nextRunAt: null },
          now(),
        ),
        "notFound",
      );
      const begun = await store.jobs.schedules.beginRun(
        a.account.recId,
        schedule.recId,
        { taskName: "Nightly run", nextRunAt: due + 2 * DAY_MS, expectedNextRunAt: due + DAY_MS },
        now(),
      );
      assert.ok(typeof begun === "object");
      assert.deepEqual([begun.job.runningTaskId, begun.job.nextRunAt], [begun.taskId, due + 2 * DAY_MS]);
      assert.ok(begun.job.lastRunAt);
      assert.equal((await store.objects.get(a.account.recId, begun.taskId))?.type, "Task");
      assert.equal(
        await store.jobs.schedules.beginRun(
          a.account.recId,
          schedule.recId,
          { taskName: "Again", nextRunAt: null },
          now(),
        ),
        "running",
      );
      assert.deepEqual(
        (await store.jobs.schedules.runningForRecovery()).map((job) => job.objectId),
        [schedule.recId],
      );

      const failedRun = {
        status: "Failed" as const,
        message: "One task failed",
        startedAt: T0,
        counts: true,
        outcomes: [
          { name: "Board CSV", succeeded: false },
          { name: "Board JSON", succeeded: true },
        ],
      };
      assert.deepEqual(
        await store.jobs.schedules.endRun(a.account.recId, schedule.recId, begun.taskId, failedRun, 2, now()),
        {
          disabledTasks: [],
          scheduleDisabled: false,
        },
      );
      const afterOne = await store.jobs.schedules.get(a.account.recId, schedule.recId);
      assert.deepEqual(
        [afterOne?.runningTaskId, afterOne?.tasks.map((task) => task.consecutiveFailures)],
        [null, [1, 0]],
      );
      assert.deepEqual(await store.jobs.schedules.runningForRecovery(), []);

      // Saving again keeps the counter of a task that keeps its name and object.
      const resaved = await store.jobs.schedules.save(
        a.account.recId,
        schedule.recId,
        settings(true),
        due,
        now(),
      );
      assert.deepEqual(
        resaved?.tasks.map((task) => task.consecutiveFailures),
        [1, 0],
      );

      // One task per name, its case ignored; the schedule itself.
      assert.equal(
        await store.jobs.schedules.setEnabled(
          a.account.recId,
          schedule.recId,
          { enabled: false, taskName: "nope", nextRunAt: null },
          now(),
        ),
        "taskNotFound",
      );
      assert.equal(
        await store.jobs.schedules.setEnabled(
          b.account.recId,
          schedule.recId,
          { enabled: false, taskName: null, nextRunAt: null },
          now(),
        ),
        "notFound",
      );
      const oneOff = await store.jobs.schedules.setEnabled(
        a.account.recId,
        schedule.recId,
        { enabled: false, taskName: "board json", nextRunAt: null },
        now(),
      );
      assert.ok(typeof oneOff === "object");
      assert.deepEqual([oneOff.changed, oneOff.job.tasks.map((task) => task.enabled)], [true, [true, false]]);

      // The last enabled task failing the limit disables it and the schedule.
      const run2 = await store.jobs.schedules.beginRun(
        a.account.recId,
        schedule.recId,
        { taskName: "Run 2", nextRunAt: due + 3 * DAY_MS },
        now(),
      );
      assert.ok(typeof run2 === "object");
      assert.deepEqual(
        await store.jobs.schedules.endRun(
          a.account.recId,
          schedule.recId,
          run2.taskId,
          { ...failedRun, outcomes: [{ name: "Board CSV", succeeded: false }] },
          2,
          now(),
        ),
        { disabledTasks: ["Board CSV"], scheduleDisabled: true },
      );
      const disabled = await store.jobs.schedules.get(a.account.recId, schedule.recId);
      assert.deepEqual(
        [
          disabled?.enabled,
          disabled?.disabledBySystem,
          disabled?.nextRunAt,
          disabled?.tasks[0]?.disabledBySystem,
        ],
        [false, true, null, true],
      );
      assert.deepEqual(await store.jobs.schedules.dueForScheduler(T0 + 100 * DAY_MS, 10), []);

      const enabled = await store.jobs.schedules.setEnabled(
        a.account.recId,
        schedule.recId,
        { enabled: true, taskName: null, nextRunAt: due + 5 * DAY_MS },
        now(),
      );
      assert.ok(typeof enabled === "object");
      assert.deepEqual(
        [enabled.changed, enabled.job.enabled, enabled.job.disabledBySystem, enabled.job.nextRunAt],
        [true, true, false, due + 5 * DAY_MS],
      );
      const unchanged = await store.jobs.schedules.setEnabled(
        a.account.recId,
        schedule.recId,
        { enabled: true, taskName: null, nextRunAt: due + 5 * DAY_MS },
        now(),
      );
      assert.equal(typeof unchanged === "object" && unchanged.changed, false);
      await store.objects.markDeleted(a.account.recId, schedule.recId, now());
      assert.deepEqual(
        await store.jobs.schedules.dueForScheduler(T0 + 100 * DAY_MS, 10),
        [],
        "a deleted schedule is not due",
      );
      assert.equal(
        await store.jobs.schedules.setEnabled(
          a.account.recId,
          schedule.recId,
          { enabled: false, taskName: null, nextRunAt: null },
          now(),
        ),
        "notFound",
      );
    });

    test("schedules: two instances claim one due run once", async () => {
      const schedule = await object(b, "Schedule", "Race");
      const due = T0 + 500;
      await store.jobs.schedules.save(
        b.account.recId,
        schedule.recId,
        { recurrence: { Frequency: "Hourly", Minute: 5 }, enabled: true, tasks: [], recipientUserIds: [] },
        due,
        now(),
      );
      const second = await place.open();
      const outcomes = await Promise.all(
        [store, second].map((instance) =>
          instance.jobs.schedules.beginRun(
            b.account.recId,
            schedule.recId,
            { taskName: "Race run", nextRunAt: due + DAY_MS, expectedNextRunAt: due },
            now(),
          ),
        ),
      );
      const started = outcomes.filter((outcome) => typeof outcome === "object");
      assert.equal(started.length, 1, JSON.stringify(outcomes));
      assert.ok(outcomes.some((outcome) => outcome === "notDue" || outcome === "running"));
    });

    test("alerts: saved, due, claimed once, evaluations recorded; nothing of another account's", async () => {
      const alert = await object(a, "Alert", "Low sales");
      const table = await object(a, "DataTable", "Alert source");
      const due = T0 + 2000;
      const input = {
        dataTableId: table.recId,
        column: "Amount",
        aggregate: "Sum" as const,
        operator: "Below" as const,
        threshold: 12.5,
        message: "Sales are low",
        dashboardIds: [3, 4],
        recipientUserIds: [a.user.recId],
        recurrence: { Frequency: "Minutes" as const, IntervalMinutes: 15 },
        enabled: true,
      };
      const saved = await store.jobs.alerts.save(a.account.recId, alert.recId, input, due, now());
      assert.deepEqual(
        [
          saved?.name,
          saved?.threshold,
          saved?.dashboardIds,
          saved?.enabled,
          saved?.nextRunAt,
          saved?.lastValue,
          saved?.deleted,
        ],
        ["Low sales", 12.5, [3, 4], true, due, null, false],
      );
      assert.deepEqual(await store.jobs.alerts.get(a.account.recId, alert.recId), saved);
      assert.equal(await store.jobs.alerts.get(b.account.recId, alert.recId), undefined);
      assert.equal(await store.jobs.alerts.save(b.account.recId, alert.recId, input, due, now()), undefined);
      assert.equal(
        await store.jobs.alerts.save(a.account.recId, table.recId, input, due, now()),
        undefined,
        "not an Alert",
      );

      assert.deepEqual(
        (await store.jobs.alerts.dueForScheduler(due, 10)).map((job) => job.objectId),
        [alert.recId],
      );
      assert.equal(
        await store.jobs.alerts.claimForScheduler(b.account.recId, alert.recId, due, due + 60_000),
        false,
      );
      const second = await place.open();
      const claims = await Promise.all(
        [store, second].map((instance) =>
          instance.jobs.alerts.claimForScheduler(a.account.recId, alert.recId, due, due + 60_000),
        ),
      );
      assert.deepEqual(claims.sort(), [false, true]);
      assert.deepEqual(await store.jobs.alerts.dueForScheduler(due, 10), []);

      assert.equal(
        await store.jobs.alerts.recordEvaluation(
          b.account.recId,
          alert.recId,
          { status: "Triggered", value: 1, message: "x", startedAt: T0 },
          now(),
        ),
        undefined,
      );
      const historyId = await store.jobs.alerts.recordEvaluation(
        a.account.recId,
        alert.recId,
        { status: "Triggered", value: 7.5, message: "Sum is 7.5", startedAt: T0 },
        now(),
      );
      assert.equal(typeof historyId, "number");
      const evaluated = await store.jobs.alerts.get(a.account.recId, alert.recId);
      assert.equal(evaluated?.lastValue, 7.5);
      assert.ok(evaluated?.lastEvaluatedAt);

      const disabled = await store.jobs.alerts.save(
        a.account.recId,
        alert.recId,
        { ...input, enabled: false },
        due,
        now(),
      );
      assert.equal(disabled?.enabled, false);
      assert.deepEqual(await store.jobs.alerts.dueForScheduler(due + DAY_MS, 10), []);
      assert.equal(
        await store.jobs.alerts.claimForScheduler(a.account.recId, alert.recId, due, due + 1),
        false,
        "disabled",
      );
    });

    test("billing: invoices numbered per year across accounts, payments failed once, plans checked", async () => {
      await place.exec(
        `INSERT INTO subscription_templates (name, subscription_type, monthly_price_cents, yearly_price_cents, max_users,
           max_storage_gb, created_at, modified_at)
         VALUES ('Pro plan', 'Professional', 4900, 49000, 10, 5, 1, 1)`,
      );
      await place.exec(
        `INSERT INTO subscription_templates (name, subscription_type, is_active, monthly_price_cents, yearly_price_cents,
           max_users, max_storage_gb, created_at, modified_at)
         VALUES ('Old plan', 'Legacy', FALSE, 100, 1000, 1, 1, 1, 1)`,
      );
      await place.exec(
        "INSERT INTO invoices (account_id, number, issued_at, due_at, status, currency, total_cents, lines) " +
          `VALUES (${b.account.recId}, 'inv-2024-0041', 1, 2, 'Paid', 'EUR', 1, '[]')`,
      );
      const first = await store.jobs.billing.issueInvoiceForAdmin(a.account.recId, T0, 14 * DAY_MS);
      assert.ok(typeof first === "object");
      assert.deepEqual(
        [
          first.accountId,
          first.number,
          first.status,
          first.currency,
          first.totalCents,
          first.issuedAt,
          first.dueAt,
        ],
        [a.account.recId, "INV-2024-0042", "Due", "EUR", 4900, T0, T0 + 14 * DAY_MS],
      );
      assert.deepEqual(first.lines, [
        { Description: "Pro plan subscription, 2024-05", Quantity: 1, UnitPriceCents: 4900 },
      ]);
      const next = await store.jobs.billing.issueInvoiceForAdmin(b.account.recId, T0, DAY_MS);
      assert.equal(typeof next === "object" && next.number, "INV-2024-0043");
      const nextYear = await store.jobs.billing.issueInvoiceForAdmin(
        a.account.recId,
        Date.UTC(2025, 0, 2),
        DAY_MS,
      );
      assert.equal(typeof nextYear === "object" && nextYear.number, "INV-2025-0001");
      assert.equal(await store.jobs.billing.issueInvoiceForAdmin(999_999, T0, DAY_MS), "accountNotFound");

      assert.equal(await store.jobs.billing.failPaymentForAdmin("INV-1999-0001"), "notFound");
      const failed = await store.jobs.billing.failPaymentForAdmin("inv-2024-0042");
      assert.deepEqual(typeof failed === "object" && [failed.number, failed.status], [
        "INV-2024-0042",
        "Failed",
      ]);
      assert.equal(await store.jobs.billing.failPaymentForAdmin("INV-2024-0042"), "notDue");

      assert.equal(await store.jobs.billing.subscriptionTypeExists("Professional"), true);
      assert.equal(await store.jobs.billing.subscriptionTypeExists("Legacy"), false, "inactive");
      assert.equal(await store.jobs.billing.subscriptionTypeExists("professional"), false, "exact type");
    });

    test("billing: an account without a priced plan is refused", async () => {
      const free = await store.accounts.create(
        { ...tenantInput("free.example", "owner@free.example"), subscriptionType: "Free" },
        now(),
      );
      assert.equal(await store.jobs.billing.issueInvoiceForAdmin(free.account.recId, T0, DAY_MS), "noPlan");
      await place.exec(
        `INSERT INTO subscription_templates (name, subscription_type, monthly_price_cents, yearly_price_cents, max_users,
           max_storage_gb, created_at, modified_at) VALUES ('Free plan', 'Free', 0, 0, 1, 1, 1, 1)`,
      );
      assert.equal(await store.jobs.billing.issueInvoiceForAdmin(free.account.recId, T0, DAY_MS), "noPlan");
    });

    test("connectors: deprecated once, naming the live connections that use it in every account", async () => {
      await place.exec(
        `INSERT INTO connectors (code, name, category, authentication_type, status, version, modified_at)
         VALUES ('salesforce', 'Salesforce', 'Crm', 'OAuth2', 'Available', '1.0', 1)`,
      );
      const inB = await object(b, "DataConnection", "B CRM", { ConnectorCode: "salesforce" });
      const inA = await object(a, "DataConnection", "A CRM", { ConnectorCode: "salesforce" });
      const gone = await object(a, "DataConnection", "Old CRM", { ConnectorCode: "salesforce" });
      await store.objects.markDeleted(a.account.recId, gone.recId, now());
      await object(a, "DataConnection", "Other", { ConnectorCode: "SALESFORCE" });
      await object(a, "Dashboard", "Not a connection", { ConnectorCode: "salesforce" });
      assert.equal(await store.jobs.billing.deprecateConnectorForAdmin("nope", now()), "notFound");
      const uses = await store.jobs.billing.deprecateConnectorForAdmin("salesforce", now());
      assert.deepEqual(uses, [
        { accountId: a.account.recId, recId: inA.recId, name: "A CRM", ownerUserId: a.user.recId },
        { accountId: b.account.recId, recId: inB.recId, name: "B CRM", ownerUserId: b.user.recId },
      ]);
      assert.equal(
        await store.jobs.billing.deprecateConnectorForAdmin("salesforce", now()),
        "alreadyDeprecated",
      );
    });
  });
}
