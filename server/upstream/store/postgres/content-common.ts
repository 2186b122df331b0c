/**
 * SQL shared by the member-side content stores on PostgreSQL (../sqlite/content-common.ts): who sees
 * an object, paging, sorting and search. The SQLite statements use named parameters (@account,
 * @user, @area, …); `named` turns them into PostgreSQL's numbered ones, so the visibility fragments
 * are the SQLite ones, unchanged, where their text is valid on both.
 */
import type { ListQuery } from "../types/list-page.ts";
import { type Queryable, row, rows, run, type SqlValue } from "./database.ts";

export {
  containsPattern,
  FOLDER_VISIBLE,
  LIBRARY_COLUMNS,
  LIBRARY_FROM,
  OBJECT_CHANGEABLE,
  OBJECT_VISIBLE,
} from "../sqlite/content-common.ts";

import { containsPattern } from "../sqlite/content-common.ts";

/** The named parameters of a statement; a name the statement does not use is ignored. */
export type NamedValues = Record<string, SqlValue | undefined>;

/**
 * `sql` with each `@name` replaced by a numbered placeholder (one number per name, however often it
 * appears) and the values in that order. Throws when the statement names a value not given.
 */
export function named(sql: string, values: NamedValues): { text: string; params: SqlValue[] } {
  const numbers = new Map<string, number>();
  const params: SqlValue[] = [];
  const text = sql.replace(/@([A-Za-z][A-Za-z0-9]*)/g, (_match, name: string) => {
    let number = numbers.get(name);
    if (number === undefined) {
      const value = values[name];
      if (value === undefined) throw new Error(`no value for @${name}`);
      params.push(value);
      number = params.length;
      numbers.set(name, number);
    }
    return `$${number}`;
  });
  return { text, params };
}

/** The rows of a statement with named parameters. */
export async function namedRows<Row = Record<string, unknown>>(
  on: Queryable,
  sql: string,
  values: NamedValues,
): Promise<Row[]> {
  const { text, params } = named(sql, values);
  return rows<Row>(on, text, params);
}

/** The first row of a statement with named parameters, or undefined. */
export async function namedRow<Row = Record<string, unknown>>(
  on: Queryable,
  sql: string,
  values: NamedValues,
): Promise<Row | undefined> {
  const { text, params } = named(sql, values);
  return row<Row>(on, text, params);
}

/** Runs a statement with named parameters; how many rows it changed. */
export async function namedRun(on: Queryable, sql: string, values: NamedValues): Promise<number> {
  const { text, params } = named(sql, values);
  return run(on, text, params);
}

/** An object `o` of the scope's types (@types: a text array). */
export const OBJECT_OF_TYPES = "o.type = ANY(@types::text[])";

/**
 * A search condition on `column` (true when there is no search): SQLite's LIKE ignores ASCII case,
 * so ILIKE, with the backslash escape containsPattern writes.
 */
export function searchCondition(column: string, search: string | undefined): { sql: string; value?: string } {
  if (search === undefined || search.trim() === "") return { sql: "TRUE" };
  return { sql: `${column} ILIKE @search ESCAPE '\\'`, value: containsPattern(search.trim()) };
}

/**
 * ORDER BY for a documented sort field, as ../sqlite/content-common.ts's `orderBy`; NULLs sort as in
 * SQLite (first ascending, last descending), the record id breaks ties.
 */
export function orderBy(query: ListQuery, columns: Record<string, string>, idColumn: string): string {
  // Own properties only: a field named "constructor" must not find Object.prototype's.
  const column = Object.hasOwn(columns, query.sort.field) ? columns[query.sort.field] : undefined;
  if (!column) throw new Error(`unknown sort field ${query.sort.field}`);
  const direction = query.sort.descending ? "DESC NULLS LAST" : "ASC NULLS FIRST";
  return `ORDER BY ${column} ${direction}, ${idColumn} ${query.sort.descending ? "DESC" : "ASC"}`;
}

/** A NOCASE ordering of a text expression as SQLite's: ASCII case folded, then bytes. */
export const nocase = (expression: string): string => `lower(${expression} COLLATE "C")`;

/**
 * One page of `select` + `where` (named parameters, with @limit and @offset among `values`) in the
 * order `order`, with how many rows match in all; each row becomes an item through `fromRow`.
 */
export async function pageOf<T>(
  on: Queryable,
  query: { select: string; where: string; order: string; values: NamedValues },
  fromRow: (row: Record<string, unknown>) => T,
): Promise<{ items: T[]; total: number }> {
  const { select, where, order, values } = query;
  const counted = await namedRow<{ n: number }>(
    on,
    `SELECT COUNT(*) AS n FROM (${select} ${where}) page`,
    values,
  );
  const found = await namedRows(on, `${select} ${where} ${order} LIMIT @limit OFFSET @offset`, values);
  return { items: found.map(fromRow), total: counted?.n ?? 0 };
}
