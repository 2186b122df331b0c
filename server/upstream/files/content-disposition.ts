/**
 * Content-Disposition for downloads: an ASCII fallback name plus the RFC 5987 UTF-8 name. Path
 * separators, control characters and quotes never reach the header.
 */

/** Whether a character is a C0 control character or DEL. */
export function isControlCharacter(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/** A file name reduced to its last segment, without control characters or quotes; empty when nothing is left. */
export function safeFileName(name: string): string {
  const lastSegment = name.split(/[\\/]/).pop() ?? "";
  const cleaned = [...lastSegment].filter((char) => char !== '"' && !isControlCharacter(char)).join("");
  return cleaned.trim().replace(/^\.+$/, "");
}

/** The header value for `attachment` or `inline`. */
export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  const safe = safeFileName(name) || "download";
  const ascii = safe.replace(/[^\x20-\x7e]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
