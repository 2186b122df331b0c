/**
 * The data calls of the dashboard editor (server/upstream/analytics/README.md): the sources the
 * builder may query (GET Data/Sources), a source's columns (GET Data/Sources/{recId}/Columns) and
 * ad-hoc queries (POST Data/Query) — the previews of the widgets being built, which may not be
 * stored yet. They need the builder's own right to read the data (TablesAndView, TableAndViews r);
 * a refusal shows as the widget's error state, never a blank page. Answers are checked before use:
 * a malformed one is an error of the call.
 */
import type {
  DataQuery,
  DataQueryResult,
  DataSourceColumns,
} from "../../../../schemas/payloads/data-query.ts";
import { apiRequest } from "../../../http/api-client.ts";
import { ApiError } from "../../../http/api-error.ts";
import { isDataQueryResult } from "../../../widgets/result-shape.ts";
import type { SourceColumn } from "./data-pick.ts";

/** A source of the picker's list. */
export interface DataSource {
  RecId: number;
  Type: string;
  Name: string;
  RowCount: number | null;
}

const malformed = (what: string) => new ApiError(502, null, `unexpected ${what} answer`);
const COLUMN_TYPES: readonly string[] = ["Number", "Text", "Date", "Boolean"];

/** The sources of an answer of GET Data/Sources (entries that are not are left out). */
export function sourcesOf(body: unknown): DataSource[] | null {
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return null;
  return items.filter(
    (item): item is DataSource =>
      typeof item === "object" &&
      item !== null &&
      Number.isInteger((item as DataSource).RecId) &&
      typeof (item as DataSource).Name === "string" &&
      typeof (item as DataSource).Type === "string",
  );
}

/** The columns of an answer of GET Data/Sources/{recId}/Columns, or null when it is not one. */
export function columnsOf(body: unknown): SourceColumn[] | null {
  const columns = (body as Partial<DataSourceColumns> | null)?.Columns;
  if (!Array.isArray(columns)) return null;
  const valid = columns.every(
    (column) => typeof column?.Name === "string" && COLUMN_TYPES.includes(String(column?.Type)),
  );
  return valid ? columns.map((column) => ({ Name: column.Name, Type: column.Type })) : null;
}

/** The sources the builder may query. */
export async function loadSources(signal: AbortSignal): Promise<DataSource[]> {
  const sources = sourcesOf(await apiRequest<unknown>("Data/Sources", { signal }));
  if (!sources) throw malformed("sources");
  return sources;
}

/** A source's columns. */
export async function loadColumns(recId: number, signal: AbortSignal): Promise<SourceColumn[]> {
  const columns = columnsOf(await apiRequest<unknown>(`Data/Sources/${recId}/Columns`, { signal }));
  if (!columns) throw malformed("columns");
  return columns;
}

/** Runs a query the builder composed. */
export async function runQuery(query: DataQuery, signal: AbortSignal): Promise<DataQueryResult> {
  const body = await apiRequest<unknown>("Data/Query", { method: "POST", body: query, signal });
  if (!isDataQueryResult(body)) throw malformed("query");
  return body;
}
