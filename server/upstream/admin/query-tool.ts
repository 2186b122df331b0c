/**
 * /admin/querytool (§2.4): saved queries and their runs. A query runs on the embedded store only —
 * the SQLite file, or on PostgreSQL as the query tool's own reader role (query-reader-role.ts) —
 * read-only, over the demo views, within its MaxRows and TimeoutSeconds (query-runner.ts); a
 * refused statement (400 QueryNotAllowed) never runs, a run that fails or times out is recorded as
 * Failed (422 QueryFailed / QueryTimedOut), and an external database, or a PostgreSQL store without
 * a reader role fit for it, answers 422.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest, notFound, UpstreamError } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { databases, embeddedOnly } from "./databases.ts";
import { integer, longText, ref, text } from "./fields.ts";
import { prepareQueryReader } from "./query-reader-role.ts";
import { type QueryTarget, runReadOnlyQuery } from "./query-runner.ts";
import type { AdminResource } from "./resource.ts";
import { adminCall, CREATED_MODIFIED, keyParams, stamps, userJoin } from "./resource-kit.ts";
import { registerAdminResource } from "./resource-routes.ts";

/** /admin/querytool. */
export const queryTool: AdminResource = {
  path: "QueryTool",
  module: "QueryTool",
  noun: "Query",
  spec: {
    table: "admin_queries",
    from: `admin_queries t JOIN databases d ON d.id = t.database_id ${userJoin("t.created_by_user_id", "cb")}`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.last_run_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", write: "name", search: true, sort: true },
      DatabaseRecId: { sql: "t.database_id", type: "int", write: "database_id" },
      DatabaseName: { sql: "d.name", type: "text", sort: true },
      MaxRows: { sql: "t.max_rows", type: "int", write: "max_rows" },
      TimeoutSeconds: { sql: "t.timeout_seconds", type: "int", write: "timeout_seconds" },
      Query: { sql: "t.query_text", type: "text", write: "query_text", search: true },
      Description: { sql: "t.description", type: "text", write: "description", search: true },
      LastRunAt: { sql: "t.last_run_at", type: "datetime", sort: true },
      LastRunStatus: { sql: "t.last_run_status", type: "text", sort: true },
      LastRunDurationMs: { sql: "t.last_run_duration_ms", type: "int", sort: true },
      LastRunRowCount: { sql: "t.last_run_row_count", type: "int", sort: true },
      CreatedByName: { sql: "cb.full_name", type: "text" },
      ...CREATED_MODIFIED,
    },
    filters: { DatabaseRecId: { sql: "t.database_id", type: "int", op: "eq" } },
    ...stamps({ created_by_user_id: "@actor" }),
  },
  fields: {
    Name: { schema: text(200), required: true },
    DatabaseRecId: { schema: ref("Database."), required: true },
    MaxRows: { schema: integer(1, 10_000), required: true },
    TimeoutSeconds: { schema: integer(1, 600), required: true },
    Query: { schema: longText(100_000), required: true },
    Description: { schema: longText(2000) },
  },
  filters: { DatabaseRecId: ref() },
  create: true,
  update: true,
  remove: {},
  bodyLimit: 512 * 1024,
};

/**
 * Where this upstream runs staff SQL; 422 when its PostgreSQL store has no reader role fit for it. The
 * reader is checked (and granted the demo views) before every run, not once: a right granted to it
 * since would otherwise reach the next query.
 */
async function queryTarget(context: UpstreamContext): Promise<QueryTarget> {
  const { databaseUrl, databaseFile, queryToolDatabaseUrl } = context.settings;
  if (databaseUrl === null) return { kind: "sqlite", file: databaseFile };
  if (queryToolDatabaseUrl === null) {
    throw new UpstreamError(
      422,
      "ExternalSystemNotConfigured",
      "On PostgreSQL the query tool runs as a reader role of its own: set UPSTREAM_QUERY_TOOL_DATABASE_URL.",
    );
  }
  const reader = await prepareQueryReader(databaseUrl, queryToolDatabaseUrl);
  if ("refused" in reader) {
    context.log.warn({ reason: reader.refused }, "query tool: the reader role is refused");
    throw new UpstreamError(422, "ExternalSystemNotConfigured", reader.refused);
  }
  return { kind: "postgres", url: reader.url, schema: reader.schema };
}

/** Registers /admin/querytool. */
export function registerQueryToolRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  registerAdminResource(api, context, guards, queryTool);
  const { store } = context;
  const params = keyParams("int");

  api.post(
    "/Admin/QueryTool/:key/Run",
    { onRequest: [guards.session, guards.admin("QueryTool", "Write")], schema: { params } },
    async (request) => {
      const call = adminCall(request, context);
      const query = await store.admin.records.get(
        queryTool.spec,
        (request.params as { key: number }).key,
        call.at,
      );
      if (!query) throw notFound("Query");
      embeddedOnly(
        (await store.admin.records.get(databases.spec, query.DatabaseRecId as number, call.at)) ?? {},
        "Running a query on",
      );
      const outcome = await runReadOnlyQuery(await queryTarget(context), String(query.Query), {
        maxRows: query.MaxRows as number,
        timeoutMs: (query.TimeoutSeconds as number) * 1000,
      });
      if (outcome.kind === "notAllowed") throw badRequest("QueryNotAllowed", outcome.message);
      const ok = outcome.kind === "rows";
      await store.admin.system.recordQueryRun({
        queryId: query.RecId as number,
        name: String(query.Name),
        actor: call.caller.user.recId,
        at: call.at.now,
        durationMs: outcome.durationMs,
        ok,
        rowCount: ok ? outcome.rows.length : 0,
      });
      if (outcome.kind !== "rows") {
        throw new UpstreamError(
          422,
          outcome.kind === "timedOut" ? "QueryTimedOut" : "QueryFailed",
          outcome.message,
        );
      }
      return {
        columns: outcome.columns,
        rows: outcome.rows,
        Truncated: outcome.truncated,
        DurationMs: outcome.durationMs,
      };
    },
  );
}
