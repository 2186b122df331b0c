import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import {
  codeName,
  dateTime,
  nullableBase64Png,
  nullableCodeName,
  nullableRecId,
  nullableUid,
  recId,
} from "./fields.ts";

/**
 * Every notification code of SPEC §4.3: each has a template in manifests/notifications.json (the
 * manifest checker enforces it) and the embedded upstream can raise each. A record's `Code` is not
 * limited to these: the runtime shows an unknown code as such.
 */
export const NOTIFICATION_CODES = [
  "ReAuthConnector",
  "DeprecatedConnector",
  "AddedToTeam",
  "RemovedFromTeam",
  "AlertTriggered",
  "BackgroundDataImportFailed",
  "BackgroundDataImportSucceeded",
  "DashboardCommented",
  "DashboardShared",
  "DashboardUnshared",
  "DashboardDuplicated",
  "BinderDuplicated",
  "DatabaseMigrationFailed",
  "DataCommented",
  "DataUnshared",
  "DataShared",
  "DataLoaderShared",
  "DataLoaderUnshared",
  "ExportFailed",
  "ExportSucceeded",
  "UserImportFailed",
  "UserImportSucceeded",
  "TeamImportFailed",
  "TeamImportSucceeded",
  "InvoiceReady",
  "PaymentFailed",
  "ScheduleDisabled",
  "ScheduleTaskDisabledBySystem",
  "ScheduleTaskDisabled",
  "ScheduleTriggered",
  "ScheduleError",
  "ScheduleCompleted",
  "SubscriptionDowngradeReminder",
  "SupportTicketUpdated",
  "Custom",
] as const;

/** A notification code of §4.3. */
export type NotificationCode = (typeof NOTIFICATION_CODES)[number];

/** Text of the server record: absent or null when the notification's code does not use it. */
const optionalText = { type: ["string", "null"], description: "Text; null when not used." } as const;

/**
 * A notification as the upstream sends it (§3 Notification, server record). Only the identity,
 * date, state and code are always present; every other field is used by some codes only (§4.3) and
 * may be absent or null. Code is deliberately not an enum: an unknown code must still reach the
 * runtime, which shows it as the error-like 'Unknown notification code!' entry (§4.3).
 */
const notificationRecord = {
  type: "object",
  description: "A notification as stored by the upstream (§3); how it is shown depends on Code (§4.3).",
  properties: {
    Date: { ...dateTime, description: "When the notification was produced." },
    IsNew: {
      type: "boolean",
      description: "Not yet seen: new until the notification dropdown is opened (§4.3).",
    },
    RecId: { ...recId, description: "Record id of the notification; sent back to mark it read (§7)." },
    Code: {
      ...codeName,
      description: "Notification code, e.g. AlertTriggered; unknown codes are shown as such (§4.3).",
    },
    AuthorFullName: {
      ...optionalText,
      description: "Full name of the user who caused it (AddedToTeam, shares…).",
    },
    AuthorUserUID: { ...nullableUid, description: "Unique id of the author, for the avatar (§7)." },
    TeamName: { ...optionalText, description: "Team of AddedToTeam and RemovedFromTeam (§4.3)." },
    AlertName: { ...optionalText, description: "Alert of AlertTriggered (§4.3)." },
    Message: { ...optionalText, description: "Optional message of AlertTriggered (§4.3)." },
    Dashboards: {
      type: ["array", "null"],
      description: "Dashboards of an AlertTriggered alert; the first thumbnail is shown (§4.3).",
      items: {
        type: "object",
        description: "A dashboard of the alert.",
        properties: {
          DashboardRecId: { ...nullableRecId, description: "The dashboard's record id." },
          DashboardName: { ...optionalText, description: "The dashboard's name." },
          DashboardThumbnail: {
            ...nullableBase64Png,
            description: "Thumbnail of the dashboard (base64 PNG).",
          },
        },
        required: ["DashboardThumbnail"],
        additionalProperties: false,
      },
    },
    DataConnectionName: {
      ...optionalText,
      description: "Connection of ReAuthConnector and DeprecatedConnector.",
    },
    DataConnectionRecId: {
      ...nullableRecId,
      description: "Connection whose settings ReAuthConnector opens (connectionRecId, §2.5).",
    },
    DataCloneName: { ...optionalText, description: "Data (table, view…) of the Data… and import codes." },
    DataCloneRecId: {
      ...nullableRecId,
      description: "Data record opened by the data viewer dialog (id, §2.5).",
    },
    WorkerTaskHistoryRecId: {
      ...nullableRecId,
      description: "Task run whose log the failure and import codes link to (task log viewer recId, §2.5).",
    },
    DashboardName: { ...optionalText, description: "Dashboard of the Dashboard… codes." },
    DashboardRecId: {
      ...nullableRecId,
      description: "Dashboard opened by the view dialog (dashboardRecId, §2.5).",
    },
    DashboardThumbnail: { ...nullableBase64Png, description: "Thumbnail of the dashboard (base64 PNG)." },
    CommentText: { ...optionalText, description: "Comment of DashboardCommented and DataCommented (§4.3)." },
    IsRelatedObjectDeleted: {
      type: "boolean",
      description: "The related object was deleted: selects the deleted or expired variant (§4.3).",
    },
    IsDataCloneTrashed: {
      type: "boolean",
      description: "The shared data is in the trash: DataShared variant (§4.3).",
    },
    DataLoaderName: {
      ...optionalText,
      description: "Data loader of DataLoaderShared and DataLoaderUnshared.",
    },
    ExportName: { ...optionalText, description: "Export of ExportFailed and ExportSucceeded (§4.3)." },
    ExportRecId: { ...nullableRecId, description: "Record id of the export." },
    FileUID: {
      ...nullableUid,
      description:
        "File an ExportSucceeded links to, {webservices}/File/{fileSystemItemType}/{fileUID} (§7).",
    },
    InvoiceNumber: {
      type: ["string", "null"],
      pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$",
      description: "Invoice of InvoiceReady (downloaded at invoice/{invoiceNumber}, §7) and PaymentFailed.",
    },
    ScheduleName: { ...optionalText, description: "Schedule of the Schedule… codes (§4.3)." },
    ScheduleRecId: {
      ...nullableRecId,
      description: "Schedule opened by the schedule settings dialog (recId, §2.5).",
    },
    ScheduleTaskName: {
      ...optionalText,
      description: "Task of ScheduleTaskDisabled and ScheduleTaskDisabledBySystem.",
    },
    SubscriptionType: {
      ...nullableCodeName,
      description:
        "Subscription type of SubscriptionDowngradeReminder, shown as SubscriptionType_{type} (§9).",
    },
    SupportTicketName: {
      ...optionalText,
      description: "Ticket of SupportTicketUpdated; escaped when shown (§4.3).",
    },
    SupportTicketRecId: {
      ...nullableRecId,
      description:
        "Ticket of SupportTicketUpdated: /admin/support?id= for admins, else the ticket dialog (§4.3).",
    },
    BinderName: { ...optionalText, description: "Binder of BinderDuplicated (§4.3)." },
    Title: { ...optionalText, description: "Title of a Custom notification, shown as sent (§4.3)." },
    Body: { ...optionalText, description: "Body of a Custom notification, shown as sent (§4.3)." },
  },
  required: ["Date", "IsNew", "RecId", "Code"],
  additionalProperties: false,
} as const;

/** One notification record (§3). */
export const notificationRecordSchema = {
  $id: "notificationRecord",
  ...notificationRecord,
} as const satisfies JSONSchema;

/** Response of GET Notifications/ (§7): the user's notifications, newest first. */
export const notificationListSchema = {
  $id: "notificationList",
  type: "array",
  description: "Response of GET Notifications/: the user's notifications, newest first (§7).",
  items: notificationRecord,
} as const satisfies JSONSchema;

/** Body of PUT Notifications/ (§7): the notifications to mark read. */
export const notificationsMarkReadSchema = {
  $id: "notificationsMarkRead",
  type: "object",
  description: "Body of PUT Notifications/: mark these notifications read (§4.3, §7).",
  properties: {
    NotificationRecIds: {
      type: "array",
      items: { ...recId, description: "Record id of a notification." },
      minItems: 1,
      uniqueItems: true,
      description: "Record ids of the notifications to mark read.",
    },
  },
  required: ["NotificationRecIds"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type NotificationRecord = FromSchema<typeof notificationRecordSchema>;
export type NotificationList = FromSchema<typeof notificationListSchema>;
export type NotificationsMarkRead = FromSchema<typeof notificationsMarkReadSchema>;
