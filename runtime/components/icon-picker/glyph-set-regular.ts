/**
 * The Font Awesome Free regular glyphs, one chunk per glyph (esbuild splits the template import file by
 * file). This module holds the chunk map; it is itself loaded only when the first regular glyph is
 * drawn (icon-glyphs.ts), so the map stays out of the screens' chunks.
 */

/** The glyph module faKey.js of the regular set (rejects when there is none). */
export function loadGlyphModule(key: string): Promise<unknown> {
  return import(`../../../node_modules/@fortawesome/free-regular-svg-icons/fa${key}.js`);
}
