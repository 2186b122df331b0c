/**
 * The home screen's feed as data: the library areas the user may open (an explorer route served to
 * them, its permission held and every feature Included, §5 access checks), the one call of each
 * panel, and what a panel shows of its answer.
 */

import type { AccessProfile } from "../../../core/access/access-profile.ts";
import type { ClientRoute } from "../../../schemas/client-manifest.ts";
import type { ObjectBody } from "../content/content-types.ts";
import { routeAllowed } from "./home-target.ts";

/** A library area shown on the home screen. */
export interface HomeArea {
  /** The role permission key (`Content/{area}/…`). */
  area: string;
  route: ClientRoute;
}

/** The explorer areas the user may open, once each, in manifest order. */
export function homeAreas(routes: readonly ClientRoute[], profile: AccessProfile): HomeArea[] {
  const areas: HomeArea[] = [];
  for (const route of routes) {
    const area = route.access?.permission;
    if (route.screen?.kind !== "explorer" || !area || !routeAllowed(route, profile)) continue;
    if (!areas.some((known) => known.area === area)) areas.push({ area, route });
  }
  return areas;
}

/** The home screen's two panels, each one upstream call across the areas (`Content/{kind}`). */
export type FeedKind = "Recent" | "Favourites";

/**
 * An object of a panel, with the area it belongs to (the upstream's feed item: the list body of
 * the library without its folder and deleted fields).
 */
export interface FeedItem extends Omit<ObjectBody, "FolderRecId" | "IsDeleted" | "DeletedAt"> {
  /** The role permission key of its area; null for a type no area lists. */
  Area: string | null;
}

/** The page the panel call answers (the list contract, `{ items, total }`). */
export interface FeedPage {
  items: FeedItem[];
  total: number;
}

/** The call of one panel, asking for `limit` items. */
export function feedPath(kind: FeedKind, limit: number): string {
  return `Content/${kind}?limit=${limit}`;
}

/**
 * What a panel shows of its page: the upstream checks each area (§6), and the screen keeps only
 * items of the areas it can link (an explorer route served to the user, `homeAreas`), at most
 * `limit`, in the upstream's order (newest change first).
 */
export function feedItemsToShow(
  items: readonly FeedItem[],
  areas: readonly HomeArea[],
  limit: number,
): (FeedItem & { Area: string })[] {
  const shown = new Set(areas.map((entry) => entry.area));
  return items
    .filter((item): item is FeedItem & { Area: string } => item.Area !== null && shown.has(item.Area))
    .slice(0, limit);
}
