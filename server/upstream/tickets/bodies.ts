/**
 * Request schemas and response shapes of support tickets, and the notification after a change
 * (§4.3 SupportTicketUpdated). Request objects are closed and every field is described.
 */
import { multiLineText, singleLineText } from "../../../schemas/text-rules.ts";
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import { isoTime, listQuerySchema } from "../folders/list-query.ts";
import { notifySupportTicketUpdated } from "../notifications/account-events.ts";
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_SORT_FIELDS,
  TICKET_STATUSES,
  type TicketRecord,
} from "../store/types/tickets.ts";

/** A ticket as lists return it. */
export function ticketBody(ticket: TicketRecord) {
  return {
    RecId: ticket.recId,
    UID: ticket.uid,
    Title: ticket.title,
    Description: ticket.description,
    Status: ticket.status,
    Priority: ticket.priority,
    Category: ticket.category,
    CreatedByFullName: ticket.createdByFullName,
    CreatedAt: isoTime(ticket.createdAt),
    ModifiedAt: isoTime(ticket.modifiedAt),
    ClosedAt: isoTime(ticket.closedAt),
    ClosedByFullName: ticket.closedByFullName,
    CommentCount: ticket.commentCount,
  };
}

/** Where a ticket attachment downloads from (relative to the application base). */
export const ticketAttachmentUrl = (ticketId: number) => (attachment: { uid: string }) =>
  `SupportTickets/${ticketId}/Attachments/${attachment.uid}`;

/** Tells the ticket's author (unless they acted themself) that it changed. */
export async function ticketChanged(context: UpstreamContext, caller: Caller, ticket: TicketRecord) {
  try {
    await notifySupportTicketUpdated(context, {
      actor: caller.user,
      ticket: {
        accountId: caller.account.recId,
        recId: ticket.recId,
        name: ticket.title,
        authorUserId: ticket.createdByUserId,
      },
    });
  } catch (error) {
    context.log.error({ err: error }, "ticket notification failed");
  }
}

const title = {
  ...singleLineText,
  minLength: 1,
  maxLength: 200,
  description: "Ticket title.",
} as const;
const fields = {
  Title: title,
  Description: { ...multiLineText, maxLength: 8000, description: "What happened, in detail." },
  Priority: { enum: TICKET_PRIORITIES, description: "Priority." },
  Category: { enum: TICKET_CATEGORIES, description: "Category." },
} as const;
/** POST SupportTickets. */
export const createTicketBody = {
  type: "object",
  properties: fields,
  required: ["Title", "Description"],
  additionalProperties: false,
} as const;
/** PUT SupportTickets/{recId}: any of the fields. */
export const updateTicketBody = {
  type: "object",
  properties: fields,
  minProperties: 1,
  additionalProperties: false,
} as const;
/** GET SupportTickets. */
export const ticketListQuery = listQuerySchema(TICKET_SORT_FIELDS, "-ModifiedAt", {
  status: { enum: TICKET_STATUSES, description: "Only tickets in this state." },
});
