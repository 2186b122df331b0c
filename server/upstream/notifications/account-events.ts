/**
 * Producers for the §4.3 events about the account rather than one object: team membership, billing
 * (invoice ready, payment failed, downgrade reminder), connections (re-authenticate, deprecated
 * connector, database migration failed), support tickets, and the custom notifications staff send.
 */
import type { UpstreamContext } from "../context.ts";
import type { NotificationFields, NotificationRecord } from "../store/records-content.ts";
import type { NotificationDraft, TeamNotice } from "../store/types/realtime.ts";
import { type Actor, allMembers, authorFields, draftsFor, notify, usersWithPermission } from "./dispatch.ts";
import type { ObjectRef } from "./object-events.ts";

/**
 * What the members of a team are told when the actor adds them, removes them or deletes the team
 * (§4.3: AddedToTeam, RemovedFromTeam, and RemovedFromTeam's deleted-team variant).
 */
export function teamNotice(
  actor: Actor,
  teamName: string,
  change: "added" | "removed" | "deleted",
): TeamNotice {
  const fields: NotificationFields = { ...authorFields(actor), TeamName: teamName };
  if (change === "deleted") fields.IsRelatedObjectDeleted = true;
  return { code: change === "added" ? "AddedToTeam" : "RemovedFromTeam", fields, exceptUserId: actor.recId };
}

/** Billing events go to the users who manage billing (BillingAndSubscription, §6). */
async function billingUsers(context: UpstreamContext, accountId: number): Promise<number[]> {
  return usersWithPermission(context, accountId, "BillingAndSubscription", "r");
}

/** A new invoice can be downloaded (§4.3 InvoiceReady). */
export async function notifyInvoiceReady(context: UpstreamContext, accountId: number, invoiceNumber: string) {
  const users = await billingUsers(context, accountId);
  return notify(context, draftsFor(accountId, users, "InvoiceReady", { InvoiceNumber: invoiceNumber }));
}

/** Collecting an invoice failed (§4.3 PaymentFailed). */
export async function notifyPaymentFailed(
  context: UpstreamContext,
  accountId: number,
  invoiceNumber: string,
) {
  const users = await billingUsers(context, accountId);
  return notify(context, draftsFor(accountId, users, "PaymentFailed", { InvoiceNumber: invoiceNumber }));
}

/** The subscription is about to be downgraded to `subscriptionType` (§4.3 SubscriptionDowngradeReminder). */
export async function notifySubscriptionDowngradeReminder(
  context: UpstreamContext,
  accountId: number,
  subscriptionType: string,
) {
  const users = await billingUsers(context, accountId);
  const fields = { SubscriptionType: subscriptionType };
  return notify(context, draftsFor(accountId, users, "SubscriptionDowngradeReminder", fields));
}

/**
 * A connection needs attention: its owner is told, or, for a connection without a (current) owner,
 * everyone who manages connections (Connections rw).
 */
async function connectionUsers(context: UpstreamContext, accountId: number, connection: ObjectRef) {
  if (typeof connection.ownerUserId === "number") {
    const [owner] = await context.store.realtime.notificationEvents.existingUsers(accountId, [
      connection.ownerUserId,
    ]);
    if (owner !== undefined) return [owner];
  }
  return usersWithPermission(context, accountId, "Connections", "rw");
}

/** The connection's credentials must be renewed (ReAuthConnector) or its connector is deprecated. */
export async function notifyConnectorEvent(
  context: UpstreamContext,
  accountId: number,
  event: "ReAuth" | "Deprecated",
  connection: ObjectRef,
): Promise<NotificationRecord[]> {
  const users = await connectionUsers(context, accountId, connection);
  const fields = { DataConnectionName: connection.name, DataConnectionRecId: connection.recId };
  const code = event === "ReAuth" ? "ReAuthConnector" : "DeprecatedConnector";
  return notify(context, draftsFor(accountId, users, code, fields));
}

/** Migrating a connection's database schema failed (§4.3 DatabaseMigrationFailed). */
export async function notifyDatabaseMigrationFailed(
  context: UpstreamContext,
  accountId: number,
  connection: ObjectRef,
  message: string,
): Promise<NotificationRecord[]> {
  const users = await usersWithPermission(context, accountId, "Connections", "rw");
  const fields = {
    DataConnectionName: connection.name,
    DataConnectionRecId: connection.recId,
    Message: message,
  };
  return notify(context, draftsFor(accountId, users, "DatabaseMigrationFailed", fields));
}

/**
 * A support ticket changed (comment, status…): its author is told in their account, and the given
 * staff (users of the operator account, e.g. the ticket's assignee) in theirs — never the actor.
 * Admins are routed to /admin/support, members to the ticket dialog (§4.3, by the runtime).
 */
export async function notifySupportTicketUpdated(
  context: UpstreamContext,
  event: {
    actor: Pick<Actor, "accountId" | "recId">;
    ticket: { accountId: number; recId: number; name: string; authorUserId: number | null };
    staffUserIds?: number[];
  },
): Promise<NotificationRecord[]> {
  const { ticket, actor } = event;
  const fields = { SupportTicketName: ticket.name, SupportTicketRecId: ticket.recId };
  const drafts: NotificationDraft[] = draftsFor(
    ticket.accountId,
    [ticket.authorUserId],
    "SupportTicketUpdated",
    fields,
    actor,
  );
  const operator = await context.store.accounts.resolveSystemAccount();
  if (operator && event.staffUserIds?.length) {
    drafts.push(...draftsFor(operator.recId, event.staffUserIds, "SupportTicketUpdated", fields, actor));
  }
  return notify(context, drafts);
}

/** A custom notification from staff (§4.3 Custom: Title and Body as sent) to the given users or everyone. */
export async function sendCustomNotification(
  context: UpstreamContext,
  event: { accountId: number; userIds?: number[]; title: string; body: string },
): Promise<NotificationRecord[]> {
  const users = event.userIds ?? (await allMembers(context, event.accountId));
  const fields = { Title: event.title, Body: event.body };
  return notify(context, draftsFor(event.accountId, users, "Custom", fields));
}
