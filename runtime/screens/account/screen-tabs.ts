/**
 * The `{screenTab?}` routes of §2.2 (/accountsettings, /subscription, /usagemetrics): which tab a
 * path opens and where a tab lives, as pure functions. An unknown or absent tab opens the first.
 */

/** The tab a route's screenTab parameter opens: a known id, else the first tab. */
export function resolveTab<T extends string>(screenTab: string | undefined, tabs: readonly T[]): T {
  const wanted = screenTab?.toLowerCase();
  return tabs.find((tab) => tab.toLowerCase() === wanted) ?? (tabs[0] as T);
}

/** The path of `tab` on the screen at `basePath` (e.g. /subscription/invoices). */
export function tabPath(basePath: string, tab: string): string {
  return `${basePath.replace(/\/+$/, "")}/${encodeURIComponent(tab)}`;
}

/** The tab reached from `current` by an arrow key, Home or End (APG tabs: wraps around). */
export function tabAfterKey<T extends string>(tabs: readonly T[], current: T, key: string): T | null {
  const index = tabs.indexOf(current);
  if (index < 0 || tabs.length === 0) return null;
  switch (key) {
    case "ArrowRight":
      return tabs[(index + 1) % tabs.length] as T;
    case "ArrowLeft":
      return tabs[(index - 1 + tabs.length) % tabs.length] as T;
    case "Home":
      return tabs[0] as T;
    case "End":
      return tabs[tabs.length - 1] as T;
    default:
      return null;
  }
}
