/**
 * A widget's data and picture as files: the result rows as CSV (RFC 4180: CRLF line ends, fields
 * with a comma, quote or line break quoted, quotes doubled; UTF-8 without a byte order mark) and a
 * chart's picture as PNG, each named after the widget's title.
 */
import type { DataQueryResult } from "../../schemas/payloads/data-query.ts";
import type { Cell } from "./result-shape.ts";

/** Characters a spreadsheet reads as the start of a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters no file name may hold on the common systems, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const FILE_NAME_UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;
/** Longest file name stem, leaving room for the extension within every system's 255. */
export const MAX_FILE_STEM_LENGTH = 100;

/** One CSV field (RFC 4180 §2.6–2.7); text that would start a formula is prefixed with a quote. */
export function csvField(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return "";
  let text = String(cell);
  if (typeof cell === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV of a result: a header line of the column names, then one line per row, CRLF after each. */
export function resultCsv(result: Pick<DataQueryResult, "Columns" | "Rows">): string {
  const lines = [result.Columns.map((column) => csvField(column.Name))];
  for (const row of result.Rows) lines.push(row.map(csvField));
  return lines.map((fields) => `${fields.join(",")}\r\n`).join("");
}

/**
 * A file name from a widget's title: unsafe characters and runs of spaces become one space, leading
 * and trailing dots and spaces go, at most MAX_FILE_STEM_LENGTH characters (never cutting a
 * surrogate pair), `fallback` when nothing is left; then the extension.
 */
export function exportFileName(title: string, extension: "csv" | "png", fallback: string): string {
  const cleaned = title
    .normalize("NFC")
    .replace(FILE_NAME_UNSAFE, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  const stem = Array.from(cleaned).slice(0, MAX_FILE_STEM_LENGTH).join("").trim() || fallback;
  return `${stem}.${extension}`;
}

/** Saves `blob` as `name` through a temporary link (the browser's download). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // After the click's task: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves the result as CSV. */
export function saveCsv(result: Pick<DataQueryResult, "Columns" | "Rows">, name: string): void {
  saveFile(new Blob([resultCsv(result)], { type: "text/csv;charset=utf-8" }), name);
}

/** Saves a `data:image/png;base64,…` URL as a PNG file. */
export function savePng(dataUrl: string, name: string): void {
  const comma = dataUrl.indexOf(",");
  if (!dataUrl.startsWith("data:image/png;base64,") || comma < 0) return;
  const bytes = Uint8Array.from(atob(dataUrl.slice(comma + 1)), (char) => char.charCodeAt(0));
  saveFile(new Blob([bytes], { type: "image/png" }), name);
}
