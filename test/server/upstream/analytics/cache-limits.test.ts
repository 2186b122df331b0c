/**
 * The result cache and the limits: an import into a table changes its version, so the next query is
 * computed again (Cached false, the new rows counted) and then served from the cache (Cached true);
 * a derived source follows its input; a replaced table is read anew; the cache keeps at most its
 * byte budget; the rows-scanned, result-size and time limits each refuse with their own code, and an
 * interrupted query leaves the engine working.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { ResultCache } from "../../../../server/upstream/analytics/result-cache.ts";
import { type AnalyticsService, openAnalytics } from "../../../../server/upstream/analytics/service.ts";
import { ErrorCode } from "../../../../server/upstream/http/error-codes.ts";
import { UpstreamError } from "../../../../server/upstream/http/errors.ts";
import { openSqliteStore, type UpstreamStore } from "../../../../server/upstream/store/index.ts";
import type { DataColumn, DataValue } from "../../../../server/upstream/store/types/data-tables.ts";
import { type Client, type RunningUpstream, signIn, startUpstream } from "../upstream-fixture.ts";
import { createObject, importCsv, tableFromCsv } from "./analytics-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;

before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
});
after(async () => upstream.close());

test("an import invalidates: Cached false with the new rows, then Cached true", async () => {
  const table = await tableFromCsv(owner, "Cached orders", "Region,Amount\nEMEA,10\nAPAC,5\n");
  const view = await createObject(owner, "TableAndViews", "DataView", "Cached EMEA", {
    Definition: {
      Version: 1,
      Source: { RecId: table },
      Filters: [{ Column: "Region", Operator: "Equals", Value: "EMEA" }],
    },
  });
  const total = (recId: number) =>
    owner.post("/api/Data/Query", {
      Source: { RecId: recId },
      Aggregates: [{ Function: "sum", Column: "Amount", As: "S" }],
    });
  const first = await total(table);
  assert.deepEqual([first.body.Rows, first.body.Cached, first.body.RowsScanned], [[[15]], false, 2]);
  const again = await total(table);
  assert.deepEqual([again.body.Rows, again.body.Cached, again.body.ElapsedMs], [[[15]], true, 0]);
  const viewFirst = await total(view);
  assert.deepEqual([viewFirst.body.Rows, viewFirst.body.Cached], [[[10]], false]);
  assert.equal((await total(view)).body.Cached, true);

  assert.equal(await importCsv(owner, table, "Region,Amount\nEMEA,1\nLATAM,2\n"), "Succeeded");
  const changed = await total(table);
  assert.deepEqual([changed.body.Rows, changed.body.Cached, changed.body.RowsScanned], [[[18]], false, 4]);
  assert.notEqual(changed.body.SourceVersion, first.body.SourceVersion);
  assert.equal((await total(table)).body.Cached, true);
  const viewChanged = await total(view);
  assert.deepEqual(
    [viewChanged.body.Rows, viewChanged.body.Cached],
    [[[11]], false],
    "a view follows its input",
  );
  assert.notEqual(viewChanged.body.SourceVersion, viewFirst.body.SourceVersion);
  assert.equal((await total(view)).body.Cached, true);

  // A change of the view's own definition is a new version too.
  await owner.put(`/api/Content/TableAndViews/Objects/${view}`, {
    Properties: {
      Definition: {
        Version: 1,
        Source: { RecId: table },
        Filters: [{ Column: "Region", Operator: "Equals", Value: "LATAM" }],
      },
    },
  });
  const redefined = await total(view);
  assert.deepEqual([redefined.body.Rows, redefined.body.Cached], [[[2]], false]);
});

test("the result cache keeps at most its byte budget, least recently used out first", () => {
  const cache = new ResultCache<string>(100);
  cache.set("a", "A", 40, ["1:1"]);
  cache.set("b", "B", 40, ["1:2"]);
  assert.equal(cache.get("a"), "A");
  cache.set("c", "C", 40, ["1:1"]);
  assert.equal(cache.get("b"), undefined, "b was the least recently used");
  assert.equal(cache.get("a"), "A");
  assert.equal(cache.size, 80);
  cache.set("huge", "H", 101, []);
  assert.equal(cache.get("huge"), undefined, "larger than the budget: not kept");
  cache.dropTable(1, 1);
  assert.deepEqual([cache.get("a"), cache.get("c"), cache.size], [undefined, undefined, 0]);
});

// ── Limits, on a store of their own ─────────────────────────────────────────────────────────────

let dir: string;
let store: UpstreamStore;
let analytics: AnalyticsService;
let accountId: number;
let wide: number;
let keyed: number;
const now = () => Date.UTC(2026, 0, 1);

async function tableOf(
  scope: { accountId: number; userId: number; area: string; types: string[] },
  folderId: number,
  name: string,
  properties: Record<string, unknown> = {},
  type = "DataTable",
) {
  const created = await store.content.library.create(scope, { type, name, folderId, properties }, now());
  if (typeof created === "string") throw new Error(created);
  return created.recId;
}

test("limits: rows scanned, result size and time each refuse with their code", async (t) => {
  dir = mkdtempSync(join(tmpdir(), "tessera-analytics-limits-"));
  store = openSqliteStore(join(dir, "upstream.sqlite"), now);
  analytics = openAnalytics(store, { now });
  t.after(async () => {
    await analytics.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const { user, account } = await store.accounts.create(
    {
      name: "Limits",
      domain: "limits",
      subscriptionType: "Business",
      features: new Map(),
      ownerRole: { name: "Owner", permissions: "TableAndViews_rw" },
      owner: { email: "owner@limits.example", fullName: "Owner", passwordHash: null },
    },
    now(),
  );
  accountId = account.recId;
  const scope = { accountId, userId: user.recId, area: "TableAndViews", types: ["DataTable", "DataMerge"] };
  const folderId = (await store.content.folders.ensureRoots(scope, now())).Team.recId;
  const columns: DataColumn[] = [
    { name: "Key", type: "Number" },
    { name: "Label", type: "Text" },
  ];
  wide = await tableOf(scope, folderId, "Wide");
  const rows: DataValue[][] = Array.from({ length: 4000 }, (_, i) => [i % 2, `label ${i} ${"x".repeat(40)}`]);
  await store.jobs.dataTables.define(accountId, wide, columns, rows, now());
  keyed = await tableOf(
    scope,
    folderId,
    "Self join",
    {
      Definition: {
        Version: 1,
        Left: { RecId: wide },
        Right: { RecId: wide },
        On: [{ Left: "Key", Right: "Key" }],
        Join: "Inner",
      },
    },
    "DataMerge",
  );

  const refusal = async (work: Promise<unknown>, code: number) => {
    await assert.rejects(work, (error: unknown) => {
      assert.ok(error instanceof UpstreamError);
      assert.equal(error.statusCode, 422);
      assert.equal(ErrorCode[error.code], code, error.message);
      return true;
    });
  };
  const count = { Source: { RecId: wide }, Aggregates: [{ Function: "count" as const, As: "N" }] };
  await refusal(analytics.query(accountId, count, { maxRowsScanned: 3999 }), ErrorCode.DataRowsScannedLimit);
  assert.deepEqual((await analytics.query(accountId, count, { maxRowsScanned: 4000 })).Rows, [[4000]]);
  // A merge reads both its inputs.
  await refusal(
    analytics.query(
      accountId,
      { Source: { RecId: keyed }, Aggregates: [{ Function: "count", As: "N" }] },
      { maxRowsScanned: 7999 },
    ),
    ErrorCode.DataRowsScannedLimit,
  );
  await refusal(
    analytics.query(
      accountId,
      { Source: { RecId: wide }, Select: ["Label"], Limit: 500 },
      { maxResultBytes: 10_000 },
    ),
    ErrorCode.DataResultTooLarge,
  );
  assert.equal(
    (
      await analytics.query(
        accountId,
        { Source: { RecId: wide }, Select: ["Label"], Limit: 100 },
        { maxResultBytes: 10_000 },
      )
    ).Rows.length,
    100,
  );
  // 4,000 × 4,000 / 2 joined rows, distinct labels counted: far beyond a few milliseconds.
  await refusal(
    analytics.query(
      accountId,
      {
        Source: { RecId: keyed },
        Aggregates: [
          { Function: "countDistinct", Column: "Label (right)", As: "N" },
          { Function: "count", As: "Rows" },
        ],
      },
      { timeoutMs: 5 },
    ),
    ErrorCode.DataQueryTimedOut,
  );
  // The engine answers the next query after the interruption.
  assert.deepEqual(
    (
      await analytics.query(accountId, {
        ...count,
        Filters: [{ Column: "Key", Operator: "Equals", Value: 1 }],
      })
    ).Rows,
    [[2000]],
  );

  // A replaced table (another generation of rows) is read anew, not appended to.
  await store.jobs.dataTables.define(accountId, wide, columns, [[7, "only"]], now());
  const replaced = await analytics.query(accountId, { Source: { RecId: wide }, Select: ["Key", "Label"] });
  assert.deepEqual(replaced.Rows, [[7, "only"]]);
});
