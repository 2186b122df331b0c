/**
 * Exports (§2.5 the Exports dialog; §6 "The Exports menu entry needs the Exports permission"):
 * POST /api/Exports {ObjectRecId, Format} asks for an export of an object the caller may read
 * (202: it runs in the background as an Export task; ExportSucceeded / ExportFailed follow on the
 * user hub), GET /api/Exports lists the caller's own exports, newest first.
 */
import type { FastifyInstance } from "fastify";
import { UPLOAD_ONLY_TYPES } from "../folders/areas.ts";
import { type ListQueryString, listQuerySchema } from "../folders/list-query.ts";
import { badRequest } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import type { ObjectType } from "../identity/object-types.ts";
import { EXPORT_FORMATS, type ExportFormat } from "../store/types/exports.ts";
import { callerObject } from "./access.ts";
import { exportBody, queueExport } from "./exports.ts";
import type { JobRuntime } from "./runtime.ts";

const createBody = {
  type: "object",
  properties: {
    ObjectRecId: { ...recIdSchema, description: "The object to export." },
    Format: { enum: EXPORT_FORMATS, description: "File format." },
  },
  required: ["ObjectRecId", "Format"],
  additionalProperties: false,
} as const;
const listQuery = listQuerySchema(["CreatedAt"], "-CreatedAt");

/** Registers the export routes under the application base. */
export function registerExportRoutes(api: FastifyInstance, runtime: JobRuntime, guards: Guards): void {
  const { context } = runtime;

  api.post(
    "/Exports",
    { onRequest: [guards.session, guards.permission("Exports", "rw")], schema: { body: createBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body as { ObjectRecId: number; Format: ExportFormat };
      const object = await callerObject(context, caller, body.ObjectRecId, "r", "Object");
      if (UPLOAD_ONLY_TYPES.includes(object.type as ObjectType)) {
        throw badRequest("NotExportable", "Media files are downloaded as they are, not exported.");
      }
      const job = await context.store.jobs.exports.create(
        caller.account.recId,
        {
          userId: caller.user.recId,
          objectId: object.recId,
          objectName: object.name,
          objectType: object.type,
          format: body.Format,
        },
        context.now(),
      );
      queueExport(runtime, job);
      return reply.status(202).send(exportBody(job, context.now()));
    },
  );

  api.get(
    "/Exports",
    { onRequest: [guards.session, guards.permission("Exports", "r")], schema: { querystring: listQuery } },
    async (request) => {
      const caller = callerOf(request);
      const query = request.query as ListQueryString;
      const page = await context.store.jobs.exports.listForUser(caller.account.recId, caller.user.recId, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        ...(query.search !== undefined && { search: query.search }),
      });
      const now = context.now();
      return { items: page.items.map((job) => exportBody(job, now)), total: page.total };
    },
  );
}
