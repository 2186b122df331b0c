/**
 * Role permission strings (§3): semicolon-separated `Key_level` entries, level `r` or `rw`.
 * Parsing is strict — an unknown key, an unknown level, a malformed entry or a key given twice is
 * rejected — so a role can never hold a permission nobody can see in the permission editor.
 */
import {
  canonicalPermissionKey,
  PERMISSION_KEYS,
  type PermissionKey,
  type PermissionLevel,
} from "./permission-keys.ts";

/** Parsed permissions: canonical key → level. An absent key means no access (§3). */
export type RolePermissions = ReadonlyMap<PermissionKey, PermissionLevel>;

/** Why a permission string was rejected; `entry` is the offending entry as written. */
export interface PermissionStringProblem {
  reason: "malformed" | "unknownKey" | "unknownLevel" | "duplicateKey";
  entry: string;
}

/** The outcome of parsing: the permissions, or the first problem found. */
export type PermissionParseResult =
  | { ok: true; permissions: RolePermissions }
  | { ok: false; problem: PermissionStringProblem };

/** Upper bound on a stored permission string: every key at rw fits in well under this. */
export const MAX_PERMISSION_STRING_LENGTH = 2000;

const ENTRY = /^([A-Za-z][A-Za-z0-9]*)_([A-Za-z]+)$/;

/**
 * Parses a permission string. Whitespace around entries and empty entries (a trailing `;`) are
 * tolerated; keys are case-sensitive, aliases (DataHook, DataLoader) map to their canonical key.
 */
export function parsePermissionString(text: string): PermissionParseResult {
  const permissions = new Map<PermissionKey, PermissionLevel>();
  if (text.length > MAX_PERMISSION_STRING_LENGTH) {
    return { ok: false, problem: { reason: "malformed", entry: `${text.slice(0, 40)}…` } };
  }
  for (const raw of text.split(";")) {
    const entry = raw.trim();
    if (entry === "") continue;
    const match = ENTRY.exec(entry);
    if (!match) return { ok: false, problem: { reason: "malformed", entry } };
    const [, name = "", level = ""] = match;
    const key = canonicalPermissionKey(name);
    if (!key) return { ok: false, problem: { reason: "unknownKey", entry } };
    if (level !== "r" && level !== "rw") return { ok: false, problem: { reason: "unknownLevel", entry } };
    if (permissions.has(key)) return { ok: false, problem: { reason: "duplicateKey", entry } };
    permissions.set(key, level);
  }
  return { ok: true, permissions };
}

/** The canonical string for a set of permissions: keys in editor order, aliases resolved. */
export function formatPermissionString(permissions: RolePermissions): string {
  return permissionEntries(permissions).join(";");
}

/** The permissions as `Key_level` entries in editor order (the session's RolePermissions list, §3). */
export function permissionEntries(permissions: RolePermissions): string[] {
  const entries: string[] = [];
  for (const key of PERMISSION_KEYS) {
    const level = permissions.get(key);
    if (level) entries.push(`${key}_${level}`);
  }
  return entries;
}

/** Whether `permissions` grant `key` at `level` or higher (rw implies r). */
export function grants(permissions: RolePermissions, key: PermissionKey, level: PermissionLevel): boolean {
  const held = permissions.get(key);
  if (!held) return false;
  return level === "r" || held === "rw";
}

/** A human-readable explanation of a parse problem, for the error body's Message. */
export function describePermissionProblem(problem: PermissionStringProblem): string {
  switch (problem.reason) {
    case "malformed":
      return `Permission entry "${problem.entry}" is not of the form Key_r or Key_rw.`;
    case "unknownKey":
      return `Permission entry "${problem.entry}" names an unknown permission key.`;
    case "unknownLevel":
      return `Permission entry "${problem.entry}" has an unknown level; use r or rw.`;
    case "duplicateKey":
      return `Permission entry "${problem.entry}" repeats a key that is already granted.`;
  }
}
