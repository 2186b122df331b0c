/**
 * /admin/applicationlogs and /admin/loganalytics (§2.4). Application logs are the service's log
 * entries including the audit trail (category "Audit"); Severity follows §9 (1 info, 2 warning,
 * 3 error). Log analytics aggregates real samples by GroupBy: requests (every /api call this
 * service answered, recorded by `recordRequests`), accounts (the same by account), queries (query
 * tool runs) and tasks (member tasks by kind): count, errors, average / 95th percentile / maximum
 * duration and the last time seen.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { isoDateMs } from "../store/sqlite/admin-values.ts";
import type { AdminRow } from "../store/types/admin-records.ts";
import { date, ref, text } from "./fields.ts";
import type { AdminResource } from "./resource.ts";
import { pagingProperties, sendCsv } from "./resource-kit.ts";

const SEVERITY = "CASE t.level WHEN 'Info' THEN 1 WHEN 'Warning' THEN 2 ELSE 3 END";
const detail = (name: string) => `json_extract(t.details, '$.${name}')`;

/** /admin/applicationlogs; Level, Category, Action and the actor/target ids serve the first clients. */
export const applicationLogs: AdminResource = {
  path: "ApplicationLogs",
  module: "ApplicationLogs",
  noun: "Log entry",
  spec: {
    table: "application_logs",
    from: `application_logs t LEFT JOIN accounts a ON a.id = COALESCE(t.target_account_id, t.actor_account_id)
      LEFT JOIN users u ON u.id = t.actor_user_id`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.id DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Date: { sql: "t.at", type: "datetime", sort: true, order: "t.at, t.id" },
      Severity: { sql: SEVERITY, type: "int", sort: true },
      Level: { sql: "t.level", type: "text" },
      Source: { sql: "t.category", type: "text", search: true, sort: true },
      Category: { sql: "t.category", type: "text" },
      Action: { sql: "t.action", type: "text", search: true },
      Message: { sql: "t.message", type: "text", search: true },
      AccountName: { sql: "a.name", type: "text", search: true },
      UserFullName: { sql: "u.full_name", type: "text", search: true },
      MachineName: { sql: detail("MachineName"), type: "text" },
      RequestUrl: { sql: detail("RequestUrl"), type: "text" },
      CorrelationId: { sql: detail("CorrelationId"), type: "text" },
      Details: { sql: "t.details", type: "text" },
      ActorAccountRecId: { sql: "t.actor_account_id", type: "int" },
      ActorUserRecId: { sql: "t.actor_user_id", type: "int" },
      TargetAccountRecId: { sql: "t.target_account_id", type: "int" },
      TargetUserRecId: { sql: "t.target_user_id", type: "int" },
    },
    filters: {
      Severity: { sql: SEVERITY, type: "int", op: "eq" },
      Source: { sql: "t.category", type: "text", op: "contains" },
      AccountRecId: { sql: "@value IN (t.actor_account_id, t.target_account_id)", type: "int", op: "match" },
      DateFrom: { sql: "t.at", type: "datetime", op: "from" },
      DateTo: { sql: "t.at", type: "datetime", op: "to" },
      category: { sql: "t.category", type: "text", op: "eq" },
    },
  },
  filters: {
    Severity: { type: "integer", enum: [1, 2, 3], description: "1 info, 2 warning, 3 error (§9)." },
    Source: text(60),
    AccountRecId: ref(),
    DateFrom: date(),
    DateTo: date(),
    category: text(60, undefined, "Only entries of exactly this category (e.g. Audit)."),
  },
  export: true,
  legacyListNames: true,
};

const GROUPS = ["requests", "queries", "tasks", "accounts"] as const;
const ANALYTICS_FIELDS = [
  "Key",
  "Count",
  "ErrorCount",
  "AvgDurationMs",
  "P95DurationMs",
  "MaxDurationMs",
  "LastSeenAt",
];
/** Most samples one analytics answer aggregates (newest first). */
export const ANALYTICS_MAX_SAMPLES = 200_000;
/** How long requests stay in the request log. */
export const REQUEST_LOG_RETENTION_MS = 30 * 86_400_000;

const analyticsQuery = (paged: boolean) => ({
  type: "object",
  properties: {
    ...(paged ? pagingProperties : {}),
    search: { type: "string", maxLength: 200, description: "Only keys containing this text." },
    sort: {
      enum: ANALYTICS_FIELDS.flatMap((field) => [field, `-${field}`]),
      description: "Field, '-' first for descending.",
    },
    GroupBy: { enum: GROUPS, default: "requests", description: "What the rows aggregate." },
    AccountRecId: ref(),
    DateFrom: date(),
    DateTo: date(),
  },
  additionalProperties: false,
});

/** Aggregates samples into rows, one per key. */
export function aggregate(
  samples: readonly { key: string; durationMs: number | null; isError: boolean; at: number }[],
) {
  const groups = new Map<string, { durations: number[]; count: number; errors: number; last: number }>();
  for (const sample of samples) {
    const group = groups.get(sample.key) ?? { durations: [], count: 0, errors: 0, last: 0 };
    group.count += 1;
    if (sample.isError) group.errors += 1;
    if (sample.durationMs !== null) group.durations.push(sample.durationMs);
    group.last = Math.max(group.last, sample.at);
    groups.set(sample.key, group);
  }
  return [...groups].map(([key, group]): AdminRow => {
    const sorted = group.durations.sort((a, b) => a - b);
    const round = (value: number | undefined) => (value === undefined ? null : Math.round(value * 10) / 10);
    return {
      Key: key,
      Count: group.count,
      ErrorCount: group.errors,
      AvgDurationMs: round(
        sorted.length ? sorted.reduce((sum, value) => sum + value, 0) / sorted.length : undefined,
      ),
      P95DurationMs: round(sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)]),
      MaxDurationMs: round(sorted[sorted.length - 1]),
      LastSeenAt: new Date(group.last).toISOString(),
    };
  });
}

/** Records every answered /api request (method, route pattern, status, duration, account). */
export function recordRequests(api: FastifyInstance, context: UpstreamContext): void {
  api.addHook("onResponse", async (request: FastifyRequest, reply) => {
    try {
      let accountId: number | null = null;
      try {
        accountId = callerOf(request).account.recId;
      } catch {
        accountId = null;
      }
      const now = context.now();
      await context.store.admin.system.logRequest(
        {
          at: now,
          method: request.method,
          route: request.routeOptions.url ?? "(no route)",
          status: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
          accountId,
        },
        now - REQUEST_LOG_RETENTION_MS,
      );
    } catch (error) {
      request.log.warn({ err: error }, "request not logged for analytics");
    }
  });
}

/** Registers /admin/loganalytics. */
export function registerLogAnalyticsRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const read = [guards.session, guards.admin("LogAnalytics", "Read")];
  const rows = async (query: Record<string, unknown>) => {
    const samples = await context.store.admin.system.analyticsSamples(
      (query.GroupBy as (typeof GROUPS)[number]) ?? "requests",
      {
        accountId: query.AccountRecId as number | undefined,
        from: typeof query.DateFrom === "string" ? isoDateMs(query.DateFrom) : undefined,
        to: typeof query.DateTo === "string" ? isoDateMs(query.DateTo) + 86_400_000 : undefined,
      },
      ANALYTICS_MAX_SAMPLES,
    );
    const search = typeof query.search === "string" ? query.search.trim().toLowerCase() : "";
    const sort = typeof query.sort === "string" ? query.sort : "-Count";
    const field = sort.replace(/^-/, "");
    const direction = sort.startsWith("-") ? -1 : 1;
    return aggregate(samples)
      .filter((row) => !search || String(row.Key).toLowerCase().includes(search))
      .sort((a, b) => {
        const x = a[field] ?? -Infinity;
        const y = b[field] ?? -Infinity;
        return (x < y ? -1 : x > y ? 1 : String(a.Key).localeCompare(String(b.Key))) * direction;
      });
  };

  api.get(
    "/Admin/LogAnalytics",
    { onRequest: read, schema: { querystring: analyticsQuery(true) } },
    async (request) => {
      const query = request.query as Record<string, unknown> & { page: number; pageSize: number };
      const all = await rows(query);
      return {
        items: all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize),
        total: all.length,
      };
    },
  );

  api.get(
    "/Admin/LogAnalytics/Export",
    { onRequest: read, schema: { querystring: analyticsQuery(false) } },
    async (request, reply) =>
      sendCsv(reply, "LogAnalytics", await rows(request.query as Record<string, unknown>), context.now()),
  );
}
