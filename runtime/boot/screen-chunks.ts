/**
 * index.html's data block of screen chunks: scripts/build.ts writes, per screen kind, the chunks
 * its lazy module needs beyond the entry's, so the boot can modulepreload them all at once for the
 * first route (first-route.ts) instead of discovering them one import level at a time.
 */

/** Id of index.html's data block listing each screen kind's chunks (scripts/build.ts). */
export const SCREEN_CHUNKS_ELEMENT_ID = "tessera-screen-chunks";
/** Where the build puts the chunks; a data block naming anything else is ignored. */
const ASSETS_PATH = "/assets/";
const CHUNK_FILE = /^[A-Za-z0-9_/-]+\.js$/;

/**
 * The URLs of `kind`'s chunks from the data block `text` ({ files, screens: { kind: [index…] } }),
 * or none when the block is absent or not of that shape (a page built without it still works:
 * the chunks then load one after the other).
 */
export function screenChunkUrls(text: string | null | undefined, kind: string): string[] {
  if (!text) return [];
  let block: unknown;
  try {
    block = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof block !== "object" || block === null) return [];
  const { files, screens } = block as { files?: unknown; screens?: unknown };
  if (!Array.isArray(files) || typeof screens !== "object" || screens === null) return [];
  const indexes: unknown = Object.hasOwn(screens, kind) ? (screens as Record<string, unknown>)[kind] : null;
  if (!Array.isArray(indexes)) return [];
  const urls: string[] = [];
  for (const index of indexes) {
    const file: unknown = typeof index === "number" ? files[index] : undefined;
    if (typeof file === "string" && CHUNK_FILE.test(file) && !file.includes("..")) {
      urls.push(`${ASSETS_PATH}${file}`);
    }
  }
  return urls;
}
