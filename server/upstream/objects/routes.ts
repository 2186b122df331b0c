/**
 * Objects of the user-area types (§3) in the library areas (§2.2 explorers): list by folder and
 * type with paging, sort and search; read one with its properties and shares; create; rename and
 * change properties. Duplicate, move, delete/restore/purge (changes-routes.ts), favourites and team
 * shares (sharing-routes.ts), comments, the schedule/alert history and the home screen's cross-area
 * panels (feed-routes.ts) register from here too.
 * Every call needs the area's feature Included and its permission (r to read, rw to change, §6).
 *
 * `GET Objects?type=` stays as the plain list of one type (for pickers): every live object of the
 * type the caller sees, by name, unpaged.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { checkDefinitionWrite } from "../analytics/definitions.ts";
import type { UpstreamContext } from "../context.ts";
import {
  areaGuard,
  areaOf,
  CONTENT_AREAS,
  type ContentArea,
  contentScope,
  LIBRARY_OBJECT_TYPES,
  UPLOAD_ONLY_TYPES,
} from "../folders/areas.ts";
import {
  type ListQueryString,
  listQuerySchema,
  nonBlank,
  pageBody,
  toListQuery,
} from "../folders/list-query.ts";
import { badRequest, forbidden, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import { featureIncluded } from "../identity/features.ts";
import { OBJECT_TYPE_ACCESS, type ObjectType, STORED_OBJECT_TYPES } from "../identity/object-types.ts";
import { grants } from "../identity/permission-string.ts";
import { OBJECT_SORT_FIELDS } from "../store/types/library.ts";
import {
  areaParams,
  libraryObjectBody,
  libraryObjectDetail,
  objectBody,
  objectName,
  objectParams,
} from "./bodies.ts";
import { registerObjectChangeRoutes } from "./changes-routes.ts";
import { registerObjectCommentRoutes } from "./comments-routes.ts";
import { registerFeedRoutes } from "./feed-routes.ts";
import { registerHistoryRoutes } from "./history-routes.ts";
import { registerObjectSharingRoutes } from "./sharing-routes.ts";

/** Most objects the plain type list returns. */
export const PLAIN_LIST_LIMIT = 1000;
/** Largest JSON of an object's properties (the editor's definition), in characters. */
export const MAX_PROPERTIES_LENGTH = 48 * 1024;
const properties = {
  type: "object",
  maxProperties: 500,
  description: "The object's definition (JSON).",
} as const;

const typeSchema = { enum: LIBRARY_OBJECT_TYPES, description: "Object type (§3), one of the area's." };
const listQuery = listQuerySchema(OBJECT_SORT_FIELDS, "Name", {
  folderRecId: {
    ...recIdSchema,
    description: "Folder (a root lists its virtual content); all live objects when absent.",
  },
  type: typeSchema,
});
const createBody = {
  type: "object",
  properties: {
    Type: typeSchema,
    Name: objectName,
    FolderRecId: { ...recIdSchema, description: "Target folder; Personal root when absent." },
    Properties: properties,
  },
  required: ["Type", "Name"],
  additionalProperties: false,
} as const;
const updateBody = {
  type: "object",
  properties: { Name: objectName, Properties: properties },
  minProperties: 1,
  additionalProperties: false,
} as const;
const plainListQuery = {
  type: "object",
  properties: { type: { enum: STORED_OBJECT_TYPES, description: "Object type (§3)." } },
  required: ["type"],
  additionalProperties: false,
} as const;

/** 400 unless `type` belongs to the area. */
export function assertAreaType(area: ContentArea, type: string): void {
  if (!(CONTENT_AREAS[area] as readonly string[]).includes(type)) {
    throw badRequest("InvalidRequest", `Type ${type} is not listed under ${area}.`);
  }
}

/** 400 when the properties' JSON is larger than allowed. */
export function checkedProperties(
  value: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (value !== undefined && JSON.stringify(value).length > MAX_PROPERTIES_LENGTH) {
    throw badRequest(
      "InvalidRequest",
      `Properties are limited to ${MAX_PROPERTIES_LENGTH} characters of JSON.`,
    );
  }
  return value;
}

/** Registers the object routes under the application base. */
export function registerObjectRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { folders, library } = context.store.content;
  const read = [guards.session, areaGuard("r")];
  const write = [guards.session, areaGuard("rw")];

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
    { onRequest: [guards.session], preHandler: [typeAccess], schema: { querystring: plainListQuery } },
    async (request) => {
      const caller = callerOf(request);
      const { type } = request.query as { type: ObjectType };
      const area = (Object.keys(CONTENT_AREAS) as ContentArea[]).find((name) =>
        (CONTENT_AREAS[name] as readonly string[]).includes(type),
      );
      if (!area) return (await context.store.objects.list(caller.account.recId, type)).map(objectBody);
      const query = {
        sort: { field: "Name", descending: false },
        offset: 0,
        limit: PLAIN_LIST_LIMIT,
        types: [type],
      };
      const page = await library.list(contentScope(caller, area), query);
      return page.items.map(objectBody);
    },
  );

  api.get(
    "/Content/:area/Objects",
    { onRequest: read, schema: { params: areaParams, querystring: listQuery } },
    async (request) => {
      const scope = contentScope(callerOf(request), areaOf(request));
      const query = request.query as ListQueryString & { folderRecId?: number; type?: string };
      if (query.type !== undefined) assertAreaType(areaOf(request), query.type);
      const folder =
        query.folderRecId === undefined ? undefined : await folders.get(scope, query.folderRecId);
      if (query.folderRecId !== undefined && !folder) throw notFound("Folder");
      const roots = await folders.ensureRoots(scope, context.now());
      const page = await library.list(scope, {
        ...toListQuery(query),
        folder,
        ...(query.type && { types: [query.type] }),
      });
      return pageBody(page, (object) => libraryObjectBody(object, roots));
    },
  );

  api.get(
    "/Content/:area/Objects/:recId",
    { onRequest: read, schema: { params: objectParams } },
    async (request) => {
      const scope = contentScope(callerOf(request), areaOf(request));
      const { recId } = request.params as { recId: number };
      const object = await library.get(scope, recId);
      if (!object) throw notFound("Object");
      const roots = await folders.ensureRoots(scope, context.now());
      return libraryObjectDetail(object, roots, await library.shares(scope, recId));
    },
  );

  api.post(
    "/Content/:area/Objects",
    { onRequest: write, schema: { params: areaParams, body: createBody } },
    async (request, reply) => {
      const scope = contentScope(callerOf(request), areaOf(request));
      const body = request.body as {
        Type: ObjectType;
        Name: string;
        FolderRecId?: number;
        Properties?: Record<string, unknown>;
      };
      assertAreaType(areaOf(request), body.Type);
      if (UPLOAD_ONLY_TYPES.includes(body.Type))
        throw badRequest("TypeNotCreatable", "Upload the file to create a Media object.");
      // Definitions of dashboards, reports, data views… are checked before anything is stored.
      await checkDefinitionWrite(context, {
        caller: callerOf(request),
        type: body.Type,
        properties: body.Properties,
      });
      const roots = await folders.ensureRoots(scope, context.now());
      const input = {
        type: body.Type,
        name: nonBlank(body.Name, "name"),
        folderId: body.FolderRecId ?? roots.Personal.recId,
        properties: checkedProperties(body.Properties) ?? {},
      };
      const created = await library.create(scope, input, context.now());
      if (created === "folderNotFound") throw notFound("Folder");
      return reply.status(201).send(libraryObjectDetail(created, roots, []));
    },
  );

  api.put(
    "/Content/:area/Objects/:recId",
    { onRequest: write, schema: { params: objectParams, body: updateBody } },
    async (request) => {
      const scope = contentScope(callerOf(request), areaOf(request));
      const { recId } = request.params as { recId: number };
      const body = request.body as { Name?: string; Properties?: Record<string, unknown> };
      const current = body.Properties === undefined ? undefined : await library.get(scope, recId);
      // Only a change its writer may make is checked: a read-only one stays the store's 403.
      if (current?.canChange) {
        await checkDefinitionWrite(context, {
          caller: callerOf(request),
          type: current.type,
          properties: body.Properties,
          existing: { recId, definition: current.properties.Definition },
        });
      }
      const change = {
        ...(body.Name !== undefined && { name: nonBlank(body.Name, "name") }),
        ...(body.Properties !== undefined && { properties: checkedProperties(body.Properties) }),
      };
      const updated = await library.update(scope, recId, change, context.now());
      if (updated === "notFound") throw notFound("Object");
      if (updated === "readOnly")
        throw forbidden("ObjectReadOnly", "The object is shared with you read-only.");
      const roots = await folders.ensureRoots(scope, context.now());
      return libraryObjectDetail(updated, roots, await library.shares(scope, recId));
    },
  );

  registerObjectChangeRoutes(api, context, guards);
  registerObjectSharingRoutes(api, context, guards);
  registerObjectCommentRoutes(api, context, guards);
  registerHistoryRoutes(api, context, guards);
  registerFeedRoutes(api, context, guards);
}
