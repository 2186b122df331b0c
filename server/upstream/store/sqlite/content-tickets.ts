/**
 * Support tickets in SQLite: an object of type SupportTicket (its name is the title) plus its ticket
 * fields. Tickets created before their fields existed read as Open/Normal until first changed.
 * The comment count leaves internal comments out — members never learn of them (§3 Comment).
 */
import { generateUid } from "../../identity/secrets.ts";
import type { SqliteDatabase } from "../database.ts";
import type { ListQuery } from "../types/list-page.ts";
import type { TicketFields, TicketRecord, TicketStoreFamily } from "../types/tickets.ts";
import { containsPattern, orderBy, pageOf } from "./content-common.ts";

const SELECT = `SELECT o.id, o.uid, o.name, o.owner_user_id, o.created_at, o.modified_at,
  IFNULL(t.status, 'Open') AS status, IFNULL(t.priority, 'Normal') AS priority,
  IFNULL(t.category, 'Question') AS category, IFNULL(t.description, '') AS description, t.closed_at,
  u.full_name AS created_by_full_name, cu.full_name AS closed_by_full_name,
  (SELECT COUNT(*) FROM comments c WHERE c.account_id = o.account_id AND c.object_id = o.id AND c.is_internal = 0)
    AS comment_count
  FROM objects o LEFT JOIN support_tickets t ON t.object_id = o.id AND t.account_id = o.account_id
  LEFT JOIN users u ON u.id = o.owner_user_id LEFT JOIN users cu ON cu.id = t.closed_by_user_id
  WHERE o.account_id = @account AND o.type = 'SupportTicket' AND o.deleted_at IS NULL`;

const SORT_COLUMNS: Record<string, string> = {
  Title: "o.name COLLATE NOCASE",
  Status: "IFNULL(t.status, 'Open')",
  Priority: `CASE IFNULL(t.priority, 'Normal') WHEN 'Low' THEN 0 WHEN 'Normal' THEN 1 WHEN 'High' THEN 2 ELSE 3 END`,
  CreatedAt: "o.created_at",
  ModifiedAt: "o.modified_at",
};

export function ticketFromRow(row: Record<string, unknown>): TicketRecord {
  return {
    recId: row.id as number,
    uid: row.uid as string,
    title: row.name as string,
    description: row.description as string,
    status: row.status as TicketRecord["status"],
    priority: row.priority as TicketRecord["priority"],
    category: row.category as string,
    createdByUserId: (row.owner_user_id as number | null) ?? null,
    createdByFullName: (row.created_by_full_name as string | null) ?? null,
    createdAt: row.created_at as number,
    modifiedAt: row.modified_at as number,
    closedAt: (row.closed_at as number | null) ?? null,
    closedByFullName: (row.closed_by_full_name as string | null) ?? null,
    commentCount: row.comment_count as number,
  };
}

/** Support tickets in SQLite. */
export class SqliteTicketStore implements TicketStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async list(accountId: number, query: ListQuery & { status?: TicketRecord["status"] }) {
    const where = `AND (@search IS NULL OR o.name LIKE @search ESCAPE '\\' OR t.description LIKE @search ESCAPE '\\')
      AND (@status IS NULL OR IFNULL(t.status, 'Open') = @status)`;
    const search = query.search?.trim() ? containsPattern(query.search.trim()) : null;
    const values = {
      account: accountId,
      search,
      status: query.status ?? null,
      limit: query.limit,
      offset: query.offset,
    };
    return pageOf(
      this.db,
      { select: SELECT, where, order: orderBy(query, SORT_COLUMNS, "o.id"), values },
      ticketFromRow,
    );
  }

  private read(accountId: number, recId: number): TicketRecord | undefined {
    const row = this.db.prepare(`${SELECT} AND o.id = @id`).get({ account: accountId, id: recId });
    return row ? ticketFromRow(row as Record<string, unknown>) : undefined;
  }

  async get(accountId: number, recId: number) {
    return this.read(accountId, recId);
  }

  async create(accountId: number, fields: TicketFields, createdByUserId: number, now: number) {
    return this.db.transaction((): TicketRecord => {
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
           VALUES (?, ?, 'SupportTicket', ?, ?, '{}', ?, ?)`,
        )
        .run(generateUid(), accountId, fields.title, createdByUserId, now, now);
      const recId = Number(lastInsertRowid);
      this.db
        .prepare(
          `INSERT INTO support_tickets (object_id, account_id, status, priority, category, description)
           VALUES (?, ?, 'Open', ?, ?, ?)`,
        )
        .run(recId, accountId, fields.priority, fields.category, fields.description);
      return this.read(accountId, recId) as TicketRecord;
    })();
  }

  /** Gives a ticket stored without fields its defaults, so it can be updated. */
  private ensureFields(accountId: number, recId: number): void {
    this.db
      .prepare(
        `INSERT INTO support_tickets (object_id, account_id, status, priority) VALUES (?, ?, 'Open', 'Normal')
         ON CONFLICT (object_id) DO NOTHING`,
      )
      .run(recId, accountId);
  }

  async update(accountId: number, recId: number, change: Partial<TicketFields>, now: number) {
    return this.db.transaction((): TicketRecord | "notFound" | "closed" => {
      const ticket = this.read(accountId, recId);
      if (!ticket) return "notFound";
      if (ticket.status === "Closed") return "closed";
      this.ensureFields(accountId, recId);
      this.db
        .prepare(
          `UPDATE support_tickets SET priority = COALESCE(?, priority), category = COALESCE(?, category),
             description = COALESCE(?, description) WHERE account_id = ? AND object_id = ?`,
        )
        .run(change.priority ?? null, change.category ?? null, change.description ?? null, accountId, recId);
      this.db
        .prepare(
          "UPDATE objects SET name = COALESCE(?, name), modified_at = ? WHERE account_id = ? AND id = ?",
        )
        .run(change.title ?? null, now, accountId, recId);
      return this.read(accountId, recId) as TicketRecord;
    })();
  }

  async close(accountId: number, recId: number, userId: number, now: number) {
    return this.db.transaction((): TicketRecord | "notFound" | "closed" => {
      const ticket = this.read(accountId, recId);
      if (!ticket) return "notFound";
      if (ticket.status === "Closed") return "closed";
      this.ensureFields(accountId, recId);
      this.db
        .prepare(
          `UPDATE support_tickets SET status = 'Closed', closed_at = ?, closed_by_user_id = ?
           WHERE account_id = ? AND object_id = ?`,
        )
        .run(now, userId, accountId, recId);
      this.db
        .prepare("UPDATE objects SET modified_at = ? WHERE account_id = ? AND id = ?")
        .run(now, accountId, recId);
      return this.read(accountId, recId) as TicketRecord;
    })();
  }
}
