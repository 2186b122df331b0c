/**
 * The upstream calls of a manifest-defined screen (schemas/screens.ts contract): the list request
 * (`GET {endpoint}?page&pageSize&search&sort&<filters>`), the record paths under `{endpoint}/{rowKey}`,
 * the query a screen-scope action carries (search, sort, filters: an export matches the list), and
 * `{Field}` templates of action endpoints and in-app links filled from a row. Pure.
 */

import { isSafeRedirectTarget } from "../../../core/navigation/safe-redirect.ts";
import type { ScreenList } from "../../../schemas/screens.ts";
import { type ListState, sortParam } from "./list-url.ts";

/** A record of the resource as the upstream sends it. */
export type Row = Readonly<Record<string, unknown>>;

/** The query of the list's search, sort and filters (no paging); cleared filters are left out. */
export function listQuery(state: ListState): URLSearchParams {
  const query = new URLSearchParams();
  if (state.search.trim() !== "") query.set("search", state.search.trim());
  query.set("sort", sortParam(state.sort));
  for (const [name, value] of Object.entries(state.filters)) {
    if (value !== "") query.set(name, value);
  }
  return query;
}

/** The list request of one page. */
export function listRequestPath(list: Pick<ScreenList, "endpoint">, state: ListState): string {
  const query = new URLSearchParams({ page: String(state.page), pageSize: String(state.pageSize) });
  for (const [name, value] of listQuery(state)) query.set(name, value);
  return `${list.endpoint}?${query.toString()}`;
}

/** `path` with the list's search, sort and filters appended (screen-scope actions). */
export function withListQuery(path: string, state: ListState): string {
  const qs = listQuery(state).toString();
  return qs ? `${path}?${qs}` : path;
}

/** A scalar field value as path text, or null when the row has none. */
export function fieldText(row: Row, field: string): string | null {
  const value = row[field];
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/**
 * Fills the `{Field}` segments of a template with the row's URL-encoded values; null when a field
 * is missing (the action cannot run on that row).
 */
export function fillTemplate(template: string, row: Row): string | null {
  let missing = false;
  const filled = template.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_match, field: string) => {
    const text = fieldText(row, field);
    if (text === null) missing = true;
    return encodeURIComponent(text ?? "");
  });
  return missing ? null : filled;
}

/** An action's in-app target for a row; null when a field is missing or the result is not in-app. */
export function navigationTarget(template: string, row: Row): string | null {
  const target = fillTemplate(template, row);
  return target !== null && isSafeRedirectTarget(target) ? target : null;
}

/** The key of a row (its rowKey field) as text, or null. */
export function rowKeyOf(list: Pick<ScreenList, "rowKey">, row: Row): string | null {
  return fieldText(row, list.rowKey);
}

/** The path of one record: `{endpoint}/{key}`. */
export function recordPath(list: Pick<ScreenList, "endpoint">, key: string): string {
  return `${list.endpoint}/${encodeURIComponent(key)}`;
}

/** The path of bulk deletion: `{endpoint}/Delete`. */
export function bulkDeletePath(list: Pick<ScreenList, "endpoint">): string {
  return `${list.endpoint}/Delete`;
}

/**
 * The rowKey values sent as `ids` of a bulk call: numbers stay numbers (the upstream types its keys),
 * in the order the rows are listed.
 */
export function selectedIds(
  list: Pick<ScreenList, "rowKey">,
  rows: readonly Row[],
  selected: ReadonlySet<string>,
): Array<string | number> {
  const ids: Array<string | number> = [];
  for (const row of rows) {
    const key = rowKeyOf(list, row);
    const value = row[list.rowKey];
    if (key !== null && selected.has(key)) ids.push(typeof value === "number" ? value : key);
  }
  return ids;
}

/** The name of a record: its titleField (default rowKey) as text, "" when it has none. */
export function recordName(list: Pick<ScreenList, "rowKey" | "titleField">, row: Row): string {
  return fieldText(row, list.titleField ?? list.rowKey) ?? "";
}
