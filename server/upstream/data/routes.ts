/**
 * Data calls of §7: Script/ServerSide, the smart view ParametersData call (cached per connection,
 * view name, version and data) and the document-database columns call (cached per connection,
 * table and row scan). A cached answer carries `X-Cache: HIT`.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import type { ObjectRecord } from "../store/records-content.ts";
import {
  type ConnectorDefinition,
  computeSmartViewParameters,
  connectorByCode,
  hasDocumentCollection,
  inferDocumentColumns,
  smartViewParameters,
} from "./connectors.ts";
import { SERVER_SCRIPT_FUNCTIONS } from "./server-script-functions.ts";

const connectionParams = {
  type: "object",
  properties: { id: recIdSchema },
  required: ["id"],
  additionalProperties: false,
} as const;

const parametersDataBody = {
  type: "object",
  properties: {
    data: { type: "string", maxLength: 16_384, description: "JSON object of the parameter values chosen so far." },
    SmartViewModel: {
      type: "object",
      description: "The smart view (§3: Name, Version.Version).",
      properties: {
        Name: { type: "string", minLength: 1, maxLength: 120, description: "Smart view name." },
        Version: {
          type: "object",
          description: "Version holder.",
          properties: { Version: { type: "integer", minimum: 1, maximum: 10_000, description: "Version number." } },
          required: ["Version"],
          additionalProperties: false,
        },
      },
      required: ["Name", "Version"],
      additionalProperties: false,
    },
  },
  required: ["data", "SmartViewModel"],
  additionalProperties: false,
} as const;

const MAX_ROW_SCAN = 10_000;
const itemsQuery = {
  type: "object",
  properties: {
    folder: { type: "string", pattern: "^columns;[0-9]{1,5}$", description: "columns;{rowScan}." },
    search: { type: "string", minLength: 1, maxLength: 128, description: "Table (collection) name." },
  },
  required: ["folder", "search"],
  additionalProperties: false,
} as const;

/** Registers the data calls under the application base. */
export function registerDataRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { store, settings } = context;
  const connectionsRead = [guards.session, guards.feature("Connection"), guards.permission("Connections", "r")];

  async function connection(caller: Caller, id: number): Promise<{ object: ObjectRecord; connector: ConnectorDefinition }> {
    const object = await store.objects.get(caller.account.recId, id);
    if (!object || object.type !== "DataConnection" || object.deletedAt !== null) throw notFound("Connection");
    const connector = connectorByCode(String(object.properties.ConnectorCode));
    if (!connector) throw badRequest("ConnectorNotSupported", "The connection's connector is not available.");
    return { object, connector };
  }

  async function cached(caller: Caller, reply: FastifyReply, key: string, compute: () => unknown) {
    const accountId = caller.account.recId;
    const hit = await store.dataCache.get(accountId, key, context.now());
    if (hit !== undefined) {
      reply.header("X-Cache", "HIT");
      return JSON.parse(hit) as unknown;
    }
    const value = compute();
    await store.dataCache.put(accountId, key, JSON.stringify(value), context.now(), settings.lifetimes.dataCacheMs);
    reply.header("X-Cache", "MISS");
    return value;
  }

  api.get("/Script/ServerSide", { onRequest: [guards.session] }, async () => SERVER_SCRIPT_FUNCTIONS);

  api.post(
    "/DataImport/Connection/:id/SmartView/ParametersData",
    { onRequest: connectionsRead, schema: { params: connectionParams, body: parametersDataBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body as { data: string; SmartViewModel: { Name: string; Version: { Version: number } } };
      const { object, connector } = await connection(caller, (request.params as { id: number }).id);
      if (connector.kind !== "Relational") throw badRequest("ConnectorNotSupported", "This connector has no smart views.");
      const { Name, Version } = body.SmartViewModel;
      const parameters = smartViewParameters(connector, Name, Version.Version);
      if (!parameters) throw notFound("Smart view");
      const chosen = parseChosenValues(body.data, parameters);
      // The key: connection (and its last change), view name, version, and the data in canonical form.
      const canonical = JSON.stringify(Object.fromEntries(Object.entries(chosen).sort(([a], [b]) => a.localeCompare(b))));
      const digest = createHash("sha256").update(canonical).digest("hex");
      const key = `smartview:${object.recId}:${object.modifiedAt}:${Name}:${Version.Version}:${digest}`;
      return cached(caller, reply, key, () => ({ Parameters: computeSmartViewParameters(parameters, chosen) }));
    },
  );

  api.get(
    "/DataImport/Connection/:id/Items",
    { onRequest: connectionsRead, schema: { params: connectionParams, querystring: itemsQuery } },
    async (request, reply) => {
      const caller = callerOf(request);
      const query = request.query as { folder: string; search: string };
      const rowScan = Number(query.folder.split(";")[1]);
      if (rowScan < 1 || rowScan > MAX_ROW_SCAN) {
        throw badRequest("InvalidRequest", `The row scan must be between 1 and ${MAX_ROW_SCAN}.`);
      }
      const { object, connector } = await connection(caller, (request.params as { id: number }).id);
      if (connector.kind !== "DocumentDatabase") throw badRequest("ConnectorNotSupported", "This connector has no document tables.");
      const key = `columns:${object.recId}:${object.modifiedAt}:${rowScan}:${query.search}`;
      if (!hasDocumentCollection(query.search)) throw notFound("Table");
      return cached(caller, reply, key, () => {
        const inferred = inferDocumentColumns(query.search, rowScan);
        return { Items: inferred?.columns ?? [], RowsScanned: inferred?.rowsScanned ?? 0 };
      });
    },
  );
}

/** The `data` JSON: an object of parameter name → chosen value (text or null), names of this view only. */
function parseChosenValues(data: string, parameters: readonly string[]): Record<string, string | null> {
  let parsed: unknown;
  try {
    parsed = data.trim() === "" ? {} : JSON.parse(data);
  } catch {
    throw badRequest("InvalidRequest", "data is not valid JSON.");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw badRequest("InvalidRequest", "data must be a JSON object.");
  }
  const chosen: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!parameters.includes(name)) throw badRequest("InvalidRequest", `data names an unknown parameter: ${name}.`);
    if (value !== null && typeof value !== "string") throw badRequest("InvalidRequest", `data.${name} must be text or null.`);
    chosen[name] = value;
  }
  return chosen;
}
