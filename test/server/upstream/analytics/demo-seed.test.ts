/**
 * The query API over the demo seed (seedAnalytics): every demo definition passes the checks a write
 * makes (saved again unchanged by its owner), every widget of every demo dashboard, live document,
 * insight and report answers, and a demo widget's result equals the computation over the stored rows.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { upstreamContextOf } from "../../../../server/upstream/app.ts";
import type { DataValue } from "../../../../server/upstream/store/types/data-tables.ts";
import { type Client, type Json, type RunningUpstream, signIn, startUpstream } from "../upstream-fixture.ts";
import { referenceResult } from "./reference-engine.ts";

let upstream: RunningUpstream;
let owner: Client;

before(async () => {
  upstream = await startUpstream({ seedAnalytics: true });
  owner = await signIn(upstream, "owner");
});
after(async () => upstream.close());

const WIDGET_AREAS = ["Dashboards", "LiveDocs", "Insights", "Reports"];

function widgetsOf(definition: Json): Json[] {
  return [
    ...(definition.Widgets ?? []),
    ...(definition.Blocks ?? []).flatMap((block: Json) => (block.Widget ? [block.Widget] : [])),
    ...(definition.Widget ? [definition.Widget] : []),
    ...(definition.Sections ?? []).flatMap((section: Json) => section.Widgets),
  ];
}

test("every demo definition passes the write checks and every demo widget answers", async () => {
  let widgets = 0;
  for (const area of [...WIDGET_AREAS, "Binders", "TableAndViews"]) {
    const list = await owner.get(`/api/Content/${area}/Objects?pageSize=200`);
    for (const item of list.body.items as Json[]) {
      const object = await owner.get(`/api/Content/${area}/Objects/${item.RecId}`);
      const definition = object.body.Properties?.Definition;
      if (definition === undefined) continue;
      const saved = await owner.put(`/api/Content/${area}/Objects/${item.RecId}`, {
        Properties: object.body.Properties,
      });
      assert.equal(saved.status, 200, `${item.Name}: ${JSON.stringify(saved.body)}`);
      if (!WIDGET_AREAS.includes(area)) continue;
      for (const widget of widgetsOf(definition)) {
        if (!widget.Query) continue;
        const reply = await owner.post(
          `/api/Content/${area}/Objects/${item.RecId}/Widgets/${widget.Id}/Query`,
          {},
        );
        assert.equal(reply.status, 200, `${item.Name} / ${widget.Id}: ${JSON.stringify(reply.body)}`);
        widgets += 1;
      }
    }
  }
  assert.ok(widgets >= 30, `${widgets} demo widgets answered`);
});

test("a demo widget's result equals the computation over the stored rows", async () => {
  const sources = (await owner.get("/api/Data/Sources")).body.items as Json[];
  const sales = sources.find((source) => source.Name === "Sales orders") as Json;
  const context = upstreamContextOf(upstream.app);
  const accountId = (await owner.get("/api/Common/LoggedInConfig")).body.User.AccountRecId;
  const described = await context.store.jobs.dataTables.describe(accountId, sales.RecId);
  assert.ok(described);
  const rows: DataValue[][] = await context.store.jobs.dataTables.rows(
    accountId,
    sales.RecId,
    0,
    described.rowCount,
  );
  const query = {
    Source: { RecId: sales.RecId },
    GroupBy: [{ Column: "OrderDate", Bucket: "quarter" as const, As: "Quarter" }, { Column: "Region" }],
    Aggregates: [
      { Function: "sum" as const, Column: "Revenue", As: "Revenue" },
      { Function: "countDistinct" as const, Column: "CustomerId", As: "Customers" },
      { Function: "avg" as const, Column: "Discount", As: "Discount" },
    ],
  };
  const result = await owner.post("/api/Data/Query", query);
  assert.equal(result.status, 200);
  const expected = referenceResult(described.columns, rows, query);
  assert.equal(result.body.Rows.length, expected.Rows.length);
  result.body.Rows.forEach((row: Json[], r: number) => {
    assert.deepEqual(row.slice(0, 2), expected.Rows[r]?.slice(0, 2));
    assert.equal(row[3], expected.Rows[r]?.[3]);
    for (const c of [2, 4])
      assert.ok(Math.abs(row[c] - (expected.Rows[r]?.[c] as number)) < 1e-6 * Math.max(1, Math.abs(row[c])));
  });
  assert.equal(result.body.RowsScanned, described.rowCount);
});
