/**
 * The help and user menus (§2.5, §6): which entries show, where separators go,
 * and where external entries lead.
 */

import { evaluateCondition, type MenuConditionInput } from "../../core/menus/conditions.ts";
import type { DropdownMenu, DropdownMenuEntry } from "../../schemas/menus.ts";
import type { ShellManifest } from "../../schemas/shell.ts";

/** A visible entry and whether a separator is drawn above it. */
export interface VisibleDropdownEntry {
  entry: DropdownMenuEntry;
  separatorBefore: boolean;
}

/**
 * The visible entries, or null when the menu is hidden: its visibleWhen fails or
 * no entry is left. `isSupported` drops entries this page cannot carry out
 * (e.g. a dialog nobody registered), so they are left out rather than dead.
 */
export function visibleDropdownMenu(
  menu: DropdownMenu,
  input: MenuConditionInput,
  isSupported: (entry: DropdownMenuEntry) => boolean = () => true,
): VisibleDropdownEntry[] | null {
  if (!evaluateCondition(menu.visibleWhen, input)) return null;
  const entries = menu.entries.filter(
    (entry) => evaluateCondition(entry.visibleWhen, input) && isSupported(entry),
  );
  if (entries.length === 0) return null;
  // A separator only between visible entries, never first.
  return entries.map((entry, index) => ({
    entry,
    separatorBefore: index > 0 && entry.separatorBefore === true,
  }));
}

/** §7: help URLs are chosen by type — the help site's base URL followed by the page's path. */
export function externalPageUrl(
  sites: ShellManifest["externalSites"],
  target: NonNullable<DropdownMenuEntry["external"]>,
): string {
  const help = sites.help;
  return `${help.baseUrl.replace(/\/$/, "")}${help.pages[target.page]}`;
}
