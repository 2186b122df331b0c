/**
 * The query engine's store family (server/upstream/store/types/analytics.ts), one set of cases run on
 * each backend (test/helpers/upstream-store-backends.ts): a data table's state as migration 13's
 * triggers keep it (the version grows with every write of the columns, the generation with every row
 * removed), stored rows after an id, data source objects, share codes under the public link lookup's
 * conditions — and the query service itself (server/upstream/analytics/) over the family, unchanged:
 * an import appended, a replacement reloaded, a view composed. Another account's id reads nothing.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { DataQuery } from "../../../../schemas/payloads/data-query.ts";
import { openAnalytics } from "../../../../server/upstream/analytics/service.ts";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import type { UserWithAccount } from "../../../../server/upstream/store/records.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";
import { tenantInput } from "../../../helpers/upstream-store-tenants.ts";

const T0 = 1_700_000_000_000;
const COLUMNS = [
  { name: "Region", type: "Text" as const },
  { name: "Amount", type: "Number" as const },
];

/** The owner reads and writes the data tables the query engine serves. */
const OWNER_CAN_READ_TABLES = { ownerRole: { name: "Owner", permissions: "TableAndViews_rw" } };

for (const backend of await upstreamStoreBackends()) {
  describe(`analytics family on ${backend.name}`, { skip: backend.skip }, () => {
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
    /** Appends rows as an import does (a task, then the rows marked with it). */
    const importRows = async (tableId: number, rows: (string | number | null)[][]) => {
      const job = await store.jobs.imports.create(
        a.account.recId,
        {
          userId: a.user.recId,
          kind: "BackgroundData",
          dataTableId: tableId,
          fileName: "d.csv",
          content: "",
          taskName: "Import",
        },
        now(),
      );
      const applied = await store.jobs.imports.applyData(
        a.account.recId,
        job.taskId,
        { dataTableId: tableId, columns: COLUMNS, defineColumns: false, rows },
        now(),
      );
      assert.equal(applied, rows.length);
    };

    before(async () => {
      place = await backend.place(() => T0);
      store = await place.open();
      a = await store.accounts.create(
        tenantInput("alpha.example", "owner@alpha.example", OWNER_CAN_READ_TABLES),
        now(),
      );
      b = await store.accounts.create(
        tenantInput("beta.example", "owner@beta.example", OWNER_CAN_READ_TABLES),
        now(),
      );
    });
    after(async () => place?.close());

    test("table state: versions and generations as the triggers keep them, rows after an id, row counts", async () => {
      const table = await object(a, "DataTable", "Orders");
      assert.deepEqual(await store.analytics.tableState(a.account.recId, table.recId), {
        columns: [],
        version: 0,
        generation: 0,
        maxRowId: 0,
      });
      await store.jobs.dataTables.define(
        a.account.recId,
        table.recId,
        COLUMNS,
        [
          ["EMEA", 10],
          ["APAC", 5],
        ],
        now(),
      );
      const defined = await store.analytics.tableState(a.account.recId, table.recId);
      assert.deepEqual([defined?.columns, defined?.version, defined?.generation], [COLUMNS, 1, 1]);
      const stored = await store.analytics.rowsAfter(a.account.recId, table.recId, 0, 10);
      assert.deepEqual(
        stored.map((entry) => entry.data),
        ['["EMEA",10]', '["APAC",5]'],
      );
      assert.ok((stored[0]?.id ?? 0) < (stored[1]?.id ?? 0));
      assert.equal(defined?.maxRowId, stored[1]?.id);

      // An import appends: the version grows, the generation stays, the new rows come after the old.
      await importRows(table.recId, [["LATAM", 2]]);
      const appended = await store.analytics.tableState(a.account.recId, table.recId);
      assert.deepEqual([appended?.version, appended?.generation], [2, 1]);
      const added = await store.analytics.rowsAfter(a.account.recId, table.recId, defined?.maxRowId ?? 0, 10);
      assert.deepEqual(
        added.map((entry) => [entry.id, entry.data]),
        [[appended?.maxRowId, '["LATAM",2]']],
      );
      assert.deepEqual(
        (await store.analytics.rowsAfter(a.account.recId, table.recId, 0, 2)).map((entry) => entry.id),
        stored.map((entry) => entry.id),
        "at most the limit, in id order",
      );
      assert.equal(await store.analytics.rowCount(a.account.recId, table.recId), 3);

      // A replacement removes three rows (a new generation for each, as SQLite's row trigger counts).
      await store.jobs.dataTables.define(a.account.recId, table.recId, COLUMNS, [["NA", 1]], now());
      const replaced = await store.analytics.tableState(a.account.recId, table.recId);
      assert.deepEqual([replaced?.version, replaced?.generation], [6, 4]);
      assert.equal(await store.analytics.rowCount(a.account.recId, table.recId), 1);

      assert.equal(await store.analytics.tableState(b.account.recId, table.recId), undefined);
      assert.deepEqual(await store.analytics.rowsAfter(b.account.recId, table.recId, 0, 10), []);
      assert.equal(await store.analytics.rowCount(b.account.recId, table.recId), 0);
      const view = await object(a, "DataView", "Not a table");
      assert.equal(await store.analytics.tableState(a.account.recId, view.recId), undefined);
      await store.objects.markDeleted(a.account.recId, table.recId, now());
      assert.equal(await store.analytics.tableState(a.account.recId, table.recId), undefined, "deleted");
    });

    test("source objects: live data sources of the account only", async () => {
      const definition = { Version: 1, Source: { RecId: 1 } };
      const view = await object(a, "DataView", "View", { Definition: definition });
      assert.deepEqual(await store.analytics.sourceObject(a.account.recId, view.recId), {
        recId: view.recId,
        type: "DataView",
        name: "View",
        properties: { Definition: definition },
        modifiedAt: view.modifiedAt,
      });
      for (const type of ["DataTable", "DataFusion", "DataMerge"]) {
        const source = await object(a, type, type);
        assert.equal((await store.analytics.sourceObject(a.account.recId, source.recId))?.type, type);
      }
      const board = await object(a, "Dashboard", "Board");
      assert.equal(await store.analytics.sourceObject(a.account.recId, board.recId), undefined);
      assert.equal(await store.analytics.sourceObject(b.account.recId, view.recId), undefined);
      await store.objects.markDeleted(a.account.recId, view.recId, now());
      assert.equal(await store.analytics.sourceObject(a.account.recId, view.recId), undefined);
    });

    test("share codes: open their object while live, of their type, in an enabled account", async () => {
      const board = await object(a, "Dashboard", "Shared board", { Widgets: [] });
      const doc = await object(b, "LiveDoc", "Shared doc");
      const link = (owner: UserWithAccount, objectId: number, type: string, code: string) =>
        place.exec(
          `INSERT INTO public_links (account_id, object_id, target_type, code, created_at)
           VALUES (${owner.account.recId}, ${objectId}, '${type}', '${code}', 1)`,
        );
      await link(a, board.recId, "Dashboard", "code-board");
      await link(b, doc.recId, "LiveDoc", "code-doc");
      assert.deepEqual(await store.analytics.sharedObject("Dashboard", "code-board"), {
        accountId: a.account.recId,
        recId: board.recId,
        type: "Dashboard",
        ownerUserId: a.user.recId,
        properties: { Widgets: [] },
      });
      assert.equal(await store.analytics.sharedObject("Binder", "code-board"), undefined, "another type");
      assert.equal(
        await store.analytics.sharedObject("Dashboard", "CODE-BOARD"),
        undefined,
        "codes are exact",
      );
      assert.equal((await store.analytics.sharedObject("LiveDoc", "code-doc"))?.accountId, b.account.recId);

      await place.exec("UPDATE public_links SET revoked_at = 5 WHERE code = 'code-doc'");
      assert.equal(await store.analytics.sharedObject("LiveDoc", "code-doc"), undefined, "revoked");
      await place.exec(`UPDATE accounts SET disabled = TRUE WHERE id = ${a.account.recId}`);
      assert.equal(
        await store.analytics.sharedObject("Dashboard", "code-board"),
        undefined,
        "account disabled",
      );
      await place.exec(`UPDATE accounts SET disabled = FALSE WHERE id = ${a.account.recId}`);
      assert.ok(await store.analytics.sharedObject("Dashboard", "code-board"));
      await store.objects.markDeleted(a.account.recId, board.recId, now());
      assert.equal(
        await store.analytics.sharedObject("Dashboard", "code-board"),
        undefined,
        "object deleted",
      );
    });

    test("the query service over the family: totals, an import appended, a replacement reloaded, a view", async () => {
      const analytics = openAnalytics(store, { now });
      try {
        const table = await object(a, "DataTable", "Sales");
        await store.jobs.dataTables.define(
          a.account.recId,
          table.recId,
          COLUMNS,
          [
            ["EMEA", 10],
            ["APAC", 5],
          ],
          now(),
        );
        const view = await object(a, "DataView", "EMEA sales", {
          Definition: {
            Version: 1,
            Source: { RecId: table.recId },
            Filters: [{ Column: "Region", Operator: "Equals", Value: "EMEA" }],
          },
        });
        const total = (recId: number, account = a) =>
          analytics.query(account.account.recId, {
            Source: { RecId: recId },
            Aggregates: [{ Function: "sum", Column: "Amount", As: "S" }],
          } as DataQuery);
        const first = await total(table.recId);
        assert.deepEqual([first.Rows, first.RowsScanned, first.Cached], [[[15]], 2, false]);
        assert.deepEqual((await total(view.recId)).Rows, [[10]]);

        await importRows(table.recId, [
          ["EMEA", 1],
          ["LATAM", 2],
        ]);
        const appended = await total(table.recId);
        assert.deepEqual([appended.Rows, appended.RowsScanned, appended.Cached], [[[18]], 4, false]);
        assert.deepEqual((await total(view.recId)).Rows, [[11]]);

        await store.jobs.dataTables.define(a.account.recId, table.recId, COLUMNS, [["EMEA", 100]], now());
        const replaced = await total(table.recId);
        assert.deepEqual([replaced.Rows, replaced.RowsScanned], [[[100]], 1]);
        const grouped = await analytics.query(a.account.recId, {
          Source: { RecId: table.recId },
          GroupBy: [{ Column: "Region" }],
          Aggregates: [{ Function: "count", As: "N" }],
        } as DataQuery);
        assert.deepEqual(grouped.Rows, [["EMEA", 1]]);

        await assert.rejects(total(table.recId, b), /Data source/, "another account's table is not found");
      } finally {
        await analytics.close();
      }
    });
  });
}
