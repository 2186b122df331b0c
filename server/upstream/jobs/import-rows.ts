/**
 * Row-by-row validation of import files (./imports-routes.ts): users (Email, FullName, Role?,
 * Language?), teams (Team, MemberEmail? — one row per member) and data rows (the table's columns, or
 * for an empty table the header defines them, typed from the values). Every problem is reported with
 * its line; one bad row fails the whole file — nothing of it is applied.
 */
import { isSingleLineText } from "../../../schemas/text-rules.ts";
import type { DataColumn, DataColumnType, DataValue } from "../store/types/data-tables.ts";
import type { ParsedCsv } from "./csv.ts";

/** Most rows one import file may hold. */
export const MAX_IMPORT_ROWS = { User: 1_000, Team: 5_000, BackgroundData: 50_000 } as const;
/** Most rows a data table may hold. */
export const MAX_TABLE_ROWS = 100_000;
/** Most columns a data table may have. */
export const MAX_TABLE_COLUMNS = 100;
/** The interface languages of §9. */
export const LANGUAGES = ["en", "de", "es", "fr", "nl", "pt", "it"] as const;

/** Validated rows, or the problems found (each naming its line). */
export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

const EMAIL = /^[^\s@"<>()[\],;:\\]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Maps each expected column (case-insensitive) to its index; problems for unknown or missing ones. */
export function headerIndex(
  header: readonly string[],
  required: readonly string[],
  optional: readonly string[],
): Checked<Record<string, number>> {
  const known = [...required, ...optional];
  const index: Record<string, number> = {};
  const problems: string[] = [];
  header.forEach((name, position) => {
    const column = known.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    if (!column) problems.push(`Line 1: unknown column «${name}» (expected ${known.join(", ")}).`);
    else if (column in index) problems.push(`Line 1: column «${column}» appears twice.`);
    else index[column] = position;
  });
  for (const column of required)
    if (!(column in index)) problems.push(`Line 1: the column «${column}» is missing.`);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: index };
}

/** Common row checks: the row count and each record's cell count. */
export function checkShape(csv: ParsedCsv, maxRows: number): string[] {
  if (csv.records.length === 0) return ["The file has no rows under its header."];
  if (csv.records.length > maxRows)
    return [`The file has ${csv.records.length} rows; at most ${maxRows} are imported at once.`];
  return csv.records
    .filter((record) => record.cells.length !== csv.header.length)
    .map((record) => `Line ${record.line}: ${record.cells.length} values for ${csv.header.length} columns.`);
}

/** Whether the text is an e-mail address an account user may have. */
export function isEmail(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text);
}

/** A person's or team's name: trimmed, 1–max characters, the single-line text rule (schemas/text-rules.ts). */
export function cleanName(text: string, max: number): string | undefined {
  const trimmed = text.trim();
  return trimmed === "" || trimmed.length > max || !isSingleLineText(trimmed) ? undefined : trimmed;
}

function parseCell(text: string, type: DataColumnType): DataValue | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (type === "Number")
    return NUMBER.test(trimmed) && Number.isFinite(Number(trimmed)) ? Number(trimmed) : undefined;
  if (type === "Boolean") {
    const lower = trimmed.toLowerCase();
    return lower === "true" ? true : lower === "false" ? false : undefined;
  }
  if (type === "Date") return DATE.test(trimmed) && !Number.isNaN(Date.parse(trimmed)) ? trimmed : undefined;
  return text;
}

/** The narrowest type every non-empty value of a column fits. */
function inferType(values: readonly string[]): DataColumnType {
  const filled = values.filter((value) => value.trim() !== "");
  for (const type of ["Number", "Boolean", "Date"] as const) {
    if (filled.length > 0 && filled.every((value) => parseCell(value, type) !== undefined)) return type;
  }
  return "Text";
}

/** Data rows for a table with `columns` ([] defines them from the header). */
export function checkDataRows(
  csv: ParsedCsv,
  columns: readonly DataColumn[],
  rowsInTable: number,
): Checked<{ columns: DataColumn[]; defineColumns: boolean; rows: DataValue[][] }> {
  const shape = checkShape(csv, MAX_IMPORT_ROWS.BackgroundData);
  if (shape.length > 0) return { ok: false, problems: shape };
  if (rowsInTable + csv.records.length > MAX_TABLE_ROWS) {
    return {
      ok: false,
      problems: [`A data table holds at most ${MAX_TABLE_ROWS} rows; it has ${rowsInTable}.`],
    };
  }
  const defineColumns = columns.length === 0;
  let target: DataColumn[] = [...columns];
  if (defineColumns) {
    const names = csv.header.map((name) => cleanName(name, 64));
    const problems = names.flatMap((name, index) =>
      name === undefined
        ? [`Line 1: column ${index + 1} needs a name of 1–64 characters.`]
        : names.findIndex((other) => other?.toLowerCase() === name.toLowerCase()) !== index
          ? [`Line 1: column «${name}» appears twice.`]
          : [],
    );
    if (names.length > MAX_TABLE_COLUMNS) problems.push(`Line 1: at most ${MAX_TABLE_COLUMNS} columns.`);
    if (problems.length > 0) return { ok: false, problems };
    target = (names as string[]).map((name, index) => ({
      name,
      type: inferType(csv.records.map((record) => record.cells[index] ?? "")),
    }));
  }
  const header = headerIndex(
    csv.header,
    target.map((column) => column.name),
    [],
  );
  if (!header.ok) return header;
  const problems: string[] = [];
  const rows = csv.records.map((record) =>
    target.map((column) => {
      const text = record.cells[header.value[column.name] as number] ?? "";
      const value = parseCell(text, column.type);
      if (value === undefined)
        problems.push(
          `Line ${record.line}: «${text}» is not a ${column.type.toLowerCase()} (column ${column.name}).`,
        );
      return value ?? null;
    }),
  );
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, value: { columns: target, defineColumns, rows } };
}
