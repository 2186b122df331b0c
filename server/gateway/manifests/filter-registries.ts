/**
 * The registries a signed-in user receives (DESIGN.md §3, §5 access checks, §6), decided by
 * core/access/decide.ts and core/navigation/home-redirect.ts as the runtime decides them:
 * - dialogs: a dialog tied to an admin module only with Read on it (none while impersonating);
 * - screens: manifest-defined screens are admin screens, each only with Read on its module; a list
 *   filter whose options are another admin screen's list only with Read on that screen's module;
 * - permissions: the catalogue parts the guard reads — every feature (the guard needs their object
 *   types for /upgrade), the home-page types, and the go-to-menu redirects of §4.1 step 10 the user
 *   holds the permission for (and whose feature is Included when one is named).
 */
import { decideAdminModuleAccess, decideDialogAccess } from "../../../core/access/decide.ts";
import { isHomeRedirectPermitted } from "../../../core/navigation/home-redirect.ts";
import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import type { DialogsManifest } from "../../../schemas/dialogs.ts";
import type { PermissionsManifest } from "../../../schemas/permissions.ts";
import type { ScreenDefinition, ScreensManifest } from "../../../schemas/screens.ts";
import type { UserAccess } from "./filter-access.ts";

/** The dialog registry filtered for the user. */
export function filterDialogs(dialogs: DialogsManifest, access: UserAccess): DialogsManifest {
  return {
    ...dialogs,
    dialogs: dialogs.dialogs.filter((dialog) => decideDialogAccess(dialog, access.profile).allowed),
  };
}

/** The admin module of each screen's list endpoint: what reading that endpoint needs (§6). */
export function listEndpointModules(screens: ScreensManifest): ReadonlyMap<string, string> {
  return new Map(screens.screens.map((screen) => [screen.list.endpoint, screen.adminModule]));
}

/**
 * §6 (each admin module needs Read): a select filter loading its options from another screen's list
 * (e.g. the accounts of /admin/accounts) is left out for a user without Read on that screen's module
 * — the options call would only be refused. Filters with static options, or options from an
 * endpoint no screen lists, stay. The screen itself is returned when nothing is left out.
 */
export function withReadableFilterOptions(
  screen: ScreenDefinition,
  listModules: ReadonlyMap<string, string>,
  canRead: (module: string) => boolean,
): ScreenDefinition {
  const filters = screen.list.filters;
  if (!filters) return screen;
  const usable = filters.filter((filter) => {
    const module = filter.optionsSource ? listModules.get(filter.optionsSource.endpoint) : undefined;
    return module === undefined || canRead(module);
  });
  return usable.length === filters.length ? screen : { ...screen, list: { ...screen.list, filters: usable } };
}

/** The manifest-defined screens filtered for the user. */
export function filterScreens(screens: ScreensManifest, access: UserAccess): ScreensManifest {
  const canRead = (module: string) => decideAdminModuleAccess([module], access.profile).allowed;
  const listModules = listEndpointModules(screens);
  return {
    ...screens,
    screens: screens.screens
      .filter((screen) => canRead(screen.adminModule))
      .map((screen) => withReadableFilterOptions(screen, listModules, canRead)),
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
    homeRedirects: permissions.homeRedirects.filter((redirect) =>
      isHomeRedirectPermitted(redirect, access.profile),
    ),
  };
}
