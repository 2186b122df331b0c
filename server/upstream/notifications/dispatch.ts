/**
 * The event → notification service's core (§4.3): drafts are stored for their users all at once (one
 * transaction, never for a user outside the draft's account), then each stored notification is
 * announced on the event bus, from where the user hub pushes it as `notificationAdded` (§7).
 * The producers of each §4.3 event (object-events.ts, account-events.ts, the team routes) build the
 * drafts; this module also resolves the usual recipients.
 */
import type { NotificationCode } from "../../../schemas/payloads/notification-record.ts";
import type { UpstreamContext } from "../context.ts";
import type { PermissionKey, PermissionLevel } from "../identity/permission-keys.ts";
import { grants, parsePermissionString } from "../identity/permission-string.ts";
import type { UserRecord } from "../store/records.ts";
import type { NotificationFields, NotificationRecord } from "../store/records-content.ts";
import type { NotificationDraft } from "../store/types/realtime.ts";

/** Who caused an event: the user named as the author of the notification (§3 AuthorFullName). */
export type Actor = Pick<UserRecord, "accountId" | "recId" | "fullName" | "uid">;

/** The author fields of §3 for an actor. */
export function authorFields(actor: Actor): NotificationFields {
  return { AuthorFullName: actor.fullName, AuthorUserUID: actor.uid };
}

/** Announces notifications already stored (e.g. by a store method that wrote them with its change). */
export function announce(context: UpstreamContext, notifications: readonly NotificationRecord[]): void {
  for (const notification of notifications) {
    context.events.emit("notificationAdded", {
      accountId: notification.accountId,
      userId: notification.userId,
      notification,
    });
  }
}

/** Stores the drafts (all or none) and announces what was stored. */
export async function notify(
  context: UpstreamContext,
  drafts: readonly NotificationDraft[],
): Promise<NotificationRecord[]> {
  if (drafts.length === 0) return [];
  const stored = await context.store.realtime.notificationEvents.addMany([...drafts], context.now());
  announce(context, stored);
  return stored;
}

/**
 * One draft per recipient of one account, each recipient once, without the actor (nobody is told
 * about what they did themself).
 */
export function draftsFor(
  accountId: number,
  recipients: Iterable<number | null | undefined>,
  code: NotificationCode,
  fields: NotificationFields,
  actor?: Pick<Actor, "accountId" | "recId"> | null,
): NotificationDraft[] {
  const users = new Set<number>();
  for (const userId of recipients) if (typeof userId === "number") users.add(userId);
  if (actor && actor.accountId === accountId) users.delete(actor.recId);
  return [...users].map((userId) => ({ accountId, userId, code, fields }));
}

/** The enabled users of an account whose role grants `key` at `level` (§6 permission strings). */
export async function usersWithPermission(
  context: UpstreamContext,
  accountId: number,
  key: PermissionKey,
  level: PermissionLevel,
): Promise<number[]> {
  const members = await context.store.realtime.notificationEvents.memberRoles(accountId);
  return members
    .filter((member) => {
      const parsed = parsePermissionString(member.permissions);
      return parsed.ok && grants(parsed.permissions, key, level);
    })
    .map((member) => member.userId);
}

/** Every enabled user of an account. */
export async function allMembers(context: UpstreamContext, accountId: number): Promise<number[]> {
  const members = await context.store.realtime.notificationEvents.memberRoles(accountId);
  return members.map((member) => member.userId);
}
