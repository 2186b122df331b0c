/**
 * The palette of the dashboard editor from the widgets manifest: the kinds the product offers
 * (enabled, and drawn by a renderer this build ships), grouped by their category in a fixed order —
 * charts, tables, content, filters — each group in the manifest's order.
 */
import type { WidgetKind, WidgetsManifest } from "../../../../schemas/widgets.ts";

/** The palette's categories, in the order they are shown. */
export const PALETTE_CATEGORIES = ["chart", "table", "content", "filter"] as const;

/** One group of the palette. */
export interface PaletteGroup {
  category: (typeof PALETTE_CATEGORIES)[number];
  kinds: WidgetKind[];
}

/** The palette's groups; categories without an offered kind are left out. */
export function paletteGroups(
  manifest: WidgetsManifest,
  supports: (renderer: string) => boolean,
): PaletteGroup[] {
  const offered = manifest.kinds.filter((kind) => kind.enabled && supports(kind.renderer));
  return PALETTE_CATEGORIES.map((category) => ({
    category,
    kinds: offered.filter((kind) => kind.category === category),
  })).filter((group) => group.kinds.length > 0);
}
