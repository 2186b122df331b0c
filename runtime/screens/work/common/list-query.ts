/**
 * The list contract of the upstream (schemas/screens.ts, server/upstream/README-content.md):
 * `?page=1&pageSize=50&search=&sort=Field|-Field&<filters>` → `{ items, total }`. Pure helpers to
 * build the query and to page through the answer.
 */

/** One page of a list as the upstream answers it. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** What a list screen asks for. */
export interface ListQuery {
  /** 1-based page number. */
  page: number;
  pageSize: number;
  search: string;
  /** `Field` ascending or `-Field` descending; empty for the upstream's default order. */
  sort: string;
  /** Extra filters (e.g. status); empty values are left out. */
  filters: Readonly<Record<string, string>>;
}

/** Rows per page of the work lists (the upstream allows at most 200). */
export const LIST_PAGE_SIZE = 25;

/** A first-page query with the given filters. */
export function initialQuery(filters: Record<string, string> = {}, sort = ""): ListQuery {
  return { page: 1, pageSize: LIST_PAGE_SIZE, search: "", sort, filters };
}

/** `path?page=…&pageSize=…` with the search, sort and non-empty filters. */
export function listPath(path: string, query: ListQuery): string {
  const params = new URLSearchParams();
  params.set("page", String(query.page));
  params.set("pageSize", String(query.pageSize));
  const search = query.search.trim();
  if (search !== "") params.set("search", search);
  if (query.sort !== "") params.set("sort", query.sort);
  for (const [name, value] of Object.entries(query.filters)) if (value !== "") params.set(name, value);
  return `${path}?${params.toString()}`;
}

/** How many pages `total` rows fill (at least one, so an empty list still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/** The query after a change of search or filter: back to the first page. */
export function withFilter(
  query: ListQuery,
  change: Partial<Pick<ListQuery, "search" | "sort">> & {
    filters?: Record<string, string>;
  },
): ListQuery {
  return {
    ...query,
    ...change,
    filters: change.filters ? { ...query.filters, ...change.filters } : query.filters,
    page: 1,
  };
}

/** The query on page `page`, kept within 1…pageCount. */
export function withPage(query: ListQuery, page: number, total: number): ListQuery {
  const last = pageCount(total, query.pageSize);
  return { ...query, page: Math.min(last, Math.max(1, Math.trunc(page))) };
}

/** Rows `from`–`to` of `total` shown on the query's page (0–0 when empty). */
export function pageRange(query: ListQuery, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (query.page - 1) * query.pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(total, query.page * query.pageSize) };
}

/** The next sort when a column header is activated: ascending, then descending, on that field. */
export function toggleSort(current: string, field: string): string {
  return current === field ? `-${field}` : field;
}
