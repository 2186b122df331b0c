/**
 * The shell theme on display, as the page shows it: the `data-theme` attribute runtime/theme/
 * apply-theme.ts sets on <html> (light when absent, as tokens.css reads it). Widgets re-render when
 * it changes, so a chart's canvas — which CSS variables cannot recolour — is drawn again.
 */
import { useSyncExternalStore } from "react";
import { THEME_ATTRIBUTE } from "../theme/apply-theme.ts";
import type { ShellTheme } from "./widget-style.ts";

/** The shell theme an attribute value names (light for anything else, the tokens' default). */
export function shellThemeOf(value: string | null | undefined): ShellTheme {
  return value === "dark" || value === "contrast" ? value : "light";
}

function subscribe(onChange: () => void): () => void {
  if (typeof MutationObserver === "undefined" || typeof document === "undefined") return () => {};
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [THEME_ATTRIBUTE] });
  return () => observer.disconnect();
}

function snapshot(): ShellTheme {
  return shellThemeOf(document.documentElement.getAttribute(THEME_ATTRIBUTE));
}

/** The shell theme on display; re-renders when it changes. */
export function useShellTheme(): ShellTheme {
  return useSyncExternalStore(subscribe, snapshot, () => "light");
}
