/**
 * The colour picker's recent colours (SPEC §3 client preferences, §9): at most RECENT_COLOURS_MAX, most
 * recent first, without duplicates. Colours are compared in one canonical form (#rrggbb, lower case).
 */
import { RECENT_COLOURS_MAX } from "../../state/constants.ts";

/** The canonical form of a hex colour (#rgb, #rrggbb, with or without #), or null when it is not one. */
export function normalizeColour(input: string): string | null {
  const hex = input.trim().replace(/^#/, "").toLowerCase();
  if (/^[0-9a-f]{3}$/.test(hex)) {
    return `#${[...hex].map((digit) => digit + digit).join("")}`;
  }
  return /^[0-9a-f]{6}$/.test(hex) ? `#${hex}` : null;
}

/** The recent colours after `colour` was used: it moves to the front, older duplicates and the overflow go. */
export function addRecentColour(
  recent: readonly string[],
  colour: string,
  max: number = RECENT_COLOURS_MAX,
): string[] {
  const used = normalizeColour(colour);
  const known = recent.map(normalizeColour).filter((c): c is string => c !== null);
  const list = used ? [used, ...known.filter((c) => c !== used)] : known;
  return [...new Set(list)].slice(0, max);
}
