/**
 * Objects of the user-area types (§3), read side: `GET Objects?type=` lists the account's live
 * objects of one type, guarded by the type's permission (r) and feature. Folders, paging, search and
 * the changes (create, rename, move, share, delete/restore) follow with the resource step.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { forbidden } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { featureIncluded } from "../identity/features.ts";
import { OBJECT_TYPE_ACCESS, type ObjectType, STORED_OBJECT_TYPES } from "../identity/object-types.ts";
import { grants } from "../identity/permission-string.ts";
import type { ObjectRecord } from "../store/records-content.ts";

const listQuery = {
  type: "object",
  properties: { type: { enum: STORED_OBJECT_TYPES, description: "Object type (§3)." } },
  required: ["type"],
  additionalProperties: false,
} as const;

/** The object as lists return it. */
export function objectBody(object: ObjectRecord) {
  return {
    RecId: object.recId,
    UID: object.uid,
    Type: object.type,
    Name: object.name,
    CreatedAt: new Date(object.createdAt).toISOString(),
    ModifiedAt: new Date(object.modifiedAt).toISOString(),
  };
}

/** Registers the object routes under the application base. */
export function registerObjectRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  // 403 unless the role reads the type and the subscription includes its feature.
  const typeAccess = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    const access = OBJECT_TYPE_ACCESS[(request.query as { type: ObjectType }).type];
    if (access.feature !== null && !featureIncluded(caller.features, access.feature)) {
      throw forbidden("FeatureNotIncluded", `The subscription does not include ${access.feature}.`);
    }
    if (!grants(caller.permissions, access.permission, "r")) {
      throw forbidden("PermissionDenied", `This needs the ${access.permission} permission (r).`);
    }
  };

  api.get(
    "/Objects",
    { onRequest: [guards.session], preHandler: [typeAccess], schema: { querystring: listQuery } },
    async (request) => {
      const caller = callerOf(request);
      const { type } = request.query as { type: ObjectType };
      return (await context.store.objects.list(caller.account.recId, type)).map(objectBody);
    },
  );
}
