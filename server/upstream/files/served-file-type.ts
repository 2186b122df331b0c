/**
 * What a stored, user-supplied file is served as: its Content-Type and Content-Disposition are
 * derived from its bytes, never from the type the uploader claimed. The gateway relays these files
 * on the product's own origin (/api/ and /webservices/, DESIGN.md §4), whose strict policy allows
 * `script-src 'self'`: a file served as text/html or a script type would be a same-origin page or a
 * script the product's pages may run. So:
 *
 * - PNG, JPEG, GIF and WebP, recognised by their signatures, are served as such and inline: the
 *   product shows them in chat, comments and the file viewer, and a raster image cannot run script.
 * - PDF, recognised by its signature, is served as application/pdf but always as an attachment.
 * - Everything else — SVG included, which can carry script, and HTML and JavaScript whatever they
 *   were called — is application/octet-stream, as an attachment.
 *
 * The only exception is a file the upstream produced itself (an export, §7 {webservices}/File):
 * its own type passes when it is one of the data types the exports write, still as an attachment.
 */
import { contentDisposition } from "./content-disposition.ts";

/** How many leading bytes the decision reads (the WebP signature ends at byte 12). */
export const SIGNATURE_BYTES = 16;

/** The type of anything not recognised: the browser can only save it. */
export const OPAQUE_TYPE = "application/octet-stream";

/** The raster image types served inline. */
export const INLINE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** Types the upstream writes for files it produced itself (the exports of jobs/export-content.ts). */
export const GENERATED_TYPES = ["text/csv; charset=utf-8", "application/json; charset=utf-8"] as const;

/**
 * The policy sent with every served file: nothing loads and the document is sandboxed, so even a
 * file a browser did render could not run script or reach the origin. Inline styles stay allowed
 * for the browsers' own image viewer page.
 */
export const SERVED_FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Whether `head` starts with `bytes` at `at`. */
function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);
}

/** The image or PDF type `head` (a file's first bytes) is by its signature, or null when none. */
export function signatureType(head: Uint8Array): string | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  // GIF87a / GIF89a.
  if (
    startsWith(head, [0x47, 0x49, 0x46, 0x38]) &&
    (head[4] === 0x37 || head[4] === 0x39) &&
    head[5] === 0x61
  )
    return "image/gif";
  // RIFF....WEBP.
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  return null;
}

/** The raster image type `head` is by its signature (PNG, JPEG, GIF, WebP), or null when none. */
export function rasterImageType(head: Uint8Array): string | null {
  const type = signatureType(head);
  return type !== null && (INLINE_IMAGE_TYPES as readonly string[]).includes(type) ? type : null;
}

/** How a stored file is served. */
export interface ServedFile {
  /** The Content-Type header. */
  contentType: string;
  /** Whether the browser may show it in place (raster images only) or must save it. */
  disposition: "inline" | "attachment";
  /** The Content-Disposition header, with the stored name as a safe RFC 6266 / RFC 5987 filename. */
  contentDisposition: string;
}

/** What the route knows besides the bytes and the stored name. */
export interface ServeOptions {
  /**
   * Whether the answer may be shown in place at all (default true). A route that offers an explicit
   * "download" (Media/{id}/Download without ?inline=true) passes false; raster images are then
   * attachments too.
   */
  allowInline?: boolean;
  /** The type the upstream itself gave a file it produced (never an uploader's claim). */
  generatedType?: string;
}

/** The type and disposition of a stored file: a function of its first bytes and its stored name only. */
export function servedFile(head: Uint8Array, storedName: string, options: ServeOptions = {}): ServedFile {
  const generated = options.generatedType?.toLowerCase();
  const known = signatureType(head);
  const contentType =
    generated !== undefined && (GENERATED_TYPES as readonly string[]).includes(generated)
      ? generated
      : (known ?? OPAQUE_TYPE);
  const inline =
    options.allowInline !== false && (INLINE_IMAGE_TYPES as readonly string[]).includes(contentType);
  const disposition = inline ? "inline" : "attachment";
  return { contentType, disposition, contentDisposition: contentDisposition(disposition, storedName) };
}
