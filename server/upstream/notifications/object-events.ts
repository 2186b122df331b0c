/**
 * Producers for the §4.3 events about objects and their automation: shared / unshared / duplicated /
 * commented objects (dashboards, data, data loaders, binders), exports, imports, schedules and
 * alerts, plus the "deleted" / "expired" / "trashed" variants once the related object goes away.
 * The endpoints that cause these events call the matching function after their change succeeded.
 *
 * §4.3 fixes the codes; where it has none (a binder shared, a loader commented…) there is no
 * function, so nothing is invented.
 */
import type { NotificationCode } from "../../../schemas/payloads/notification-record.ts";
import type { UpstreamContext } from "../context.ts";
import type { NotificationFields, NotificationRecord } from "../store/records-content.ts";
import type { RelatedObjectField } from "../store/types/realtime.ts";
import { type Actor, authorFields, draftsFor, notify } from "./dispatch.ts";

/** An object named by a notification. */
export interface ObjectRef {
  recId: number;
  name: string;
  /** The owner, told about duplicates and comments by others. */
  ownerUserId?: number | null;
  /** Base64 PNG thumbnail of a dashboard (§3 DashboardThumbnail). */
  thumbnail?: string;
}

const DATA_TYPES = ["DataTable", "DataFusion", "DataMerge", "DataView"] as const;
/** Object types whose sharing §4.3 notifies. */
export type ShareableType = "Dashboard" | "DataLoader" | (typeof DATA_TYPES)[number];
/** Object types whose duplication §4.3 notifies. */
export type DuplicableType = "Dashboard" | "Binder";
/** Object types whose comments §4.3 notifies. */
export type CommentableType = "Dashboard" | (typeof DATA_TYPES)[number];

const isData = (type: string) => (DATA_TYPES as readonly string[]).includes(type);

/** The §3 fields naming an object of `type`. */
function objectFields(type: string, object: ObjectRef): NotificationFields {
  if (type === "Dashboard") {
    return { DashboardName: object.name, DashboardRecId: object.recId, DashboardThumbnail: object.thumbnail };
  }
  if (type === "Binder") return { BinderName: object.name };
  if (type === "DataLoader") return { DataLoaderName: object.name };
  return { DataCloneName: object.name, DataCloneRecId: object.recId };
}

function shareCode(type: ShareableType, shared: boolean): NotificationCode {
  if (type === "Dashboard") return shared ? "DashboardShared" : "DashboardUnshared";
  if (type === "DataLoader") return shared ? "DataLoaderShared" : "DataLoaderUnshared";
  return shared ? "DataShared" : "DataUnshared";
}

/** An object was shared with (or unshared from) users: each of them but the actor is told. */
export function notifyObjectShared(
  context: UpstreamContext,
  event: {
    actor: Actor;
    type: ShareableType;
    object: ObjectRef;
    recipientUserIds: number[];
    shared: boolean;
  },
): Promise<NotificationRecord[]> {
  const { actor, type, object } = event;
  const fields = { ...authorFields(actor), ...objectFields(type, object) };
  return notify(
    context,
    draftsFor(actor.accountId, event.recipientUserIds, shareCode(type, event.shared), fields, actor),
  );
}

/** Someone duplicated an object: its owner is told (DashboardDuplicated, BinderDuplicated). */
export function notifyObjectDuplicated(
  context: UpstreamContext,
  event: { actor: Actor; type: DuplicableType; original: ObjectRef },
): Promise<NotificationRecord[]> {
  const { actor, type, original } = event;
  const code = type === "Dashboard" ? "DashboardDuplicated" : "BinderDuplicated";
  const fields = { ...authorFields(actor), ...objectFields(type, original) };
  return notify(context, draftsFor(actor.accountId, [original.ownerUserId], code, fields, actor));
}

/** Someone commented an object: its owner and the other given users (e.g. earlier commenters) are told. */
export function notifyObjectCommented(
  context: UpstreamContext,
  event: {
    actor: Actor;
    type: CommentableType;
    object: ObjectRef;
    commentText: string;
    alsoUserIds?: number[];
  },
): Promise<NotificationRecord[]> {
  const { actor, type, object } = event;
  const code = type === "Dashboard" ? "DashboardCommented" : "DataCommented";
  const fields = { ...authorFields(actor), ...objectFields(type, object), CommentText: event.commentText };
  const recipients = [object.ownerUserId, ...(event.alsoUserIds ?? [])];
  return notify(context, draftsFor(actor.accountId, recipients, code, fields, actor));
}

/**
 * An export finished: the user who asked for it is told. `exportRecId` is the exported object, so
 * the notification turns into its expired variant when that object is deleted (objectDeleted).
 */
export function notifyExportFinished(
  context: UpstreamContext,
  event: {
    accountId: number;
    userId: number;
    exportName: string;
    exportRecId: number;
    fileUid?: string;
    error?: string;
  },
): Promise<NotificationRecord[]> {
  const fields: NotificationFields = { ExportName: event.exportName, ExportRecId: event.exportRecId };
  if (event.error === undefined) fields.FileUID = event.fileUid;
  else fields.Message = event.error;
  const code = event.error === undefined ? "ExportSucceeded" : "ExportFailed";
  return notify(context, draftsFor(event.accountId, [event.userId], code, fields));
}

/** A background data, user or team import finished: the user who started it is told (links to the task log). */
export function notifyImportFinished(
  context: UpstreamContext,
  event: {
    accountId: number;
    userId: number;
    kind: "BackgroundData" | "User" | "Team";
    succeeded: boolean;
    taskRecId: number;
    data?: ObjectRef;
    message?: string;
  },
): Promise<NotificationRecord[]> {
  const code = `${event.kind}Import${event.succeeded ? "Succeeded" : "Failed"}` as NotificationCode;
  const fields: NotificationFields = { WorkerTaskHistoryRecId: event.taskRecId, Message: event.message };
  if (event.data) Object.assign(fields, objectFields("DataTable", event.data));
  return notify(context, draftsFor(event.accountId, [event.userId], code, fields));
}

/** The schedule events of §4.3. */
export type ScheduleEvent =
  | "Disabled"
  | "TaskDisabledBySystem"
  | "TaskDisabled"
  | "Triggered"
  | "Error"
  | "Completed";

/** A schedule event: the schedule's owner and its other recipients are told. */
export function notifyScheduleEvent(
  context: UpstreamContext,
  event: {
    accountId: number;
    event: ScheduleEvent;
    schedule: ObjectRef;
    taskName?: string;
    message?: string;
    recipientUserIds?: number[];
  },
): Promise<NotificationRecord[]> {
  const fields: NotificationFields = {
    ScheduleName: event.schedule.name,
    ScheduleRecId: event.schedule.recId,
    ScheduleTaskName: event.taskName,
    Message: event.message,
  };
  const recipients = [event.schedule.ownerUserId, ...(event.recipientUserIds ?? [])];
  return notify(context, draftsFor(event.accountId, recipients, `Schedule${event.event}`, fields));
}

/** An alert triggered: its owner and recipients are told, with the dashboards it watches. */
export function notifyAlertTriggered(
  context: UpstreamContext,
  event: {
    accountId: number;
    alert: ObjectRef;
    message?: string;
    dashboards: ObjectRef[];
    recipientUserIds?: number[];
  },
): Promise<NotificationRecord[]> {
  const fields: NotificationFields = {
    AlertName: event.alert.name,
    Message: event.message,
    Dashboards: event.dashboards.map((d) => objectFields("Dashboard", d)),
  };
  const recipients = [event.alert.ownerUserId, ...(event.recipientUserIds ?? [])];
  return notify(context, draftsFor(event.accountId, recipients, "AlertTriggered", fields));
}

/** The notification fields that point at an object of `type`. */
function relatedFields(type: string): RelatedObjectField[] {
  if (type === "Dashboard") return ["DashboardRecId", "ExportRecId"];
  if (isData(type)) return ["DataCloneRecId", "ExportRecId"];
  if (type === "Schedule") return ["ScheduleRecId"];
  if (type === "DataConnection") return ["DataConnectionRecId"];
  if (type === "SupportTicket") return ["SupportTicketRecId"];
  return ["ExportRecId"];
}

/**
 * An object was deleted for good: the account's notifications pointing at it switch to their
 * deleted / expired variant (§4.3 IsRelatedObjectDeleted). Returns how many changed.
 */
export async function objectDeleted(
  context: UpstreamContext,
  accountId: number,
  object: { type: string; recId: number },
): Promise<number> {
  let changed = 0;
  for (const field of relatedFields(object.type)) {
    changed += await context.store.realtime.notificationEvents.flagRelatedObjectDeleted(
      accountId,
      field,
      object.recId,
    );
  }
  return changed;
}

/** Data moved to or out of the Deleted folder: DataShared shows its trashed variant (§4.3). */
export function dataTrashed(
  context: UpstreamContext,
  accountId: number,
  dataRecId: number,
  trashed: boolean,
) {
  return context.store.realtime.notificationEvents.flagDataTrashed(accountId, dataRecId, trashed);
}
