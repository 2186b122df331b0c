/**
 * SQL shared by the member-side content stores: who sees an object (tenancy first, then the
 * Personal-tree privacy and team shares of §3 Folder), paging, sorting and search. Statements use
 * named parameters: @account (always), @user, @types (a JSON array), @area.
 */
import type { SqliteDatabase } from "../database.ts";
import type { ListQuery } from "../types/list-page.ts";

/**
 * An object `o` the viewer @user may see: in the Team tree, in the viewer's Personal tree, or shared
 * with a team the viewer belongs to. Always combined with `o.account_id = @account`.
 */
export const OBJECT_VISIBLE = `(o.personal_user_id IS NULL OR o.personal_user_id = @user OR EXISTS (
  SELECT 1 FROM object_shares s JOIN team_members m ON m.team_id = s.team_id AND m.account_id = s.account_id
  WHERE s.account_id = o.account_id AND s.object_id = o.id AND m.user_id = @user))`;

/** An object `o` the viewer may change: in the Team tree or in the viewer's own Personal tree. */
export const OBJECT_CHANGEABLE = "(o.personal_user_id IS NULL OR o.personal_user_id = @user)";

/** An object `o` of the scope's types. */
export const OBJECT_OF_TYPES = "o.type IN (SELECT value FROM json_each(@types))";

/** A folder `f` of the area the viewer sees: the Team tree, their Personal tree and their roots. */
export const FOLDER_VISIBLE =
  "f.account_id = @account AND f.area = @area AND (f.personal_user_id IS NULL OR f.personal_user_id = @user)";

/** The columns of a library object as the viewer sees it (needs @user). */
export const LIBRARY_COLUMNS = `o.*, u.full_name AS owner_full_name, u.uid AS owner_uid,
  EXISTS (SELECT 1 FROM object_favourites fav WHERE fav.user_id = @user AND fav.object_id = o.id) AS is_favourite,
  EXISTS (SELECT 1 FROM object_shares sh WHERE sh.object_id = o.id) AS is_shared,
  ${OBJECT_CHANGEABLE} AS can_change`;

/** The FROM clause matching LIBRARY_COLUMNS. */
export const LIBRARY_FROM =
  "FROM objects o LEFT JOIN users u ON u.id = o.owner_user_id AND u.account_id = o.account_id";

/** A LIKE pattern matching `search` anywhere, with its wildcards escaped (use with ESCAPE '\\'). */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A search condition on `column` (true when there is no search). */
export function searchCondition(column: string, search: string | undefined): { sql: string; value?: string } {
  if (search === undefined || search.trim() === "") return { sql: "1" };
  return { sql: `${column} LIKE @search ESCAPE '\\'`, value: containsPattern(search.trim()) };
}

/**
 * ORDER BY for a documented sort field; `columns` maps each allowed field to its SQL expression, so
 * nothing from the request reaches the SQL text. The record id breaks ties, so pages are stable.
 */
export function orderBy(query: ListQuery, columns: Record<string, string>, idColumn: string): string {
  // Own properties only: a field named "constructor" must not find Object.prototype's.
  const column = Object.hasOwn(columns, query.sort.field) ? columns[query.sort.field] : undefined;
  if (!column) throw new Error(`unknown sort field ${query.sort.field}`);
  const direction = query.sort.descending ? "DESC" : "ASC";
  return `ORDER BY ${column} ${direction}, ${idColumn} ${direction}`;
}

/** SQLite's COUNT(*) row. */
export interface CountRow {
  n: number;
}

/**
 * One page of `select` + `where` (named parameters, with @limit and @offset among `values`) in the
 * order `order`, with how many rows match in all; each row becomes an item through `fromRow`.
 */
export function pageOf<T>(
  db: SqliteDatabase,
  query: { select: string; where: string; order: string; values: Record<string, unknown> },
  fromRow: (row: Record<string, unknown>) => T,
): { items: T[]; total: number } {
  const { select, where, order, values } = query;
  const { n } = db.prepare(`SELECT COUNT(*) AS n FROM (${select} ${where})`).get(values) as CountRow;
  const rows = db.prepare(`${select} ${where} ${order} LIMIT @limit OFFSET @offset`).all(values) as Record<
    string,
    unknown
  >[];
  return { items: rows.map(fromRow), total: n };
}
