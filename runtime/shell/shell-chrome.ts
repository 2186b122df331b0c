/**
 * Which parts of the shell (§2.5) a page shows, from the route's shell profile
 * and embedded mode (§1, shell manifest `embedded`).
 */
import type { RouteDefinition } from "../../schemas/routes.ts";
import type { ShellManifest } from "../../schemas/shell.ts";

/** The shell profiles of the routes manifest. */
export type ShellProfile = NonNullable<RouteDefinition["shellProfile"]>;
/** The parts of the top menu bar embedded mode can hide. */
export type ShellPart = ShellManifest["embedded"]["hiddenParts"][number];
/** Shown (true) or not, per part. */
export type ShellChrome = Record<ShellPart, boolean>;

const PARTS: readonly ShellPart[] = [
  "topMenuBar",
  "navigationPanel",
  "adminMenu",
  "helpMenu",
  "notifications",
  "supportChat",
  "userMenu",
];

const none = (): ShellChrome => Object.fromEntries(PARTS.map((p) => [p, false])) as ShellChrome;
const all = (): ShellChrome => Object.fromEntries(PARTS.map((p) => [p, true])) as ShellChrome;

/**
 * full: everything; public and help: no top menu bar; embedded: no chrome at all;
 * mobileReport: the main menu (navigation panel and admin menu) hidden (§2.2).
 * In embedded mode the manifest's hiddenParts go too; hiding the bar hides all on it.
 */
export function shellChrome(options: {
  profile: ShellProfile | undefined;
  embeddedMode: boolean;
  hiddenParts: readonly ShellPart[];
}): ShellChrome {
  const profile = options.profile ?? "full";
  if (profile === "embedded" || profile === "public" || profile === "help") return none();
  const chrome = all();
  if (profile === "mobileReport") {
    chrome.navigationPanel = false;
    chrome.adminMenu = false;
  }
  if (options.embeddedMode) {
    for (const part of options.hiddenParts) chrome[part] = false;
  }
  if (!chrome.topMenuBar) return none();
  return chrome;
}

/** Values of the embedded query parameter that turn the mode on. */
const ON_VALUES = ["1", "true"];

/**
 * Embedded mode (shell manifest `embedded.queryParameter`): on when the query
 * parameter is 1 or true, or when the tab already remembered it.
 */
export function embeddedModeFrom(options: {
  search: string;
  parameter: string;
  remembered: boolean;
}): boolean {
  if (options.remembered) return true;
  const value = new URLSearchParams(options.search).get(options.parameter);
  return value !== null && ON_VALUES.includes(value.toLowerCase());
}
