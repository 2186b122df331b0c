/**
 * Support tickets (server/upstream/README-content.md, Support tickets): the shapes, the calls the
 * screens make and the comment request — JSON, or multipart with the files as file[] (§7) when
 * attachments are added.
 */
import { apiRequest } from "../../../http/api-client.ts";
import { UPLOAD_FIELD } from "../../../components/file-upload/upload-request.ts";
import type { Tone } from "../common/list-parts.tsx";
import type { Comment } from "./comment-model.ts";

export const TICKET_STATUSES = ["Open", "Closed"] as const;
export const TICKET_PRIORITIES = ["Low", "Normal", "High", "Urgent"] as const;
export const TICKET_CATEGORIES = ["Question", "Problem", "FeatureRequest", "Billing"] as const;

/** A ticket as lists return it. */
export interface Ticket {
  RecId: number;
  UID: string;
  Title: string;
  Description: string;
  Status: (typeof TICKET_STATUSES)[number];
  Priority: (typeof TICKET_PRIORITIES)[number];
  Category: (typeof TICKET_CATEGORIES)[number];
  CreatedByFullName: string | null;
  CreatedAt: string | null;
  ModifiedAt: string | null;
  ClosedAt: string | null;
  ClosedByFullName: string | null;
  CommentCount: number;
}

/** A ticket with its comments (internal ones are never sent to members). */
export interface TicketDetail extends Ticket {
  Comments: Comment[];
}

/** What the New Support Ticket form sends. */
export interface NewTicket {
  Title: string;
  Description: string;
  Priority: Ticket["Priority"];
  Category: Ticket["Category"];
}

/** Most attachments on one comment, and the largest one (the upstream refuses more). */
export const COMMENT_MAX_ATTACHMENTS = 5;
export const COMMENT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Longest title and description the upstream accepts. */
export const TICKET_TITLE_MAX_LENGTH = 200;
export const TICKET_DESCRIPTION_MAX_LENGTH = 8000;
export const COMMENT_TEXT_MAX_LENGTH = 4000;

/** The text key of a priority or category value. */
export const priorityKey = (priority: string) => `Tickets_Priority_${priority}`;
export const categoryKey = (category: string) => `Tickets_Category_${category}`;

/** The tone of a ticket's state and priority. */
export function ticketTone(ticket: Pick<Ticket, "Status" | "Priority">): Tone {
  if (ticket.Status === "Closed") return "neutral";
  return ticket.Priority === "Urgent" || ticket.Priority === "High" ? "warning" : "info";
}

/** Creates a ticket (SupportTickets rw). */
export function createTicket(ticket: NewTicket): Promise<TicketDetail> {
  return apiRequest<TicketDetail>("SupportTickets", {
    method: "POST",
    body: { ...ticket, Title: ticket.Title.trim(), Description: ticket.Description.trim() },
  });
}

/** Closes a ticket (409 TicketClosed when it already is). */
export function closeTicket(recId: number): Promise<Ticket> {
  return apiRequest<Ticket>(`SupportTickets/${recId}/Close`, { method: "POST" });
}

/** The body of a new comment: JSON without files, multipart with the fields and file[] with them. */
export function commentRequestBody(input: { text: string; title?: string; files: readonly File[] }): unknown {
  const fields: Record<string, string> = { Text: input.text.trim() };
  const title = input.title?.trim() ?? "";
  if (title !== "") fields.Title = title;
  if (input.files.length === 0) return fields;
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of input.files) body.append(UPLOAD_FIELD, file, file.name);
  return body;
}

/** Adds a comment to an open ticket (409 TicketClosed otherwise). */
export function addTicketComment(
  recId: number,
  input: { text: string; title?: string; files: readonly File[] },
): Promise<Comment> {
  return apiRequest<Comment>(`SupportTickets/${recId}/Comments`, {
    method: "POST",
    body: commentRequestBody(input),
  });
}

/** Why a set of attachments cannot be sent, as a text key with parameters; null when it can. */
export function attachmentProblem(
  files: ReadonlyArray<{ size: number }>,
): { key: string; params: Record<string, number> } | null {
  if (files.length > COMMENT_MAX_ATTACHMENTS)
    return { key: "Tickets_TooManyAttachments", params: { max: COMMENT_MAX_ATTACHMENTS } };
  if (files.some((file) => file.size > COMMENT_ATTACHMENT_MAX_BYTES))
    return {
      key: "Tickets_AttachmentTooLarge",
      params: { size: COMMENT_ATTACHMENT_MAX_BYTES / (1024 * 1024) },
    };
  return null;
}
