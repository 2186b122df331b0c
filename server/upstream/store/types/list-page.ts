/**
 * The list contract every member-side list of the store answers (schemas/screens.ts: paging,
 * search, sort → `{ items, total }`).
 */

/** A page of a list. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** Paging, search and sort of a list (`sort.field` is one the family documents). */
export interface ListQuery {
  search?: string;
  sort: { field: string; descending: boolean };
  offset: number;
  limit: number;
}
