/**
 * The sort of a list as the upstream list protocol spells it: a field name, "-" in front for
 * descending (schemas/screens.ts; the content, work and admin lists all send it so).
 */

/** How a column is sorted now, as aria-sort says it. */
export type SortDirection = "ascending" | "descending" | "none";

/** How `sort` orders the column of `field`. */
export function sortDirection(sort: string, field: string): SortDirection {
  if (sort === field) return "ascending";
  if (sort === `-${field}`) return "descending";
  return "none";
}
