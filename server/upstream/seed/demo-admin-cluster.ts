/**
 * Demo operations records of the admin screens: the processing cluster (boss and worker nodes, task
 * routes) and the connector catalogue (the reference connectors and the others).
 */
import { bosses, connectors, tasksMap, workers } from "../admin/nodes.ts";
import type { AdminSeedKit } from "./admin-seed-kit.ts";

const DAY = 86_400_000;

/** Seeds the cluster and the connectors. */
export async function seedDemoAdminCluster(kit: AdminSeedKit): Promise<void> {
  const { records, now, at } = kit;
  const iso = (ago: number) => new Date(now - ago).toISOString();

  for (const [name, status, leader, version] of [
    ["boss-eu-01", "Online", true, "8.4.2"],
    ["boss-eu-02", "Online", false, "8.4.2"],
  ] as const) {
    await records.create(
      bosses.spec,
      {
        MachineName: name,
        Version: version,
        Status: status,
        IsLeader: leader,
        StartedAt: iso(6 * DAY),
        LastHeartbeatAt: iso(20_000),
      },
      at(),
    );
  }
  const nodes = [
    ["worker-eu-01", "default", 8, "Online", 37.5, 3_221_225_472],
    ["worker-eu-02", "default", 8, "Draining", 12, 2_147_483_648],
    ["worker-etl-01", "etl", 16, "Online", 64.2, 12_884_901_888],
    ["worker-etl-02", "etl", 16, "Offline", null, null],
  ] as const;
  for (const [name, group, concurrency, status, cpu, memory] of nodes) {
    const offline = status === "Offline";
    await records.create(
      workers.spec,
      {
        MachineName: name,
        WorkerGroup: group,
        MaxConcurrency: concurrency,
        Version: "8.4.2",
        Status: status,
        CpuPercent: cpu,
        MemoryBytes: memory,
        StartedAt: iso(offline ? 9 * DAY : 3 * DAY),
        LastHeartbeatAt: iso(offline ? 2 * DAY : 15_000),
      },
      at(),
    );
  }
  const routes = [
    ["DataLoad", "etl", 5, 10, 2, 120, 2, "Loads data from a connection into a table."],
    ["Export", "default", 4, 20, 3, 30, 1, "Exports a dashboard, report or table to a file."],
    ["UserImport", "default", 6, 2, 1, 15, 0, "Imports users from a CSV file."],
    ["TeamImport", "default", 6, 2, 1, 15, 0, "Imports teams from a CSV file."],
    ["ScheduleRun", "default", 3, 40, 4, 60, 3, "Runs a schedule's tasks."],
    ["AlertCheck", "default", 2, 50, 5, 5, 1, "Evaluates alert conditions."],
  ] as const;
  for (const [type, group, priority, concurrency, perAccount, timeout, retries, description] of routes) {
    await records.create(
      tasksMap.spec,
      {
        TaskType: type,
        WorkerGroup: group,
        Priority: priority,
        IsEnabled: true,
        MaxConcurrency: concurrency,
        MaxConcurrencyPerAccount: perAccount,
        TimeoutMinutes: timeout,
        MaxRetries: retries,
        Description: description,
      },
      at(30 * DAY),
    );
  }

  const catalogue = [
    [
      "SampleRetail",
      "Retail warehouse (sample)",
      "Database",
      "None",
      "Available",
      true,
      "Relational sample with smart views.",
    ],
    [
      "SampleDocuments",
      "Orders document store (sample)",
      "Database",
      "None",
      "Available",
      false,
      "Document database sample (orders, customers).",
    ],
    [
      "LegacyCrm",
      "Legacy CRM",
      "Crm",
      "OAuth2",
      "Deprecated",
      false,
      "Replaced by the Salesforce connector; re-authorise or migrate.",
    ],
    ["PostgreSql", "PostgreSQL", "Database", "Basic", "Available", true, "PostgreSQL 12 and later."],
    [
      "SqlServer",
      "Microsoft SQL Server",
      "Database",
      "Basic",
      "Available",
      true,
      "SQL Server 2016 and later, Azure SQL.",
    ],
    [
      "Salesforce",
      "Salesforce",
      "Crm",
      "OAuth2",
      "Available",
      false,
      "Objects and reports of a Salesforce org.",
    ],
    [
      "GoogleAnalytics",
      "Google Analytics 4",
      "Marketing",
      "OAuth2",
      "Beta",
      false,
      "GA4 properties: sessions, events, conversions.",
    ],
    ["Csv", "CSV file", "File", "None", "Available", false, "Comma- or semicolon-separated files."],
    ["RestApi", "REST API", "Other", "ApiKey", "Available", false, "Any JSON API with key authentication."],
  ] as const;
  for (const [code, name, category, auth, status, smartViews, description] of catalogue) {
    await records.create(
      connectors.spec,
      {
        Code: code,
        Name: name,
        Category: category,
        AuthenticationType: auth,
        Status: status,
        SupportsSmartViews: smartViews,
        Version: "2.3.0",
        Description: description,
        DocumentationUrl: `https://docs.tessera.example/connectors/${code.toLowerCase()}`,
      },
      at(),
    );
  }
}
