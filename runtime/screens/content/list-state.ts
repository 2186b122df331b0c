/**
 * List state ↔ URL (a list is a place: search, sort, page, type filter and the selected item live in
 * the query string so they survive reloads and the back button) and the upstream list query (the
 * screens contract: `page` from 1, `pageSize`, `search`, `sort` = `Field` or `-Field`).
 */
import type { TFunction } from "i18next";
import type { PagerProps } from "../../components/list/pager.tsx";

/** What a list shows. */
export interface ListState {
  search: string;
  /** A sort field, `-` first for descending. */
  sort: string;
  /** From 1. */
  page: number;
  /** Type filter (explorers of several types), null for all. */
  type: string | null;
  /** The object whose details are open, null for none. */
  item: number | null;
}

/** What a list accepts. */
export interface ListSpec {
  sortFields: readonly string[];
  defaultSort: string;
  /** Types the type filter may name; none means no type filter. */
  types?: readonly string[];
}

/** Query-string names of the list state. */
export const LIST_QUERY = { search: "q", sort: "sort", page: "page", type: "type", item: "item" } as const;

/** Fields whose first click sorts newest first. */
const DESCENDING_FIRST = new Set(["CreatedAt", "ModifiedAt", "StartedAt", "FinishedAt"]);

const positive = (raw: string | null): number | null =>
  raw !== null && /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : null;

/** True when `sort` names a sortable field of the spec. */
export function isSortable(spec: ListSpec, sort: string): boolean {
  return spec.sortFields.includes(sort.startsWith("-") ? sort.slice(1) : sort);
}

/** The list state a query string describes; unknown or malformed values fall back to the defaults. */
export function parseListState(search: string, spec: ListSpec): ListState {
  const query = new URLSearchParams(search);
  const sort = query.get(LIST_QUERY.sort) ?? "";
  const type = query.get(LIST_QUERY.type);
  return {
    search: (query.get(LIST_QUERY.search) ?? "").trim(),
    sort: sort !== "" && isSortable(spec, sort) ? sort : spec.defaultSort,
    page: positive(query.get(LIST_QUERY.page)) ?? 1,
    type: type !== null && spec.types?.includes(type) ? type : null,
    item: positive(query.get(LIST_QUERY.item)),
  };
}

/** The query string for `state`, keeping unrelated entries of `current`; defaults are left out. */
export function listStateSearch(current: string, state: ListState, spec: ListSpec): string {
  const query = new URLSearchParams(current);
  const put = (name: string, value: string | null) => {
    if (value === null || value === "") query.delete(name);
    else query.set(name, value);
  };
  put(LIST_QUERY.search, state.search.trim());
  put(LIST_QUERY.sort, state.sort === spec.defaultSort ? null : state.sort);
  put(LIST_QUERY.page, state.page > 1 ? String(state.page) : null);
  put(LIST_QUERY.type, state.type);
  put(LIST_QUERY.item, state.item === null ? null : String(state.item));
  const qs = query.toString();
  return qs ? `?${qs}` : "";
}

/** A new search starts again at page 1. */
export function withSearch(state: ListState, search: string): ListState {
  const trimmed = search.trim();
  return trimmed === state.search ? state : { ...state, search: trimmed, page: 1 };
}

/** A new type filter starts again at page 1. */
export function withType(state: ListState, type: string | null): ListState {
  return type === state.type ? state : { ...state, type, page: 1 };
}

/** Clicking a column: the same field flips its direction; another field starts in its natural one. */
export function nextSort(current: string, field: string): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  return DESCENDING_FIRST.has(field) ? `-${field}` : field;
}

/**
 * The kit Pager's texts for a content list: with one page only the count shows; `extraCount` rows
 * listed besides the paged items (the explorer's subfolders) count in the total shown.
 */
export function contentPagerTexts(
  t: TFunction,
  page: number,
  total: number,
  pageSize: number,
  extraCount = 0,
): Pick<PagerProps, "label" | "page" | "pageCount" | "position" | "buttons" | "collapseSinglePage"> {
  const pages = pageCount(total, pageSize);
  const all = total + extraCount;
  return {
    label: t("Content_Pages"),
    page,
    pageCount: pages,
    position:
      pages === 1
        ? t("Content_ItemCount", { total: all })
        : t("Content_PagePosition", { page: Math.min(page, pages), pages, total: all }),
    buttons: { previous: t("Content_PreviousPage"), next: t("Content_NextPage") },
    collapseSinglePage: true,
  };
}

/** Pages needed for `total` items (at least 1, so an empty list has page 1 of 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The upstream query string of a list page, with extra filters (folderRecId, objectRecId…). */
export function listRequestQuery(
  state: ListState,
  pageSize: number,
  extra: Record<string, string | number | null | undefined> = {},
): string {
  const query = new URLSearchParams();
  query.set("page", String(state.page));
  query.set("pageSize", String(pageSize));
  query.set("sort", state.sort);
  if (state.search !== "") query.set("search", state.search);
  if (state.type !== null) query.set("type", state.type);
  for (const [name, value] of Object.entries(extra)) {
    if (value !== null && value !== undefined && value !== "") query.set(name, String(value));
  }
  return query.toString();
}
