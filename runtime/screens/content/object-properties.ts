/**
 * The properties panel as data: each top-level field of an object's definition becomes a row shown
 * as text, a byte size, formatted JSON, or an image when it holds a base64 PNG or JPEG (the
 * dashboard thumbnails of §3 and §4.3 are base64 PNGs).
 */

/** One row of the properties panel. */
export type PropertyRow =
  | { key: string; kind: "text"; value: string }
  | { key: string; kind: "bytes"; value: number }
  | { key: string; kind: "json"; value: string }
  | { key: string; kind: "image"; src: string }
  | { key: string; kind: "empty" };

/** Base64 image signatures: PNG and JPEG. */
const IMAGE_PREFIXES = [
  { prefix: "iVBORw0KGgo", type: "image/png" },
  { prefix: "/9j/", type: "image/jpeg" },
] as const;

/** A data: URL when `value` is a base64 PNG or JPEG, else null. */
export function base64Image(value: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return null;
  const match = IMAGE_PREFIXES.find((image) => value.startsWith(image.prefix));
  return match ? `data:${match.type};base64,${value}` : null;
}

/** Fields holding a size in bytes (media objects carry `Size`). */
const BYTE_FIELDS = new Set(["Size", "SizeBytes"]);

/** The rows of a definition, in its own field order. */
export function propertyRows(properties: Record<string, unknown> | null | undefined): PropertyRow[] {
  return Object.entries(properties ?? {}).map(([key, value]): PropertyRow => {
    if (value === null || value === undefined || value === "") return { key, kind: "empty" };
    if (typeof value === "number" && BYTE_FIELDS.has(key)) return { key, kind: "bytes", value };
    if (typeof value === "string") {
      const src = base64Image(value);
      return src ? { key, kind: "image", src } : { key, kind: "text", value };
    }
    if (typeof value === "number" || typeof value === "boolean")
      return { key, kind: "text", value: String(value) };
    return { key, kind: "json", value: JSON.stringify(value, null, 2) };
  });
}

/** True when a media object may be previewed inline as an image. */
export function isImageMedia(properties: Record<string, unknown> | null | undefined): boolean {
  const type = properties?.ContentType;
  return typeof type === "string" && /^image\/(png|jpeg|gif|webp)$/i.test(type);
}
