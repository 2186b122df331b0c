/** A data table's rows as the data viewer pages them (GET DataTables/{id}/Rows; pure). */

/** Rows per page. */
export const DATA_VIEWER_PAGE_SIZE = 100;

/** A page of a data table's rows. */
export interface DataRows {
  DataTableRecId: number;
  Name: string;
  Columns: { Name: string; Type: string }[];
  items: Record<string, unknown>[];
  total: number;
}

/** The number of pages of `total` rows (at least one). */
export function pageCount(total: number, pageSize: number = DATA_VIEWER_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Empty for null and undefined, JSON for objects and arrays, else the value's own string. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
