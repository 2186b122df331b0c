/**
 * What the access rules read about a signed-in user (§3 User, §5 access checks, §6), built the same
 * way on both sides from the upstream's LoggedInConfig: the gateway from the access facts it keeps
 * in its session (server/gateway/manifests/filter-access.ts), the runtime from the session it
 * receives (runtime/session/session-profile.ts). One reading, so the gateway's per-user manifest and
 * the runtime's guard never judge the same user differently.
 */
import type { PermissionsManifest } from "../../schemas/permissions.ts";
import {
  hasPermission,
  type PermissionLevel,
  type PermissionMap,
  parsePermissionString,
} from "./permission-string.ts";

/** Feature availability on a subscription (§3, §6). */
export type FeatureAvailability = "Included" | "Optional";

/** Read/Write flags of one admin module (§3 AdminPermissions). */
export interface AdminModuleGrant {
  read: boolean;
  write: boolean;
}

/** What the access decisions read (core/access/decide.ts). */
export interface AccessSubject {
  /** Canonical permission key (aliases resolved) → highest level held. */
  permissions: PermissionMap;
  /** Availability by feature id (manifests/permissions.json); every catalogue feature is present. */
  features: ReadonlyMap<string, FeatureAvailability>;
  /** Grants by admin module key; empty while impersonating (no admin area then, DESIGN.md §3). */
  adminModules: ReadonlyMap<string, AdminModuleGrant>;
  /** IsAdmin, false while impersonating. */
  isAdmin: boolean;
  impersonating: boolean;
}

/** The subject plus the home page preference §4.1 step 10 reads (the runtime's profile). */
export interface AccessProfile extends AccessSubject {
  homePageType: string | null;
  homePageRedirectionMenu: string | null;
}

/** The catalogue parts of the permissions manifest a subject is read with. */
export type AccessCatalogue = Pick<PermissionsManifest, "rolePermissions" | "features">;

/** The LoggedInConfig fields (§3) a subject is read from, however the side holds them. */
export interface AccessSource {
  /** RolePermissions entries as sent (`Key_r`, `Key_rw`). */
  rolePermissions: readonly string[];
  adminPermissions: ReadonlyArray<{ key: string; read: boolean; write: boolean }>;
  isAdmin: boolean;
  impersonating: boolean;
  /** The value sent under a User session flag name (§3), e.g. `Dashboard`. */
  sessionFlag(name: string): unknown;
  /** The value sent under a Features… name of the configuration (§3), e.g. `FeaturesIntegrationAPI`. */
  configValue(name: string): unknown;
}

const isAvailability = (value: unknown): value is FeatureAvailability =>
  value === "Included" || value === "Optional";

/**
 * The subject of a source: permissions parsed with the catalogue (unknown keys and levels grant
 * nothing, a repeated key keeps its highest level); each feature's availability from its User
 * session flag, else its Features… name, else Optional (a value that is no availability is skipped,
 * so it never hides the other name's); while impersonating, no admin grant and no IsAdmin — the
 * staff member acts as the member (§4.2), and the admin area stays closed (DESIGN.md §3).
 */
export function accessSubjectOf(source: AccessSource, catalogue: AccessCatalogue): AccessSubject {
  const { permissions } = parsePermissionString(source.rolePermissions.join(";"), catalogue);
  const features = new Map<string, FeatureAvailability>();
  for (const feature of catalogue.features) {
    const fromSession =
      feature.sessionFlag === undefined ? undefined : source.sessionFlag(feature.sessionFlag);
    const fromConfig = feature.configName === undefined ? undefined : source.configValue(feature.configName);
    const value = isAvailability(fromSession) ? fromSession : fromConfig;
    features.set(feature.id, isAvailability(value) ? value : "Optional");
  }
  const adminModules = new Map<string, AdminModuleGrant>();
  if (!source.impersonating) {
    for (const { key, read, write } of source.adminPermissions) adminModules.set(key, { read, write });
  }
  return {
    permissions,
    features,
    adminModules,
    isAdmin: source.isAdmin && !source.impersonating,
    impersonating: source.impersonating,
  };
}

/** §5: feature availability must be 'Included'. */
export function isFeatureIncluded(subject: AccessSubject, featureId: string): boolean {
  return subject.features.get(featureId) === "Included";
}

/** §5: the role permission must be present (at the given level; rw includes r). */
export function hasRolePermission(
  subject: AccessSubject,
  key: string,
  level: PermissionLevel = "r",
): boolean {
  return hasPermission(subject.permissions, key, level);
}

/** §4.1 step 9: does the user hold any admin permission at all? */
export function hasAnyAdminPermission(subject: AccessSubject): boolean {
  for (const grant of subject.adminModules.values()) if (grant.read || grant.write) return true;
  return false;
}

/** §5: admin screens and dialogs need Read on the module (any of several). */
export function canReadAnyAdminModule(subject: AccessSubject, modules: readonly string[]): boolean {
  return modules.some((key) => subject.adminModules.get(key)?.read === true);
}

/** §6: inputs of an admin dialog are enabled only with Write on the module. */
export function canWriteAdminModule(subject: AccessSubject, key: string): boolean {
  return subject.adminModules.get(key)?.write === true;
}
