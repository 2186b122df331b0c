/**
 * Library object changes (§2.2 explorers): duplicate (into a folder of the caller, owned by them;
 * a media object's file is copied too), move, delete to Deleted, restore and purge. All need the
 * area's permission at rw. An object only shared with the caller can be duplicated but not moved or
 * deleted (403 ObjectReadOnly); another account's or user's private object is 404 like a missing one.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { areaGuard, areaOf, contentScope } from "../folders/areas.ts";
import { nonBlank } from "../folders/list-query.ts";
import { conflict, forbidden, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import { libraryObjectDetail, objectName, objectParams } from "./bodies.ts";
import { afterDuplicate, afterPurge, afterTrash } from "./notify.ts";

const duplicateBody = {
  type: "object",
  properties: {
    Name: { ...objectName, description: "Name of the copy; «<name> (copy)» when absent." },
    FolderRecId: {
      ...recIdSchema,
      description: "Folder of the copy; the original's (or Personal) when absent.",
    },
  },
  additionalProperties: false,
} as const;
const moveBody = {
  type: "object",
  properties: { FolderRecId: { ...recIdSchema, description: "Target folder." } },
  required: ["FolderRecId"],
  additionalProperties: false,
} as const;

/** Registers duplicate, move, delete, restore and purge of library objects. */
export function registerObjectChangeRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { folders, library } = context.store.content;
  const write = [guards.session, areaGuard("rw")];
  const target = (request: FastifyRequest) => ({
    caller: callerOf(request),
    scope: contentScope(callerOf(request), areaOf(request)),
    recId: (request.params as { recId: number }).recId,
  });
  const refusal = (outcome: string) => {
    if (outcome === "readOnly")
      return forbidden("ObjectReadOnly", "The object is shared with you read-only.");
    if (outcome === "folderNotFound") return notFound("Folder");
    if (outcome === "notDeleted")
      return conflict("NotDeleted", "Only a deleted object can be restored or purged.");
    return notFound("Object");
  };

  api.post(
    "/Content/:area/Objects/:recId/Duplicate",
    { onRequest: write, schema: { params: objectParams, body: duplicateBody } },
    async (request, reply) => {
      const { caller, scope, recId } = target(request);
      const body = (request.body ?? {}) as { Name?: string; FolderRecId?: number };
      const original = await library.get(scope, recId);
      if (!original || original.deletedAt !== null) throw notFound("Object");
      const roots = await folders.ensureRoots(scope, context.now());
      // By default the copy goes next to the original — if the caller may put it there.
      const folderId =
        body.FolderRecId ??
        (original.canChange ? (original.folderId ?? roots.Personal.recId) : roots.Personal.recId);
      const name =
        body.Name === undefined ? `${original.name} (copy)`.slice(0, 200) : nonBlank(body.Name, "name");
      const copy = await library.duplicate(scope, recId, { name, folderId }, context.now());
      if (typeof copy === "string") throw refusal(copy);
      await afterDuplicate(context, caller, original);
      return reply.status(201).send(libraryObjectDetail(copy, roots, []));
    },
  );

  api.post(
    "/Content/:area/Objects/:recId/Move",
    { onRequest: write, schema: { params: objectParams, body: moveBody } },
    async (request) => {
      const { scope, recId } = target(request);
      const { FolderRecId } = request.body as { FolderRecId: number };
      const moved = await library.move(scope, recId, FolderRecId, context.now());
      if (typeof moved === "string") throw refusal(moved);
      const roots = await folders.ensureRoots(scope, context.now());
      return libraryObjectDetail(moved, roots, await library.shares(scope, recId));
    },
  );

  api.delete(
    "/Content/:area/Objects/:recId",
    { onRequest: write, schema: { params: objectParams } },
    async (request, reply) => {
      const { caller, scope, recId } = target(request);
      const object = await library.get(scope, recId);
      const outcome = await library.trash(scope, recId, context.now());
      if (outcome !== "done") throw refusal(outcome);
      if (object) await afterTrash(context, caller.account.recId, [object], true);
      return reply.status(204).send();
    },
  );

  api.post(
    "/Content/:area/Objects/:recId/Restore",
    { onRequest: write, schema: { params: objectParams } },
    async (request) => {
      const { caller, scope, recId } = target(request);
      const restored = await library.restore(scope, recId, context.now());
      if (typeof restored === "string") throw refusal(restored);
      await afterTrash(context, caller.account.recId, [restored], false);
      const roots = await folders.ensureRoots(scope, context.now());
      return libraryObjectDetail(restored, roots, await library.shares(scope, recId));
    },
  );

  api.post(
    "/Content/:area/Objects/:recId/Purge",
    { onRequest: write, schema: { params: objectParams } },
    async (request, reply) => {
      const { caller, scope, recId } = target(request);
      const object = await library.get(scope, recId);
      const outcome = await library.purge(scope, recId);
      if (outcome !== "done") throw refusal(outcome);
      if (object) await afterPurge(context, caller.account.recId, [object]);
      return reply.status(204).send();
    },
  );
}
