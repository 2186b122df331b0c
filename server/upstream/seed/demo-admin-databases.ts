/**
 * Demo data records of the admin screens: databases (the embedded store and two external servers),
 * the query tool's demo retail data (the retail sample's stores and a year of their sales) and saved
 * queries over its views, data loader settings, and staff triage of the members' tickets.
 */
import { databases } from "../admin/databases.ts";
import { queryTool } from "../admin/query-tool.ts";
import { supportTickets } from "../admin/support.ts";
import { dataLoaders } from "../admin/work.ts";
import { RETAIL_STORES } from "../data/sample-data.ts";
import type { AdminSeedKit } from "./admin-seed-kit.ts";

const DAY = 86_400_000;
const PRODUCTS = [
  ["Espresso machine", 249],
  ["Milk frother", 39.9],
  ["Coffee grinder", 89],
  ["Descaler", 12.5],
  ["Travel mug", 19.9],
] as const;

/** Deterministic pseudo-random numbers (mulberry32), so every demo has the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeds databases, the query tool's data and queries, loader settings and ticket triage. */
export async function seedDemoAdminDatabases(kit: AdminSeedKit): Promise<void> {
  const { records, now, at } = kit;
  const embedded = await records.create(
    databases.spec,
    {
      Name: "Embedded store",
      Engine: "Sqlite",
      Host: "localhost",
      Port: 0,
      DatabaseName: "upstream.sqlite",
      UseTls: false,
      UserName: "tessera",
      Purpose: "AccountData",
      Status: "Online",
      IsDefaultForNewAccounts: true,
      IsEmbedded: true,
    },
    at(120 * DAY),
  );
  await records.create(
    databases.spec,
    {
      Name: "EU warehouse",
      Engine: "PostgreSql",
      Host: "pg-eu-01.db.tessera.internal",
      Port: 5432,
      DatabaseName: "warehouse",
      UseTls: true,
      UserName: "tessera_app",
      Purpose: "Warehouse",
      Status: "Online",
      MaxAccounts: 500,
      AccountCount: 0,
      SizeBytes: 0,
      Version: "PostgreSQL 16.4",
    },
    at(90 * DAY),
  );
  await records.create(
    databases.spec,
    {
      Name: "Log archive",
      Engine: "MySql",
      Host: "mysql-logs.db.tessera.internal",
      Port: 3306,
      DatabaseName: "logs",
      UseTls: true,
      UserName: "tessera_logs",
      Purpose: "Logs",
      Status: "ReadOnly",
      AccountCount: 0,
      SizeBytes: 0,
      Version: "MySQL 8.0.39",
    },
    at(90 * DAY),
  );

  // The query tool's demo data: the retail sample's stores and a year of their sales.
  const next = random(2024);
  const sales = Array.from({ length: 1500 }, (_, index) => {
    const [product, price] = PRODUCTS[Math.floor(next() * PRODUCTS.length)] ?? PRODUCTS[0];
    const quantity = 1 + Math.floor(next() * 4);
    return {
      storeIndex: Math.floor(next() * RETAIL_STORES.length),
      date: new Date(Date.UTC(2024, 0, 1) + Math.floor((index / 1500) * 366) * DAY)
        .toISOString()
        .slice(0, 10),
      product,
      quantity,
      revenue: Math.round(price * quantity * 100) / 100,
    };
  });
  await kit.context.store.admin.system.loadDemoRetailData(
    RETAIL_STORES.map((s) => ({ country: s.Country, region: s.Region, city: s.City, channel: s.Channel })),
    sales,
  );
  for (const [name, sql, description] of [
    [
      "Revenue by country",
      "SELECT country, sales, units, revenue FROM retail_revenue_by_country ORDER BY revenue DESC",
      "Demo view: totals per country.",
    ],
    [
      "Top products 2024",
      "SELECT product, SUM(quantity) AS units, ROUND(SUM(revenue), 2) AS revenue FROM retail_sales GROUP BY product ORDER BY revenue DESC",
      "Demo view: products by revenue.",
    ],
    [
      "Online sales by month",
      "SELECT substr(sale_date, 1, 7) AS month, ROUND(SUM(revenue), 2) AS revenue FROM retail_sales WHERE channel = 'Online' GROUP BY month ORDER BY month",
      "Demo view: the online channel per month.",
    ],
  ] as const) {
    await records.create(
      queryTool.spec,
      {
        Name: name,
        DatabaseRecId: embedded.RecId,
        MaxRows: 1000,
        TimeoutSeconds: 30,
        Query: sql,
        Description: description,
      },
      at(10 * DAY),
    );
  }

  // Loader schedules, and triage of the members' tickets.
  const { items: loaders } = await records.list(
    dataLoaders.spec,
    { limit: 100, offset: 0, filters: {} },
    at(),
  );
  for (const loader of loaders)
    await kit.context.store.admin.jobs.setLoaderSettings(
      loader.RecId as number,
      { isEnabled: true, priority: "Normal" },
      now,
    );
  const { items: tickets } = await records.list(
    supportTickets.spec,
    { limit: 100, offset: 0, filters: {} },
    at(),
  );
  for (const ticket of tickets) {
    await kit.context.store.admin.support.updateTicket(
      ticket.RecId as number,
      { status: ticket.Status === "Closed" ? "Closed" : "Open", assignedTo: kit.agent.recId },
      kit.admin.recId,
      now,
    );
  }
}
