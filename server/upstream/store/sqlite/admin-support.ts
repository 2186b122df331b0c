/**
 * SQLite implementation of the admin support family: tickets and projects of every account as staff
 * change them. Tickets and projects are the member side's own records (objects of type
 * SupportTicket / Project with their support_tickets / projects rows, migration 7); staff fields
 * live beside them (support_ticket_admin, project_admin), so both sides always see the same record.
 */
import { generateUid } from "../../identity/secrets.ts";
import { bit, type SqliteDatabase } from "../database.ts";
import type { AdminChangeResult } from "../types/admin-records.ts";
import type {
  AdminProjectInput,
  AdminSupportStoreFamily,
  AdminTicketChange,
} from "../types/admin-support.ts";
import { translateConstraint } from "./admin-sql.ts";

type Row = Record<string, unknown>;

/** Admin tickets and projects in SQLite. */
export class SqliteAdminSupportStore implements AdminSupportStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private live(objectId: number, type: string): Row | undefined {
    return this.db
      .prepare("SELECT * FROM objects WHERE id = ? AND type = ? AND deleted_at IS NULL")
      .get(objectId, type) as Row | undefined;
  }

  private transaction<T>(work: () => T): T {
    try {
      return this.db.transaction(work)();
    } catch (error) {
      return translateConstraint(error);
    }
  }

  async updateTicket(ticketId: number, change: AdminTicketChange, actor: number, now: number) {
    return this.transaction((): AdminChangeResult => {
      const ticket = this.live(ticketId, "SupportTicket");
      if (!ticket) return "missing";
      const accountId = ticket.account_id as number;
      this.db
        .prepare("UPDATE objects SET name = COALESCE(?, name), modified_at = ? WHERE id = ?")
        .run(change.name ?? null, now, ticketId);
      const current = this.db.prepare("SELECT * FROM support_tickets WHERE object_id = ?").get(ticketId) as
        | Row
        | undefined;
      const closed = change.status === undefined ? current?.status === "Closed" : change.status === "Closed";
      this.db
        .prepare(
          `INSERT INTO support_tickets (object_id, account_id, status, priority, category, description, closed_at, closed_by_user_id)
           VALUES (@id, @account, @status, @priority, @category, '', @closedAt, @closedBy)
           ON CONFLICT (object_id) DO UPDATE SET status = excluded.status, priority = excluded.priority,
             category = excluded.category, closed_at = excluded.closed_at, closed_by_user_id = excluded.closed_by_user_id`,
        )
        .run({
          id: ticketId,
          account: accountId,
          status: closed ? "Closed" : "Open",
          priority: change.priority ?? current?.priority ?? "Normal",
          category: change.category ?? current?.category ?? "Question",
          closedAt: closed ? ((current?.status === "Closed" ? current.closed_at : null) ?? now) : null,
          closedBy: closed
            ? ((current?.status === "Closed" ? current.closed_by_user_id : null) ?? actor)
            : null,
        });
      const admin = this.db.prepare("SELECT * FROM support_ticket_admin WHERE object_id = ?").get(ticketId) as
        | Row
        | undefined;
      const workflow =
        change.status && change.status !== "Closed"
          ? change.status
          : ((admin?.workflow_status as string) ?? "New");
      this.db
        .prepare(
          `INSERT INTO support_ticket_admin (object_id, account_id, workflow_status, assigned_to_user_id)
           VALUES (@id, @account, @workflow, @assigned)
           ON CONFLICT (object_id) DO UPDATE SET workflow_status = excluded.workflow_status,
             assigned_to_user_id = excluded.assigned_to_user_id`,
        )
        .run({
          id: ticketId,
          account: accountId,
          workflow,
          assigned:
            change.assignedTo !== undefined ? change.assignedTo : (admin?.assigned_to_user_id ?? null),
        });
      return "ok";
    });
  }

  private writeProject(projectId: number, accountId: number, input: Partial<AdminProjectInput>, now: number) {
    const project = this.db.prepare("SELECT * FROM projects WHERE object_id = ?").get(projectId) as
      | Row
      | undefined;
    const pick = <T>(value: T | undefined, stored: unknown, fallback: T): T =>
      value !== undefined ? value : stored !== undefined ? (stored as T) : fallback;
    this.db
      .prepare(
        `INSERT INTO projects (object_id, account_id, description, status, start_date, due_date)
         VALUES (@id, @account, @description, @status, @start, @due)
         ON CONFLICT (object_id) DO UPDATE SET description = excluded.description, status = excluded.status,
           start_date = excluded.start_date, due_date = excluded.due_date`,
      )
      .run({
        id: projectId,
        account: accountId,
        description: pick(input.description, project?.description, ""),
        status: pick(input.status, project?.status, "Planned"),
        start: pick(input.startDate, project?.start_date, null),
        due: pick(input.dueDate, project?.due_date, null),
      });
    const admin = this.db.prepare("SELECT * FROM project_admin WHERE object_id = ?").get(projectId) as
      | Row
      | undefined;
    this.db
      .prepare(
        `INSERT INTO project_admin (object_id, account_id, manager_user_id, estimated_hours, is_billable)
         VALUES (@id, @account, @manager, @hours, @billable)
         ON CONFLICT (object_id) DO UPDATE SET manager_user_id = excluded.manager_user_id,
           estimated_hours = excluded.estimated_hours, is_billable = excluded.is_billable`,
      )
      .run({
        id: projectId,
        account: accountId,
        manager: pick(input.managerUserId, admin?.manager_user_id, null),
        hours: pick(input.estimatedHours, admin?.estimated_hours, null),
        billable: input.isBillable === undefined ? (admin?.is_billable ?? 1) : bit(input.isBillable),
      });
    this.db
      .prepare("UPDATE objects SET name = COALESCE(?, name), modified_at = ? WHERE id = ?")
      .run(input.name ?? null, now, projectId);
  }

  async createProject(input: AdminProjectInput, now: number) {
    return this.transaction(() => {
      // A project of the account's team library (no folder: the Team root), owned by nobody in it.
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
           VALUES (?, ?, 'Project', ?, NULL, '{}', ?, ?)`,
        )
        .run(generateUid(), input.accountId, input.name, now, now);
      const projectId = Number(lastInsertRowid);
      this.writeProject(projectId, input.accountId, input, now);
      return projectId;
    });
  }

  async updateProject(projectId: number, change: Partial<AdminProjectInput>, now: number) {
    return this.transaction((): AdminChangeResult => {
      const project = this.live(projectId, "Project");
      if (!project) return "missing";
      this.writeProject(projectId, project.account_id as number, change, now);
      return "ok";
    });
  }

  async softDelete(objectId: number, type: string, now: number) {
    return this.transaction((): AdminChangeResult => {
      const changed = this.db
        .prepare(
          "UPDATE objects SET deleted_at = ?, modified_at = ? WHERE id = ? AND type = ? AND deleted_at IS NULL",
        )
        .run(now, now, objectId, type).changes;
      return changed === 1 ? "ok" : "missing";
    });
  }
}
