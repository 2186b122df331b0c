/**
 * The list state of a manifest-defined screen and its place in the browser URL (schemas/screens.ts):
 * page, page size, search, sort and filters live in the query string (a filter with `pathParam` in
 * that path parameter of the route), so a list can be bookmarked, shared and walked back; `id` opens
 * a record and `delete=true` asks to delete it (§2.4, §4.3). Values the screen does not allow fall
 * back to the manifest's defaults. Pure: no React, no window.
 */

import type { RouteParams } from "../../../core/routes/match.ts";
import type { ScreenFilter, ScreenList } from "../../../schemas/screens.ts";
import { isIsoDate } from "../../forms/formats.ts";
import { fillPathTemplate } from "../../navigation/redirect-target.ts";

/** The sort order of a list. */
export interface ListSort {
  field: string;
  direction: "asc" | "desc";
}

/**
 * What the list shows. `filters` holds every filter that applies, by name: a default counts, an
 * explicitly cleared filter (the "any" choice of a filter with a default) is "" and is not sent.
 */
export interface ListState {
  page: number;
  pageSize: number;
  search: string;
  sort: ListSort;
  filters: Readonly<Record<string, string>>;
}

/** Query names of the list protocol and the deep links (schemas/screens.ts reserved names). */
export const LIST_QUERY = {
  page: "page",
  pageSize: "pageSize",
  search: "search",
  sort: "sort",
  id: "id",
  delete: "delete",
} as const;

/** Highest page number the upstream accepts (server/upstream/admin/resource-kit.ts). */
export const MAX_PAGE = 100_000;
/** Longest search text the upstream accepts. */
export const SEARCH_MAX_LENGTH = 200;
/** Longest free-text filter value kept. */
export const FILTER_MAX_LENGTH = 200;

/** The part of a screen the list state depends on. */
export type ListDefinition = Pick<
  ScreenList,
  "columns" | "filters" | "paging" | "defaultSort" | "searchable"
>;

/** `Name` or `-Name` (schemas/screens.ts: `-` first for descending). */
export function sortParam(sort: ListSort): string {
  return sort.direction === "desc" ? `-${sort.field}` : sort.field;
}

/** The sort named by `raw` when its field is sortable, else the default sort. */
export function parseSort(list: ListDefinition, raw: string | null): ListSort {
  if (!raw) return { ...list.defaultSort };
  const descending = raw.startsWith("-");
  const field = descending ? raw.slice(1) : raw;
  const sortable =
    field === list.defaultSort.field || list.columns.some((c) => c.sortable && c.field === field);
  return sortable ? { field, direction: descending ? "desc" : "asc" } : { ...list.defaultSort };
}

function positiveInteger(raw: string | null): number | null {
  if (raw === null || !/^[0-9]{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

/** The default of a filter as its URL text, or undefined without one. */
export function filterDefault(filter: ScreenFilter): string | undefined {
  return filter.default === undefined ? undefined : String(filter.default);
}

/** Whether `value` (non-empty) is acceptable for the filter's type and choices. */
export function isFilterValueAllowed(filter: ScreenFilter, value: string): boolean {
  switch (filter.type) {
    case "boolean":
      return value === "true" || value === "false";
    case "date":
      return isIsoDate(value);
    case "select":
      return filter.options
        ? filter.options.some((option) => String(option.value) === value)
        : value.length <= FILTER_MAX_LENGTH;
    case "text":
      return value.length <= FILTER_MAX_LENGTH;
  }
}

/**
 * The value of one filter from its raw URL text: absent → the default; "" → explicitly cleared when the
 * filter has a default to clear (else absent); a value the filter does not allow → the default.
 */
export function filterValue(filter: ScreenFilter, raw: string | null | undefined): string | undefined {
  const fallback = filterDefault(filter);
  if (raw === null || raw === undefined) return fallback;
  if (raw === "") return fallback === undefined ? undefined : "";
  return isFilterValueAllowed(filter, raw) ? raw : fallback;
}

/** Reads the list state from the URL's query and the route's path parameters. */
export function readListState(list: ListDefinition, query: URLSearchParams, params: RouteParams): ListState {
  const pageSize = positiveInteger(query.get(LIST_QUERY.pageSize));
  const filters: Record<string, string> = {};
  for (const filter of list.filters ?? []) {
    const raw = filter.pathParam ? params[filter.pathParam] : query.get(filter.name);
    const value = filterValue(filter, raw);
    if (value !== undefined) filters[filter.name] = value;
  }
  return {
    page: Math.min(positiveInteger(query.get(LIST_QUERY.page)) ?? 1, MAX_PAGE),
    pageSize:
      pageSize !== null && list.paging.pageSizes.includes(pageSize) ? pageSize : list.paging.defaultPageSize,
    search: list.searchable ? (query.get(LIST_QUERY.search) ?? "").slice(0, SEARCH_MAX_LENGTH) : "",
    sort: parseSort(list, query.get(LIST_QUERY.sort)),
    filters,
  };
}

/** Where a list state is shown: the path (route pattern filled) and the query string, "?" included. */
export interface ListLocation {
  pathname: string;
  search: string;
}

/**
 * The URL of `state`: only values that differ from the defaults are written, so the plain screen URL
 * stays plain; other query entries of `current` (e.g. `id`) are kept.
 */
export function listLocation(
  list: ListDefinition,
  routePath: string,
  params: RouteParams,
  state: ListState,
  current: URLSearchParams,
): ListLocation {
  const query = new URLSearchParams(current);
  for (const name of [LIST_QUERY.page, LIST_QUERY.pageSize, LIST_QUERY.search, LIST_QUERY.sort]) {
    query.delete(name);
  }
  const pathValues: Record<string, string | undefined> = { ...params };
  if (state.page > 1) query.set(LIST_QUERY.page, String(state.page));
  if (state.pageSize !== list.paging.defaultPageSize) query.set(LIST_QUERY.pageSize, String(state.pageSize));
  if (state.search !== "") query.set(LIST_QUERY.search, state.search);
  const sort = sortParam(state.sort);
  if (sort !== sortParam(list.defaultSort)) query.set(LIST_QUERY.sort, sort);
  for (const filter of list.filters ?? []) {
    const value = state.filters[filter.name];
    const fallback = filterDefault(filter);
    if (filter.pathParam) {
      // The plain path shows the default; an optional segment is left out for it.
      pathValues[filter.pathParam] = value === fallback ? undefined : value || undefined;
      continue;
    }
    query.delete(filter.name);
    if (value === undefined || value === fallback) continue;
    if (value !== "" || fallback !== undefined) query.set(filter.name, value);
  }
  const qs = query.toString();
  return { pathname: fillPathTemplate(routePath, pathValues), search: qs ? `?${qs}` : "" };
}

/** The record deep link of a URL (§2.4, §4.3): `id` opens it, `delete=true` asks to delete it. */
export interface DeepLink {
  id: string | null;
  askDelete: boolean;
}

/** Reads the deep link; `delete` without an `id` means nothing. */
export function readDeepLink(query: URLSearchParams): DeepLink {
  const id = query.get(LIST_QUERY.id);
  const usable = id !== null && id !== "" ? id : null;
  return { id: usable, askDelete: usable !== null && query.get(LIST_QUERY.delete) === "true" };
}

/** The query with the deep link set to `id` (null removes it); `delete` is always dropped. */
export function withDeepLink(current: URLSearchParams, id: string | null): URLSearchParams {
  const query = new URLSearchParams(current);
  query.delete(LIST_QUERY.delete);
  if (id === null) query.delete(LIST_QUERY.id);
  else query.set(LIST_QUERY.id, id);
  return query;
}

/**
 * The state with filter `name` set to `value` (null chooses "any": "" when the filter has a default
 * to override, else removed) and the first page shown.
 */
export function withFilter(
  list: ListDefinition,
  state: ListState,
  name: string,
  value: string | null,
): ListState {
  const filter = (list.filters ?? []).find((f) => f.name === name);
  if (!filter) return state;
  const filters = { ...state.filters };
  if (value !== null && value !== "") filters[name] = value;
  else if (filterDefault(filter) !== undefined) filters[name] = "";
  else delete filters[name];
  return { ...state, filters, page: 1 };
}
