/**
 * Adding a notification: stored for its user, then announced on the event bus so the user hub can
 * push `notificationAdded` (§7). Every producer of §4.3 events goes through here.
 */
import type { NotificationCode } from "../../../schemas/payloads/notification-record.ts";
import type { UpstreamContext } from "../context.ts";
import type { NotificationFields, NotificationRecord } from "../store/records-content.ts";

/** The server record of §3 as the Notifications call returns it. */
export function notificationBody(notification: NotificationRecord) {
  return {
    RecId: notification.recId,
    Code: notification.code,
    Date: new Date(notification.createdAt).toISOString(),
    IsNew: notification.isNew,
    ...notification.fields,
  };
}

/** Stores a notification for one user and announces it. */
export async function addNotification(
  context: UpstreamContext,
  target: { accountId: number; userId: number },
  code: NotificationCode,
  fields: NotificationFields,
  at = context.now(),
): Promise<NotificationRecord> {
  const notification = await context.store.notifications.add(
    target.accountId,
    target.userId,
    code,
    fields,
    at,
  );
  context.events.emit("notificationAdded", {
    accountId: target.accountId,
    userId: target.userId,
    notification,
  });
  return notification;
}
