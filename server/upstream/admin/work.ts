/**
 * Background work of every account (§2.4): /admin/tasks (the member side's tasks: cancel, retry,
 * log) and /admin/dataloaders (each loader's runs are tasks of kind DataLoad: run now queues one,
 * cancel stops it; enable and priority are staff settings). The embedded upstream has no task
 * runner of its own: queued tasks wait for the worker cluster that executes them.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { conflict, notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { bodySchemas, date, flag, oneOf, ref, text } from "./fields.ts";
import type { AdminResource } from "./resource.ts";
import {
  ACCOUNT_COLUMNS,
  accountNameJoin,
  adminCall,
  dateRange,
  keyParams,
  userJoin,
} from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";

const TASK_STATUSES = ["Queued", "Running", "Succeeded", "Failed", "Cancelled"] as const;
const LOADER_STATUSES = ["Idle", "Queued", "Running", "Succeeded", "Failed", "Disabled"] as const;
const PRIORITIES = ["Low", "Normal", "High"] as const;
const logLine = (severity: number, message: string) =>
  `INSERT INTO task_log_lines (account_id, task_id, at, severity, message)
   SELECT account_id, id, @now, ${severity}, '${message}' FROM objects WHERE id = @key`;

/** /admin/tasks. */
export const tasks: AdminResource = {
  path: "Tasks",
  module: "Tasks",
  noun: "Task",
  spec: {
    table: "objects",
    from: `objects t JOIN tasks k ON k.object_id = t.id LEFT JOIN task_admin ta ON ta.object_id = t.id
      LEFT JOIN worker_nodes w ON w.id = ta.worker_id ${accountNameJoin("t.account_id")} ${userJoin("t.owner_user_id", "u")}`,
    where: "t.type = 'Task'",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.created_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", search: true, sort: true },
      TaskType: { sql: "k.kind", type: "text", search: true, sort: true },
      ...ACCOUNT_COLUMNS(),
      UserFullName: { sql: "u.full_name", type: "text", search: true },
      Status: { sql: "k.status", type: "text", sort: true },
      Progress: { sql: "k.progress", type: "int" },
      WorkerRecId: { sql: "ta.worker_id", type: "int" },
      WorkerName: { sql: "w.machine_name", type: "text" },
      QueuedAt: { sql: "t.created_at", type: "datetime", sort: true },
      StartedAt: { sql: "k.started_at", type: "datetime", sort: true },
      EndedAt: { sql: "k.finished_at", type: "datetime", sort: true },
      ErrorMessage: { sql: "CASE WHEN k.status = 'Failed' THEN k.message END", type: "text" },
      Parameters: { sql: "t.properties", type: "text" },
    },
    filters: {
      Status: { sql: "k.status", type: "text", op: "eq" },
      TaskType: { sql: "k.kind", type: "text", op: "contains" },
      AccountRecId: { sql: "t.account_id", type: "int", op: "eq" },
      WorkerRecId: { sql: "ta.worker_id", type: "int", op: "eq" },
      ...dateRange("t.created_at"),
    },
  },
  filters: {
    Status: oneOf(TASK_STATUSES),
    TaskType: text(80),
    AccountRecId: ref(),
    WorkerRecId: ref(),
    DateFrom: date(),
    DateTo: date(),
  },
  export: true,
  transitions: [
    {
      name: "Cancel",
      bulk: true,
      change: {
        when: "(SELECT status FROM tasks WHERE object_id = t.id) IN ('Queued', 'Running')",
        set: { modified_at: "@now" },
        also: [
          "UPDATE tasks SET status = 'Cancelled', finished_at = @now, message = 'Cancelled by staff.' WHERE object_id = @key",
          logLine(2, "Cancelled by staff."),
        ],
      },
      refused: "Only queued or running tasks can be cancelled.",
    },
    {
      name: "Retry",
      change: {
        when: "(SELECT status FROM tasks WHERE object_id = t.id) IN ('Failed', 'Cancelled')",
        set: { modified_at: "@now" },
        also: [
          `UPDATE tasks SET status = 'Queued', progress = 0, started_at = NULL, finished_at = NULL, message = ''
           WHERE object_id = @key`,
          "UPDATE task_admin SET worker_id = NULL WHERE object_id = @key",
          logLine(1, "Queued again by staff."),
        ],
      },
      refused: "Only failed or cancelled tasks can be retried.",
    },
  ],
};

const LATEST_RUN = `LEFT JOIN tasks lk ON lk.object_id = (SELECT k.object_id FROM tasks k
    WHERE k.related_object_id = t.id AND k.kind = 'DataLoad' ORDER BY k.object_id DESC LIMIT 1)
  LEFT JOIN objects lo ON lo.id = lk.object_id`;
const LOADER_STATUS = `CASE WHEN NOT COALESCE(s.is_enabled, TRUE) THEN 'Disabled'
  WHEN lk.status IS NULL OR lk.status = 'Cancelled' THEN 'Idle' ELSE lk.status END`;

/** /admin/dataloaders. */
export const dataLoaders: AdminResource = {
  path: "DataLoaders",
  module: "DataLoaders",
  noun: "Data loader",
  spec: {
    table: "objects",
    from: `objects t LEFT JOIN data_loader_settings s ON s.object_id = t.id ${accountNameJoin("t.account_id")}
      ${userJoin("t.owner_user_id", "o")} LEFT JOIN connectors c ON c.code = json_extract(t.properties, '$.ConnectorCode')
      ${LATEST_RUN}`,
    where: "t.type = 'DataLoader' AND t.deleted_at IS NULL",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "lk.started_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", search: true, sort: true },
      ...ACCOUNT_COLUMNS(),
      OwnerName: { sql: "o.full_name", type: "text", search: true },
      ConnectorCode: { sql: "json_extract(t.properties, '$.ConnectorCode')", type: "text" },
      ConnectorName: {
        sql: "COALESCE(c.name, json_extract(t.properties, '$.ConnectorCode'))",
        type: "text",
        sort: true,
      },
      Status: { sql: LOADER_STATUS, type: "text", sort: true },
      IsEnabled: { sql: "COALESCE(s.is_enabled, TRUE)", type: "bool" },
      Priority: { sql: "COALESCE(s.priority, 'Normal')", type: "text" },
      LastRunAt: { sql: "lk.started_at", type: "datetime", sort: true },
      LastRunDurationSeconds: { sql: "(lk.finished_at - lk.started_at) / 1000", type: "int" },
      NextRunAt: { sql: "s.next_run_at", type: "datetime", sort: true },
      RowsLoaded: { sql: "json_extract(lo.properties, '$.RowsLoaded')", type: "int", sort: true },
      LastError: { sql: "CASE WHEN lk.status = 'Failed' THEN lk.message END", type: "text" },
    },
    filters: {
      AccountRecId: { sql: "t.account_id", type: "int", op: "eq" },
      Status: { sql: LOADER_STATUS, type: "text", op: "eq" },
      ConnectorCode: { sql: "json_extract(t.properties, '$.ConnectorCode')", type: "text", op: "eq" },
      IsEnabled: { sql: "COALESCE(s.is_enabled, TRUE)", type: "bool", op: "eq" },
    },
  },
  fields: { IsEnabled: { schema: flag() }, Priority: { schema: oneOf(PRIORITIES), required: true } },
  filters: {
    AccountRecId: ref(),
    Status: oneOf(LOADER_STATUSES),
    ConnectorCode: text(80),
    IsEnabled: flag(),
  },
  export: true,
};

/** Registers /admin/tasks and /admin/dataloaders. */
export function registerWorkRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  registerAdminResource(api, context, guards, tasks);
  registerAdminResource(api, context, guards, dataLoaders);
  const { store } = context;
  const params = keyParams("int");
  const lines = (kind: "task" | "loader") => async (request: { params: unknown }) => {
    const found = await store.admin.jobs.logLines(kind, (request.params as { key: number }).key);
    if (!found) throw notFound(kind === "task" ? "Task" : "Data loader");
    return found.map((line) => ({
      Date: new Date(line.at).toISOString(),
      Severity: line.severity,
      Message: line.message,
    }));
  };
  api.get(
    "/Admin/Tasks/:key/Log",
    { onRequest: [guards.session, guards.admin("Tasks", "Read")], schema: { params } },
    lines("task"),
  );
  api.get(
    "/Admin/DataLoaders/:key/Log",
    { onRequest: [guards.session, guards.admin("DataLoaders", "Read")], schema: { params } },
    lines("loader"),
  );

  const write = [guards.session, guards.admin("DataLoaders", "Write")];
  const loaderAction = (
    name: string,
    refused: string,
    run: (key: number, actor: number, now: number) => Promise<string>,
  ) =>
    api.post(`/Admin/DataLoaders/:key/${name}`, { onRequest: write, schema: { params } }, async (request) => {
      const call = adminCall(request, context);
      const key = (request.params as { key: number }).key;
      const outcome = await run(key, call.caller.user.recId, call.at.now);
      if (outcome === "missing") throw notFound("Data loader");
      if (outcome === "blocked") throw conflict("Conflict", refused);
      await auditChange(call, `AdminDataLoaders${name}`, `Data loader ${key}: ${name}.`, {
        DataLoaderRecId: key,
      });
      return store.admin.records.get(dataLoaders.spec, key, call.at);
    });
  loaderAction("Run", "The loader is disabled, or a run is already queued or running.", (key, actor, now) =>
    store.admin.jobs.queueLoaderRun(key, actor, now),
  );
  loaderAction("Cancel", "The loader has no queued or running run.", (key, _actor, now) =>
    store.admin.jobs.cancelLoaderRun(key, now),
  );

  api.put(
    "/Admin/DataLoaders/:key",
    { onRequest: write, schema: { params, body: bodySchemas(dataLoaders.fields ?? {}).update } },
    async (request) => {
      const call = adminCall(request, context);
      const key = (request.params as { key: number }).key;
      const body = request.body as { IsEnabled?: boolean | null; Priority?: string };
      const change = {
        isEnabled: typeof body.IsEnabled === "boolean" ? body.IsEnabled : undefined,
        priority: body.Priority,
      };
      if ((await store.admin.jobs.setLoaderSettings(key, change, call.at.now)) !== "ok")
        throw notFound("Data loader");
      await auditChange(call, "AdminDataLoadersUpdate", `Data loader ${key} changed.`, {
        DataLoaderRecId: key,
        Fields: Object.keys(body),
      });
      return store.admin.records.get(dataLoaders.spec, key, call.at);
    },
  );
}
