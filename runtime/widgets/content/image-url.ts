/**
 * Which picture an image widget may show: an https:// address, or a path on this origin
 * (`/media/…`); anything else — http, data:, javascript:, protocol-relative `//host` — shows nothing,
 * so a stored definition cannot make a viewer's browser load from where it chooses in clear text
 * or run script.
 */

/** The URL an image widget loads, or null when `url` is not allowed. */
export function imageSource(url: unknown, origin: string): string | null {
  if (typeof url !== "string") return null;
  const text = url.trim();
  if (text === "") return null;
  // A backslash is a slash to URL parsers: "/\host" would leave the origin.
  if (text.includes("\\")) return null;
  if (text.startsWith("/")) {
    if (text.startsWith("//")) return null;
    try {
      const resolved = new URL(text, origin);
      return resolved.origin === origin ? `${resolved.pathname}${resolved.search}` : null;
    } catch {
      return null;
    }
  }
  try {
    const resolved = new URL(text);
    return resolved.protocol === "https:" && resolved.username === "" && resolved.password === ""
      ? resolved.href
      : null;
  } catch {
    return null;
  }
}
