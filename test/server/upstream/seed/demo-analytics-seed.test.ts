/**
 * The analytics demo as the real upstream seeds it with `seedAnalytics` (server/upstream/seed/
 * demo-analytics.ts), read back over HTTP as members and visitors read it: the Northwind tables
 * in the Team folder of Tables and views with their row counts, typed columns and the generated
 * rows; the derived sources; the definitions of the dashboards (Thumbnail kept), the binder, the
 * live document, the insight and the report; the public link of «Sales overview» by its documented
 * code; every widget's stored query answered by the query API (members, the binder, the visitor of
 * the link) and every definition accepted again by the upstream's definition check. Without the
 * option the demo stays as it was, so the default test upstreams start fast.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DEMO_LOGINS } from "../../../../server/upstream/seed/demo-accounts.ts";
import {
  DEMO_SALES_OVERVIEW_SHARE_CODE,
  DEMO_SOURCE_NAMES,
  derivedSourceDefinitions,
} from "../../../../server/upstream/seed/demo-analytics.ts";
import {
  type DemoSources,
  marketingDefinition,
  salesOverviewDefinition,
  supportDefinition,
} from "../../../../server/upstream/seed/demo-analytics-dashboards.ts";
import {
  type DemoTable,
  northwindData,
  SALES,
} from "../../../../server/upstream/seed/demo-analytics-data.ts";
import {
  monthlyReviewDefinition,
  revenueByCategoryDefinition,
  weeklySalesReportDefinition,
} from "../../../../server/upstream/seed/demo-analytics-documents.ts";
import { libraryId, listObjects } from "../content-fixture.ts";
import { Client, type Json, type RunningUpstream, signIn, startUpstream } from "../upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let now: number;
const sources = {} as DemoSources;

before(async () => {
  upstream = await startUpstream({ seedAnalytics: true });
  now = upstream.clock.ms;
  [owner, analyst] = await Promise.all([signIn(upstream, "owner"), signIn(upstream, "analyst")]);
  for (const [key, name] of Object.entries(DEMO_SOURCE_NAMES))
    sources[key as keyof DemoSources] = await libraryId(analyst, "TableAndViews", name);
});
after(async () => upstream.close());

const detail = async (client: Client, area: string, name: string): Promise<Json> => {
  const reply = await client.get(`/api/Content/${area}/Objects/${await libraryId(client, area, name)}`);
  assert.equal(reply.status, 200);
  return reply.body;
};

describe("the Northwind tables", () => {
  const data = northwindData(Date.UTC(2025, 0, 15, 9, 0, 0));
  const tables: [keyof DemoSources, DemoTable][] = [
    ["salesOrders", data.salesOrders],
    ["salesArchive", data.salesArchive],
    ["customers", data.customers],
    ["supportTickets", data.supportTickets],
    ["marketingDaily", data.marketingDaily],
  ];

  test("sit in the Team root of Tables and views, the analyst's, beside the view, fusion and merge", async () => {
    const folders = (await owner.get("/api/Content/TableAndViews/Folders")).body as Json[];
    const team = folders.find((folder) => folder.Name === "Team");
    assert.ok(team);
    const listed = await listObjects(owner, "TableAndViews", `folderRecId=${team.RecId}&pageSize=200`);
    const byName = new Map(listed.items.map((item: Json) => [item.Name, item]));
    const expected: [keyof DemoSources, string][] = [
      ["salesOrders", "DataTable"],
      ["salesArchive", "DataTable"],
      ["customers", "DataTable"],
      ["supportTickets", "DataTable"],
      ["marketingDaily", "DataTable"],
      ["emeaOrders", "DataView"],
      ["allOrders", "DataFusion"],
      ["ordersWithCustomers", "DataMerge"],
    ];
    for (const [key, type] of expected) {
      const item = byName.get(DEMO_SOURCE_NAMES[key]);
      assert.equal(item?.Type, type, DEMO_SOURCE_NAMES[key]);
      assert.equal(item?.OwnerFullName, DEMO_LOGINS.analyst.fullName);
    }
  });

  for (const [key, table] of tables) {
    test(`${DEMO_SOURCE_NAMES[key]}: its row count, typed columns and the generated rows, first and last page`, async () => {
      const page = async (number: number) => {
        const reply = await analyst.get(`/api/DataTables/${sources[key]}/Rows?page=${number}&pageSize=200`);
        assert.equal(reply.status, 200);
        return reply.body;
      };
      const first = await page(1);
      assert.equal(first.total, table.rows.length);
      assert.deepEqual(
        first.Columns,
        table.columns.map((column) => ({ Name: column.name, Type: column.type })),
      );
      const asItem = (row: unknown[]) =>
        Object.fromEntries(table.columns.map((column, index) => [column.name, row[index]]));
      assert.deepEqual(first.items, table.rows.slice(0, 200).map(asItem));
      const lastNumber = Math.ceil(table.rows.length / 200);
      assert.deepEqual((await page(lastNumber)).items, table.rows.slice((lastNumber - 1) * 200).map(asItem));
    });
  }

  test("Sales orders holds 100,000 rows", async () => {
    const reply = await analyst.get(`/api/DataTables/${sources.salesOrders}/Rows?page=1&pageSize=1`);
    assert.equal(reply.body.total, 100_000);
  });

  test("the derived sources hold their definitions", async () => {
    const expected = derivedSourceDefinitions(sources);
    assert.deepEqual(
      (await detail(analyst, "TableAndViews", "EMEA orders")).Properties.Definition,
      expected.emeaOrders,
    );
    assert.deepEqual(
      (await detail(analyst, "TableAndViews", "Sales orders, all years")).Properties.Definition,
      expected.allOrders,
    );
    assert.deepEqual(
      (await detail(analyst, "TableAndViews", "Orders with customers")).Properties.Definition,
      expected.ordersWithCustomers,
    );
  });
});

describe("the content", () => {
  test("the three dashboards hold their definitions and keep their thumbnails", async () => {
    const rows: [string, Json][] = [
      ["Sales overview", salesOverviewDefinition(sources, now)],
      ["Marketing KPIs", marketingDefinition(sources, now)],
      ["Support performance", supportDefinition(sources, now)],
    ];
    for (const [name, definition] of rows) {
      const dashboard = await detail(owner, "Dashboards", name);
      assert.deepEqual(dashboard.Properties.Definition, definition, name);
      assert.equal(typeof dashboard.Properties.Thumbnail, "string", name);
    }
  });

  test("the binder Quarterly review pages through the three dashboards", async () => {
    const binder = await detail(owner, "Binders", "Quarterly review");
    assert.deepEqual(binder.Properties.Definition, {
      Version: 1,
      DashboardRecIds: [
        await libraryId(owner, "Dashboards", "Sales overview"),
        await libraryId(owner, "Dashboards", "Marketing KPIs"),
        await libraryId(owner, "Dashboards", "Support performance"),
      ],
    });
  });

  test("the live document, the insight and the report hold their definitions", async () => {
    const rows = northwindData(now).salesOrders.rows;
    assert.deepEqual(
      (await detail(owner, "LiveDocs", "Monthly business review")).Properties.Definition,
      monthlyReviewDefinition(sources, rows, now),
    );
    assert.deepEqual(
      (await detail(owner, "Insights", "Revenue by category")).Properties.Definition,
      revenueByCategoryDefinition(sources, rows),
    );
    assert.deepEqual(
      (await detail(owner, "Reports", "Weekly sales report")).Properties.Definition,
      weeklySalesReportDefinition(sources, now),
    );
  });

  test("the viewer sees the dashboards (their data comes through them)", async () => {
    const viewer = await signIn(upstream, "viewer");
    const dashboard = await detail(viewer, "Dashboards", "Support performance");
    assert.equal(dashboard.Properties.Definition.Widgets.length, 10);
  });

  test("the documented code opens Sales overview signed out, with its definition", async () => {
    const reply = await new Client(upstream.baseUrl).get(
      `/ws/Share/Dashboard/${DEMO_SALES_OVERVIEW_SHARE_CODE}`,
    );
    assert.equal(reply.status, 200);
    assert.equal(reply.body.Name, "Sales overview");
    // What a visitor sees of the definition is the share body's business (sharing/shared-bodies.ts).
    assert.equal(
      reply.body.Properties.Definition.Widgets.length,
      salesOverviewDefinition(sources, now).Widgets.length,
    );
    const links = await owner.get(
      `/api/Content/Dashboards/Objects/${await libraryId(owner, "Dashboards", "Sales overview")}/PublicLinks`,
    );
    assert.deepEqual(
      (links.body as Json[]).map((link) => link.Code),
      [DEMO_SALES_OVERVIEW_SHARE_CODE],
    );
  });
});

/** The widgets of a stored definition of `area`, wherever they sit. */
function widgetsOf(area: string, definition: Json): Json[] {
  if (area === "LiveDocs")
    return definition.Blocks.flatMap((block: Json) => (block.Widget ? [block.Widget] : []));
  if (area === "Insights") return [definition.Widget];
  if (area === "Reports") return definition.Sections.flatMap((section: Json) => section.Widgets);
  return definition.Widgets;
}

const DOCUMENTS: [area: string, name: string][] = [
  ["Dashboards", "Sales overview"],
  ["Dashboards", "Marketing KPIs"],
  ["Dashboards", "Support performance"],
  ["LiveDocs", "Monthly business review"],
  ["Insights", "Revenue by category"],
  ["Reports", "Weekly sales report"],
];

describe("the query API runs every seeded widget", () => {
  for (const [area, name] of DOCUMENTS) {
    test(`${name}: every data widget's stored query answers rows`, async () => {
      const object = await detail(owner, area, name);
      for (const widget of widgetsOf(area, object.Properties.Definition)) {
        if (!widget.Query) continue;
        const reply = await owner.post(
          `/api/Content/${area}/Objects/${object.RecId}/Widgets/${widget.Id}/Query`,
          {},
        );
        assert.equal(reply.status, 200, `${widget.Id}: ${JSON.stringify(reply.body)}`);
        assert.ok(reply.body.Rows.length > 0, `${widget.Id} has rows`);
      }
    });
  }

  test("the revenue KPI's last two rows are December and November 2024 of the generated rows", async () => {
    const id = await libraryId(owner, "Dashboards", "Sales overview");
    const reply = await owner.post(`/api/Content/Dashboards/Objects/${id}/Widgets/revenue/Query`, {});
    const months = new Map<string, number>();
    for (const row of northwindData(now).salesOrders.rows) {
      const month = `${(row[SALES.OrderDate] as string).slice(0, 7)}-01`;
      months.set(month, (months.get(month) ?? 0) + (row[SALES.Revenue] as number));
    }
    const [previous, last] = (reply.body.Rows as [string, number][]).slice(-2);
    assert.equal(last?.[0], "2024-12-01");
    assert.equal(previous?.[0], "2024-11-01");
    assert.ok(Math.abs((last?.[1] as number) - (months.get("2024-12-01") as number)) < 0.01);
    assert.ok(Math.abs((previous?.[1] as number) - (months.get("2024-11-01") as number)) < 0.01);
  });

  test("a viewer's region selection narrows the Sales overview widgets the select targets", async () => {
    const id = await libraryId(owner, "Dashboards", "Sales overview");
    const filters = { Filters: [{ Column: "Region", Operator: "Equals", Value: "APAC" }] };
    const all = await owner.post(`/api/Content/Dashboards/Objects/${id}/Widgets/region-category/Query`, {});
    const apac = await owner.post(
      `/api/Content/Dashboards/Objects/${id}/Widgets/region-category/Query`,
      filters,
    );
    assert.equal(apac.status, 200);
    assert.deepEqual(new Set(apac.body.Rows.map((row: Json) => row[0])), new Set(["APAC"]));
    assert.ok(all.body.Rows.length > apac.body.Rows.length);
    const customers = await owner.post(
      `/api/Content/Dashboards/Objects/${id}/Widgets/top-customers/Query`,
      filters,
    );
    assert.equal(customers.status, 200, JSON.stringify(customers.body));
  });

  test("the binder's pages are the three dashboards, each widget answering through the binder", async () => {
    const binder = await libraryId(owner, "Binders", "Quarterly review");
    const pages = await owner.get(`/api/Content/Binders/Objects/${binder}/Pages`);
    assert.equal(pages.status, 200);
    assert.deepEqual(
      pages.body.items.map((page: Json) => page.Name),
      ["Sales overview", "Marketing KPIs", "Support performance"],
    );
    const [first] = pages.body.items;
    const reply = await owner.post(
      `/api/Content/Binders/Objects/${binder}/Pages/${first.RecId}/Widgets/top-products/Query`,
      {},
    );
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
  });

  test("the public link's visitor gets every widget of Sales overview", async () => {
    const visitor = new Client(upstream.baseUrl);
    for (const widget of salesOverviewDefinition(sources, now).Widgets) {
      const reply = await visitor.post(
        `/ws/Share/Dashboard/${DEMO_SALES_OVERVIEW_SHARE_CODE}/Widgets/${widget.Id}/Query`,
        {},
      );
      assert.equal(reply.status, 200, `${widget.Id}: ${JSON.stringify(reply.body)}`);
    }
  });

  test("saving each seeded definition again through the API passes the upstream's definition check", async () => {
    const rows: [string, string][] = [
      ...DOCUMENTS,
      ["Binders", "Quarterly review"],
      ["TableAndViews", "EMEA orders"],
      ["TableAndViews", "Sales orders, all years"],
      ["TableAndViews", "Orders with customers"],
    ];
    for (const [area, name] of rows) {
      const object = await detail(owner, area, name);
      const reply = await owner.put(`/api/Content/${area}/Objects/${object.RecId}`, {
        Properties: object.Properties,
      });
      assert.equal(reply.status, 200, `${name}: ${JSON.stringify(reply.body)}`);
    }
  });
});

test("without seedAnalytics the demo has no analytics data, definitions nor public link", async () => {
  const plain = await startUpstream();
  try {
    const client = await signIn(plain, "owner");
    const tables = await listObjects(client, "TableAndViews", "search=Sales%20orders");
    assert.deepEqual(tables.items, []);
    const dashboard = await detail(client, "Dashboards", "Sales overview");
    assert.equal(dashboard.Properties.Definition, undefined);
    assert.equal(typeof dashboard.Properties.Thumbnail, "string");
    const shared = await new Client(plain.baseUrl).get(
      `/ws/Share/Dashboard/${DEMO_SALES_OVERVIEW_SHARE_CODE}`,
    );
    assert.equal(shared.status, 404);
  } finally {
    await plain.close();
  }
});
