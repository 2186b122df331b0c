/**
 * The glyphs of the kit's icons: Font Awesome Free (@fortawesome/free-*-svg-icons, icons CC BY 4.0,
 * code MIT), whose kebab-case names are the ones the manifests use (§3 option icons, menus,
 * notification sources). Each glyph is its own lazily loaded chunk (glyph-set-*.ts), so the
 * initial bundle carries none and a page downloads only the glyphs it shows. The §9 weights map onto the free sets: solid, regular and brands exist; light and
 * duo-tone are Pro-only and are drawn with the regular glyph, else the solid one.
 */
import type { IconWeight } from "./icon-filter.ts";

/** A loaded glyph: its view box and path data (two paths for a duotone glyph). */
export interface Glyph {
  width: number;
  height: number;
  paths: readonly string[];
}

type FreeSet = "solid" | "regular" | "brands";
type GlyphModule = { definition?: { icon?: [number, number, unknown, unknown, string | string[]] } };

// Each set's chunk map is a module of its own, loaded with the set's first glyph.
const SET_LOADERS: Record<FreeSet, () => Promise<{ loadGlyphModule: (key: string) => Promise<unknown> }>> = {
  solid: () => import("./glyph-set-solid.ts"),
  regular: () => import("./glyph-set-regular.ts"),
  brands: () => import("./glyph-set-brands.ts"),
};

/** The free sets to try for a §9 weight, in order. */
export const WEIGHT_SETS: Record<IconWeight, readonly FreeSet[]> = {
  solid: ["solid"],
  regular: ["regular", "solid"],
  light: ["regular", "solid"],
  "duo-tone": ["regular", "solid"],
  brands: ["brands"],
};

/** A kebab-case icon name (letters, digits, single hyphens), e.g. calendar-days. */
const ICON_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The module key of `name`: calendar-days → CalendarDays (the file is faCalendarDays.js); null when invalid. */
export function glyphKey(name: string): string | null {
  if (!ICON_NAME.test(name)) return null;
  return name
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}

const cache = new Map<string, Promise<Glyph | null>>();

async function fromSets(key: string, sets: readonly FreeSet[]): Promise<Glyph | null> {
  for (const set of sets) {
    try {
      const { loadGlyphModule } = await SET_LOADERS[set]();
      // The glyph files are CommonJS: bundled as ES modules their exports are the default export.
      const loaded = (await loadGlyphModule(key)) as GlyphModule & { default?: GlyphModule };
      const icon = (loaded.default ?? loaded).definition?.icon;
      if (!icon) continue;
      const [width, height, , , data] = icon;
      return { width, height, paths: Array.isArray(data) ? data : [data] };
    } catch {
      // Not in this set (no such chunk): try the next one.
    }
  }
  return null;
}

/** Loads the glyph of `name` in `weight` (once per page); null when the free sets have no such icon. */
export function loadGlyph(name: string, weight: IconWeight): Promise<Glyph | null> {
  const id = `${weight}:${name}`;
  let pending = cache.get(id);
  if (!pending) {
    const key = glyphKey(name);
    pending = key ? fromSets(key, WEIGHT_SETS[weight]) : Promise.resolve(null);
    cache.set(id, pending);
  }
  return pending;
}
