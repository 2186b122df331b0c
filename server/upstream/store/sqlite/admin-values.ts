/**
 * Conversions between the wire values of the admin screens and their stored form: date-times are
 * ISO 8601 on the wire and epoch milliseconds in the store, booleans 0/1, money major units ↔ cents,
 * lists and objects JSON text. Date filters take ISO dates (YYYY-MM-DD) as inclusive bounds.
 */
import { parseJson } from "../database.ts";
import type { AdminFilter, AdminRow, AdminTableSpec, AdminValueType } from "../types/admin-records.ts";

const DAY_MS = 86_400_000;

/** A stored value → its wire form. */
export function decodeAdminValue(type: AdminValueType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case "bool":
      return value === 1 || value === 1n || value === true;
    case "datetime":
      return new Date(Number(value)).toISOString();
    case "cents":
      return Number(value) / 100;
    case "json":
      return parseJson<unknown>(value, null);
    case "int":
    case "real":
      return typeof value === "bigint" ? Number(value) : value;
    default:
      return value;
  }
}

/** A selected row (columns named by their wire fields) → the record in its wire shape. */
export function decodeAdminRow(spec: AdminTableSpec, row: Record<string, unknown>): AdminRow {
  const out: AdminRow = {};
  for (const [name, value] of Object.entries(row)) {
    const column = spec.columns[name];
    out[name] = column ? decodeAdminValue(column.type, value) : value;
  }
  return out;
}

/** A wire value → its stored form (the request schema has checked its type already). */
export function encodeAdminValue(type: AdminValueType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case "bool":
      return value ? 1 : 0;
    case "datetime":
      return Date.parse(String(value));
    case "cents":
      return Math.round(Number(value) * 100);
    case "json":
      return JSON.stringify(value);
    default:
      return value;
  }
}

/** Midnight UTC of an ISO date, in epoch ms. */
export function isoDateMs(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

/**
 * A filter's query value as bound to SQL. `from`/`to` on date-times are whole UTC days (the `to`
 * bound is exclusive of the next midnight, so DateTo includes its own day); `contains` escapes the
 * LIKE wildcards of the text.
 */
export function filterValue(filter: AdminFilter, raw: string | number | boolean): unknown {
  if (filter.op === "contains") return `%${String(raw).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (filter.type === "datetime" && (filter.op === "from" || filter.op === "to")) {
    const start = isoDateMs(String(raw));
    return filter.op === "from" ? start : start + DAY_MS;
  }
  if (filter.type === "date" && filter.op === "to") {
    // Text dates compare as text: "< the next day" keeps the bound inclusive.
    return new Date(isoDateMs(String(raw)) + DAY_MS).toISOString().slice(0, 10);
  }
  return encodeAdminValue(filter.type, raw);
}
