/**
 * The file upload rules of SPEC §5 as pure functions over plain file descriptions, so they run in
 * node:test without a DOM: maximum total size (MaxSizeExceeded with the size formatted in bytes),
 * allowed extensions compared case-insensitively on the last part of the name (WrongFileType),
 * image-only, sanitised names, and only the first file unless multiple files are allowed.
 */

/** What the rules need to know of a picked or dropped file (a browser File satisfies it). */
export interface FileLike {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/** The rules of one upload control. */
export interface FileRules {
  /** Maximum total size of the selection, in bytes. */
  maxBytes?: number;
  /** Allowed extensions without the dot, e.g. ["csv", "xlsx"]; compared case-insensitively. */
  extensions?: readonly string[];
  /** Accept only files whose type starts with image/. */
  imageOnly?: boolean;
  /** Accept several files; otherwise only the first one is taken. */
  multiple?: boolean;
}

/** A file that passed the rules, with the sanitised name to use for it. */
export interface AcceptedFile<F extends FileLike> {
  file: F;
  name: string;
}

/** Outcome of a selection: the files to use, or why there are none. */
export type FileSelection<F extends FileLike> =
  | { ok: true; files: AcceptedFile<F>[] }
  | { ok: false; reason: "empty" }
  | { ok: false; reason: "MaxSizeExceeded"; maxBytes: number; totalBytes: number }
  | { ok: false; reason: "WrongFileType"; fileName: string };

/** Longest sanitised file name, in characters (common file-system limit, extension kept). */
export const FILE_NAME_MAX_LENGTH = 255;
const FALLBACK_FILE_NAME = "file";
const UNITS = ["B", "KB", "MB", "GB"] as const;
const KILO = 1024;

/** Formats a size in bytes as B, KB, MB or GB (binary multiples, as the 2 MB chat limit of §9 is 2097152 bytes)
 * with the locale's number format: 1.5 MB in English, 1,5 MB in German. */
export function formatBytes(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= KILO && unit < UNITS.length - 1) {
    value /= KILO;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** The lower-cased last part of a file name after its final dot, or "" when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot <= 0 || dot === name.length - 1 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Whether the file passes the extension list and the image-only option. */
export function isAcceptedType(file: FileLike, rules: FileRules): boolean {
  if (rules.imageOnly && !file.type.toLowerCase().startsWith("image/")) return false;
  if (rules.extensions && rules.extensions.length > 0) {
    const extension = fileExtension(file.name);
    return rules.extensions.some((allowed) => allowed.replace(/^\./, "").toLowerCase() === extension);
  }
  return true;
}

/**
 * A safe file name: no path parts (either slash), no control or reserved characters, no leading dots or
 * spaces, no trailing dots or spaces, at most FILE_NAME_MAX_LENGTH characters with the extension kept.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  let clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(/[<>:"|?*]/g, "_")
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "");
  if (clean.length > FILE_NAME_MAX_LENGTH) {
    const extension = fileExtension(clean);
    const suffix = extension && extension.length < 16 ? `.${extension}` : "";
    clean = clean.slice(0, FILE_NAME_MAX_LENGTH - suffix.length) + suffix;
  }
  return clean === "" ? FALLBACK_FILE_NAME : clean;
}

/** Applies the §5 rules to a selection, in order: first file unless multiple, type, total size. */
export function selectFiles<F extends FileLike>(files: readonly F[], rules: FileRules): FileSelection<F> {
  const taken = rules.multiple ? files : files.slice(0, 1);
  if (taken.length === 0) return { ok: false, reason: "empty" };
  const wrong = taken.find((file) => !isAcceptedType(file, rules));
  if (wrong) return { ok: false, reason: "WrongFileType", fileName: sanitizeFileName(wrong.name) };
  const totalBytes = taken.reduce((sum, file) => sum + file.size, 0);
  if (rules.maxBytes !== undefined && totalBytes > rules.maxBytes) {
    return { ok: false, reason: "MaxSizeExceeded", maxBytes: rules.maxBytes, totalBytes };
  }
  return { ok: true, files: taken.map((file) => ({ file, name: sanitizeFileName(file.name) })) };
}

/** The value of an input's accept attribute for the rules (a hint for the picker; the rules still decide). */
export function acceptAttribute(rules: FileRules): string | undefined {
  if (rules.extensions && rules.extensions.length > 0) {
    return rules.extensions.map((extension) => `.${extension.replace(/^\./, "").toLowerCase()}`).join(",");
  }
  return rules.imageOnly ? "image/*" : undefined;
}
