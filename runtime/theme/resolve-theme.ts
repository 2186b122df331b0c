/**
 * Which theme the page shows (§1, §2.1, §4.2, §9), as a pure decision: the stored
 * theme (light, dark or sync), the contrast variant, the system preference and
 * the public-route rule give the applied theme and style.
 */
import type { RouteDefinition } from "../../schemas/routes.ts";

/** A stored theme (§9): sync follows the system preference (§4.2). */
export type StoredTheme = "light" | "dark" | "sync";
/** A theme style (§9). */
export type ThemeStyle = "rounded" | "square";
/** A theme the page can show: the values of `data-theme` (tokens.css). */
export type AppliedTheme = "light" | "dark" | "contrast";

/** The stored themes, for validation. */
export const STORED_THEME_VALUES: readonly StoredTheme[] = ["light", "dark", "sync"];
/** The theme styles, for validation. */
export const THEME_STYLE_VALUES: readonly ThemeStyle[] = ["rounded", "square"];

/** §2.1: public routes show the light, rounded theme unless the shell manifest names another. */
export const PUBLIC_ROUTE_THEME: { theme: "light" | "dark"; style: ThemeStyle } = {
  theme: "light",
  style: "rounded",
};

/** Everything the decision depends on. */
export interface ThemeInput {
  stored: StoredTheme;
  style: ThemeStyle;
  /** The high-contrast variant is on (and offered by the shell). */
  contrast: boolean;
  /** The system prefers a dark colour scheme (prefers-color-scheme). */
  systemDark: boolean;
  /** The route forces the public theme (see forcesPublicTheme). */
  forcedPublic: boolean;
  /** The forced theme of the shell manifest (theme.publicRoutes); §2.1's light rounded when absent. */
  publicTheme?: { theme: "light" | "dark"; style: ThemeStyle };
}

/** The theme and style to apply to the page. */
export interface ResolvedTheme {
  theme: AppliedTheme;
  style: ThemeStyle;
}

/** Resolves the theme to apply. */
export function resolveTheme(input: ThemeInput): ResolvedTheme {
  // §2.1: public routes force their theme whatever the user prefers.
  if (input.forcedPublic) {
    const forced = input.publicTheme ?? PUBLIC_ROUTE_THEME;
    return { theme: forced.theme, style: forced.style };
  }
  if (input.contrast) return { theme: "contrast", style: input.style };
  // §4.2: theme sync follows the system dark/light preference.
  if (input.stored === "sync") return { theme: input.systemDark ? "dark" : "light", style: input.style };
  return { theme: input.stored, style: input.style };
}

/**
 * §2.1: a route named Help or a route with a public shell forces the public theme.
 * The help mode's shell (shellProfile help) counts as the Help route.
 */
export function forcesPublicTheme(route: Pick<RouteDefinition, "id" | "shellProfile"> | null): boolean {
  if (!route) return false;
  return (
    route.shellProfile === "public" || route.shellProfile === "help" || route.id.toLowerCase() === "help"
  );
}

/** True when `value` is a stored theme. */
export function isStoredTheme(value: unknown): value is StoredTheme {
  return typeof value === "string" && (STORED_THEME_VALUES as readonly string[]).includes(value);
}

/** True when `value` is a theme style. */
export function isThemeStyle(value: unknown): value is ThemeStyle {
  return typeof value === "string" && (THEME_STYLE_VALUES as readonly string[]).includes(value);
}
