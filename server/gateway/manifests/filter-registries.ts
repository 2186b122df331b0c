/**
 * The registries a signed-in user receives (DESIGN.md §3, §5 access checks, §6):
 * - dialogs: a dialog tied to an admin module only with Read on it (none while impersonating);
 * - screens: manifest-defined screens are admin screens, each only with Read on its module;
 * - permissions: the catalogue parts the guard reads — every feature (the guard needs their object
 *   types for /upgrade), the home-page types, and the go-to-menu redirects of §4.1 step 10 the user
 *   holds the permission for (and whose feature is Included when one is named).
 */
import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import type { DialogsManifest } from "../../../schemas/dialogs.ts";
import type { PermissionsManifest } from "../../../schemas/permissions.ts";
import type { ScreensManifest } from "../../../schemas/screens.ts";
import { holdsPermission, type UserAccess } from "./filter-access.ts";

/** The dialog registry filtered for the user. */
export function filterDialogs(dialogs: DialogsManifest, access: UserAccess): DialogsManifest {
  return {
    ...dialogs,
    dialogs: dialogs.dialogs.filter(
      (dialog) =>
        dialog.adminModule === undefined || access.adminModules.get(dialog.adminModule)?.read === true,
    ),
  };
}

/** The manifest-defined screens filtered for the user. */
export function filterScreens(screens: ScreensManifest, access: UserAccess): ScreensManifest {
  return {
    ...screens,
    screens: screens.screens.filter((screen) => access.adminModules.get(screen.adminModule)?.read === true),
  };
}

/** The permissions part of the client manifest for the user. */
export function filterPermissions(
  permissions: PermissionsManifest,
  access: UserAccess,
): ClientManifest["permissions"] {
  return {
    rolePermissions: permissions.rolePermissions,
    features: permissions.features,
    homePageTypes: permissions.homePageTypes,
    homeRedirects: permissions.homeRedirects.filter(
      (redirect) =>
        holdsPermission(access, redirect.permission, "r") &&
        (redirect.feature === undefined || access.includedFeatures.has(redirect.feature)),
    ),
  };
}
