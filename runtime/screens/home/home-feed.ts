/**
 * The home screen's feed as data: the library areas the user may open (an explorer route served to
 * them, its permission held and every feature Included, §5 access checks), and the recent and
 * favourite objects of those areas merged newest first.
 */
import type { ClientRoute } from "../../../schemas/client-manifest.ts";
import type { AccessProfile } from "../../access/access-profile.ts";
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

/** An object with the area it came from. */
export interface FeedItem extends ObjectBody {
  area: string;
}

/** The lists of several areas as one, newest change first, without repeats, at most `limit`. */
export function mergeFeed(lists: readonly (readonly FeedItem[])[], limit: number): FeedItem[] {
  const seen = new Set<string>();
  const items: FeedItem[] = [];
  for (const item of lists.flat()) {
    const key = `${item.area}:${item.RecId}`;
    if (seen.has(key) || item.IsDeleted) continue;
    seen.add(key);
    items.push(item);
  }
  items.sort((a, b) => b.ModifiedAt.localeCompare(a.ModifiedAt) || a.Name.localeCompare(b.Name));
  return items.slice(0, limit);
}

/**
 * Runs `task` for every item with at most `limit` running at once; the results keep the items' order
 * and each settles on its own (one failing area does not hide the others).
 */
export async function settleWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: "fulfilled", value: await task(items[index] as T) };
      } catch (reason) {
        results[index] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
