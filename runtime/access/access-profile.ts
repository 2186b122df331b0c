import type { PermissionLevel, PermissionMap } from "./permission-string.ts";
import { hasPermission } from "./permission-string.ts";

/** Feature availability on a subscription (§3, §6). */
export type FeatureAvailability = "Included" | "Optional";

/** Read/Write flags of one admin module (§3 AdminPermissions). */
export interface AdminModuleGrant {
  read: boolean;
  write: boolean;
}

/** What the access checks need to know about the signed-in user (§5 access checks, §6). */
export interface AccessProfile {
  permissions: PermissionMap;
  /** Availability by feature id (manifests/permissions.json). */
  features: ReadonlyMap<string, FeatureAvailability>;
  /** Grants by admin module key. */
  adminModules: ReadonlyMap<string, AdminModuleGrant>;
  isAdmin: boolean;
  impersonating: boolean;
  homePageType: string | null;
  homePageRedirectionMenu: string | null;
}

/** §5: feature availability must be 'Included'. */
export function isFeatureIncluded(profile: AccessProfile, featureId: string): boolean {
  return profile.features.get(featureId) === "Included";
}

/** §5: the role permission must be present (at the given level). */
export function hasRolePermission(
  profile: AccessProfile,
  key: string,
  level: PermissionLevel = "r",
): boolean {
  return hasPermission(profile.permissions, key, level);
}

/** §4.1 step 9: does the user hold any admin permission at all? */
export function hasAnyAdminPermission(profile: AccessProfile): boolean {
  for (const grant of profile.adminModules.values()) if (grant.read || grant.write) return true;
  return false;
}

/** §5: admin screens and dialogs need Read on the module (any of several). */
export function canReadAnyAdminModule(profile: AccessProfile, modules: readonly string[]): boolean {
  return modules.some((key) => profile.adminModules.get(key)?.read === true);
}

/** §6: inputs of an admin dialog are enabled only with Write on the module. */
export function canWriteAdminModule(profile: AccessProfile, key: string): boolean {
  return profile.adminModules.get(key)?.write === true;
}
