/**
 * The processing cluster as staff see it (§2.4): boss nodes (/admin/bosses), worker nodes
 * (/admin/workers), the task routing map (/admin/tasksmap: which worker group runs which task type,
 * with limits) and the connector catalogue (/admin/connectors). Nodes are records kept by the
 * cluster; staff drain a node (it takes no new work) and resume it, and remove offline ones. Task and
 * connection counts are computed from the real tasks and connections.
 */
import { flag, HTTPS_URL, integer, longText, oneOf, text } from "./fields.ts";
import type { AdminResource, AdminTransitionAction } from "./resource.ts";
import { CREATED_MODIFIED, stamps } from "./resource-kit.ts";

const NODE_STATUSES = ["Online", "Draining", "Offline"] as const;
const GROUP_PATTERN = "^[A-Za-z0-9][A-Za-z0-9_-]*$";
const CONNECTOR_CATEGORIES = [
  "Database",
  "File",
  "Cloud",
  "Marketing",
  "Finance",
  "Crm",
  "Analytics",
  "Other",
] as const;
const CONNECTOR_STATUSES = ["Available", "Beta", "Deprecated", "Disabled"] as const;

/** Drain (Online → Draining: finishes running tasks, takes no new ones) and Resume (Draining → Online). */
const drainAndResume: AdminTransitionAction[] = [
  {
    name: "Drain",
    change: { when: "t.status = 'Online'", set: { status: "'Draining'" } },
    refused: "Only online nodes can be drained.",
  },
  {
    name: "Resume",
    change: { when: "t.status = 'Draining'", set: { status: "'Online'" } },
    refused: "Only draining nodes can resume.",
  },
];

/** /admin/bosses. */
export const bosses: AdminResource = {
  path: "Bosses",
  module: "Bosses",
  noun: "Boss node",
  spec: {
    table: "boss_nodes",
    from: "boss_nodes t",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.machine_name",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      MachineName: { sql: "t.machine_name", type: "text", write: "machine_name", search: true, sort: true },
      Version: { sql: "t.version", type: "text", write: "version", sort: true },
      Status: { sql: "t.status", type: "text", write: "status", sort: true },
      IsLeader: { sql: "t.is_leader", type: "bool", write: "is_leader" },
      WorkerCount: { sql: "(SELECT COUNT(*) FROM worker_nodes w WHERE w.status <> 'Offline')", type: "int" },
      QueuedTaskCount: {
        sql: "(SELECT COUNT(*) FROM tasks k WHERE k.status = 'Queued')",
        type: "int",
        sort: true,
      },
      StartedAt: { sql: "t.started_at", type: "datetime", write: "started_at", sort: true },
      LastHeartbeatAt: {
        sql: "t.last_heartbeat_at",
        type: "datetime",
        write: "last_heartbeat_at",
        sort: true,
      },
    },
    filters: { Status: { sql: "t.status", type: "text", op: "eq" } },
    deleteWhen: "t.status = 'Offline'",
  },
  filters: { Status: oneOf(NODE_STATUSES) },
  remove: {},
  refused: { delete: "Only offline nodes can be removed." },
  transitions: drainAndResume,
};

/** /admin/workers. */
export const workers: AdminResource = {
  path: "Workers",
  module: "Workers",
  noun: "Worker node",
  spec: {
    table: "worker_nodes",
    from: "worker_nodes t",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.machine_name",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      MachineName: { sql: "t.machine_name", type: "text", write: "machine_name", search: true, sort: true },
      WorkerGroup: { sql: "t.worker_group", type: "text", write: "worker_group", search: true, sort: true },
      MaxConcurrency: { sql: "t.max_concurrency", type: "int", write: "max_concurrency", sort: true },
      Version: { sql: "t.version", type: "text", write: "version", sort: true },
      Status: { sql: "t.status", type: "text", write: "status", sort: true },
      RunningTaskCount: {
        sql: `(SELECT COUNT(*) FROM task_admin ta JOIN tasks k ON k.object_id = ta.object_id
          WHERE ta.worker_id = t.id AND k.status = 'Running')`,
        type: "int",
        sort: true,
      },
      CpuPercent: { sql: "t.cpu_percent", type: "real", write: "cpu_percent", sort: true },
      MemoryBytes: { sql: "t.memory_bytes", type: "int", write: "memory_bytes", sort: true },
      StartedAt: { sql: "t.started_at", type: "datetime", write: "started_at", sort: true },
      LastHeartbeatAt: {
        sql: "t.last_heartbeat_at",
        type: "datetime",
        write: "last_heartbeat_at",
        sort: true,
      },
    },
    filters: {
      Status: { sql: "t.status", type: "text", op: "eq" },
      WorkerGroup: { sql: "t.worker_group", type: "text", op: "contains" },
    },
    deleteWhen: "t.status = 'Offline'",
  },
  fields: {
    WorkerGroup: { schema: text(80, GROUP_PATTERN), required: true },
    MaxConcurrency: { schema: integer(1, 256), required: true },
  },
  filters: { Status: oneOf(NODE_STATUSES), WorkerGroup: text(80) },
  update: true,
  remove: {},
  refused: { delete: "Only offline nodes can be removed." },
  transitions: drainAndResume,
};

/** /admin/tasksmap. */
export const tasksMap: AdminResource = {
  path: "TasksMap",
  module: "TasksMap",
  noun: "Task route",
  spec: {
    table: "task_routes",
    from: "task_routes t",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.task_type",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      TaskType: { sql: "t.task_type", type: "text", write: "task_type", search: true, sort: true },
      WorkerGroup: { sql: "t.worker_group", type: "text", write: "worker_group", search: true, sort: true },
      Priority: { sql: "t.priority", type: "int", write: "priority", sort: true },
      IsEnabled: { sql: "t.is_enabled", type: "bool", write: "is_enabled" },
      MaxConcurrency: { sql: "t.max_concurrency", type: "int", write: "max_concurrency", sort: true },
      MaxConcurrencyPerAccount: {
        sql: "t.max_concurrency_per_account",
        type: "int",
        write: "max_concurrency_per_account",
      },
      TimeoutMinutes: { sql: "t.timeout_minutes", type: "int", write: "timeout_minutes", sort: true },
      MaxRetries: { sql: "t.max_retries", type: "int", write: "max_retries" },
      Description: { sql: "t.description", type: "text", write: "description", search: true },
      ...CREATED_MODIFIED,
    },
    filters: {
      WorkerGroup: { sql: "t.worker_group", type: "text", op: "contains" },
      IsEnabled: { sql: "t.is_enabled", type: "bool", op: "eq" },
    },
    ...stamps(),
  },
  fields: {
    TaskType: { schema: text(80, "^[A-Za-z][A-Za-z0-9_]*$"), required: true, createOnly: true },
    WorkerGroup: { schema: text(80, GROUP_PATTERN), required: true },
    Priority: { schema: integer(1, 10), required: true },
    IsEnabled: { schema: flag() },
    MaxConcurrency: { schema: integer(1, 1000), required: true },
    MaxConcurrencyPerAccount: { schema: integer(1, 100), required: true },
    TimeoutMinutes: { schema: integer(1, 1440), required: true },
    MaxRetries: { schema: integer(0, 10), required: true },
    Description: { schema: longText(1000) },
  },
  filters: { WorkerGroup: text(80), IsEnabled: flag() },
  create: true,
  update: true,
  remove: {},
  duplicate: { code: "DuplicateRecord", message: "This task type already has a route." },
};

/** /admin/connectors: ConnectionCount counts the live DataConnection objects naming the connector. */
export const connectors: AdminResource = {
  path: "Connectors",
  module: "Connectors",
  noun: "Connector",
  spec: {
    table: "connectors",
    from: "connectors t",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.name",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", write: "name", search: true, sort: true },
      Code: { sql: "t.code", type: "text", write: "code", search: true, sort: true },
      Category: { sql: "t.category", type: "text", write: "category", sort: true },
      AuthenticationType: {
        sql: "t.authentication_type",
        type: "text",
        write: "authentication_type",
        sort: true,
      },
      Status: { sql: "t.status", type: "text", write: "status", sort: true },
      SupportsSmartViews: { sql: "t.supports_smart_views", type: "bool", write: "supports_smart_views" },
      Version: { sql: "t.version", type: "text", write: "version", sort: true },
      Description: { sql: "t.description", type: "text", write: "description", search: true },
      DocumentationUrl: { sql: "t.documentation_url", type: "text", write: "documentation_url" },
      ConnectionCount: {
        sql: `(SELECT COUNT(*) FROM objects o WHERE o.type = 'DataConnection' AND o.deleted_at IS NULL
          AND json_extract(o.properties, '$.ConnectorCode') = t.code)`,
        type: "int",
        sort: true,
      },
      ModifiedAt: { sql: "t.modified_at", type: "datetime", sort: true },
    },
    filters: {
      Category: { sql: "t.category", type: "text", op: "eq" },
      Status: { sql: "t.status", type: "text", op: "eq" },
    },
    touch: { modified_at: "@now" },
  },
  fields: {
    Name: { schema: text(100), required: true },
    Category: { schema: oneOf(CONNECTOR_CATEGORIES), required: true },
    Status: { schema: oneOf(CONNECTOR_STATUSES), required: true },
    Description: { schema: longText(2000) },
    DocumentationUrl: { schema: text(500, HTTPS_URL) },
  },
  filters: { Category: oneOf(CONNECTOR_CATEGORIES), Status: oneOf(CONNECTOR_STATUSES) },
  update: true,
  export: true,
};
