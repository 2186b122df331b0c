/**
 * Turns the upstream's LoggedInConfig (§3 User, §7) into what the access checks
 * read: permissions parsed with the manifest's catalogue (aliases resolved),
 * feature availability by feature id under either of its names, admin grants.
 */
import type { PermissionsManifest } from "../../schemas/permissions.ts";
import type { LoggedInConfig } from "../../schemas/payloads/user-session.ts";
import type { AccessProfile, AdminModuleGrant, FeatureAvailability } from "../access/access-profile.ts";
import { parsePermissionString } from "../access/permission-string.ts";

/** The catalogue parts of the permissions manifest the conversion needs. */
export type ProfileCatalogue = Pick<PermissionsManifest, "rolePermissions" | "features">;

function isAvailability(value: unknown): value is FeatureAvailability {
  return value === "Included" || value === "Optional";
}

/** The access profile of a signed-in user. Unknown permission keys grant nothing. */
export function accessProfileFrom(config: LoggedInConfig, catalogue: ProfileCatalogue): AccessProfile {
  const user = config.User;
  const { permissions } = parsePermissionString(user.RolePermissions.join(";"), catalogue);
  const userFlags = user as unknown as Record<string, unknown>;
  const configFlags = config as unknown as Record<string, unknown>;
  const features = new Map<string, FeatureAvailability>();
  for (const feature of catalogue.features) {
    // The session flag on User wins; the Features… name of the configuration covers the rest (§3).
    const value =
      (feature.sessionFlag && userFlags[feature.sessionFlag]) ??
      (feature.configName && configFlags[feature.configName]);
    features.set(feature.id, isAvailability(value) ? value : "Optional");
  }
  const adminModules = new Map<string, AdminModuleGrant>(
    user.AdminPermissions.map((entry) => [entry.Key, { read: entry.Value.Read, write: entry.Value.Write }]),
  );
  return {
    permissions,
    features,
    adminModules,
    isAdmin: user.IsAdmin,
    impersonating: user.Impersonating,
    homePageType: user.HomePageType ?? null,
    homePageRedirectionMenu: user.HomePageRedirectionMenu ?? null,
  };
}

/** §3: InterfacePreferences may arrive as a JSON string; returns the object, or {} when unreadable. */
export function interfacePreferencesOf(config: LoggedInConfig): Record<string, unknown> {
  const value = config.User.InterfacePreferences as unknown;
  if (typeof value === "string") {
    try {
      const parsed = JSON.parse(value) as unknown;
      return parsed && typeof parsed === "object" && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {};
    } catch {
      return {};
    }
  }
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}
