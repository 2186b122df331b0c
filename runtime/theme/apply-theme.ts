/**
 * Applies the resolved theme to the page: `data-theme` and `data-theme-style` on
 * <html> select the tokens of runtime/theme/tokens.css; the hooks follow the
 * system preference (§4.2 theme sync) and the route on display (§2.1), and carry the signed-in
 * account's brand colours (account-brand.ts) except where a route forces the public theme.
 */
import { useLayoutEffect, useSyncExternalStore } from "react";
import type { RouteDefinition } from "../../schemas/routes.ts";
import type { ShellManifest } from "../../schemas/shell.ts";
import { useStore } from "../state/create-store.ts";
import { useAccountBrand } from "./account-brand.ts";
import { effectivePreferences, preferencesStore } from "./preferences-store.ts";
import { forcesPublicTheme, type ResolvedTheme, resolveTheme } from "./resolve-theme.ts";

/** The element the attributes go on (the document element in the browser). */
export interface ThemeRoot {
  setAttribute(name: string, value: string): void;
}

/** The attribute names tokens.css selects on. */
export const THEME_ATTRIBUTE = "data-theme";
export const THEME_STYLE_ATTRIBUTE = "data-theme-style";

/** Sets the theme attributes on `root` (default: <html>). */
export function applyTheme(theme: ResolvedTheme, root: ThemeRoot = document.documentElement): void {
  root.setAttribute(THEME_ATTRIBUTE, theme.theme);
  root.setAttribute(THEME_STYLE_ATTRIBUTE, theme.style);
}

/** The media query of the system's dark preference (§4.2 theme sync). */
export const SYSTEM_DARK_QUERY = "(prefers-color-scheme: dark)";

function subscribe(onChange: () => void): () => void {
  if (typeof window === "undefined" || !window.matchMedia) return () => {};
  const query = window.matchMedia(SYSTEM_DARK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function snapshot(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.(SYSTEM_DARK_QUERY).matches === true;
}

/** True while the system prefers a dark colour scheme; re-renders when that changes. */
export function useSystemDarkMode(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/**
 * Resolves the theme for the route on display from the user's preferences, the
 * shell defaults and the system preference, and applies it to <html> with the
 * account's brand colours.
 */
export function useAppliedTheme(
  route: Pick<RouteDefinition, "id" | "shellProfile"> | null,
  defaults: ShellManifest["theme"],
): ResolvedTheme {
  const preferences = useStore(preferencesStore);
  const systemDark = useSystemDarkMode();
  const effective = effectivePreferences(preferences, defaults);
  const forcedPublic = forcesPublicTheme(route);
  const resolved = resolveTheme({
    stored: effective.theme,
    style: effective.themeStyle,
    contrast: effective.contrast,
    systemDark,
    forcedPublic,
    publicTheme: defaults.publicRoutes,
  });
  const { theme, style } = resolved;
  useLayoutEffect(() => applyTheme({ theme, style }), [theme, style]);
  // §2.1: a public route shows the product's public theme, not an account's colours.
  useAccountBrand(!forcedPublic);
  return resolved;
}
