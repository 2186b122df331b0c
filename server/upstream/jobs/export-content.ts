/**
 * What an export file holds (§2.5 Exports): a data table's rows (the sample rows the upstream keeps
 * for it, plus what imports appended), or, for every other object, its definition. CSV has a header
 * row; JSON is one document. The file is named after the object.
 */
import type { UpstreamContext } from "../context.ts";
import type { ObjectRecord } from "../store/records-content.ts";
import type { DataValue } from "../store/types/data-tables.ts";
import type { ExportFormat } from "../store/types/exports.ts";
import { toCsv } from "./csv.ts";

/** Most rows one export writes. */
export const MAX_EXPORT_ROWS = 100_000;
const PAGE_ROWS = 5_000;

/** A finished export file. */
export interface ExportFile {
  name: string;
  contentType: string;
  data: Buffer;
  rowCount: number;
}

/** The file name of an export: the object's name, made a safe single path segment, and the format. */
export function exportFileName(objectName: string, format: ExportFormat): string {
  const base = [...objectName]
    .map((char) => (/[\\/:*?"<>|]/.test(char) || char.charCodeAt(0) < 32 ? "_" : char))
    .join("")
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .slice(0, 200);
  return `${base || "export"}.${format}`;
}

/** Properties as dotted paths and values (arrays and nested lists stay JSON). */
function flatten(value: Record<string, unknown>, prefix = ""): [string, unknown][] {
  return Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? flatten(inner as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, inner] as [string, unknown]],
  );
}

async function tableRows(context: UpstreamContext, object: ObjectRecord): Promise<DataValue[][]> {
  const rows: DataValue[][] = [];
  while (rows.length < MAX_EXPORT_ROWS) {
    const page = await context.store.jobs.dataTables.rows(
      object.accountId,
      object.recId,
      rows.length,
      PAGE_ROWS,
    );
    rows.push(...page.slice(0, MAX_EXPORT_ROWS - rows.length));
    if (page.length < PAGE_ROWS) break;
    // Large tables: let requests in between pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return rows;
}

/** Serialises the object in the format. */
export async function buildExportFile(
  context: UpstreamContext,
  object: ObjectRecord,
  format: ExportFormat,
): Promise<ExportFile> {
  const name = exportFileName(object.name, format);
  const table =
    object.type === "DataTable"
      ? await context.store.jobs.dataTables.describe(object.accountId, object.recId)
      : undefined;
  if (table) {
    const rows = await tableRows(context, object);
    const names = table.columns.map((column) => column.name);
    const text =
      format === "csv"
        ? names.length === 0
          ? ""
          : toCsv(names, rows)
        : JSON.stringify(
            {
              Name: object.name,
              Type: object.type,
              Columns: table.columns.map((column) => ({ Name: column.name, Type: column.type })),
              Rows: rows.map((row) =>
                Object.fromEntries(names.map((column, index) => [column, row[index] ?? null])),
              ),
            },
            null,
            2,
          );
    return { name, ...encoded(text, format), rowCount: rows.length };
  }
  const definition = {
    RecId: object.recId,
    UID: object.uid,
    Type: object.type,
    Name: object.name,
    CreatedAt: new Date(object.createdAt).toISOString(),
    ModifiedAt: new Date(object.modifiedAt).toISOString(),
    Properties: object.properties,
  };
  const text =
    format === "csv"
      ? toCsv(
          ["Property", "Value"],
          [
            ["RecId", object.recId],
            ["Type", object.type],
            ["Name", object.name],
            ...flatten(object.properties, "Properties."),
          ],
        )
      : JSON.stringify(definition, null, 2);
  return { name, ...encoded(text, format), rowCount: 0 };
}

function encoded(text: string, format: ExportFormat) {
  return {
    contentType: format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
    data: Buffer.from(text, "utf8"),
  };
}
