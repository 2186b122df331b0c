/**
 * Professional services (§2.4): /admin/projects — the accounts' projects (the member side's Project
 * records; "InProgress" here is the member side's "Active") with the staff fields manager, estimate
 * and billing — and /admin/timetracking, the hours staff book on them (SpentHours sums them).
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest, notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import type { AdminRow } from "../store/types/admin-records.ts";
import type { AdminProjectInput } from "../store/types/admin-support.ts";
import { bodySchemas, date, flag, longText, number, oneOf, ref, text } from "./fields.ts";
import { assertStaffUser } from "./prospects.ts";
import type { AdminCall, AdminResource } from "./resource.ts";
import {
  ACCOUNT_COLUMNS,
  accountNameJoin,
  adminCall,
  CREATED_MODIFIED,
  keyParams,
  stamps,
  userJoin,
} from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";
import { supportTickets } from "./support.ts";

const STATUSES = ["Planned", "InProgress", "OnHold", "Completed", "Cancelled"] as const;
const STATUS_SQL =
  "CASE COALESCE(p.status, 'Planned') WHEN 'Active' THEN 'InProgress' ELSE COALESCE(p.status, 'Planned') END";
const toMemberStatus = (status: unknown) => (status === "InProgress" ? "Active" : String(status));

/** /admin/projects. */
export const projects: AdminResource = {
  path: "Projects",
  module: "Projects",
  noun: "Project",
  spec: {
    table: "objects",
    from: `objects t LEFT JOIN projects p ON p.object_id = t.id LEFT JOIN project_admin pa ON pa.object_id = t.id
      ${accountNameJoin("t.account_id")} ${userJoin("pa.manager_user_id", "m")}`,
    where: "t.type = 'Project' AND t.deleted_at IS NULL",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "p.due_date IS NULL, p.due_date",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", search: true, sort: true },
      ...ACCOUNT_COLUMNS(),
      Status: { sql: STATUS_SQL, type: "text", sort: true },
      ManagerRecId: { sql: "pa.manager_user_id", type: "int" },
      ManagerName: { sql: "m.full_name", type: "text", sort: true },
      Description: { sql: "COALESCE(p.description, '')", type: "text", search: true },
      StartDate: { sql: "p.start_date", type: "date", sort: true },
      DueDate: { sql: "p.due_date", type: "date", sort: true },
      EstimatedHours: { sql: "pa.estimated_hours", type: "real", sort: true },
      SpentHours: {
        sql: "(SELECT COALESCE(SUM(te.hours), 0) FROM time_entries te WHERE te.project_id = t.id)",
        type: "real",
        sort: true,
      },
      IsBillable: { sql: "COALESCE(pa.is_billable, TRUE)", type: "bool" },
      CreatedAt: { sql: "t.created_at", type: "datetime", sort: true },
      ModifiedAt: { sql: "t.modified_at", type: "datetime", sort: true },
    },
    filters: {
      Status: { sql: STATUS_SQL, type: "text", op: "eq" },
      AccountRecId: { sql: "t.account_id", type: "int", op: "eq" },
      ManagerRecId: { sql: "pa.manager_user_id", type: "int", op: "eq" },
    },
  },
  fields: {
    Name: { schema: text(200), required: true },
    AccountRecId: { schema: ref("Account."), required: true, createOnly: true },
    Status: { schema: oneOf(STATUSES), required: true },
    ManagerRecId: { schema: ref("Internal user.") },
    Description: { schema: longText(4000) },
    StartDate: { schema: date() },
    DueDate: { schema: date() },
    EstimatedHours: { schema: number(0, 100_000) },
    IsBillable: { schema: flag() },
  },
  filters: { Status: oneOf(STATUSES), AccountRecId: ref(), ManagerRecId: ref() },
  export: true,
};

function projectInput(body: AdminRow): Partial<AdminProjectInput> {
  const input: Partial<AdminProjectInput> = {};
  if (body.Name !== undefined) input.name = String(body.Name).trim();
  if (body.AccountRecId !== undefined) input.accountId = body.AccountRecId as number;
  if (body.Status !== undefined) input.status = toMemberStatus(body.Status);
  if (body.ManagerRecId !== undefined) input.managerUserId = (body.ManagerRecId as number | null) ?? null;
  if (body.Description !== undefined) input.description = (body.Description as string | null) ?? "";
  if (body.StartDate !== undefined) input.startDate = (body.StartDate as string | null) ?? null;
  if (body.DueDate !== undefined) input.dueDate = (body.DueDate as string | null) ?? null;
  if (body.EstimatedHours !== undefined)
    input.estimatedHours = (body.EstimatedHours as number | null) ?? null;
  if (body.IsBillable !== undefined && body.IsBillable !== null) input.isBillable = body.IsBillable === true;
  return input;
}

/** /admin/timetracking. */
export const timeTracking: AdminResource = {
  path: "TimeTracking",
  module: "TimeTracking",
  noun: "Time entry",
  spec: {
    table: "time_entries",
    from: `time_entries t ${accountNameJoin("t.account_id")} ${userJoin("t.internal_user_id", "iu")}
      LEFT JOIN objects po ON po.id = t.project_id`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.entry_date DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Date: { sql: "t.entry_date", type: "date", write: "entry_date", sort: true },
      InternalUserRecId: { sql: "t.internal_user_id", type: "int" },
      InternalUserName: { sql: "iu.full_name", type: "text", search: true, sort: true },
      ProjectRecId: { sql: "t.project_id", type: "int", write: "project_id" },
      ProjectName: { sql: "po.name", type: "text", search: true, sort: true },
      AccountRecId: { sql: "t.account_id", type: "int", write: "account_id" },
      AccountName: { sql: "a.name", type: "text", search: true, sort: true },
      SupportTicketRecId: { sql: "t.support_ticket_id", type: "int", write: "support_ticket_id" },
      Hours: { sql: "t.hours", type: "real", write: "hours", sort: true },
      IsBillable: { sql: "t.is_billable", type: "bool", write: "is_billable" },
      Description: { sql: "t.description", type: "text", write: "description", search: true },
      ...CREATED_MODIFIED,
    },
    filters: {
      InternalUserRecId: { sql: "t.internal_user_id", type: "int", op: "eq" },
      ProjectRecId: { sql: "t.project_id", type: "int", op: "eq" },
      AccountRecId: { sql: "t.account_id", type: "int", op: "eq" },
      IsBillable: { sql: "t.is_billable", type: "bool", op: "eq" },
      DateFrom: { sql: "t.entry_date", type: "date", op: "from" },
      DateTo: { sql: "t.entry_date", type: "date", op: "to" },
    },
    ...stamps({ internal_user_id: "@actor" }),
  },
  fields: {
    Date: { schema: date(), required: true },
    Hours: { schema: number(0.25, 24), required: true },
    ProjectRecId: { schema: ref("Project."), required: true },
    SupportTicketRecId: { schema: ref("Support ticket of the project's account.") },
    IsBillable: { schema: flag() },
    Description: { schema: longText(2000), required: true },
  },
  filters: {
    InternalUserRecId: ref(),
    ProjectRecId: ref(),
    AccountRecId: ref(),
    IsBillable: flag(),
    DateFrom: date(),
    DateTo: date(),
  },
  create: true,
  update: true,
  remove: { bulk: true },
  export: true,
  prepare: async (values, current, call) => {
    const projectId = (values.ProjectRecId ?? current?.ProjectRecId) as number;
    const project = await call.context.store.admin.records.get(projects.spec, projectId, call.at);
    if (!project) throw badRequest("InvalidReference", "Choose an existing project.");
    const ticketId =
      values.SupportTicketRecId !== undefined ? values.SupportTicketRecId : current?.SupportTicketRecId;
    if (typeof ticketId === "number") {
      const ticket = await call.context.store.admin.records.get(supportTickets.spec, ticketId, call.at);
      if (ticket?.AccountRecId !== project.AccountRecId) {
        throw badRequest("InvalidReference", "The support ticket must belong to the project's account.");
      }
    }
    return { ...values, AccountRecId: project.AccountRecId };
  },
};

/** Registers /admin/projects and /admin/timetracking. */
export function registerProjectRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  registerAdminResource(api, context, guards, projects);
  registerAdminResource(api, context, guards, timeTracking);
  const { store } = context;
  const write = [guards.session, guards.admin("Projects", "Write")];
  const params = keyParams("int");
  const schemas = bodySchemas(projects.fields ?? {});
  const load = async (call: AdminCall, key: number) => {
    const row = await store.admin.records.get(projects.spec, key, call.at);
    if (!row) throw notFound("Project");
    return row;
  };
  const check = async (body: AdminRow) => {
    await assertStaffUser(context, body.ManagerRecId);
    if (
      typeof body.StartDate === "string" &&
      typeof body.DueDate === "string" &&
      body.DueDate < body.StartDate
    ) {
      throw badRequest("InvalidRequest", "DueDate must not be before StartDate.");
    }
  };

  api.post(
    "/Admin/Projects",
    { onRequest: write, schema: { body: schemas.create } },
    async (request, reply) => {
      const call = adminCall(request, context);
      const body = request.body as AdminRow;
      await check(body);
      const account = await store.accounts.get(body.AccountRecId as number);
      if (!account || account.isSystem) throw badRequest("InvalidReference", "Choose a customer account.");
      const input = {
        description: "",
        managerUserId: null,
        startDate: null,
        dueDate: null,
        estimatedHours: null,
        isBillable: true,
        ...projectInput(body),
      };
      const id = await store.admin.support.createProject(input as AdminProjectInput, call.at.now);
      await auditChange(call, "AdminProjectsCreate", `Project ${input.name} created.`, { ProjectRecId: id });
      return reply.status(201).send(await load(call, id));
    },
  );

  api.put(
    "/Admin/Projects/:key",
    { onRequest: write, schema: { params, body: schemas.update } },
    async (request) => {
      const call = adminCall(request, context);
      const key = (request.params as { key: number }).key;
      const current = await load(call, key);
      const body = request.body as AdminRow;
      if (body.AccountRecId !== undefined && body.AccountRecId !== current.AccountRecId) {
        throw badRequest("FieldNotChangeable", "A project stays in the account it was created for.");
      }
      await check({ ...current, ...body });
      if ((await store.admin.support.updateProject(key, projectInput(body), call.at.now)) !== "ok")
        throw notFound("Project");
      await auditChange(call, "AdminProjectsUpdate", `Project ${key} changed.`, {
        ProjectRecId: key,
        Fields: Object.keys(body),
      });
      return load(call, key);
    },
  );

  api.delete("/Admin/Projects/:key", { onRequest: write, schema: { params } }, async (request, reply) => {
    const call = adminCall(request, context);
    const key = (request.params as { key: number }).key;
    if ((await store.admin.support.softDelete(key, "Project", call.at.now)) !== "ok")
      throw notFound("Project");
    await auditChange(call, "AdminProjectsDelete", `Project ${key} deleted.`, { ProjectRecId: key });
    return reply.status(204).send();
  });
}
