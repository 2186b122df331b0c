/**
 * The icon picker's catalogue model and filter (SPEC §9): icons grouped in the ICON_PICKER_CATEGORIES,
 * each drawn in some of the ICON_WEIGHTS. The catalogue itself is supplied by the caller.
 */
import type { ConstantsManifest } from "../../../schemas/constants.ts";
import { ICON_PICKER_CATEGORIES } from "../../state/constants.ts";
import { foldText } from "../select/select-options.ts";

/** One of the §9 icon categories. */
export type IconCategory = ConstantsManifest["iconPickerCategories"][number];
/** One of the §9 icon weights. */
export type IconWeight = ConstantsManifest["iconWeights"][number];

/** An icon of the catalogue. */
export interface IconEntry {
  /** Icon name in kebab-case, e.g. chart-pie. */
  name: string;
  category: IconCategory;
  /** The weights the icon exists in. */
  weights: readonly IconWeight[];
  /** Extra search words. */
  keywords?: readonly string[];
}

/** A picked icon: its name and weight. */
export interface IconChoice {
  name: string;
  weight: IconWeight;
}

/** The filter the picker applies. */
export interface IconFilter {
  category?: IconCategory | null;
  weight: IconWeight;
  query?: string;
}

/** Whether `value` is one of the §9 categories. */
export function isIconCategory(value: unknown): value is IconCategory {
  return (ICON_PICKER_CATEGORIES as readonly unknown[]).includes(value);
}

/** The icons of the category (all when none) that exist in the weight and match the search. */
export function filterIcons(icons: readonly IconEntry[], filter: IconFilter): IconEntry[] {
  const needle = foldText(filter.query?.trim() ?? "");
  return icons.filter(
    (icon) =>
      (!filter.category || icon.category === filter.category) &&
      icon.weights.includes(filter.weight) &&
      (needle === "" ||
        foldText([icon.name.replace(/-/g, " "), ...(icon.keywords ?? [])].join(" ")).includes(needle)),
  );
}

/** How many icons of each category exist in the weight, in the §9 order (empty categories included). */
export function countByCategory(icons: readonly IconEntry[], weight: IconWeight): Map<IconCategory, number> {
  const counts = new Map<IconCategory, number>(
    ICON_PICKER_CATEGORIES.filter(isIconCategory).map((category) => [category, 0]),
  );
  for (const icon of icons) {
    if (icon.weights.includes(weight)) counts.set(icon.category, (counts.get(icon.category) ?? 0) + 1);
  }
  return counts;
}
