/**
 * Library areas: the screens that list objects in folders (§2.2 — /dashboards, /data, /connection,
 * /files…). An area is named by its role permission key (§6), which also gives its object types
 * (§3) and, through them, its subscription feature. Every area call is gated twice, in the order of
 * the navigation guard (§4.1 steps 11–12): the feature must be Included, then the role must grant
 * the key — r to read, rw to change.
 */
import type { FastifyRequest } from "fastify";
import type { Caller } from "../auth/session-service.ts";
import { forbidden } from "../http/errors.ts";
import { callerOf, type Guard } from "../http/guards.ts";
import { featureIncluded } from "../identity/features.ts";
import { OBJECT_TYPE_ACCESS, type ObjectType } from "../identity/object-types.ts";
import type { PermissionKey, PermissionLevel } from "../identity/permission-keys.ts";
import { grants } from "../identity/permission-string.ts";
import type { ContentScope } from "../store/types/library.ts";

/** Each area (by permission key) and the object types it lists. */
export const CONTENT_AREAS = {
  Dashboards: ["Dashboard"],
  Binders: ["Binder"],
  LiveDocs: ["LiveDoc"],
  TableAndViews: ["DataTable", "DataFusion", "DataMerge", "DataView"],
  DataHooks: ["DataHook"],
  DataStreams: ["DataStream"],
  Connections: ["DataConnection", "ConnectionBroker"],
  DataFlows: ["DataFlow"],
  DataLoaders: ["DataLoader"],
  DataScripts: ["DataScript"],
  Insights: ["Insight"],
  Reports: ["Report"],
  Alerts: ["Alert"],
  Schedules: ["Schedule"],
  ExternalAddOns: ["AddOn"],
  MediaManager: ["Media"],
} as const satisfies Partial<Record<PermissionKey, readonly ObjectType[]>>;

/** A library area. */
export type ContentArea = keyof typeof CONTENT_AREAS;

/** Every area name, for schemas. */
export const CONTENT_AREA_NAMES = Object.keys(CONTENT_AREAS) as ContentArea[];

/** Every object type of the library, for schemas. */
export const LIBRARY_OBJECT_TYPES: readonly ObjectType[] = Object.values(CONTENT_AREAS).flat();

/** Types created only by their own calls (a Media object needs its file: use the upload). */
export const UPLOAD_ONLY_TYPES: readonly ObjectType[] = ["Media"];

/** The `area` path parameter. */
export const areaSchema = {
  enum: CONTENT_AREA_NAMES,
  description: "Library area (a role permission key, §6).",
};

function isArea(name: unknown): name is ContentArea {
  return typeof name === "string" && Object.hasOwn(CONTENT_AREAS, name);
}

/** The feature that opens an area; null when every subscription has it. */
export function areaFeature(area: ContentArea) {
  return OBJECT_TYPE_ACCESS[CONTENT_AREAS[area][0]].feature;
}

/** What the area checks look at: the subscription's features and the role's permissions. */
export type AreaRights = Pick<Caller, "features" | "permissions">;

/**
 * Why `rights` may not use `area` at `level`, in the order of the navigation guard (§4.1 steps
 * 11–12, §6): the feature must be Included, then the role must grant the key. Null: allowed.
 */
export function areaRefusal(
  rights: AreaRights,
  area: ContentArea,
  level: PermissionLevel,
): "FeatureNotIncluded" | "PermissionDenied" | null {
  const feature = areaFeature(area);
  if (feature !== null && !featureIncluded(rights.features, feature)) return "FeatureNotIncluded";
  return grants(rights.permissions, area, level) ? null : "PermissionDenied";
}

/** 403 unless the caller's subscription includes the area's feature and the role grants `level`. */
export function assertAreaAccess(caller: Caller, area: ContentArea, level: PermissionLevel): void {
  const refusal = areaRefusal(caller, area, level);
  if (refusal === "FeatureNotIncluded") {
    throw forbidden("FeatureNotIncluded", `The subscription does not include ${areaFeature(area)}.`);
  }
  if (refusal === "PermissionDenied") {
    throw forbidden("PermissionDenied", `This needs the ${area} permission (${level}).`);
  }
}

/** The areas `rights` may read: exactly those whose `Content/{area}/…` reads would pass. */
export function readableAreas(rights: AreaRights): ContentArea[] {
  return CONTENT_AREA_NAMES.filter((area) => areaRefusal(rights, area, "r") === null);
}

/** The area an object type is listed under (every library type belongs to exactly one). */
export function areaOfType(type: string): ContentArea | undefined {
  return CONTENT_AREA_NAMES.find((area) => (CONTENT_AREAS[area] as readonly string[]).includes(type));
}

/**
 * An onRequest guard (after the session guard) for routes with an `:area` parameter. An unknown area
 * passes here and is refused by the parameter schema (400), so nothing about rights is revealed.
 */
export function areaGuard(level: PermissionLevel): Guard {
  return async (request: FastifyRequest) => {
    const area = (request.params as { area?: unknown }).area;
    if (isArea(area)) assertAreaAccess(callerOf(request), area, level);
  };
}

/** The caller's view of an area, as the stores take it. */
export function contentScope(caller: Caller, area: ContentArea): ContentScope {
  return {
    accountId: caller.account.recId,
    userId: caller.user.recId,
    area,
    types: CONTENT_AREAS[area],
  };
}

/** The area of the request (validated by the parameter schema). */
export function areaOf(request: FastifyRequest): ContentArea {
  return (request.params as { area: ContentArea }).area;
}
