/**
 * Loads one panel of the home screen with one call across the library areas (`Content/Recent` or
 * `Content/Favourites`; the upstream checks each area as its own list calls do, §6), kept like the
 * explorer's lists (use-resource.ts: per key, the last data kept while the same key reloads, a
 * retry for the error state).
 */
import { useApiClient } from "../../http/api-client-context.ts";
import { useResource } from "../content/use-resource.ts";
import {
  type FeedItem,
  type FeedKind,
  type FeedPage,
  feedItemsToShow,
  feedPath,
  type HomeArea,
} from "./home-feed.ts";

/** A panel as the home screen shows it. */
export interface HomePanel {
  status: "loading" | "ready" | "error";
  error: unknown;
  items: (FeedItem & { Area: string })[];
  reload: () => void;
}

/** Loads the `kind` panel for the user's `areas` (none: nothing to load). */
export function useHomePanel(kind: FeedKind, areas: readonly HomeArea[], limit: number): HomePanel {
  // The areas are part of the key: a changed profile (another role, §4.2) loads the panel again.
  const key = areas.length > 0 ? `home:${kind}:${limit}:${areas.map((entry) => entry.area).join(",")}` : null;
  const request = useApiClient();
  const page = useResource<FeedPage>(key, (signal) => request<FeedPage>(feedPath(kind, limit), { signal }));
  return {
    status: key === null ? "ready" : page.status,
    error: page.error,
    items: page.data ? feedItemsToShow(page.data.items, areas, limit) : [],
    reload: page.reload,
  };
}
