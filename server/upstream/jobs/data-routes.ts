/**
 * Data table rows and connection tests. GET /api/DataTables/{id}/Rows (the data viewer dialog of
 * §2.5, where BackgroundDataImportSucceeded links): the columns and a page of rows of a data table
 * the caller sees (TablesAndView feature, TableAndViews r). POST /api/Connections/{id}/Test
 * (Connection feature, Connections rw): the reference connectors answer from their sample data; a
 * connection whose stored credentials have expired is refused, and its owner is asked to
 * re-authenticate (§4.3 ReAuthConnector); other connectors cannot be reached from this installation.
 */
import type { FastifyInstance } from "fastify";
import type { Caller } from "../auth/session-service.ts";
import { connectorByCode } from "../data/connectors.ts";
import { DOCUMENT_COLLECTIONS, RETAIL_STORES } from "../data/sample-data.ts";
import { listQueryProperties } from "../folders/list-query.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams } from "../http/schemas.ts";
import { notifyConnectorEvent } from "../notifications/account-events.ts";
import type { LibraryObject } from "../store/types/library.ts";
import { callerObject } from "./access.ts";
import type { JobRuntime } from "./runtime.ts";

const { page, pageSize } = listQueryProperties(["Row"], "Row");
const rowsQuery = { type: "object", properties: { page, pageSize }, additionalProperties: false } as const;

/** What a connection test found. */
export type ConnectionTestStatus = "Succeeded" | "CredentialsRejected" | "Unreachable";

/** Tests a connection against its connector at `now`. */
export function testConnection(
  connection: LibraryObject,
  now: number,
): { status: ConnectionTestStatus; message: string } {
  const code = String(connection.properties.ConnectorCode ?? "");
  const authentication = connection.properties.Authentication as { ExpiresAt?: unknown } | undefined;
  const expiresAt =
    typeof authentication?.ExpiresAt === "string" ? Date.parse(authentication.ExpiresAt) : Number.NaN;
  if (!Number.isNaN(expiresAt) && expiresAt <= now) {
    return {
      status: "CredentialsRejected",
      message: "The connector refused the stored credentials: they have expired.",
    };
  }
  const connector = connectorByCode(code);
  if (connector?.kind === "Relational") {
    return { status: "Succeeded", message: `Connected: ${RETAIL_STORES.length} stores in the sample.` };
  }
  if (connector?.kind === "DocumentDatabase") {
    const documents = Object.values(DOCUMENT_COLLECTIONS).reduce((sum, rows) => sum + rows.length, 0);
    const collections = Object.keys(DOCUMENT_COLLECTIONS).length;
    return { status: "Succeeded", message: `Connected: ${collections} collections, ${documents} documents.` };
  }
  return {
    status: "Unreachable",
    message: `The connector ${code || "(none)"} cannot be reached from this installation.`,
  };
}

/** Registers the data table and connection routes under the application base. */
export function registerDataJobRoutes(api: FastifyInstance, runtime: JobRuntime, guards: Guards): void {
  const { context } = runtime;
  const recIdOf = (caller: Caller, params: unknown) => ({
    caller,
    recId: (params as { recId: number }).recId,
  });

  api.get(
    "/DataTables/:recId/Rows",
    {
      onRequest: [guards.session, guards.feature("TablesAndView"), guards.permission("TableAndViews", "r")],
      schema: { params: recIdParams, querystring: rowsQuery },
    },
    async (request) => {
      const { caller, recId } = recIdOf(callerOf(request), request.params);
      const query = request.query as { page: number; pageSize: number };
      const table = await callerObject(context, caller, recId, "r", "Data table", ["DataTable"]);
      const { dataTables } = context.store.jobs;
      const described = (await dataTables.describe(caller.account.recId, table.recId)) ?? {
        columns: [],
        rowCount: 0,
      };
      const rows = await dataTables.rows(
        caller.account.recId,
        table.recId,
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      return {
        DataTableRecId: table.recId,
        Name: table.name,
        Columns: described.columns.map((column) => ({ Name: column.name, Type: column.type })),
        items: rows.map((row) =>
          Object.fromEntries(described.columns.map((column, index) => [column.name, row[index] ?? null])),
        ),
        total: described.rowCount,
      };
    },
  );

  api.post(
    "/Connections/:recId/Test",
    {
      onRequest: [guards.session, guards.feature("Connection"), guards.permission("Connections", "rw")],
      schema: { params: recIdParams },
    },
    async (request) => {
      const { caller, recId } = recIdOf(callerOf(request), request.params);
      const connection = await callerObject(context, caller, recId, "rw", "Connection", ["DataConnection"]);
      const result = testConnection(connection, context.now());
      if (result.status === "CredentialsRejected") {
        await notifyConnectorEvent(context, caller.account.recId, "ReAuth", {
          recId: connection.recId,
          name: connection.name,
          ownerUserId: connection.ownerUserId,
        });
      }
      return {
        ConnectionRecId: connection.recId,
        Status: result.status,
        Message: result.message,
        TestedAt: new Date(context.now()).toISOString(),
      };
    },
  );
}
