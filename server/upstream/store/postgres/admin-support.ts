/**
 * PostgreSQL implementation of the admin support family (../sqlite/admin-support.ts): tickets and
 * projects of every account as staff change them — the member side's own records with the staff
 * fields beside them (support_ticket_admin, project_admin).
 */
import { generateUid } from "../../identity/secrets.ts";
import type { AdminChangeResult } from "../types/admin-records.ts";
import type {
  AdminProjectInput,
  AdminSupportStoreFamily,
  AdminTicketChange,
} from "../types/admin-support.ts";
import { translateConstraint } from "./admin-sql.ts";
import { type Queryable, row, run, type UpstreamDatabase } from "./database.ts";

type Row = Record<string, unknown>;

/** Admin tickets and projects in PostgreSQL. */
export class PostgresAdminSupportStore implements AdminSupportStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  private live(tx: Queryable, objectId: number, type: string) {
    return row<Row>(tx, "SELECT * FROM objects WHERE id = $1 AND type = $2 AND deleted_at IS NULL", [
      objectId,
      type,
    ]);
  }

  private async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      return translateConstraint(error);
    }
  }

  async updateTicket(ticketId: number, change: AdminTicketChange, actor: number, now: number) {
    return this.transaction(async (tx): Promise<AdminChangeResult> => {
      const ticket = await this.live(tx, ticketId, "SupportTicket");
      if (!ticket) return "missing";
      const accountId = ticket.account_id as number;
      await run(tx, "UPDATE objects SET name = COALESCE($1, name), modified_at = $2 WHERE id = $3", [
        change.name ?? null,
        now,
        ticketId,
      ]);
      const current = await row<Row>(tx, "SELECT * FROM support_tickets WHERE object_id = $1", [ticketId]);
      const closed = change.status === undefined ? current?.status === "Closed" : change.status === "Closed";
      await run(
        tx,
        `INSERT INTO support_tickets (object_id, account_id, status, priority, category, description, closed_at, closed_by_user_id)
         VALUES ($1, $2, $3, $4, $5, '', $6, $7)
         ON CONFLICT (object_id) DO UPDATE SET status = excluded.status, priority = excluded.priority,
           category = excluded.category, closed_at = excluded.closed_at, closed_by_user_id = excluded.closed_by_user_id`,
        [
          ticketId,
          accountId,
          closed ? "Closed" : "Open",
          change.priority ?? (current?.priority as string | undefined) ?? "Normal",
          change.category ?? (current?.category as string | undefined) ?? "Question",
          closed
            ? (((current?.status === "Closed" ? current.closed_at : null) as number | null) ?? now)
            : null,
          closed
            ? (((current?.status === "Closed" ? current.closed_by_user_id : null) as number | null) ?? actor)
            : null,
        ],
      );
      const admin = await row<Row>(tx, "SELECT * FROM support_ticket_admin WHERE object_id = $1", [ticketId]);
      const workflow =
        change.status && change.status !== "Closed"
          ? change.status
          : ((admin?.workflow_status as string | undefined) ?? "New");
      await run(
        tx,
        `INSERT INTO support_ticket_admin (object_id, account_id, workflow_status, assigned_to_user_id)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (object_id) DO UPDATE SET workflow_status = excluded.workflow_status,
           assigned_to_user_id = excluded.assigned_to_user_id`,
        [
          ticketId,
          accountId,
          workflow,
          change.assignedTo !== undefined
            ? change.assignedTo
            : ((admin?.assigned_to_user_id as number | null | undefined) ?? null),
        ],
      );
      return "ok";
    });
  }

  private async writeProject(
    tx: Queryable,
    projectId: number,
    accountId: number,
    input: Partial<AdminProjectInput>,
    now: number,
  ) {
    const project = await row<Row>(tx, "SELECT * FROM projects WHERE object_id = $1", [projectId]);
    const pick = <T>(value: T | undefined, stored: unknown, fallback: T): T =>
      value !== undefined ? value : stored !== undefined ? (stored as T) : fallback;
    await run(
      tx,
      `INSERT INTO projects (object_id, account_id, description, status, start_date, due_date)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (object_id) DO UPDATE SET description = excluded.description, status = excluded.status,
         start_date = excluded.start_date, due_date = excluded.due_date`,
      [
        projectId,
        accountId,
        pick(input.description, project?.description, ""),
        pick(input.status, project?.status, "Planned"),
        pick(input.startDate, project?.start_date, null),
        pick(input.dueDate, project?.due_date, null),
      ],
    );
    const admin = await row<Row>(tx, "SELECT * FROM project_admin WHERE object_id = $1", [projectId]);
    await run(
      tx,
      `INSERT INTO project_admin (object_id, account_id, manager_user_id, estimated_hours, is_billable)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (object_id) DO UPDATE SET manager_user_id = excluded.manager_user_id,
         estimated_hours = excluded.estimated_hours, is_billable = excluded.is_billable`,
      [
        projectId,
        accountId,
        pick(input.managerUserId, admin?.manager_user_id, null),
        pick(input.estimatedHours, admin?.estimated_hours, null),
        input.isBillable === undefined
          ? ((admin?.is_billable as boolean | undefined) ?? true)
          : input.isBillable,
      ],
    );
    await run(tx, "UPDATE objects SET name = COALESCE($1, name), modified_at = $2 WHERE id = $3", [
      input.name ?? null,
      now,
      projectId,
    ]);
  }

  async createProject(input: AdminProjectInput, now: number) {
    return this.transaction(async (tx) => {
      // A project of the account's team library (no folder: the Team root), owned by nobody in it.
      const inserted = (await row<{ id: number }>(
        tx,
        `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
         VALUES ($1, $2, 'Project', $3, NULL, '{}', $4, $4) RETURNING id`,
        [generateUid(), input.accountId, input.name, now],
      )) as { id: number };
      await this.writeProject(tx, inserted.id, input.accountId, input, now);
      return inserted.id;
    });
  }

  async updateProject(projectId: number, change: Partial<AdminProjectInput>, now: number) {
    return this.transaction(async (tx): Promise<AdminChangeResult> => {
      const project = await this.live(tx, projectId, "Project");
      if (!project) return "missing";
      await this.writeProject(tx, projectId, project.account_id as number, change, now);
      return "ok";
    });
  }

  async softDelete(objectId: number, type: string, now: number) {
    return this.transaction(async (tx): Promise<AdminChangeResult> => {
      const changed = await run(
        tx,
        "UPDATE objects SET deleted_at = $1, modified_at = $1 WHERE id = $2 AND type = $3 AND deleted_at IS NULL",
        [now, objectId, type],
      );
      return changed === 1 ? "ok" : "missing";
    });
  }
}
