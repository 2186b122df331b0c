/**
 * The colours a widget is drawn in, as a pure decision of the widget theme (Common/WidgetThemes,
 * §3 Widget theme: SerializedProperties `{background, color, palette, borderRadius}` per widget
 * kind) and the shell theme on display (light, dark, contrast; runtime/theme/tokens.css).
 *
 * - Text: the theme's background and text colour apply in the light shell theme (the one themes are
 *   designed on) when the pair reaches 4.5:1 (WCAG 2.2 SC 1.4.3); otherwise the widget is the shell's
 *   surface with the shell's text, which tokens.css holds to 4.5:1.
 * - Series: the theme's palette when every colour reaches 3:1 against that background (SC 1.4.11,
 *   graphical objects), else the shell's own chart palette for the theme on display, each colour of
 *   which reaches 3:1 on its surface (a test measures them).
 * - The high-contrast theme keeps its own colours: no widget theme applies there (as branding).
 */
import { contrastRatio, parseHexColour } from "../../core/branding/contrast.ts";
import type { WidgetTheme } from "../../schemas/payloads/widget-theme.ts";
import { objectOrEmpty } from "./widget-kinds.ts";

/** The shell themes a widget is shown in (tokens.css `data-theme`). */
export type ShellTheme = "light" | "dark" | "contrast";

/** WCAG 2.2 SC 1.4.11: graphical objects against their background. */
export const GRAPHIC_RATIO = 3;
/** WCAG 2.2 SC 1.4.3: normal-size text. */
export const TEXT_RATIO = 4.5;

/**
 * The widget surface of each shell theme, as tokens.css defines it (a test compares them):
 * background (--color-surface), text (--color-fg), muted text (--color-fg-muted), lines (--color-border).
 */
export const SHELL_WIDGET_COLOURS: Record<
  ShellTheme,
  { background: string; text: string; muted: string; line: string }
> = {
  light: { background: "#ffffff", text: "#1b2130", muted: "#535b69", line: "#7b8391" },
  dark: { background: "#181c24", text: "#e9ecf1", muted: "#a9b1be", line: "#6b7382" },
  contrast: { background: "#000000", text: "#ffffff", muted: "#e6e6e6", line: "#ffffff" },
};

/** The shell's chart palettes: eight distinct hues per theme, each at least 3:1 on its surface. */
export const SHELL_CHART_PALETTES: Record<ShellTheme, readonly string[]> = {
  light: ["#1f5fa8", "#c2410c", "#15803d", "#b91c1c", "#7c3aed", "#0e7490", "#a16207", "#be185d"],
  dark: ["#7cb0ff", "#fdba74", "#86efac", "#fca5a5", "#c4b5fd", "#67e8f9", "#fde047", "#f9a8d4"],
  contrast: ["#ffe14d", "#00e5ff", "#7dffa6", "#ff9c94", "#8fd3ff", "#d9b3ff", "#ffb86b", "#ffffff"],
};

/** What a widget theme says about one widget kind. */
export interface WidgetThemeProperties {
  background?: string;
  color?: string;
  palette?: string[];
  /** CSS length, e.g. "8px". */
  borderRadius?: string;
}

/** The colours and shape a widget is drawn with. */
export interface WidgetStyle {
  background: string;
  text: string;
  /** Axis labels and secondary text: 4.5:1 on the background like the text. */
  muted: string;
  /** Axis and grid lines. */
  line: string;
  series: readonly string[];
  borderRadius: string | null;
  /** Whether the theme's palette was used, or the shell's. */
  paletteSource: "theme" | "shell";
}

const RADIUS = /^(?:\d{1,3}(?:\.\d+)?)(?:px|rem|em|%)$|^0$/;
/** Most palette colours a theme may give (more are ignored). */
const MAX_PALETTE = 20;

const hex = (value: unknown): string | null => {
  if (typeof value !== "string") return null;
  return parseHexColour(value.trim()) ? value.trim().toLowerCase() : null;
};

/** The widget properties of a theme's SerializedProperties JSON (unknown or malformed parts left out). */
export function parseWidgetThemeProperties(json: string): WidgetThemeProperties {
  let value: Record<string, unknown>;
  try {
    value = objectOrEmpty(JSON.parse(json));
  } catch {
    return {};
  }
  const properties: WidgetThemeProperties = {};
  const background = hex(value.background);
  const color = hex(value.color);
  if (background) properties.background = background;
  if (color) properties.color = color;
  if (Array.isArray(value.palette)) {
    const palette = value.palette.slice(0, MAX_PALETTE).map(hex);
    if (palette.length > 0 && palette.every((colour) => colour !== null))
      properties.palette = palette as string[];
  }
  if (typeof value.borderRadius === "string" && RADIUS.test(value.borderRadius.trim())) {
    properties.borderRadius = value.borderRadius.trim();
  } else if (typeof value.borderRadius === "number" && value.borderRadius >= 0 && value.borderRadius <= 100) {
    properties.borderRadius = `${value.borderRadius}px`;
  }
  return properties;
}

/**
 * The properties a theme gives a widget of `kind` drawn by `renderer`: its entry for the kind, else
 * for the renderer (a kind an operator added on an existing renderer looks like it), else none.
 */
export function themePropertiesFor(
  themes: readonly WidgetTheme[],
  themeKey: string | undefined,
  kind: string,
  renderer: string,
): WidgetThemeProperties | null {
  if (!themeKey) return null;
  const theme = themes.find((entry) => entry.Key === themeKey);
  if (!theme) return null;
  const entry =
    theme.Value.Widgets.find((widget) => widget.Type === kind) ??
    theme.Value.Widgets.find((widget) => widget.Type === renderer);
  return entry ? parseWidgetThemeProperties(entry.SerializedProperties) : null;
}

const ratio = (a: string, b: string): number => {
  const first = parseHexColour(a);
  const second = parseHexColour(b);
  return first && second ? contrastRatio(first, second) : 1;
};

/** The style of a widget with the theme's `properties` (null: none) in the shell theme `shell`. */
export function widgetStyle(properties: WidgetThemeProperties | null, shell: ShellTheme): WidgetStyle {
  const own = SHELL_WIDGET_COLOURS[shell];
  const themed = shell === "contrast" ? null : properties;
  let surface = { background: own.background, text: own.text, muted: own.muted, line: own.line };
  if (shell === "light" && themed?.background) {
    const text = themed.color ?? own.text;
    if (ratio(text, themed.background) >= TEXT_RATIO) {
      // The theme's text colour serves the axis labels too: the shell's muted grey was measured on
      // the shell's surface, not on this one.
      const line = ratio(own.line, themed.background) >= GRAPHIC_RATIO ? own.line : text;
      surface = { background: themed.background, text, muted: text, line };
    }
  } else if (themed?.color && ratio(themed.color, own.background) >= TEXT_RATIO) {
    surface = { ...surface, text: themed.color };
  }
  const palette = themed?.palette;
  const themePaletteFits =
    palette?.every((colour) => ratio(colour, surface.background) >= GRAPHIC_RATIO) === true;
  return {
    ...surface,
    series: themePaletteFits && palette ? palette : SHELL_CHART_PALETTES[shell],
    borderRadius: themed?.borderRadius ?? null,
    paletteSource: themePaletteFits ? "theme" : "shell",
  };
}
