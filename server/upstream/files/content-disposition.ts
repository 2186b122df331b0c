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

/**
 * A name as an RFC 5987 ext-value (after `UTF-8''`): percent-encoded UTF-8 where only attr-chars
 * stay literal. encodeURIComponent leaves ' ( ) * alone, which attr-char does not allow (the quote
 * would end the charset part).
 */
export function rfc5987Value(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The header value for `attachment` or `inline` (RFC 6266): the quoted ASCII fallback without
 * non-ASCII characters or percent signs (some browsers decode them), then filename*. Quotes, control
 * characters and path separators are gone already (safeFileName).
 */
export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  const safe = safeFileName(name) || "download";
  const ascii = safe.replace(/[^\x20-\x7e]|%/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${rfc5987Value(safe)}`;
}
