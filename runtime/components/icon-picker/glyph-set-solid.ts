/**
 * The Font Awesome Free solid glyphs, one chunk per glyph (esbuild splits the template import file by
 * file). This module holds the chunk map; it is itself loaded only when the first solid glyph is
 * drawn (icon-glyphs.ts), so the map stays out of the screens' chunks.
 */

/** The glyph module faKey.js of the solid set (rejects when there is none). */
export function loadGlyphModule(key: string): Promise<unknown> {
  return import(`../../../node_modules/@fortawesome/free-solid-svg-icons/fa${key}.js`);
}
