/**
 * Role permission strings (§3): semicolon-separated `key_level` entries, level `r` or `rw`; an
 * absent key means no access. Keys are resolved through the permissions manifest's catalogue and its
 * aliases (manifests/permissions.json, e.g. DataHook → DataHooks), one parse for the gateway's
 * per-user manifests and the runtime's access profile.
 */

/** A permission level; absence of a key means no access. */
export type PermissionLevel = "r" | "rw";

/** Key → level, keys canonical (aliases resolved). */
export type PermissionMap = ReadonlyMap<string, PermissionLevel>;

/** Canonical keys and their aliases, from the permissions manifest. */
export interface PermissionCatalogue {
  readonly rolePermissions: ReadonlyArray<{ key: string; aliases?: readonly string[] }>;
}

/** One problem found while parsing a permission string. */
export interface PermissionParseIssue {
  entry: string;
  reason: "malformed" | "unknownKey" | "unknownLevel" | "duplicate";
}

/** The result of parsing: the map of valid entries and the issues of the others. */
export interface PermissionParseResult {
  permissions: PermissionMap;
  issues: PermissionParseIssue[];
}

function aliasIndex(catalogue: PermissionCatalogue): Map<string, string> {
  const index = new Map<string, string>();
  for (const { key, aliases } of catalogue.rolePermissions) {
    index.set(key.toLowerCase(), key);
    for (const alias of aliases ?? []) index.set(alias.toLowerCase(), key);
  }
  return index;
}

/**
 * Parses `Key_r;Other_rw`. Keys are matched case-insensitively against the
 * catalogue and its aliases; when a key repeats, the higher level wins.
 */
export function parsePermissionString(value: string, catalogue: PermissionCatalogue): PermissionParseResult {
  const index = aliasIndex(catalogue);
  const permissions = new Map<string, PermissionLevel>();
  const issues: PermissionParseIssue[] = [];
  for (const raw of value.split(";")) {
    const entry = raw.trim();
    if (entry === "") continue;
    const cut = entry.lastIndexOf("_");
    if (cut <= 0 || cut === entry.length - 1) {
      issues.push({ entry, reason: "malformed" });
      continue;
    }
    const key = index.get(entry.slice(0, cut).toLowerCase());
    const level = entry.slice(cut + 1).toLowerCase();
    if (!key) {
      issues.push({ entry, reason: "unknownKey" });
      continue;
    }
    if (level !== "r" && level !== "rw") {
      issues.push({ entry, reason: "unknownLevel" });
      continue;
    }
    const previous = permissions.get(key);
    if (previous) issues.push({ entry, reason: "duplicate" });
    if (previous !== "rw") permissions.set(key, level);
  }
  return { permissions, issues };
}

/** Serialises a map back to `Key_level;…` in a stable (sorted) order. */
export function formatPermissionString(permissions: PermissionMap): string {
  return [...permissions.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, level]) => `${key}_${level}`)
    .join(";");
}

/** True when `permissions` grants `key` at `level` or higher. */
export function hasPermission(
  permissions: PermissionMap,
  key: string,
  level: PermissionLevel = "r",
): boolean {
  const held = permissions.get(key);
  if (!held) return false;
  return level === "r" || held === "rw";
}
