/**
 * Demo records of the jobs area (§4.3 producers): the rows of «Orders 2024» (the sample
 * orders of data/sample-data.ts), the daily schedule «Daily sales e-mail» exporting «Sales overview»
 * and «Orders 2024», the alert «Revenue drop» watching the orders' revenue, and expired OAuth
 * credentials on «CRM (OAuth)», so testing it asks its owner to re-authenticate. «Weekly KPI digest»
 * and «Stock below threshold» stay unconfigured. Runs once, after the library seed.
 */
import type { UpstreamContext } from "../context.ts";
import { DOCUMENT_COLLECTIONS } from "../data/sample-data.ts";
import { CONTENT_AREAS } from "../folders/areas.ts";
import { nextRunAfter } from "../jobs/recurrence.ts";
import type { Recurrence } from "../store/types/automation.ts";
import type { DataColumn, DataValue } from "../store/types/data-tables.ts";
import { DEMO_DOMAINS, demoUser } from "./demo-accounts.ts";

const DAY = 86_400_000;

/** The columns of «Orders 2024». */
export const ORDER_COLUMNS: DataColumn[] = [
  { name: "OrderId", type: "Text" },
  { name: "OrderedAt", type: "Date" },
  { name: "Customer", type: "Text" },
  { name: "City", type: "Text" },
  { name: "Total", type: "Number" },
  { name: "Paid", type: "Boolean" },
];

/** The sample orders as rows of ORDER_COLUMNS. */
export function orderRows(): DataValue[][] {
  return (DOCUMENT_COLLECTIONS.orders ?? []).map((order) => {
    const customer = order.customer as { name: string; address: { city: string } };
    return [
      order._id as string,
      order.orderedAt as string,
      customer.name,
      customer.address.city,
      order.total as number,
      order.paid as boolean,
    ];
  });
}

/** Seeds the jobs area's demo records. */
export async function seedDemoJobs(context: UpstreamContext): Promise<void> {
  const { store } = context;
  const now = context.now();
  const account = await store.accounts.resolveByDomain(DEMO_DOMAINS.northwind);
  if (!account) throw new Error("demo jobs seed: no Northwind account");
  const owner = await demoUser(context, "owner");
  const find = async (type: string, name: string) => {
    const found = (await store.objects.list(account.recId, type)).find((object) => object.name === name);
    if (!found) throw new Error(`demo jobs seed: no ${type} ${name}`);
    return found;
  };
  const orders = await find("DataTable", "Orders 2024");
  await store.jobs.dataTables.define(account.recId, orders.recId, ORDER_COLUMNS, orderRows(), now);

  const daily: Recurrence = { Frequency: "Daily", Time: "07:00" };
  const schedule = await find("Schedule", "Daily sales e-mail");
  await store.jobs.schedules.save(
    account.recId,
    schedule.recId,
    {
      recurrence: daily,
      enabled: true,
      tasks: [
        {
          name: "Sales overview",
          objectId: (await find("Dashboard", "Sales overview")).recId,
          format: "csv",
          enabled: true,
        },
        { name: "Orders", objectId: orders.recId, format: "csv", enabled: true },
      ],
      recipientUserIds: [],
    },
    nextRunAfter(daily, now),
    now,
  );

  const morning: Recurrence = { Frequency: "Daily", Time: "07:30" };
  const alert = await find("Alert", "Revenue drop");
  await store.jobs.alerts.save(
    account.recId,
    alert.recId,
    {
      dataTableId: orders.recId,
      column: "Total",
      aggregate: "Sum",
      operator: "Below",
      threshold: 50_000,
      message: "",
      dashboardIds: [(await find("Dashboard", "Sales overview")).recId],
      recipientUserIds: [],
      recurrence: morning,
      enabled: true,
    },
    nextRunAfter(morning, now),
    now,
  );

  // The CRM connection's OAuth token expired three days ago (no secret is kept, only its expiry).
  const crm = await find("DataConnection", "CRM (OAuth)");
  const scope = {
    accountId: account.recId,
    userId: owner.recId,
    area: "Connections",
    types: CONTENT_AREAS.Connections,
  };
  const authentication = { Type: "OAuth2", ExpiresAt: new Date(now - 3 * DAY).toISOString() };
  const updated = await store.content.library.update(
    scope,
    crm.recId,
    { properties: { ...crm.properties, Authentication: authentication } },
    now,
  );
  if (typeof updated === "string") throw new Error(`demo jobs seed: CRM connection: ${updated}`);
}
