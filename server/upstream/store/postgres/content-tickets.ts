/**
 * Support tickets in PostgreSQL (../sqlite/content-tickets.ts): an object of type SupportTicket (its
 * name is the title) plus its ticket fields. Tickets created before their fields existed read as
 * Open/Normal until first changed. The comment count leaves internal comments out (§3 Comment).
 */
import { generateUid } from "../../identity/secrets.ts";
import { ticketFromRow } from "../sqlite/content-tickets.ts";
import type { ListQuery } from "../types/list-page.ts";
import type { TicketFields, TicketRecord, TicketStoreFamily } from "../types/tickets.ts";
import { containsPattern, namedRow, nocase, orderBy, pageOf } from "./content-common.ts";
import { type Queryable, row, run, type UpstreamDatabase } from "./database.ts";

const SELECT = `SELECT o.id, o.uid, o.name, o.owner_user_id, o.created_at, o.modified_at,
  COALESCE(t.status, 'Open') AS status, COALESCE(t.priority, 'Normal') AS priority,
  COALESCE(t.category, 'Question') AS category, COALESCE(t.description, '') AS description, t.closed_at,
  u.full_name AS created_by_full_name, cu.full_name AS closed_by_full_name,
  (SELECT COUNT(*) FROM comments c WHERE c.account_id = o.account_id AND c.object_id = o.id AND NOT c.is_internal)
    AS comment_count
  FROM objects o LEFT JOIN support_tickets t ON t.object_id = o.id AND t.account_id = o.account_id
  LEFT JOIN users u ON u.id = o.owner_user_id LEFT JOIN users cu ON cu.id = t.closed_by_user_id
  WHERE o.account_id = @account AND o.type = 'SupportTicket' AND o.deleted_at IS NULL`;

const SORT_COLUMNS: Record<string, string> = {
  Title: nocase("o.name"),
  Status: "COALESCE(t.status, 'Open')",
  Priority: `CASE COALESCE(t.priority, 'Normal') WHEN 'Low' THEN 0 WHEN 'Normal' THEN 1 WHEN 'High' THEN 2 ELSE 3 END`,
  CreatedAt: "o.created_at",
  ModifiedAt: "o.modified_at",
};

/** Support tickets in PostgreSQL. */
export class PostgresTicketStore implements TicketStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async list(accountId: number, query: ListQuery & { status?: TicketRecord["status"] }) {
    const where = `AND (@search::text IS NULL OR o.name ILIKE @search::text ESCAPE '\\'
        OR t.description ILIKE @search::text ESCAPE '\\')
      AND (@status::text IS NULL OR COALESCE(t.status, 'Open') = @status::text)`;
    const search = query.search?.trim() ? containsPattern(query.search.trim()) : null;
    const values = {
      account: accountId,
      search,
      status: query.status ?? null,
      limit: query.limit,
      offset: query.offset,
    };
    return pageOf(
      this.db.pool,
      { select: SELECT, where, order: orderBy(query, SORT_COLUMNS, "o.id"), values },
      ticketFromRow,
    );
  }

  private async read(on: Queryable, accountId: number, recId: number): Promise<TicketRecord | undefined> {
    const found = await namedRow(on, `${SELECT} AND o.id = @id`, { account: accountId, id: recId });
    return found ? ticketFromRow(found) : undefined;
  }

  async get(accountId: number, recId: number) {
    return this.read(this.db.pool, accountId, recId);
  }

  async create(accountId: number, fields: TicketFields, createdByUserId: number, now: number) {
    return this.db.transaction(async (tx): Promise<TicketRecord> => {
      const inserted = (await row<{ id: number }>(
        tx,
        `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
         VALUES ($1, $2, 'SupportTicket', $3, $4, '{}', $5, $5) RETURNING id`,
        [generateUid(), accountId, fields.title, createdByUserId, now],
      )) as { id: number };
      await run(
        tx,
        `INSERT INTO support_tickets (object_id, account_id, status, priority, category, description)
         VALUES ($1, $2, 'Open', $3, $4, $5)`,
        [inserted.id, accountId, fields.priority, fields.category, fields.description],
      );
      return (await this.read(tx, accountId, inserted.id)) as TicketRecord;
    });
  }

  /** Gives a ticket stored without fields its defaults, so it can be updated. */
  private async ensureFields(on: Queryable, accountId: number, recId: number): Promise<void> {
    await run(
      on,
      `INSERT INTO support_tickets (object_id, account_id, status, priority) VALUES ($1, $2, 'Open', 'Normal')
       ON CONFLICT (object_id) DO NOTHING`,
      [recId, accountId],
    );
  }

  async update(accountId: number, recId: number, change: Partial<TicketFields>, now: number) {
    return this.db.transaction(async (tx): Promise<TicketRecord | "notFound" | "closed"> => {
      const ticket = await this.read(tx, accountId, recId);
      if (!ticket) return "notFound";
      if (ticket.status === "Closed") return "closed";
      await this.ensureFields(tx, accountId, recId);
      await run(
        tx,
        `UPDATE support_tickets SET priority = COALESCE($1, priority), category = COALESCE($2, category),
           description = COALESCE($3, description) WHERE account_id = $4 AND object_id = $5`,
        [change.priority ?? null, change.category ?? null, change.description ?? null, accountId, recId],
      );
      await run(
        tx,
        "UPDATE objects SET name = COALESCE($1, name), modified_at = $2 WHERE account_id = $3 AND id = $4",
        [change.title ?? null, now, accountId, recId],
      );
      return (await this.read(tx, accountId, recId)) as TicketRecord;
    });
  }

  async close(accountId: number, recId: number, userId: number, now: number) {
    return this.db.transaction(async (tx): Promise<TicketRecord | "notFound" | "closed"> => {
      const ticket = await this.read(tx, accountId, recId);
      if (!ticket) return "notFound";
      if (ticket.status === "Closed") return "closed";
      await this.ensureFields(tx, accountId, recId);
      await run(
        tx,
        `UPDATE support_tickets SET status = 'Closed', closed_at = $1, closed_by_user_id = $2
         WHERE account_id = $3 AND object_id = $4`,
        [now, userId, accountId, recId],
      );
      await run(tx, "UPDATE objects SET modified_at = $1 WHERE account_id = $2 AND id = $3", [
        now,
        accountId,
        recId,
      ]);
      return (await this.read(tx, accountId, recId)) as TicketRecord;
    });
  }
}
