/**
 * Admin family of support (§2.4, rules in ./admin-records.ts): members' tickets and professional
 * services projects as staff see them.
 */
import type { AdminChangeResult } from "./admin-records.ts";

/** A staff change of a ticket; Closed closes it, the other statuses are the staff workflow. */
export interface AdminTicketChange {
  name?: string;
  category?: string;
  priority?: string;
  status?: "New" | "Open" | "WaitingForCustomer" | "Resolved" | "Closed";
  assignedTo?: number | null;
}

/** A project run by staff for an account (the account's Project object plus staff fields). */
export interface AdminProjectInput {
  accountId: number;
  name: string;
  /** The member-side status (Planned, Active, OnHold, Completed, Cancelled). */
  status: string;
  managerUserId: number | null;
  description: string;
  startDate: string | null;
  dueDate: string | null;
  estimatedHours: number | null;
  isBillable: boolean;
}

/** Tickets and projects as staff change them. */
export interface AdminSupportStoreFamily {
  updateTicket(
    ticketId: number,
    change: AdminTicketChange,
    actor: number,
    now: number,
  ): Promise<AdminChangeResult>;
  createProject(input: AdminProjectInput, now: number): Promise<number>;
  updateProject(
    projectId: number,
    change: Partial<AdminProjectInput>,
    now: number,
  ): Promise<AdminChangeResult>;
  /** Moves a live object of `type` to the account's deleted items (members' Deleted root). */
  softDelete(objectId: number, type: string, now: number): Promise<AdminChangeResult>;
}
