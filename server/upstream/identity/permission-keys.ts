/**
 * The role permission keys of §6 and the non-menu capability keys, as the upstream knows them.
 * A role grants each key at level `r` or `rw`, or not at all (§3 "Permission string").
 */

/** Menu permission keys of §6, in the order of the permission editor. */
export const MENU_PERMISSION_KEYS = [
  "Dashboards",
  "Binders",
  "TableAndViews",
  "DataHooks",
  "DataStreams",
  "Connections",
  "DataFlows",
  "DataLoaders",
  "DataScripts",
  "Insights",
  "LiveDocs",
  "Reports",
  "Alerts",
  "Schedules",
  "ExternalAddOns",
  "Tasks",
  "Users",
  "Menus",
  "Roles",
  "Teams",
  "SupportSessions",
  "SupportTickets",
  "API",
  "AccountSettings",
  "BillingAndSubscription",
  "UsageMetrics",
  "ManagedAccounts",
  "Projects",
  "MediaManager",
] as const;

/** Capability keys: role permissions that are not menu entries (§6: chat, Exports, My Settings). */
export const CAPABILITY_PERMISSION_KEYS = [
  "InAppChatAccess",
  "Exports",
  "UserProfileAndPreferences",
  "DataByEmail",
] as const;

/** Every key a permission string may carry, menu keys first. */
export const PERMISSION_KEYS = [...MENU_PERMISSION_KEYS, ...CAPABILITY_PERMISSION_KEYS] as const;

/** A canonical role permission key. */
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** Levels of §3: read, or read-write (which implies read). */
export type PermissionLevel = "r" | "rw";

/** Other spellings §6 accepts for a key: "DataHook(s)", "DataLoader(s)". */
export const PERMISSION_KEY_ALIASES: Readonly<Record<string, PermissionKey>> = {
  DataHook: "DataHooks",
  DataLoader: "DataLoaders",
};

const canonicalByName = new Map<string, PermissionKey>([
  ...PERMISSION_KEYS.map((key) => [key, key] as const),
  ...Object.entries(PERMISSION_KEY_ALIASES),
]);

/** The canonical key for a spelling found in a permission string, or undefined when unknown. */
export function canonicalPermissionKey(name: string): PermissionKey | undefined {
  return canonicalByName.get(name);
}
