/**
 * The call a custom action makes (schemas/screens.ts): its endpoint with the row's `{Field}` values,
 * the input fields as the JSON body plus `ids` for bulk scope, the list's search, sort and filters as
 * query string for screen scope, and what follows success (refresh, download, table). Also reads the
 * `table` result and the file name of a `download` result. Pure.
 */
import type { ScreenCustomAction } from "../../../schemas/screens.ts";
import { fillTemplate, type Row, withListQuery } from "./list-request.ts";
import type { ListState } from "./list-url.ts";

/** What follows a successful call. */
export type ActionResult = "refresh" | "download" | "table";

/** One call of the upstream. */
export interface ActionRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: Record<string, unknown>;
  result: ActionResult;
}

/** What an action runs on. */
export interface ActionTarget {
  /** The row of a row-scope action. */
  row?: Row | null;
  /** The selected rowKeys of a bulk action. */
  ids?: ReadonlyArray<string | number>;
  /** The values of the action's input fields. */
  values?: Readonly<Record<string, unknown>>;
  /** The list state, whose query a screen-scope call carries. */
  state: ListState;
}

/** The call of `action` on `target`, or null when it makes none (navigateTo) or a field is missing. */
export function actionRequest(action: ScreenCustomAction, target: ActionTarget): ActionRequest | null {
  if (!action.endpoint || !action.method) return null;
  const filled = fillTemplate(action.endpoint, target.row ?? {});
  if (filled === null) return null;
  const path = action.scope === "screen" ? withListQuery(filled, target.state) : filled;
  const request: ActionRequest = { method: action.method, path, result: action.result ?? "refresh" };
  if (action.method === "GET") return request;
  const body: Record<string, unknown> = { ...(target.values ?? {}) };
  if (action.scope === "bulk") body.ids = [...(target.ids ?? [])];
  if (Object.keys(body).length > 0) request.body = body;
  return request;
}

/** A read-only grid returned by an action with result `table`. */
export interface TableResult {
  columns: string[];
  rows: unknown[][];
  /** The upstream cut the rows short. */
  truncated: boolean;
}

/** Reads `{ columns: [name…], rows: [[value…]…] }`; null when the answer has another shape. */
export function tableResultFrom(response: unknown): TableResult | null {
  if (response === null || typeof response !== "object") return null;
  const { columns, rows, Truncated } = response as { columns?: unknown; rows?: unknown; Truncated?: unknown };
  if (!Array.isArray(columns) || !Array.isArray(rows)) return null;
  return {
    columns: columns.map((column) => String(column)),
    rows: rows.filter((row): row is unknown[] => Array.isArray(row)),
    truncated: Truncated === true,
  };
}

/** A table value as text: null as empty, objects as JSON. */
export function tableValueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value) ?? "";
  return String(value);
}

/** Characters never kept in a downloaded file's name (path separators, controls, reserved). */
const UNSAFE_NAME = /[\\/:*?"<>|\p{Cc}]/gu;

function cleanName(name: string): string | null {
  const cleaned = name.replace(UNSAFE_NAME, "_").trim().replace(/^\.+/, "");
  return cleaned === "" ? null : cleaned;
}

/**
 * The file name of a Content-Disposition header (RFC 6266: `filename*=UTF-8''…` preferred over
 * `filename="…"`), made safe to save; null when there is none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return cleanName(decodeURIComponent(extended[2].trim()));
    } catch {
      // Badly encoded: try the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2]?.trim();
  return value ? cleanName(value) : null;
}
