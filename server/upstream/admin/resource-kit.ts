/**
 * Helpers shared by the admin resources: the call context of a request, the key path parameter, the
 * list query schema of a resource (page from 1, pageSize up to the manifest's 500, search, sort by
 * a sortable field with an optional leading "-", and the resource's filters), the mapping of store
 * errors to catalogue errors, the pieces table specs share (created/modified stamps, account and
 * user joins), and CSV exports: RFC 4180 quoting, a UTF-8 byte order mark, and cells a spreadsheet
 * would run as a formula (= + - @ tab CR first) prefixed with an apostrophe (CSV injection).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { contentDisposition } from "../files/content-disposition.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { callerOf } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import type { AdminColumn, AdminRow, AdminTableSpec } from "../store/types/admin-records.ts";
import { type AdminListQuery, StoreReferenceError } from "../store/types/admin-records.ts";
import { StoreConflictError } from "../store/types/identity.ts";
import type { Schema } from "./fields.ts";
import type { AdminCall, AdminResource } from "./resource.ts";

/** The call context of an authenticated staff request. */
export function adminCall(request: FastifyRequest, context: UpstreamContext): AdminCall {
  const caller = callerOf(request);
  return { context, caller, at: { now: context.now(), actor: caller.user.recId } };
}

/** A text key (configuration keys, object ids): letters, digits, dot, dash, underscore, colon. */
export const TEXT_KEY_PATTERN = "^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$";

/** `{ key }` path parameters of a resource. */
export function keyParams(keyType: "int" | "text"): Schema {
  const key =
    keyType === "int"
      ? recIdSchema
      : { type: "string", pattern: TEXT_KEY_PATTERN, description: "Record key." };
  return { type: "object", properties: { key }, required: ["key"], additionalProperties: false };
}

/** Paging of a list (screens.ts: page from 1; page sizes up to 500). */
export const pagingProperties = {
  page: { type: "integer", minimum: 1, maximum: 100_000, default: 1, description: "1-based page." },
  pageSize: { type: "integer", minimum: 1, maximum: 500, default: 50, description: "Rows per page." },
} as const;

/** The list (or export, without paging) query schema of a resource. */
export function listQuerySchema(resource: AdminResource, paged: boolean): Schema {
  const sortable = Object.entries(resource.spec.columns)
    .filter(([, column]) => column.sort)
    .flatMap(([name]) => [name, `-${name}`]);
  const properties: Record<string, Schema> = {
    ...(paged ? pagingProperties : {}),
    search: { type: "string", maxLength: 200, description: "Text matched against the searchable fields." },
  };
  if (sortable.length > 0)
    properties.sort = { enum: sortable, description: "Field, '-' first for descending." };
  for (const name of Object.keys(resource.spec.filters)) {
    const schema = resource.filters?.[name];
    if (!schema) throw new Error(`admin resource ${resource.path}: filter ${name} has no query schema`);
    properties[name] = schema;
  }
  return { type: "object", properties, additionalProperties: false };
}

/** The store's list query from a validated request query. */
export function toListQuery(query: Record<string, unknown>): AdminListQuery {
  const {
    page = 1,
    pageSize = 50,
    search,
    sort,
    ...filters
  } = query as {
    page?: number;
    pageSize?: number;
    search?: string;
    sort?: string;
  } & Record<string, string | number | boolean>;
  return {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    search,
    sort: sort ? { field: sort.replace(/^-/, ""), descending: sort.startsWith("-") } : undefined,
    filters,
  };
}

/** Runs a store write, turning uniqueness and reference failures into 409 and 400 answers. */
export async function mapStoreErrors<T>(resource: AdminResource, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof StoreConflictError) {
      const duplicate = resource.duplicate ?? {
        code: "NameTaken",
        message: "A record with this name already exists.",
      };
      throw conflict(duplicate.code, duplicate.message);
    }
    if (error instanceof StoreReferenceError) {
      throw badRequest("InvalidReference", "A record the change refers to does not exist.");
    }
    throw error;
  }
}

/** CreatedAt and ModifiedAt of a table with created_at / modified_at columns. */
export const CREATED_MODIFIED: Record<string, AdminColumn> = {
  CreatedAt: { sql: "t.created_at", type: "datetime", sort: true },
  ModifiedAt: { sql: "t.modified_at", type: "datetime", sort: true },
};

/** created_at and modified_at set on insert, modified_at on every write; plus fixed insert values. */
export function stamps(
  insert: Record<string, string> = {},
): Pick<AdminTableSpec, "insertDefaults" | "touch"> {
  return {
    insertDefaults: { created_at: "@now", modified_at: "@now", ...insert },
    touch: { modified_at: "@now" },
  };
}

/** LEFT JOIN naming the account of `column` as `a` (AccountName = a.name). */
export const accountNameJoin = (column: string, alias = "a") =>
  `LEFT JOIN accounts ${alias} ON ${alias}.id = ${column}`;

/** LEFT JOIN naming the user of `column` as `alias`. */
export const userJoin = (column: string, alias: string) =>
  `LEFT JOIN users ${alias} ON ${alias}.id = ${column}`;

/** AccountRecId and AccountName of a spec joined with accountNameJoin. */
export const ACCOUNT_COLUMNS = (column = "t.account_id"): Record<string, AdminColumn> => ({
  AccountRecId: { sql: column, type: "int" },
  AccountName: { sql: "a.name", type: "text", search: true, sort: true },
});

/** Date range filters on a date-time column: DateFrom and DateTo (inclusive days). */
export const dateRange = (sql: string) => ({
  DateFrom: { sql, type: "datetime" as const, op: "from" as const },
  DateTo: { sql, type: "datetime" as const, op: "to" as const },
});

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV text, one column per field of the first row (all rows share their fields). */
export function toCsv(rows: readonly AdminRow[], columns?: readonly string[]): string {
  const header = columns ?? Object.keys(rows[0] ?? {});
  const lines = [
    header.map(cell).join(","),
    ...rows.map((row) => header.map((name) => cell(row[name])).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/** Sends rows as a CSV download named `<name>-<YYYY-MM-DD>.csv`. */
export function sendCsv(reply: FastifyReply, name: string, rows: readonly AdminRow[], now: number) {
  const fileName = `${name}-${new Date(now).toISOString().slice(0, 10)}.csv`;
  return reply
    .type("text/csv; charset=utf-8")
    .header("Content-Disposition", contentDisposition("attachment", fileName))
    .send(`\uFEFF${toCsv(rows)}`);
}
