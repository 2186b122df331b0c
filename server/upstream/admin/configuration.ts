/**
 * /admin/configuration (§2.4): the service's system configuration — the same entries the code reads
 * (for example SignupAllowed, which opens /signup) — with a section, a description and who changed
 * it last. A Value that is valid JSON is stored as that JSON (true, 42, {"a":1}); other text is
 * stored as a string. Secret entries are sealed (secrets-box.ts) and never sent back.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import type { AdminRow } from "../store/types/admin-records.ts";
import { bodySchemas, flag, longText, oneOf, text } from "./fields.ts";
import type { AdminCall, AdminResource } from "./resource.ts";
import { adminCall, keyParams, userJoin } from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";
import { sealSecret } from "./secrets-box.ts";

const SECTIONS = ["general", "security", "email", "storage", "billing", "integrations"] as const;
const SECRET = "COALESCE(m.is_secret, FALSE)";

/** /admin/configuration (rowKey Key). */
export const configuration: AdminResource = {
  path: "Configuration",
  module: "Configuration",
  noun: "Setting",
  spec: {
    table: "system_config",
    from: `system_config t LEFT JOIN config_settings_meta m ON m.key = t.key ${userJoin("m.modified_by_user_id", "mb")}`,
    key: "key",
    keyType: "text",
    keyField: "Key",
    defaultOrder: "t.key",
    columns: {
      Key: { sql: "t.key", type: "text", search: true, sort: true },
      Section: { sql: "COALESCE(m.section, 'general')", type: "text" },
      IsSecret: { sql: SECRET, type: "bool" },
      Value: {
        sql: `CASE WHEN ${SECRET} THEN NULL WHEN json_valid(t.value) AND json_type(t.value) = 'text'
          THEN json_extract(t.value, '$') ELSE t.value END`,
        type: "text",
        search: true,
      },
      Description: { sql: "m.description", type: "text", search: true },
      ModifiedByName: { sql: "mb.full_name", type: "text" },
      ModifiedAt: { sql: "m.modified_at", type: "datetime", sort: true },
    },
    filters: { Section: { sql: "COALESCE(m.section, 'general')", type: "text", op: "eq" } },
  },
  fields: {
    Key: { schema: text(120, "^[A-Za-z][A-Za-z0-9_.]*$"), required: true, createOnly: true },
    Section: { schema: oneOf(SECTIONS), required: true },
    IsSecret: { schema: flag(), createOnly: true },
    Value: { schema: longText(10_000) },
    Description: { schema: longText(1000) },
  },
  filters: { Section: oneOf(SECTIONS) },
};

/** The JSON text a Value is stored as (undefined keeps the stored value). */
export function valueJson(value: unknown, secret: boolean): string | undefined {
  if (typeof value !== "string") return value === null && !secret ? "null" : undefined;
  if (secret) return value === "" ? undefined : JSON.stringify(sealSecret(value));
  try {
    JSON.parse(value);
    return value.trim();
  } catch {
    return JSON.stringify(value);
  }
}

/** Registers /admin/configuration. */
export function registerConfigurationRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  registerAdminResource(api, context, guards, configuration);
  const { store } = context;
  const write = [guards.session, guards.admin("Configuration", "Write")];
  const params = keyParams("text");
  const schemas = bodySchemas(configuration.fields ?? {});
  const load = async (call: AdminCall, key: string) => {
    const row = await store.admin.records.get(configuration.spec, key, call.at);
    if (!row) throw notFound("Setting");
    return row;
  };

  api.post(
    "/Admin/Configuration",
    { onRequest: write, schema: { body: schemas.create } },
    async (request, reply) => {
      const call = adminCall(request, context);
      const body = request.body as AdminRow;
      const secret = body.IsSecret === true;
      const key = String(body.Key);
      const outcome = await store.admin.system.putSetting(
        key,
        {
          section: String(body.Section),
          isSecret: secret,
          valueJson: valueJson(body.Value ?? null, secret) ?? "null",
          description: (body.Description as string | null) ?? null,
        },
        true,
        call.caller.user.recId,
        call.at.now,
      );
      if (outcome === "exists") throw conflict("DuplicateRecord", "A setting with this key already exists.");
      await auditChange(call, "AdminConfigurationCreate", `Setting ${key} created.`, { Key: key });
      return reply.status(201).send(await load(call, key));
    },
  );

  api.put(
    "/Admin/Configuration/:key",
    { onRequest: write, schema: { params, body: schemas.update } },
    async (request) => {
      const call = adminCall(request, context);
      const key = (request.params as { key: string }).key;
      const current = await load(call, key);
      const body = request.body as AdminRow;
      for (const field of ["Key", "IsSecret"]) {
        if (body[field] !== undefined && body[field] !== current[field]) {
          throw badRequest("FieldNotChangeable", `${field} cannot change after the setting was created.`);
        }
      }
      const outcome = await store.admin.system.putSetting(
        key,
        {
          section: String(body.Section ?? current.Section),
          isSecret: current.IsSecret === true,
          valueJson: valueJson(body.Value, current.IsSecret === true),
          description:
            body.Description === undefined
              ? ((current.Description as string | null) ?? null)
              : ((body.Description as string | null) ?? null),
        },
        false,
        call.caller.user.recId,
        call.at.now,
      );
      if (outcome === "missing") throw notFound("Setting");
      await auditChange(call, "AdminConfigurationUpdate", `Setting ${key} changed.`, {
        Key: key,
        Fields: Object.keys(body),
      });
      return load(call, key);
    },
  );

  api.delete(
    "/Admin/Configuration/:key",
    { onRequest: write, schema: { params } },
    async (request, reply) => {
      const call = adminCall(request, context);
      const key = (request.params as { key: string }).key;
      if (!(await store.admin.system.deleteSetting(key))) throw notFound("Setting");
      await auditChange(call, "AdminConfigurationDelete", `Setting ${key} deleted.`, { Key: key });
      return reply.status(204).send();
    },
  );
}
