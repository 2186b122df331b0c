/**
 * The pure rules of the list controls: the next sort of a column header, the paging bar's range and
 * buttons, and the keys of the tabs (WAI-ARIA APG tabs: arrows wrap, Home and End).
 */
import type { ListSort } from "./list-url.ts";

/** The header's next sort: ascending first, then the other direction. */
export function nextSort(current: ListSort, field: string): ListSort {
  if (current.field !== field) return { field, direction: "asc" };
  return { field, direction: current.direction === "asc" ? "desc" : "asc" };
}

/** What the paging bar shows and allows. */
export interface PagingView {
  pageCount: number;
  /** 1-based index of the first and last row shown; 0 and 0 for an empty page. */
  from: number;
  to: number;
  canGoBack: boolean;
  canGoForward: boolean;
}

/** The paging of `total` rows in pages of `pageSize`, on `page`. */
export function pagingView(page: number, pageSize: number, total: number): PagingView {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const empty = from > to;
  return {
    pageCount,
    from: empty ? 0 : from,
    to: empty ? 0 : to,
    canGoBack: page > 1,
    canGoForward: page < pageCount,
  };
}

/** The index a key moves to among `count` tabs, or null for other keys. */
export function tabKeyTarget(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case "ArrowRight":
      return (current + 1) % count;
    case "ArrowLeft":
      return (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
