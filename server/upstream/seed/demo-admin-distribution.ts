/**
 * Demo distribution and system records of the admin screens: the IP database with its last import,
 * configuration descriptions, packages with their folder, environments and deployments, and a few
 * operational log entries.
 */
import { deployments, environments } from "../admin/distribution.ts";
import { ipDatabase, ipDatabaseUpdates } from "../admin/ip-database.ts";
import { rangeOf } from "../admin/ip-range-csv.ts";
import { packageManager } from "../admin/packages.ts";
import { writeZip } from "../admin/zip.ts";
import { SIGNUP_ALLOWED_KEY } from "../auth/signup-routes.ts";
import { SUPPORT_CHAT_OPEN_KEY } from "../chat/chat-state.ts";
import { generateUid } from "../identity/secrets.ts";
import type { AdminSeedKit } from "./admin-seed-kit.ts";

const DAY = 86_400_000;

/** Seeds the IP database, configuration, packages, environments, deployments and log entries. */
export async function seedDemoAdminDistribution(kit: AdminSeedKit): Promise<void> {
  const { records, now, at } = kit;
  const ranges = [
    ["192.0.2.0", "192.0.2.255", "US", "California", "San Francisco", "Example Hosting"],
    ["198.51.100.0", "198.51.100.255", "DE", "Bavaria", "Munich", "Beispiel Netz GmbH"],
    ["203.0.113.0", "203.0.113.255", "NL", "North Holland", "Amsterdam", "Voorbeeld BV"],
    ["2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "FR", "Île-de-France", "Paris", "Exemple SAS"],
  ] as const;
  for (const [start, end, country, region, city, organization] of ranges) {
    const range = rangeOf(start, end);
    await records.create(
      ipDatabase.spec,
      {
        StartIp: range.startIp,
        EndIp: range.endIp,
        IpVersion: range.version,
        StartKey: range.startKey,
        EndKey: range.endKey,
        CountryCode: country,
        Region: region,
        City: city,
        Organization: organization,
        IsManual: false,
      },
      at(15 * DAY),
    );
  }
  await records.create(
    ipDatabaseUpdates.spec,
    {
      Source: "Upload",
      FileName: "ip-ranges-2025-01.csv",
      Status: "Succeeded",
      RangeCount: ranges.length,
      StartedAt: new Date(now - 15 * DAY).toISOString(),
      EndedAt: new Date(now - 15 * DAY + 2000).toISOString(),
    },
    at(15 * DAY),
  );

  for (const [key, section, description] of [
    [SIGNUP_ALLOWED_KEY, "security", "Whether /signup is open to new accounts (true or false)."],
    [SUPPORT_CHAT_OPEN_KEY, "general", "Whether the in-app support chat is open (true or false)."],
  ] as const) {
    await kit.context.store.admin.system.putSetting(
      key,
      { section, isSecret: false, valueJson: undefined, description },
      false,
      kit.admin.recId,
      now,
    );
  }

  const folder = await records.create(
    packageManager.spec,
    { Name: "Templates", ItemType: "Folder" },
    at(40 * DAY),
  );
  const pack = async (
    name: string,
    version: string,
    parent: unknown,
    objects: { Type: string; Name: string; Properties: object }[],
  ) => {
    const data = writeZip([
      {
        name: "package.json",
        data: Buffer.from(
          JSON.stringify(
            { Name: name, Version: version, Description: `${name} package.`, Objects: objects },
            null,
            2,
          ),
        ),
      },
    ]);
    return records.create(
      packageManager.spec,
      {
        Name: name,
        ItemType: "Package",
        Version: version,
        Description: `${name} package.`,
        ObjectCount: objects.length,
        SizeBytes: data.length,
        FolderRecId: parent,
        Data: data,
      },
      at(35 * DAY),
    );
  };
  const salesKit = await pack("Sales starter kit", "1.0.0", folder.RecId, [
    { Type: "Dashboard", Name: "Sales overview (template)", Properties: { Layout: "grid" } },
    { Type: "Report", Name: "Monthly sales (template)", Properties: {} },
    { Type: "DataTable", Name: "Sales targets (template)", Properties: { Columns: ["Region", "Target"] } },
  ]);
  await pack("Finance KPIs", "2.1.0", null, [
    { Type: "Dashboard", Name: "Finance KPIs", Properties: {} },
    { Type: "Insight", Name: "Cash flow trend", Properties: {} },
  ]);

  const staging = await records.create(
    environments.spec,
    {
      Name: "Staging",
      Type: "Staging",
      Url: "https://staging.tessera.example",
      IsActive: true,
      Description: "Release candidates before production.",
    },
    at(50 * DAY),
  );
  await records.create(
    environments.spec,
    {
      Name: "Contoso private cloud",
      Type: "Customer",
      Url: "https://analytics.contoso.example",
      IsActive: false,
      Description: "Customer-hosted installation.",
    },
    at(50 * DAY),
  );
  for (const [ago, status, error] of [
    [30, "Succeeded", null],
    [4, "Failed", "The environment answered 503 Service Unavailable."],
  ] as const) {
    const id = await kit.context.store.admin.jobs.createDeployment(
      {
        packageId: salesKit.RecId as number,
        environmentId: staging.RecId as number,
        notes: null,
        logLine: "Deployment started.",
      },
      kit.admin.recId,
      now - ago * DAY,
    );
    await records.transition(
      deployments.spec,
      [id],
      { set: { status: `'${status}'`, error_message: error ? `'${error}'` : "NULL" } },
      at(ago * DAY),
    );
  }

  for (const [ago, level, category, action, message] of [
    [
      3,
      "Warning",
      "Connectors",
      "ReAuthRequired",
      'The OAuth token of connection "CRM (OAuth)" expired; the owner was notified.',
    ],
    [
      2,
      "Error",
      "Export",
      "ExportFailed",
      'Export of "Marketing KPIs" failed: the worker ran out of memory.',
    ],
    [1, "Info", "Scheduler", "ScheduleRun", 'Schedule "Daily sales e-mail" ran: 1 task queued.'],
  ] as const) {
    await kit.context.store.logs.write({
      at: now - ago * 3_600_000,
      level,
      category,
      action,
      message,
      actorAccountId: null,
      actorUserId: null,
      targetAccountId: null,
      targetUserId: null,
      details: { MachineName: "worker-eu-01", CorrelationId: generateUid() },
    });
  }
}
