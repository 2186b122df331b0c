/**
 * WCAG 2.2 colour contrast and the account branding rule (DESIGN.md: white-label accounts have
 * their own shell's colours). The upstream refuses a colour pair with it and the runtime shows the
 * same checks live, so the rule lives once, here.
 *
 * Contrast follows WCAG 2.2's definitions: "relative luminance" (sRGB channels linearised with the
 * 0.04045 threshold the definition uses since 2021) and "contrast ratio" (L1 + 0.05) / (L2 + 0.05),
 * lighter over darker, never rounded before comparing (Understanding SC 1.4.3: 4.499:1 fails).
 *
 * The branding rule — which pairs the account's two colours form on screen, and what each needs:
 *
 * - The primary colour fills the top menu bar in the light and the dark theme, with white text,
 *   icons and focus ring on it (runtime/theme/brand.css). The bar's title and menu labels are
 *   normal-size text, so white on the primary needs 4.5:1 (SC 1.4.3); the focus ring's 3:1
 *   (SC 1.4.11) follows.
 * - The accent colour is the theme's `--color-accent`: link and accent text on the page, the fill of
 *   primary buttons and selected items under white labels, focus rings and selection indicators.
 *   Text is among its uses, so it needs 4.5:1 (SC 1.4.3) rather than the 3:1 of SC 1.4.11. On the
 *   light theme it is shown exactly as chosen and measured on the page background #f5f6f8, the
 *   light surface it contrasts least with: white surfaces and white labels on it then pass too.
 * - No single colour reaches 4.5:1 on both the light and the dark surfaces (the light page needs a
 *   relative luminance of at most 0.166, the raised dark surface at least 0.266), so the dark theme
 *   shows the accent's dark-theme tone: the accent itself when it passes there, else the accent
 *   mixed towards white by the least step that reaches 4.5:1 on the raised dark surface #222733,
 *   the lightest dark surface (darker surfaces and the dark labels #0b1220 on it then pass too).
 *   Its check is listed with the tone and its ratio.
 * - The high-contrast theme keeps its own AAA colours: branding does not apply there.
 *
 * A colour left unset (null) is the product's own, which tokens.css already holds to these ratios.
 */

/** A colour as its 8-bit sRGB channels (0–255). */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** WCAG 2.2 AA for normal-size text (SC 1.4.3). */
export const AA_TEXT_RATIO = 4.5;

/**
 * The theme colours the rule measures against, as in runtime/theme/tokens.css (a test compares
 * them): the light page background, white (the bar's text, the light surfaces and labels), the
 * raised dark surface.
 */
export const BRAND_REFERENCE_COLOURS = {
  lightBackground: "#f5f6f8",
  white: "#ffffff",
  darkRaisedSurface: "#222733",
} as const;

/** `#rgb` or `#rrggbb` (either case) as channels; null for anything else. */
export function parseHexColour(text: string): Rgb | null {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(text);
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text);
  const parts = short ? short.slice(1).map((d) => d + d) : long ? long.slice(1) : null;
  if (!parts) return null;
  const [r, g, b] = parts.map((hex) => Number.parseInt(hex, 16)) as [number, number, number];
  return { r, g, b };
}

/** The colour as `#rrggbb`, lower case. */
export function hexOf({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

/** `#rgb` / `#rrggbb` in the stored form `#rrggbb` (lower case); null when it is not a hex colour. */
export function canonicalHexColour(text: string): string | null {
  const rgb = parseHexColour(text);
  return rgb ? hexOf(rgb) : null;
}

/** One 8-bit sRGB channel, linearised (WCAG 2.2 "relative luminance" note). */
function linear(channel: number): number {
  const srgb = channel / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.2 relative luminance: 0 for black, 1 for white. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.2 contrast ratio, 1 to 21, unrounded; the order of the two colours does not matter. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The ratio as shown: rounded down to two decimals, and never shown at or over `required` when the
 * exact ratio is under it (so 4.4999:1 reads 4.49:1, not 4.50:1).
 */
export function shownRatio(ratio: number, required: number): number {
  const floored = Math.floor(ratio * 100) / 100;
  return ratio < required && floored >= required ? required - 0.01 : floored;
}

/** `4.48:1`: a shown ratio with at most two decimals. */
export function formatRatio(ratio: number): string {
  return `${Number(ratio.toFixed(2))}:1`;
}

/** Which brand colour a check measures. */
export type BrandColourName = "primary" | "accent";

/** The pairs the rule checks (see the module comment). */
export type BrandPair = "primaryText" | "accentOnLight" | "accentOnDark";

/** One measured pair. */
export interface BrandCheck {
  pair: BrandPair;
  colour: BrandColourName;
  /** The theme the pair shows in. */
  theme: "light" | "dark" | "both";
  /** `#rrggbb`. */
  foreground: string;
  /** `#rrggbb`. */
  background: string;
  /** Rounded down to two decimals (shownRatio). */
  ratio: number;
  required: number;
  /** The WCAG 2.2 success criterion the requirement comes from. */
  criterion: "1.4.3";
  ok: boolean;
}

/** The verdict on a colour pair: every check, and whether all of them pass. */
export interface BrandVerdict {
  ok: boolean;
  checks: BrandCheck[];
  /** The accent the dark theme shows (`#rrggbb`), or null when the accent is the product's own. */
  darkAccent: string | null;
}

/** The account's colours, `#rgb` / `#rrggbb` or null for the product's own. */
export interface BrandColours {
  primary: string | null;
  accent: string | null;
}

function required(text: string): Rgb {
  const rgb = parseHexColour(text);
  if (!rgb) throw new TypeError(`Not a hex colour: ${JSON.stringify(text)}`);
  return rgb;
}

function check(
  pair: BrandPair,
  colour: BrandColourName,
  theme: BrandCheck["theme"],
  foreground: Rgb,
  background: Rgb,
): BrandCheck {
  const ratio = contrastRatio(foreground, background);
  return {
    pair,
    colour,
    theme,
    foreground: hexOf(foreground),
    background: hexOf(background),
    ratio: shownRatio(ratio, AA_TEXT_RATIO),
    required: AA_TEXT_RATIO,
    criterion: "1.4.3",
    ok: ratio >= AA_TEXT_RATIO,
  };
}

/** `colour` mixed towards white by step/255 of the way, channel by channel. */
function towardsWhite(colour: Rgb, step: number): Rgb {
  const mix = (channel: number) => Math.round(channel + ((255 - channel) * step) / 255);
  return { r: mix(colour.r), g: mix(colour.g), b: mix(colour.b) };
}

/**
 * The accent's dark-theme tone: the accent when it reaches 4.5:1 on the raised dark surface, else
 * the first of 255 steps towards white that does (each step is at least as light as the one before,
 * and white reaches 15.9:1, so the search always ends).
 */
export function darkThemeAccent(accent: string): string {
  const colour = required(accent);
  const surface = required(BRAND_REFERENCE_COLOURS.darkRaisedSurface);
  const passes = (step: number) => contrastRatio(towardsWhite(colour, step), surface) >= AA_TEXT_RATIO;
  let [low, high] = [0, 255];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (passes(middle)) high = middle;
    else low = middle + 1;
  }
  return hexOf(towardsWhite(colour, low));
}

/** The branding rule over the account's colours; an unset colour is not checked. */
export function brandVerdict(colours: BrandColours): BrandVerdict {
  const checks: BrandCheck[] = [];
  const white = required(BRAND_REFERENCE_COLOURS.white);
  let darkAccent: string | null = null;
  if (colours.primary !== null) {
    checks.push(check("primaryText", "primary", "both", white, required(colours.primary)));
  }
  if (colours.accent !== null) {
    const accent = required(colours.accent);
    checks.push(
      check("accentOnLight", "accent", "light", accent, required(BRAND_REFERENCE_COLOURS.lightBackground)),
    );
    darkAccent = darkThemeAccent(colours.accent);
    checks.push(
      check(
        "accentOnDark",
        "accent",
        "dark",
        required(darkAccent),
        required(BRAND_REFERENCE_COLOURS.darkRaisedSurface),
      ),
    );
  }
  return { ok: checks.every((c) => c.ok), checks, darkAccent };
}

const PAIR_WORDING: Record<BrandPair, (c: BrandCheck) => string> = {
  primaryText: (c) => `Primary colour ${c.background} with white text`,
  accentOnLight: (c) => `Accent colour ${c.foreground} on the light background ${c.background}`,
  accentOnDark: (c) => `Accent colour's dark-theme tone ${c.foreground} on ${c.background}`,
};

/**
 * The refusal of a failing check in English, for the upstream's error message (§8 bodies carry one):
 * "Primary colour #8899aa with white text: contrast 2.91:1, needs 4.5:1".
 */
export function brandCheckMessage(check: BrandCheck): string {
  return `${PAIR_WORDING[check.pair](check)}: contrast ${formatRatio(check.ratio)}, needs ${formatRatio(check.required)}`;
}
