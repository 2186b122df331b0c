/**
 * The analytics demo (DESIGN.md §5 demo seed; its README is seed/README.md): the Northwind data
 * tables of seed/demo-analytics-data.ts in the Team folder of Tables and views, a view, a fusion
 * and a merge over them, the definitions of the demo dashboards, binder, live document, insight
 * and report, and a public link of «Sales overview» with a documented code. Runs once, after the
 * library seed (the dashboards are in their folders by then), when the upstream is started with
 * `seedAnalytics` (options.ts). Everything goes through the store families, as the routes do.
 */
import type {
  DataFusionDefinition,
  DataMergeDefinition,
  DataViewDefinition,
} from "../../../schemas/payloads/data-sources.ts";
import type { UpstreamContext } from "../context.ts";
import { CONTENT_AREAS, type ContentArea } from "../folders/areas.ts";
import type { UserRecord } from "../store/records.ts";
import type { ContentScope, LibraryObject } from "../store/types/library.ts";
import { DEMO_DOMAINS, demoUser } from "./demo-accounts.ts";
import {
  type DemoSources,
  marketingDefinition,
  salesOverviewDefinition,
  supportDefinition,
} from "./demo-analytics-dashboards.ts";
import { type DemoTable, northwindData } from "./demo-analytics-data.ts";
import {
  monthlyReviewDefinition,
  quarterlyReviewDefinition,
  revenueByCategoryDefinition,
  weeklySalesReportDefinition,
} from "./demo-analytics-documents.ts";

/**
 * The code of the demo's public link of «Sales overview»: /v/{code} shows it signed out. Real links
 * get 256 random bits (sharing/public-link-routes.ts); this one is fixed so the demo can name it.
 */
export const DEMO_SALES_OVERVIEW_SHARE_CODE = "northwind-sales-overview-demo";

/** The names of the demo's tables and derived sources, as the library lists them. */
export const DEMO_SOURCE_NAMES = {
  salesOrders: "Sales orders",
  salesArchive: "Sales orders archive",
  customers: "Customers",
  supportTickets: "Support tickets",
  marketingDaily: "Marketing daily",
  emeaOrders: "EMEA orders",
  allOrders: "Sales orders, all years",
  ordersWithCustomers: "Orders with customers",
} as const satisfies Record<keyof DemoSources, string>;

/**
 * The definitions of the derived sources (schemas/payloads/data-sources.ts): the EMEA lines of
 * «Sales orders», the archive and the window appended, and the order lines with their customer.
 */
export function derivedSourceDefinitions(tables: {
  salesOrders: number;
  salesArchive: number;
  customers: number;
}): {
  emeaOrders: DataViewDefinition;
  allOrders: DataFusionDefinition;
  ordersWithCustomers: DataMergeDefinition;
} {
  return {
    emeaOrders: {
      Version: 1,
      Source: { RecId: tables.salesOrders },
      Filters: [{ Column: "Region", Operator: "Equals", Value: "EMEA" }],
    },
    allOrders: { Version: 1, Sources: [{ RecId: tables.salesArchive }, { RecId: tables.salesOrders }] },
    ordersWithCustomers: {
      Version: 1,
      Left: { RecId: tables.salesOrders },
      Right: { RecId: tables.customers },
      On: [{ Left: "CustomerId", Right: "CustomerId" }],
      Join: "Left",
    },
  };
}

function scopeOf(user: UserRecord, area: ContentArea): ContentScope {
  return { accountId: user.accountId, userId: user.recId, area, types: CONTENT_AREAS[area] };
}

/** Seeds the analytics demo into Northwind. */
export async function seedDemoAnalytics(context: UpstreamContext): Promise<void> {
  const { store } = context;
  const { folders, library } = store.content;
  const now = context.now();
  const account = await store.accounts.resolveByDomain(DEMO_DOMAINS.northwind);
  if (!account) throw new Error("demo analytics seed: no Northwind account");
  const owner = await demoUser(context, "owner");
  const analyst = await demoUser(context, "analyst");
  const teamRoot = async (user: UserRecord, area: ContentArea) =>
    (await folders.ensureRoots(scopeOf(user, area), now)).Team.recId;
  const create = async (
    user: UserRecord,
    area: ContentArea,
    type: string,
    name: string,
    folderId: number,
    properties: Record<string, unknown>,
  ): Promise<LibraryObject> => {
    const created = await library.create(scopeOf(user, area), { type, name, folderId, properties }, now);
    if (typeof created === "string") throw new Error(`demo analytics seed: ${type} ${name}: ${created}`);
    return created;
  };
  const find = async (type: string, name: string) => {
    const found = (await store.objects.list(account.recId, type)).find((object) => object.name === name);
    if (!found) throw new Error(`demo analytics seed: no ${type} ${name}`);
    return found;
  };
  // The stored Properties keep what the object had (the Thumbnail) beside the new Definition.
  const define = async (
    user: UserRecord,
    area: ContentArea,
    type: string,
    name: string,
    definition: unknown,
  ) => {
    const object = await find(type, name);
    const updated = await library.update(
      scopeOf(user, area),
      object.recId,
      { properties: { ...object.properties, Definition: definition } },
      now,
    );
    if (typeof updated === "string") throw new Error(`demo analytics seed: ${type} ${name}: ${updated}`);
    return updated;
  };

  // The tables: the analyst's, in the Team root of Tables and views (every member of the area sees them).
  const data = northwindData(now);
  const tables = await teamRoot(analyst, "TableAndViews");
  const table = async (name: string, content: DemoTable) => {
    const object = await create(analyst, "TableAndViews", "DataTable", name, tables, {});
    await store.jobs.dataTables.define(account.recId, object.recId, content.columns, content.rows, now);
    return object.recId;
  };
  const salesOrders = await table(DEMO_SOURCE_NAMES.salesOrders, data.salesOrders);
  const salesArchive = await table(DEMO_SOURCE_NAMES.salesArchive, data.salesArchive);
  const customers = await table(DEMO_SOURCE_NAMES.customers, data.customers);
  const supportTickets = await table(DEMO_SOURCE_NAMES.supportTickets, data.supportTickets);
  const marketingDaily = await table(DEMO_SOURCE_NAMES.marketingDaily, data.marketingDaily);
  const derived = async (type: string, name: string, definition: unknown) =>
    (await create(analyst, "TableAndViews", type, name, tables, { Definition: definition })).recId;
  const definitions = derivedSourceDefinitions({ salesOrders, salesArchive, customers });
  const sources: DemoSources = {
    salesOrders,
    salesArchive,
    customers,
    supportTickets,
    marketingDaily,
    emeaOrders: await derived("DataView", DEMO_SOURCE_NAMES.emeaOrders, definitions.emeaOrders),
    allOrders: await derived("DataFusion", DEMO_SOURCE_NAMES.allOrders, definitions.allOrders),
    ordersWithCustomers: await derived(
      "DataMerge",
      DEMO_SOURCE_NAMES.ordersWithCustomers,
      definitions.ordersWithCustomers,
    ),
  };

  // The dashboards: the two of demo-content.ts get definitions, «Support performance» is new.
  const salesOverview = await define(
    owner,
    "Dashboards",
    "Dashboard",
    "Sales overview",
    salesOverviewDefinition(sources, now),
  );
  const marketing = await define(
    analyst,
    "Dashboards",
    "Dashboard",
    "Marketing KPIs",
    marketingDefinition(sources, now),
  );
  const dashboards = scopeOf(owner, "Dashboards");
  const support = await folders.create(
    dashboards,
    { parentId: await teamRoot(owner, "Dashboards"), name: "Support" },
    now,
  );
  if (typeof support === "string") throw new Error(`demo analytics seed: folder Support: ${support}`);
  const salesThumbnail = salesOverview.properties.Thumbnail;
  const supportPerformance = await create(
    owner,
    "Dashboards",
    "Dashboard",
    "Support performance",
    support.recId,
    {
      ...(typeof salesThumbnail === "string" ? { Thumbnail: salesThumbnail } : {}),
      Definition: supportDefinition(sources, now),
    },
  );

  await define(
    owner,
    "Binders",
    "Binder",
    "Quarterly review",
    quarterlyReviewDefinition([salesOverview.recId, marketing.recId, supportPerformance.recId]),
  );
  const salesRows = data.salesOrders.rows;
  await create(owner, "LiveDocs", "LiveDoc", "Monthly business review", await teamRoot(owner, "LiveDocs"), {
    Definition: monthlyReviewDefinition(sources, salesRows, now),
  });
  await create(owner, "Insights", "Insight", "Revenue by category", await teamRoot(owner, "Insights"), {
    Definition: revenueByCategoryDefinition(sources, salesRows),
  });
  await create(owner, "Reports", "Report", "Weekly sales report", await teamRoot(owner, "Reports"), {
    Definition: weeklySalesReportDefinition(sources, now),
  });

  await store.publicLinks.create(
    account.recId,
    salesOverview.recId,
    owner.recId,
    { type: "Dashboard", code: DEMO_SALES_OVERVIEW_SHARE_CODE },
    now,
  );
}
