/**
 * The home screen's two panels (§2.2 /): `GET Content/Recent` — the live objects the caller sees,
 * newest change first — and `GET Content/Favourites` — the caller's favourites — each ACROSS the
 * library areas the caller may read, in one call instead of three per area. Each area is checked
 * exactly as its own `Content/{area}/…` reads are (areas.ts: feature Included, then the role's r,
 * §6); an area that fails either check adds nothing, and every query is bound to the caller's
 * account and user. Each item carries its `Area`, so the screen can link it.
 *
 * The paths have two segments; every `Content/{area}/…` route has three or more, so they never
 * meet, and neither name is an area.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { type AreaRights, areaOfType, CONTENT_AREAS, readableAreas } from "../folders/areas.ts";
import { isoTime } from "../folders/list-query.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { FEED_KINDS, type FeedKind, type LibraryObject } from "../store/types/library.ts";

/** Items a panel returns when the call names no limit (what the home screen shows). */
export const DEFAULT_FEED_LIMIT = 12;
/** Most items a panel returns. */
export const MAX_FEED_LIMIT = 50;

const feedQuery = {
  type: "object",
  properties: {
    limit: {
      type: "integer",
      minimum: 1,
      maximum: MAX_FEED_LIMIT,
      default: DEFAULT_FEED_LIMIT,
      description: "Most items to return.",
    },
  },
  additionalProperties: false,
} as const;

/** The object types of the areas `rights` may read; empty when none. */
export function feedTypes(rights: AreaRights): string[] {
  return readableAreas(rights).flatMap((area) => [...CONTENT_AREAS[area]]);
}

/**
 * An object of a panel: the list body of the library (objects/bodies.ts) with its `Area` and without
 * `FolderRecId` (the folder belongs to the area's explorer, which the link opens) or the deleted
 * fields (the panels list live objects only).
 */
export function feedItemBody(object: LibraryObject) {
  return {
    Area: areaOfType(object.type) ?? null,
    RecId: object.recId,
    UID: object.uid,
    Type: object.type,
    Name: object.name,
    OwnerFullName: object.ownerFullName,
    OwnerUserUID: object.ownerUid,
    CreatedAt: isoTime(object.createdAt),
    ModifiedAt: isoTime(object.modifiedAt),
    IsFavourite: object.isFavourite,
    IsShared: object.isShared,
    CanChange: object.canChange,
  };
}

/** Registers `GET Content/Recent` and `GET Content/Favourites`. */
export function registerFeedRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { library } = context.store.content;
  const feed = (kind: FeedKind) =>
    api.get(
      `/Content/${kind}`,
      { onRequest: [guards.session], schema: { querystring: feedQuery } },
      async (request) => {
        const caller = callerOf(request);
        const types = feedTypes(caller);
        if (types.length === 0) return { items: [], total: 0 };
        const { limit } = request.query as { limit: number };
        const scope = { accountId: caller.account.recId, userId: caller.user.recId, types };
        const page = await library.feed(scope, kind, limit);
        return { items: page.items.map(feedItemBody), total: page.total };
      },
    );
  for (const kind of FEED_KINDS) feed(kind);
}
