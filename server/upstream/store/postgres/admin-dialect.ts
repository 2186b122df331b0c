/**
 * The admin specs' SQL on PostgreSQL. The specs (../../admin/*.ts) are written once, in SQLite's
 * dialect, keeping to what both servers read alike (COALESCE, `NOT t.flag`, CASE, ||, sub-selects);
 * `toPostgres` turns the SQLite functions they still use into PostgreSQL's and the named parameters
 * (@now, @key, …) into positional ones. Spec text only ever comes from this code base: a function
 * the rules do not know is left as it is and fails loudly on the server.
 */
import type { AdminSqlDialect } from "../admin-statements.ts";
import { topLevelParts } from "../sqlite/admin-sql.ts";
import type { SqlValue } from "./database.ts";

/** PostgreSQL's spelling of the compiled statements' dialect points. */
export const POSTGRES_ADMIN_DIALECT: AdminSqlDialect = {
  // SQLite's LIKE ignores ASCII case only: ILIKE under the byte collation "C" does the same, and a
  // nocase (nondeterministic) column refuses LIKE without it (./README.md).
  like: (expression, param) => `(${expression})::text COLLATE "C" ILIKE @${param} ESCAPE '\\'`,
  // SQLite sorts NULLs first ascending and last descending; PostgreSQL the other way round.
  order: (part, direction) => {
    const own = /\s+(ASC|DESC)$/i.exec(part);
    const base = own ? part.slice(0, own.index) : part;
    const way = direction ?? (own?.[1]?.toUpperCase() === "DESC" ? "DESC" : "ASC");
    return `${base} ${way} ${way === "DESC" ? "NULLS LAST" : "NULLS FIRST"}`;
  },
};

/** The size of the store's tables and indexes in its schema (the database may hold other schemas). */
export const STORE_SIZE_SQL = `(SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::BIGINT FROM pg_class c
  WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'm'))`;

/**
 * What the specs ask SQLite of its own file (the embedded database's row of /admin/databases), as
 * whole phrases: the same question put to PostgreSQL.
 */
const PHRASES: [string, string][] = [
  ["(SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size())", STORE_SIZE_SQL],
  ["'SQLite ' || sqlite_version()", "'PostgreSQL ' || current_setting('server_version')"],
];

/** strftime formats the specs use → to_char's. */
const DATE_FORMATS: Record<string, string> = {
  "'%Y'": `'YYYY'`,
  "'%Y-%m-%dT%H:%M:%fZ'": `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`,
};

/** A JSON path of json_extract ('$.Name' or '$') → the jsonb operator applied to it. */
function jsonPath(target: string, path: string): string {
  if (path === "'$'") return `(${target}::jsonb #>> '{}')`;
  const member = /^'\$\.([A-Za-z_][A-Za-z0-9_]*)'$/.exec(path);
  if (!member) throw new Error(`json_extract path ${path} has no PostgreSQL rule`);
  return `(${target}::jsonb ->> '${member[1]}')`;
}

/** SQLite function (lower case) → its PostgreSQL form, given the arguments already translated. */
const FUNCTIONS: Record<string, (args: string[]) => string | undefined> = {
  ifnull: (args) => `COALESCE(${args.join(", ")})`,
  max: (args) => (args.length > 1 ? `GREATEST(${args.join(", ")})` : undefined),
  min: (args) => (args.length > 1 ? `LEAST(${args.join(", ")})` : undefined),
  json_extract: ([target, path]) => jsonPath(target ?? "", path ?? ""),
  json: ([value]) => `(${value})::json`,
  json_object: (args) => `json_build_object(${args.join(", ")})::text`,
  // Both aggregate the rows of an ordered sub-select in its order, as SQLite's do.
  json_group_array: ([value]) => `COALESCE(json_agg(${value}), '[]'::json)::text`,
  group_concat: ([value, separator]) => `string_agg((${value})::text, ${separator ?? "','"})`,
  // sqlite_json_type is the PostgreSQL migration's: SQLite's json_type, NULL for invalid JSON.
  json_valid: ([value]) => `(sqlite_json_type(${value}) IS NOT NULL)`,
  json_type: ([value]) => `sqlite_json_type(${value})`,
  strftime: ([format, value, modifier]) => {
    const pattern = DATE_FORMATS[format ?? ""];
    if (!pattern || modifier !== "'unixepoch'") throw new Error(`strftime(${format}) has no PostgreSQL rule`);
    return `to_char(to_timestamp(${value}) AT TIME ZONE 'UTC', ${pattern})`;
  },
  printf: ([format, value]) => {
    const width = /^'%0(\d)d'$/.exec(format ?? "");
    if (!width) throw new Error(`printf(${format}) has no PostgreSQL rule`);
    // Zero-padded to the width, never cut (lpad alone would cut a longer number).
    return `lpad((${value})::text, GREATEST(${width[1]}, length((${value})::text)), '0')`;
  },
};

/** Index of the parenthesis closing the one at `open`, skipping quoted text. */
function closing(sql: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let index = open; index < sql.length; index += 1) {
    const char = sql[index] as string;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === "(") depth += 1;
    else if (char === ")") {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  throw new Error("unbalanced parentheses in an admin statement");
}

/** The SQLite functions of `sql` in PostgreSQL's spelling (innermost first). */
export function translateFunctions(sql: string): string {
  let out = "";
  let index = 0;
  let quote: string | undefined;
  while (index < sql.length) {
    const char = sql[index] as string;
    if (quote) {
      out += char;
      if (char === quote) quote = undefined;
      index += 1;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      out += char;
      index += 1;
      continue;
    }
    const call = /^([A-Za-z_][A-Za-z0-9_]*)\(/.exec(sql.slice(index, index + 40));
    const previous = sql[index - 1] ?? " ";
    const rule =
      call && !/[A-Za-z0-9_.]/.test(previous) ? FUNCTIONS[(call[1] as string).toLowerCase()] : undefined;
    if (call && rule) {
      const open = index + (call[1] as string).length;
      const end = closing(sql, open);
      const args = topLevelParts(sql.slice(open + 1, end)).map(translateFunctions);
      const replaced = rule(args);
      out += replaced ?? `${call[1]}(${args.join(", ")})`;
      index = end + 1;
      continue;
    }
    if (call) {
      out += call[0];
      index += call[0].length;
      continue;
    }
    out += char;
    index += 1;
  }
  return out;
}

/** How a named parameter is typed where PostgreSQL could not tell from its place. */
export type ParamTypes = Record<string, string>;

/**
 * A statement with named parameters (@name) → PostgreSQL text ($1, $2, …; one placeholder per name,
 * cast when `types` names its type) and the values in order. A name the statement uses and `params`
 * lacks throws, as better-sqlite3 does.
 */
export function bindNamed(
  sql: string,
  params: Record<string, unknown>,
  types: ParamTypes = {},
): { text: string; values: SqlValue[] } {
  const order = new Map<string, number>();
  const values: SqlValue[] = [];
  let text = "";
  let quote: string | undefined;
  for (let index = 0; index < sql.length; index += 1) {
    const char = sql[index] as string;
    if (quote) {
      text += char;
      if (char === quote) quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      text += char;
      continue;
    }
    const name = char === "@" ? /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(index + 1))?.[0] : undefined;
    if (!name) {
      text += char;
      continue;
    }
    if (!(name in params)) throw new Error(`missing named parameter @${name}`);
    let position = order.get(name);
    if (position === undefined) {
      values.push(params[name] as SqlValue);
      position = values.length;
      order.set(name, position);
    }
    const type = types[name];
    text += type ? `$${position}::${type}` : `$${position}`;
    index += name.length;
  }
  return { text, values };
}

/** A compiled admin statement (SQLite's dialect, named parameters) ready for PostgreSQL. */
export function toPostgres(sql: string, params: Record<string, unknown>, types: ParamTypes = {}) {
  let text = sql;
  for (const [sqlite, postgres] of PHRASES) text = text.replaceAll(sqlite, postgres);
  return bindNamed(translateFunctions(text), params, types);
}
