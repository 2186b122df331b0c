/**
 * §4.1 step 10: landing on / with the home page type go-to-menu and a permitted menu redirects to
 * the menu's screen (tables to /data, dashboards to /dashboards, …; the map is the permissions
 * manifest's `homeRedirects`). A menu is permitted when the user holds its role permission (read is
 * enough) and, when the entry names a feature, that feature is Included. The gateway sends only the
 * permitted entries; the runtime's guard redirects with the same test.
 */
import type { PermissionsManifest } from "../../schemas/permissions.ts";
import {
  type AccessProfile,
  type AccessSubject,
  hasRolePermission,
  isFeatureIncluded,
} from "../access/access-profile.ts";

/** One entry of the §4.1 step 10 map. */
export type HomeRedirect = PermissionsManifest["homeRedirects"][number];

/** True when the user may be sent to the entry's screen. */
export function isHomeRedirectPermitted(entry: HomeRedirect, subject: AccessSubject): boolean {
  return (
    hasRolePermission(subject, entry.permission, "r") &&
    (entry.feature === undefined || isFeatureIncluded(subject, entry.feature))
  );
}

/** Where / sends the user (§4.1 step 10), or null when it opens the home screen. */
export function homeRedirectFor(
  profile: AccessProfile,
  permissions: Pick<PermissionsManifest, "homePageTypes" | "homeRedirects">,
): string | null {
  if (profile.homePageType !== permissions.homePageTypes.goToMenu) return null;
  const entry = permissions.homeRedirects.find((r) => r.menu === profile.homePageRedirectionMenu);
  return entry && isHomeRedirectPermitted(entry, profile) ? entry.to : null;
}
