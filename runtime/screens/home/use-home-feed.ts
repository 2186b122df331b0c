/**
 * Loads the home feed: per area the most recently changed objects and the Favourites root's
 * objects, a few areas at a time; an area that fails is reported without hiding the others.
 */
import { contentApi } from "../content/content-api.ts";
import {
  HOME_AREA_CONCURRENCY,
  HOME_FAVOURITES_LIMIT,
  HOME_RECENT_LIMIT,
} from "../content/content-limits.ts";
import { type ListState, listRequestQuery } from "../content/list-state.ts";
import { useResource } from "../content/use-resource.ts";
import { type FeedItem, type HomeArea, mergeFeed, settleWithLimit } from "./home-feed.ts";

/** The feed as the home screen shows it. */
export interface HomeFeed {
  status: "loading" | "ready" | "error";
  error: unknown;
  recent: FeedItem[];
  favourites: FeedItem[];
  /** Areas whose lists could not be loaded. */
  failedAreas: string[];
  reload: () => void;
}

/** Newest change first, first page. */
const NEWEST: ListState = { search: "", sort: "-ModifiedAt", page: 1, type: null, item: null };

/** Recent and favourite objects of one area. */
async function loadArea(
  area: string,
  signal: AbortSignal,
): Promise<{ recent: FeedItem[]; favourites: FeedItem[] }> {
  const api = contentApi(area, signal);
  const tag = (items: readonly Omit<FeedItem, "area">[]) => items.map((item) => ({ ...item, area }));
  const [recent, roots] = await Promise.all([
    api.objects(listRequestQuery(NEWEST, HOME_RECENT_LIMIT)),
    api.folders(),
  ]);
  const favouritesRoot = roots.find((root) => root.Type === "Favourites");
  const favourites = favouritesRoot
    ? await api.objects(
        listRequestQuery(NEWEST, HOME_FAVOURITES_LIMIT, { folderRecId: favouritesRoot.RecId }),
      )
    : { items: [], total: 0 };
  return { recent: tag(recent.items), favourites: tag(favourites.items) };
}

/** Loads the feed of `areas`. */
export function useHomeFeed(areas: readonly HomeArea[]): HomeFeed {
  const key = areas.length > 0 ? `home:${areas.map((a) => a.area).join(",")}` : null;
  const feed = useResource(key, async (signal) => {
    const results = await settleWithLimit(areas, HOME_AREA_CONCURRENCY, (entry) =>
      loadArea(entry.area, signal),
    );
    const loaded = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const failedAreas = areas
      .filter((_, index) => results[index]?.status === "rejected")
      .map((entry) => entry.area);
    if (loaded.length === 0 && failedAreas.length > 0) {
      const first = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
      throw first.reason;
    }
    return {
      recent: mergeFeed(
        loaded.map((area) => area.recent),
        HOME_RECENT_LIMIT,
      ),
      favourites: mergeFeed(
        loaded.map((area) => area.favourites),
        HOME_FAVOURITES_LIMIT,
      ),
      failedAreas,
    };
  });
  return {
    status: key === null ? "ready" : feed.status,
    error: feed.error,
    recent: feed.data?.recent ?? [],
    favourites: feed.data?.favourites ?? [],
    failedAreas: feed.data?.failedAreas ?? [],
    reload: feed.reload,
  };
}
