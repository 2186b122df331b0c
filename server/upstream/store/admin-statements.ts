/**
 * The statements a generic admin spec (types/admin-records.ts) compiles to, shared by both backends'
 * record families (sqlite/admin-records.ts, postgres/admin-records.ts). Only spec text (written in
 * this code base) becomes SQL; every caller value is bound as a named parameter (@name) and sort
 * fields are looked up in the spec. The text is SQLite's dialect; what a backend spells differently —
 * a LIKE that ignores ASCII case, where NULLs sort — is its `AdminSqlDialect`'s.
 */
import { type Params, topLevelParts } from "./sqlite/admin-sql.ts";
import { encodeAdminValue, filterValue } from "./sqlite/admin-values.ts";
import type { AdminListQuery, AdminRow, AdminTableSpec } from "./types/admin-records.ts";

/** What a backend spells its own way in the compiled statements. */
export interface AdminSqlDialect {
  /** `expression` contains the LIKE pattern bound as @`param`: ASCII case ignored, `\` escapes. */
  like(expression: string, param: string): string;
  /** One ORDER BY part with the list's direction (undefined: the part's own), NULLs as SQLite sorts them. */
  order(part: string, direction: "ASC" | "DESC" | undefined): string;
}

/** SQLite's own spelling (the specs' dialect). */
export const SQLITE_ADMIN_DIALECT: AdminSqlDialect = {
  like: (expression, param) => `${expression} LIKE @${param} ESCAPE '\\'`,
  order: (part, direction) => (direction ? `${part} ${direction}` : part),
};

/** SELECT of the spec's non-secret columns as their wire names, FROM the spec's joins. */
export function selectSql(spec: AdminTableSpec): string {
  const fields = Object.entries(spec.columns)
    .filter(([, column]) => !column.secret)
    .map(([name, column]) => `${column.sql} AS "${name}"`);
  return `SELECT ${fields.join(", ")} FROM ${spec.from}`;
}

/** The WHERE clause of a list: the spec's condition, the search, the filters (values into `params`). */
export function conditionsSql(
  spec: AdminTableSpec,
  query: AdminListQuery,
  params: Params,
  dialect: AdminSqlDialect,
): string {
  const parts = spec.where ? [`(${spec.where})`] : [];
  const search = query.search?.trim();
  const searchable = Object.values(spec.columns).filter((column) => column.search);
  if (search && searchable.length > 0) {
    params.search = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(`(${searchable.map((column) => dialect.like(`(${column.sql})`, "search")).join(" OR ")})`);
  }
  for (const [name, filter] of Object.entries(spec.filters)) {
    const raw = query.filters[name];
    if (raw === "" || raw === undefined) {
      if (filter.absent) parts.push(`(${filter.absent})`);
      continue;
    }
    const param = `f_${name}`;
    params[param] = filterValue(filter, raw);
    if (filter.op === "match") {
      parts.push(`(${filter.sql.replaceAll("@value", `@${param}`)})`);
      continue;
    }
    // The filter's SQL in parentheses: `NOT t.disabled = @f` would read as `NOT (t.disabled = @f)`.
    if (filter.op === "contains") parts.push(dialect.like(`(${filter.sql})`, param));
    else parts.push(`(${filter.sql}) ${{ eq: "=", from: ">=", to: "<" }[filter.op]} @${param}`);
  }
  return parts.length > 0 ? `WHERE ${parts.join(" AND ")}` : "";
}

/** The ORDER BY list of a list: the sorted field (each of its parts in the direction) or the default, then the key. */
export function orderSql(spec: AdminTableSpec, query: AdminListQuery, dialect: AdminSqlDialect): string {
  const sorted = query.sort ? spec.columns[query.sort.field] : undefined;
  if (!sorted) {
    return [...topLevelParts(spec.defaultOrder), `t.${spec.key}`]
      .map((part) => dialect.order(part, undefined))
      .join(", ");
  }
  const direction = query.sort?.descending ? "DESC" : "ASC";
  // Each part of a multi-part order (commas outside parentheses) takes the direction.
  return [...topLevelParts(sorted.order ?? sorted.sql), `t.${spec.key}`]
    .map((part) => dialect.order(part, direction))
    .join(", ");
}

/** The list's page and its total: both statements take the same parameters (plus @limit, @offset). */
export function listSql(
  spec: AdminTableSpec,
  query: AdminListQuery,
  params: Params,
  dialect: AdminSqlDialect,
) {
  const where = conditionsSql(spec, query, params, dialect);
  return {
    page: `${selectSql(spec)} ${where} ORDER BY ${orderSql(spec, query, dialect)} LIMIT @limit OFFSET @offset`,
    count: `SELECT COUNT(*) AS n FROM ${spec.from} ${where}`,
  };
}

/** One record by @key, within the spec's condition. */
export function getSql(spec: AdminTableSpec): string {
  const where = [`t.${spec.key} = @key`, ...(spec.where ? [`(${spec.where})`] : [])].join(" AND ");
  return `${selectSql(spec)} WHERE ${where}`;
}

/** Whether the base row @key meets `condition` (a guard of the spec or a transition). */
export function holdsSql(spec: AdminTableSpec, condition: string): string {
  return `SELECT 1 FROM ${spec.table} t WHERE t.${spec.key} = @key AND (${condition})`;
}

/** Column assignments of the wire values that map to base-table columns (values into `params`), then the touches. */
export function assignments(spec: AdminTableSpec, values: AdminRow, params: Params): Map<string, string> {
  const set = new Map<string, string>();
  for (const [name, value] of Object.entries(values)) {
    const column = spec.columns[name];
    if (!column?.write || value === undefined) continue;
    params[`v_${name}`] = encodeAdminValue(column.type, value);
    set.set(column.write, `@v_${name}`);
  }
  for (const [column, sql] of Object.entries(spec.touch ?? {})) set.set(column, sql);
  return set;
}

/** INSERT of the assignments, answering the new key as `key`. */
export function insertSql(spec: AdminTableSpec, set: Map<string, string>): string {
  const columns = [...set.keys()];
  return `INSERT INTO ${spec.table} (${columns.join(", ")}) VALUES (${columns.map((c) => set.get(c)).join(", ")}) RETURNING ${spec.key} AS key`;
}

/** UPDATE of row @key by column → SQL assignments. */
export function updateSql(spec: AdminTableSpec, set: Iterable<[string, string]>): string {
  const list = [...set].map(([column, sql]) => `${column} = ${sql}`).join(", ");
  return `UPDATE ${spec.table} AS t SET ${list} WHERE t.${spec.key} = @key`;
}

/** DELETE of row @key. */
export function deleteSql(spec: AdminTableSpec): string {
  return `DELETE FROM ${spec.table} WHERE ${spec.key} = @key`;
}
