/**
 * Favourites and team shares of library objects. A favourite is the caller's own mark (the area's
 * permission at r is enough) and lists the object under their Favourites root. Sharing with a team
 * of the account (rw, on objects the caller may change) lets its members see the object under their
 * Shared root; the members are notified (§4.3 DashboardShared, DataShared, DataLoaderShared and the
 * Unshared codes). Repeating a share or unshare changes nothing and notifies nobody.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { areaGuard, areaOf, areaSchema, contentScope } from "../folders/areas.ts";
import { forbidden, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import { libraryObjectDetail, objectParams } from "./bodies.ts";
import { afterShare } from "./notify.ts";

const shareParams = {
  type: "object",
  properties: {
    area: areaSchema,
    recId: recIdSchema,
    teamRecId: { ...recIdSchema, description: "Team of the account." },
  },
  required: ["area", "recId", "teamRecId"],
  additionalProperties: false,
} as const;

/** Registers favourite and share routes of library objects. */
export function registerObjectSharingRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { folders, library } = context.store.content;
  const read = [guards.session, areaGuard("r")];
  const write = [guards.session, areaGuard("rw")];
  const target = (request: FastifyRequest) => ({
    caller: callerOf(request),
    scope: contentScope(callerOf(request), areaOf(request)),
    params: request.params as { recId: number; teamRecId?: number },
  });

  for (const favourite of [true, false]) {
    const method = favourite ? api.put.bind(api) : api.delete.bind(api);
    method(
      "/Content/:area/Objects/:recId/Favourite",
      { onRequest: read, schema: { params: objectParams } },
      async (request: FastifyRequest) => {
        const { scope, params } = target(request);
        const object = await library.setFavourite(scope, params.recId, favourite, context.now());
        if (object === "notFound") throw notFound("Object");
        const roots = await folders.ensureRoots(scope, context.now());
        return libraryObjectDetail(object, roots, await library.shares(scope, params.recId));
      },
    );
  }

  for (const shared of [true, false]) {
    const method = shared ? api.put.bind(api) : api.delete.bind(api);
    method(
      "/Content/:area/Objects/:recId/Shares/:teamRecId",
      { onRequest: write, schema: { params: shareParams } },
      async (request: FastifyRequest) => {
        const { caller, scope, params } = target(request);
        const change = await library.share(
          scope,
          params.recId,
          params.teamRecId as number,
          shared,
          context.now(),
        );
        if (change === "notFound") throw notFound("Object");
        if (change === "teamNotFound") throw notFound("Team");
        if (change === "readOnly")
          throw forbidden("ObjectReadOnly", "The object is shared with you read-only.");
        await afterShare(context, caller, change, shared);
        const roots = await folders.ensureRoots(scope, context.now());
        return libraryObjectDetail(change.object, roots, await library.shares(scope, params.recId));
      },
    );
  }
}
