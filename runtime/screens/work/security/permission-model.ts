/**
 * The permission editor of §3 as a pure model: each permission key of the catalogue gets none, r
 * or rw. The model is read from a role's `Key_r;Key_rw` string with the runtime's parser
 * (core/access/permission-string.ts: aliases resolved, the higher level wins on repeats) and
 * written back in catalogue order — the order the upstream stores — so an unchanged model gives
 * the string it came from, and parse ∘ format is the identity on models.
 */
import {
  type PermissionCatalogue,
  type PermissionLevel,
  type PermissionParseIssue,
  parsePermissionString,
} from "../../../../core/access/permission-string.ts";

/** A level in the editor: §3 absent key = none. */
export type EditorLevel = "none" | PermissionLevel;

/** The levels offered for every key, lowest first. */
export const EDITOR_LEVELS: readonly EditorLevel[] = ["none", "r", "rw"];

/** The catalogue the editor lists: the role permissions of the permissions manifest. */
export interface EditorCatalogue extends PermissionCatalogue {
  readonly rolePermissions: ReadonlyArray<{
    key: string;
    aliases?: readonly string[];
    titleKey?: string;
    menu?: boolean;
  }>;
}

/** One row of the editor. */
export interface PermissionRow {
  key: string;
  titleKey: string;
  /** A menu entry's key (§6) rather than a capability such as Exports. */
  menu: boolean;
  level: EditorLevel;
}

/** The editor's state: a row per catalogue key, and what the parser could not read. */
export interface PermissionModel {
  rows: PermissionRow[];
  issues: PermissionParseIssue[];
}

/** Reads a permission string into the editor model (every catalogue key, in catalogue order). */
export function readPermissions(value: string, catalogue: EditorCatalogue): PermissionModel {
  const { permissions, issues } = parsePermissionString(value, catalogue);
  return {
    rows: catalogue.rolePermissions.map((entry) => ({
      key: entry.key,
      titleKey: entry.titleKey ?? `Permission_${entry.key}`,
      menu: entry.menu !== false,
      level: permissions.get(entry.key) ?? "none",
    })),
    issues,
  };
}

/** The model with `key` at `level` (unknown keys change nothing). */
export function setLevel(model: PermissionModel, key: string, level: EditorLevel): PermissionModel {
  if (!model.rows.some((row) => row.key === key && row.level !== level)) return model;
  return { ...model, rows: model.rows.map((row) => (row.key === key ? { ...row, level } : row)) };
}

/** Every key at `level` (the editor's "all none / all read / all read-write" shortcuts). */
export function setAll(model: PermissionModel, level: EditorLevel, onlyMenu = true): PermissionModel {
  return { ...model, rows: model.rows.map((row) => (!onlyMenu || row.menu ? { ...row, level } : row)) };
}

/** Writes the model as `Key_level;…` in catalogue order; keys at none are left out (§3). */
export function formatPermissions(model: PermissionModel): string {
  return model.rows
    .filter((row) => row.level !== "none")
    .map((row) => `${row.key}_${row.level}`)
    .join(";");
}

/** Whether the model differs from the string it is compared with (same catalogue). */
export function isChanged(model: PermissionModel, original: string, catalogue: EditorCatalogue): boolean {
  return formatPermissions(model) !== formatPermissions(readPermissions(original, catalogue));
}

/** Counts per level, for the role list's summary. */
export function levelCounts(model: PermissionModel): Record<EditorLevel, number> {
  const counts: Record<EditorLevel, number> = { none: 0, r: 0, rw: 0 };
  for (const row of model.rows) counts[row.level] += 1;
  return counts;
}
