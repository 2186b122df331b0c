/**
 * Turns the upstream's LoggedInConfig (§3 User, §7) into what the access checks read, with core's
 * reading (core/access/access-profile.ts) — the one the gateway filtered the manifest with:
 * permissions parsed with the manifest's catalogue (aliases resolved), feature availability by
 * feature id under either of its names, admin grants (none while impersonating).
 */
import {
  type AccessCatalogue,
  type AccessProfile,
  accessSubjectOf,
} from "../../core/access/access-profile.ts";
import type { LoggedInConfig } from "../../schemas/payloads/user-session.ts";

/** The catalogue parts of the permissions manifest the conversion needs. */
export type ProfileCatalogue = AccessCatalogue;

/** The access profile of a signed-in user. Unknown permission keys grant nothing. */
export function accessProfileFrom(config: LoggedInConfig, catalogue: ProfileCatalogue): AccessProfile {
  const user = config.User;
  const userFields = user as unknown as Record<string, unknown>;
  const configFields = config as unknown as Record<string, unknown>;
  const subject = accessSubjectOf(
    {
      rolePermissions: user.RolePermissions,
      adminPermissions: user.AdminPermissions.map((entry) => ({
        key: entry.Key,
        read: entry.Value.Read,
        write: entry.Value.Write,
      })),
      isAdmin: user.IsAdmin,
      impersonating: user.Impersonating,
      sessionFlag: (name) => (Object.hasOwn(userFields, name) ? userFields[name] : undefined),
      configValue: (name) => (Object.hasOwn(configFields, name) ? configFields[name] : undefined),
    },
    catalogue,
  );
  return {
    ...subject,
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
