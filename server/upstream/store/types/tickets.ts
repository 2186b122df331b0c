/**
 * Store family of support tickets (§2.2 Support). Internal comments (staff notes) are never listed to
 * members. Same rules as ./identity.ts: async, atomic per method, every account-data method takes the
 * caller's account id.
 */
import type { ListQuery, Page } from "./list-page.ts";

/** Ticket states, priorities and sort fields. */
export const TICKET_STATUSES = ["Open", "Closed"] as const;
export const TICKET_PRIORITIES = ["Low", "Normal", "High", "Urgent"] as const;
export const TICKET_CATEGORIES = ["Question", "Problem", "FeatureRequest", "Billing"] as const;
export const TICKET_SORT_FIELDS = ["Title", "Status", "Priority", "CreatedAt", "ModifiedAt"] as const;

/** A support ticket (an object of type SupportTicket with its ticket fields). */
export interface TicketRecord {
  recId: number;
  uid: string;
  title: string;
  description: string;
  status: (typeof TICKET_STATUSES)[number];
  priority: (typeof TICKET_PRIORITIES)[number];
  category: string;
  createdByUserId: number | null;
  createdByFullName: string | null;
  createdAt: number;
  modifiedAt: number;
  closedAt: number | null;
  closedByFullName: string | null;
  commentCount: number;
}

/** Editable ticket fields. */
export interface TicketFields {
  title: string;
  description: string;
  priority: TicketRecord["priority"];
  category: string;
}

/** Support tickets of an account. */
export interface TicketStoreFamily {
  list(
    accountId: number,
    query: ListQuery & { status?: TicketRecord["status"] },
  ): Promise<Page<TicketRecord>>;
  get(accountId: number, recId: number): Promise<TicketRecord | undefined>;
  create(
    accountId: number,
    fields: TicketFields,
    createdByUserId: number,
    now: number,
  ): Promise<TicketRecord>;
  update(
    accountId: number,
    recId: number,
    change: Partial<TicketFields>,
    now: number,
  ): Promise<TicketRecord | "notFound" | "closed">;
  close(
    accountId: number,
    recId: number,
    userId: number,
    now: number,
  ): Promise<TicketRecord | "notFound" | "closed">;
}
