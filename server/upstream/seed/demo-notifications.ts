/**
 * A notification of every §4.3 code for the demo owner, with the variants §4.3 names (deleted team,
 * trashed/deleted data, expired exports, deleted schedules), spread over the last days; the
 * oldest ones are already read.
 */
import type { NotificationCode } from "../../../schemas/payloads/notification-record.ts";
import type { UpstreamContext } from "../context.ts";
import { addNotification } from "../notifications/service.ts";
import type { UserRecord } from "../store/records.ts";
import type { NotificationFields } from "../store/records-content.ts";
import type { DemoContent } from "./demo-content.ts";

/** Seeds the owner's notifications. */
export async function seedDemoNotifications(
  context: UpstreamContext,
  input: { owner: UserRecord; author: UserRecord; content: DemoContent },
): Promise<void> {
  const { owner, author, content: c } = input;
  const by = { AuthorFullName: author.fullName, AuthorUserUID: author.uid };
  const [sales, marketing] = c.dashboards as [DemoContent["dashboards"][0], DemoContent["dashboards"][0]];
  const dashboard = (d: typeof sales) => ({
    DashboardName: d.name,
    DashboardRecId: d.recId,
    DashboardThumbnail: c.thumbnail,
  });
  const data = { DataCloneName: c.table.name, DataCloneRecId: c.table.recId };
  const schedule = {
    ScheduleName: c.schedule.name,
    ScheduleRecId: c.schedule.recId,
    ScheduleTaskName: "Send e-mail",
  };
  const deletedSchedule = { ...schedule, IsRelatedObjectDeleted: true };
  const task = { WorkerTaskHistoryRecId: c.importTask.recId };

  const entries: [NotificationCode, NotificationFields][] = [
    [
      "ReAuthConnector",
      { DataConnectionName: c.crmConnection.name, DataConnectionRecId: c.crmConnection.recId },
    ],
    [
      "DeprecatedConnector",
      { DataConnectionName: c.crmConnection.name, DataConnectionRecId: c.crmConnection.recId },
    ],
    ["AddedToTeam", { ...by, TeamName: "Analytics" }],
    ["RemovedFromTeam", { ...by, TeamName: "Leadership" }],
    ["RemovedFromTeam", { ...by, TeamName: "Pilot group", IsRelatedObjectDeleted: true }],
    [
      "AlertTriggered",
      {
        AlertName: c.alert.name,
        Message: "Revenue fell 18% below the 7-day average.",
        Dashboards: [dashboard(sales)],
      },
    ],
    ["BackgroundDataImportFailed", { ...data, ...task, Message: "The source file has 3 malformed rows." }],
    ["BackgroundDataImportSucceeded", data],
    ["DashboardCommented", { ...by, ...dashboard(sales), CommentText: "Can we split EMEA by country?" }],
    ["DashboardShared", { ...by, ...dashboard(marketing) }],
    ["DashboardUnshared", { ...by, ...dashboard(marketing) }],
    ["DashboardDuplicated", { ...by, ...dashboard(sales) }],
    ["BinderDuplicated", { ...by, BinderName: c.binder.name }],
    [
      "DatabaseMigrationFailed",
      { DataConnectionName: c.retailConnection.name, Message: "Schema version 12 could not be applied." },
    ],
    ["DataCommented", { ...by, ...data, CommentText: "Order dates before 2024 look shifted by a day." }],
    ["DataUnshared", { ...by, ...data }],
    ["DataShared", { ...by, ...data }],
    ["DataShared", { ...by, ...data, IsDataCloneTrashed: true }],
    ["DataShared", { ...by, DataCloneName: "Legacy customers", IsRelatedObjectDeleted: true }],
    ["DataLoaderShared", { ...by, DataLoaderName: c.loader.name }],
    ["DataLoaderUnshared", { ...by, DataLoaderName: c.loader.name }],
    [
      "ExportFailed",
      { ExportName: "Marketing KPIs.xlsx", ExportRecId: marketing.recId, Message: "The export timed out." },
    ],
    ["ExportFailed", { ExportName: "Old pipeline.xlsx", IsRelatedObjectDeleted: true }],
    [
      "ExportSucceeded",
      { ExportName: c.exportFile.name, ExportRecId: c.exportFile.recId, FileUID: c.exportFile.uid },
    ],
    [
      "ExportSucceeded",
      { ExportName: "Old pipeline.csv", ExportRecId: c.deletedDashboard.recId, IsRelatedObjectDeleted: true },
    ],
    ["UserImportFailed", task],
    ["UserImportSucceeded", task],
    ["TeamImportFailed", task],
    ["TeamImportSucceeded", task],
    ["InvoiceReady", { InvoiceNumber: c.invoiceNumbers.ready }],
    ["PaymentFailed", { InvoiceNumber: c.invoiceNumbers.failed }],
    ["ScheduleDisabled", schedule],
    ["ScheduleDisabled", deletedSchedule],
    ["ScheduleTaskDisabledBySystem", schedule],
    ["ScheduleTaskDisabled", schedule],
    ["ScheduleTriggered", schedule],
    ["ScheduleError", { ...schedule, Message: "The mail server refused the recipient list." }],
    ["ScheduleCompleted", schedule],
    ["ScheduleCompleted", deletedSchedule],
    ["SubscriptionDowngradeReminder", { SubscriptionType: "Starter" }],
    [
      "SupportTicketUpdated",
      { SupportTicketName: `${c.ticket.name} <b>urgent</b>`, SupportTicketRecId: c.ticket.recId },
    ],
    [
      "Custom",
      {
        Title: "Welcome to Tessera",
        Body: "Your demo account is ready. Explore the dashboards to get started.",
      },
    ],
  ];

  const now = context.now();
  const hour = 3_600_000;
  for (const [index, [code, fields]] of entries.entries()) {
    // Oldest first, an hour apart, so the newest is the last entry.
    await addNotification(
      context,
      { accountId: owner.accountId, userId: owner.recId },
      code,
      fields,
      now - (entries.length - index) * hour,
    );
  }
  // Everything older than a day has been seen.
  const all = await context.store.notifications.list(owner.accountId, owner.recId, 1000);
  await context.store.notifications.markRead(
    owner.accountId,
    owner.recId,
    all.filter((n) => n.createdAt < now - 24 * hour).map((n) => n.recId),
  );
}
