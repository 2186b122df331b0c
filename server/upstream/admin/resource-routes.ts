/**
 * The routes of an admin resource, per the screen contract of schemas/screens.ts:
 * `GET Admin/<path>?page&pageSize&search&sort&<filters>` → `{ items, total }`, `GET …/{key}`,
 * create `POST`, edit `PUT …/{key}`, delete `DELETE …/{key}`, bulk delete `POST …/Delete { ids }`,
 * `GET …/Export` (CSV) and guarded transitions `POST …/{key}/<Action>` (bulk: `POST …/<Action>`).
 * Guards run first (401 → 403 not staff → 403 no Read/Write, §6), then validation, then 404/409.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import type { AdminKey, AdminRow } from "../store/types/admin-records.ts";
import { audit } from "./audit.ts";
import { bodySchemas, idsBody } from "./fields.ts";
import type { AdminCall, AdminResource } from "./resource.ts";
import {
  adminCall,
  keyParams,
  listQuerySchema,
  mapStoreErrors,
  sendCsv,
  toListQuery,
} from "./resource-kit.ts";

/** Most rows one export returns. */
export const EXPORT_MAX_ROWS = 50_000;

/** Records an admin change in the audit trail (category "Audit"). */
export async function auditChange(call: AdminCall, action: string, message: string, details = {}) {
  await audit(call.context, { action, message, actor: call.caller.user, details });
}

/** Registers the routes of one resource under the application base. */
export function registerAdminResource(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
  resource: AdminResource,
): void {
  const { spec, noun } = resource;
  const records = context.store.admin.records;
  const base = `/Admin/${resource.path}`;
  const read = [guards.session, guards.admin(resource.module, "Read")];
  const write = [guards.session, guards.admin(resource.module, "Write")];
  const params = keyParams(spec.keyType);
  const query = listQuerySchema(resource, true);
  const keyOf = (request: FastifyRequest) => (request.params as { key: AdminKey }).key;
  const load = async (call: AdminCall, key: AdminKey) => {
    const row = await records.get(spec, key, call.at);
    if (!row) throw notFound(noun);
    return row;
  };

  api.get(base, { onRequest: read, schema: { querystring: query } }, async (request) => {
    const call = adminCall(request, context);
    const page = await records.list(spec, toListQuery(request.query as Record<string, unknown>), call.at);
    return resource.legacyListNames ? { ...page, Items: page.items, Total: page.total } : page;
  });

  if (resource.export) {
    const exportQuery = listQuerySchema(resource, false);
    api.get(
      `${base}/Export`,
      { onRequest: read, schema: { querystring: exportQuery } },
      async (request, reply) => {
        const call = adminCall(request, context);
        const listQuery = {
          ...toListQuery(request.query as Record<string, unknown>),
          limit: EXPORT_MAX_ROWS,
          offset: 0,
        };
        const { items } = await records.list(spec, listQuery, call.at);
        return sendCsv(reply, resource.path, items, call.at.now);
      },
    );
  }

  api.get(`${base}/:key`, { onRequest: read, schema: { params } }, async (request) =>
    load(adminCall(request, context), keyOf(request)),
  );

  const schemas = bodySchemas(resource.fields ?? {});
  const prepare = async (values: AdminRow, current: AdminRow | undefined, call: AdminCall) =>
    resource.prepare ? resource.prepare(values, current, call) : values;

  if (resource.create) {
    api.post(
      base,
      { onRequest: write, bodyLimit: resource.bodyLimit, schema: { body: schemas.create } },
      async (request, reply) => {
        const call = adminCall(request, context);
        const values = await prepare({ ...(request.body as AdminRow) }, undefined, call);
        const row = await mapStoreErrors(resource, () => records.create(spec, values, call.at));
        await auditChange(call, `Admin${resource.path}Create`, `${noun} created.`, {
          Key: row[spec.keyField] ?? null,
        });
        await resource.afterChange?.(row, undefined, call);
        return reply.status(201).send(row);
      },
    );
  }

  if (resource.update) {
    api.put(
      `${base}/:key`,
      { onRequest: write, bodyLimit: resource.bodyLimit, schema: { params, body: schemas.update } },
      async (request) => {
        const call = adminCall(request, context);
        const key = keyOf(request);
        const current = await load(call, key);
        const body = request.body as AdminRow;
        for (const [name, rule] of Object.entries(resource.fields ?? {})) {
          if (rule.createOnly && body[name] !== undefined && body[name] !== current[name]) {
            throw badRequest(
              "FieldNotChangeable",
              `${name} cannot change after the ${noun.toLowerCase()} was created.`,
            );
          }
          if (rule.secret && (body[name] === "" || body[name] === null)) delete body[name];
        }
        const values = await prepare({ ...body }, current, call);
        const outcome = await mapStoreErrors(resource, () => records.update(spec, key, values, call.at));
        if (outcome.result === "blocked") {
          throw conflict(
            resource.refused?.code ?? "Conflict",
            resource.refused?.update ?? `The ${noun.toLowerCase()} cannot be edited in its current state.`,
          );
        }
        if (outcome.result === "missing" || !outcome.row) throw notFound(noun);
        await auditChange(call, `Admin${resource.path}Update`, `${noun} changed.`, {
          Key: key,
          Fields: Object.keys(body),
        });
        await resource.afterChange?.(outcome.row, current, call);
        return outcome.row;
      },
    );
  }

  if (resource.remove) {
    const remove = async (call: AdminCall, keys: AdminKey[]) => {
      const outcome = await mapStoreErrors(resource, () => records.delete(spec, keys, call.at));
      if (outcome.result !== "ok") {
        if (outcome.result === "missing") throw notFound(noun);
        throw conflict(
          resource.refused?.code ?? "Conflict",
          resource.refused?.delete ?? `The ${noun.toLowerCase()} cannot be deleted in its current state.`,
        );
      }
      await auditChange(
        call,
        `Admin${resource.path}Delete`,
        `${outcome.deleted} ${noun.toLowerCase()} record(s) deleted.`,
        { Keys: keys },
      );
      return outcome.deleted;
    };
    api.delete(`${base}/:key`, { onRequest: write, schema: { params } }, async (request, reply) => {
      await remove(adminCall(request, context), [keyOf(request)]);
      return reply.status(204).send();
    });
    if (resource.remove.bulk) {
      api.post(
        `${base}/Delete`,
        { onRequest: write, schema: { body: idsBody(spec.keyType) } },
        async (request) => {
          const { ids } = request.body as { ids: AdminKey[] };
          return { deleted: await remove(adminCall(request, context), ids) };
        },
      );
    }
  }

  for (const action of resource.transitions ?? []) {
    const apply = async (call: AdminCall, keys: AdminKey[]) => {
      const outcome = await records.transition(spec, keys, action.change, call.at);
      if (outcome === "missing") throw notFound(noun);
      if (outcome === "blocked") throw conflict("Conflict", action.refused);
      await auditChange(
        call,
        `Admin${resource.path}${action.name}`,
        `${action.name}: ${keys.length} ${noun.toLowerCase()} record(s).`,
        { Keys: keys },
      );
    };
    api.post(
      `${base}/:key/${action.name}`,
      { onRequest: write, schema: { params } },
      async (request, reply) => {
        const call = adminCall(request, context);
        await apply(call, [keyOf(request)]);
        // The changed record, or 204 when the change took it off this screen (e.g. mail moved to spam).
        const row = await records.get(spec, keyOf(request), call.at);
        return row ? row : reply.status(204).send();
      },
    );
    if (action.bulk) {
      api.post(
        `${base}/${action.name}`,
        { onRequest: write, schema: { body: idsBody(spec.keyType) } },
        async (request) => {
          const { ids } = request.body as { ids: AdminKey[] };
          await apply(adminCall(request, context), ids);
          return { updated: new Set(ids).size };
        },
      );
    }
  }
}
