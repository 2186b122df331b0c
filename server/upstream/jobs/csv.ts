/**
 * CSV in and out (RFC 4180): imports read UTF-8 files separated by commas or semicolons (the
 * header decides), with quoted fields, doubled quotes and line breaks inside quotes; exports write
 * comma-separated UTF-8 with CRLF line ends. Text cells that a spreadsheet would run as a formula
 * (=, +, -, @ and control characters first) are written with a leading apostrophe.
 */

/** A parsed CSV: the header and the records, each with the line it starts on (1-based). */
export interface ParsedCsv {
  header: string[];
  records: { line: number; cells: string[] }[];
}

/** Why a file is not readable CSV. */
export class CsvError extends Error {}

/** Decodes UTF-8 (an optional BOM is dropped); CsvError when the bytes are not UTF-8 text. */
export function decodeUtf8(data: Buffer): string {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(data);
    if (text.includes("\u0000")) throw new CsvError("The file is binary, not text.");
    return text.startsWith("\uFEFF") ? text.slice(1) : text;
  } catch (error) {
    if (error instanceof CsvError) throw error;
    throw new CsvError("The file is not UTF-8 text.");
  }
}

/** The separator of a file: a semicolon when the first line has semicolons and no commas. */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
}

/** Parses CSV text; blank lines are skipped. CsvError on an unterminated quote or an empty header. */
export function parseCsv(text: string): ParsedCsv {
  const separator = separatorOf(text);
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let touched = false;
  const endRow = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell !== "") rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
    touched = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === '"' && cell === "") {
      quoted = true;
      touched = true;
    } else if (char === separator) {
      cells.push(cell);
      cell = "";
      touched = true;
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (quoted) throw new CsvError(`Line ${rowLine}: a quoted field is not closed.`);
  endRow();
  const [header, ...records] = rows;
  if (!header || header.cells.every((name) => name.trim() === ""))
    throw new CsvError("The file has no header row.");
  return { header: header.cells.map((name) => name.trim()), records };
}

/** One CSV cell as written by exports. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text =
    typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text of a header and rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
