/**
 * /admin/support (§2.4): the support tickets of every account, the member side's own records. Staff
 * triage (category, priority, workflow status New → Open → WaitingForCustomer → Resolved → Closed,
 * assignee), reply with public or internal comments (§3 Comment internal flag: members never see
 * internal ones), close, delete (to the account's deleted items) and export. A public reply or a
 * status change tells the requester (SupportTicketUpdated, §4.3).
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { addNotification } from "../notifications/service.ts";
import type { AdminRow } from "../store/types/admin-records.ts";
import type { AdminTicketChange } from "../store/types/admin-support.ts";
import { bodySchemas, oneOf, ref, text } from "./fields.ts";
import { assertStaffUser } from "./prospects.ts";
import type { AdminCall, AdminResource } from "./resource.ts";
import { ACCOUNT_COLUMNS, accountNameJoin, adminCall, keyParams, userJoin } from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";

const STATUSES = ["New", "Open", "WaitingForCustomer", "Resolved", "Closed"] as const;
const PRIORITIES = ["Low", "Normal", "High", "Urgent"] as const;
/** The admin screen's categories and the member side's (Problem) together. */
const CATEGORIES = ["Question", "Bug", "Problem", "FeatureRequest", "Billing", "Data"] as const;
const STATUS_SQL = `CASE WHEN COALESCE(st.status, 'Open') = 'Closed' THEN 'Closed' ELSE COALESCE(sa.workflow_status, 'New') END`;

/** /admin/support. */
export const supportTickets: AdminResource = {
  path: "Support",
  module: "Support",
  noun: "Support ticket",
  spec: {
    table: "objects",
    from: `objects t LEFT JOIN support_tickets st ON st.object_id = t.id
      LEFT JOIN support_ticket_admin sa ON sa.object_id = t.id ${accountNameJoin("t.account_id")}
      ${userJoin("t.owner_user_id", "ru")} ${userJoin("sa.assigned_to_user_id", "au")}`,
    where: "t.type = 'SupportTicket' AND t.deleted_at IS NULL",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.modified_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", search: true, sort: true },
      ...ACCOUNT_COLUMNS(),
      RequesterRecId: { sql: "t.owner_user_id", type: "int" },
      RequesterName: { sql: "ru.full_name", type: "text", search: true, sort: true },
      RequesterEmail: { sql: "ru.email", type: "text", search: true },
      Category: { sql: "COALESCE(st.category, 'Question')", type: "text" },
      Priority: {
        sql: "COALESCE(st.priority, 'Normal')",
        type: "text",
        sort: true,
        order:
          "CASE COALESCE(st.priority, 'Normal') WHEN 'Low' THEN 0 WHEN 'Normal' THEN 1 WHEN 'High' THEN 2 ELSE 3 END",
      },
      Status: { sql: STATUS_SQL, type: "text", sort: true },
      AssignedToRecId: { sql: "sa.assigned_to_user_id", type: "int" },
      AssignedToName: { sql: "au.full_name", type: "text", sort: true },
      Description: { sql: "COALESCE(st.description, '')", type: "text", search: true },
      CreatedAt: { sql: "t.created_at", type: "datetime", sort: true },
      ModifiedAt: { sql: "t.modified_at", type: "datetime", sort: true },
    },
    filters: {
      Status: { sql: STATUS_SQL, type: "text", op: "eq" },
      Priority: { sql: "COALESCE(st.priority, 'Normal')", type: "text", op: "eq" },
      Category: { sql: "COALESCE(st.category, 'Question')", type: "text", op: "eq" },
      AssignedToRecId: { sql: "sa.assigned_to_user_id", type: "int", op: "eq" },
      AccountRecId: { sql: "t.account_id", type: "int", op: "eq" },
    },
  },
  fields: {
    Name: { schema: text(200), required: true },
    Category: { schema: oneOf(CATEGORIES), required: true },
    Priority: { schema: oneOf(PRIORITIES), required: true },
    Status: { schema: oneOf(STATUSES), required: true },
    AssignedToRecId: { schema: ref("Internal user.") },
  },
  filters: {
    Status: oneOf(STATUSES),
    Priority: oneOf(PRIORITIES),
    Category: oneOf(CATEGORIES),
    AssignedToRecId: ref(),
    AccountRecId: ref(),
  },
  export: true,
};

/** Tells the requester their ticket changed (SupportTicketUpdated, §4.3). */
export async function tellRequester(
  context: UpstreamContext,
  call: AdminCall,
  ticket: AdminRow,
): Promise<void> {
  if (typeof ticket.RequesterRecId !== "number") return;
  await addNotification(
    context,
    { accountId: ticket.AccountRecId as number, userId: ticket.RequesterRecId },
    "SupportTicketUpdated",
    {
      SupportTicketName: String(ticket.Name),
      SupportTicketRecId: ticket.RecId as number,
      AuthorFullName: call.caller.user.fullName,
    },
  );
}

/** Registers /admin/support (the comments: support-comments.ts). */
export function registerSupportRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  registerAdminResource(api, context, guards, supportTickets);
  const { store } = context;
  const _read = [guards.session, guards.admin("Support", "Read")];
  const write = [guards.session, guards.admin("Support", "Write")];
  const params = keyParams("int");
  const load = async (call: AdminCall, key: number) => {
    const row = await store.admin.records.get(supportTickets.spec, key, call.at);
    if (!row) throw notFound("Support ticket");
    return row;
  };
  const change = async (call: AdminCall, key: number, update: AdminTicketChange, action: string) => {
    const before = await load(call, key);
    if ((await store.admin.support.updateTicket(key, update, call.caller.user.recId, call.at.now)) !== "ok") {
      throw notFound("Support ticket");
    }
    const after = await load(call, key);
    await auditChange(call, `AdminSupport${action}`, `Ticket ${key}: ${action}.`, {
      TicketRecId: key,
      Fields: Object.keys(update),
    });
    if (after.Status !== before.Status) await tellRequester(context, call, after);
    return after;
  };

  api.put(
    "/Admin/Support/:key",
    { onRequest: write, schema: { params, body: bodySchemas(supportTickets.fields ?? {}).update } },
    async (request) => {
      const call = adminCall(request, context);
      const body = request.body as AdminRow;
      await assertStaffUser(context, body.AssignedToRecId);
      const update: AdminTicketChange = {
        name: body.Name === undefined ? undefined : String(body.Name).trim(),
        category: body.Category as string | undefined,
        priority: body.Priority as string | undefined,
        status: body.Status as AdminTicketChange["status"],
        assignedTo: body.AssignedToRecId as number | null | undefined,
      };
      return change(call, (request.params as { key: number }).key, update, "Update");
    },
  );

  api.post("/Admin/Support/:key/Close", { onRequest: write, schema: { params } }, async (request) =>
    change(
      adminCall(request, context),
      (request.params as { key: number }).key,
      { status: "Closed" },
      "Close",
    ),
  );

  api.delete("/Admin/Support/:key", { onRequest: write, schema: { params } }, async (request, reply) => {
    const call = adminCall(request, context);
    const key = (request.params as { key: number }).key;
    if ((await store.admin.support.softDelete(key, "SupportTicket", call.at.now)) !== "ok")
      throw notFound("Support ticket");
    await auditChange(call, "AdminSupportDelete", `Ticket ${key} deleted.`, { TicketRecId: key });
    return reply.status(204).send();
  });
}
