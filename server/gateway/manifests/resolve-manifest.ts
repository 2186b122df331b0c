/**
 * Manifest resolution (DESIGN.md §3), its last step: a set already layered by the configuration
 * plane (base → operator → account, server/gateway/config/) filtered for the audience.
 */
import type { MenuConditionInput } from "../../../core/menus/conditions.ts";
import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import type { RouteDefinition } from "../../../schemas/routes.ts";
import type { ServedConfiguration } from "../config/deployment.ts";
import { type AccessFacts, type UserAccess, userAccessOf } from "./filter-access.ts";
import { filterMenus } from "./filter-menus.ts";
import { filterDialogs, filterPermissions, filterScreens } from "./filter-registries.ts";
import { filterRoutes } from "./filter-routes.ts";
import type { ManifestSet } from "./manifest-set.ts";

/** Who a resolved manifest is for. */
export type ManifestAudience =
  | { kind: "anonymous" }
  | {
      kind: "user";
      facts: AccessFacts;
      /** accessFingerprint(facts), computed once per session refresh. */
      fingerprint: string;
    };

/**
 * A visitor without a session gets public screens, redirects and external routes only — never a
 * signed-in route, menu, dialog or admin screen.
 */
function isAnonymousRoute(route: RouteDefinition): boolean {
  if (route.redirect || route.external) return true;
  return route.access?.public === true;
}

/** A document without its editor-only `$schema` line. */
function served<T extends { $schema?: string }>(document: T): T {
  const { $schema: _editorOnly, ...rest } = document;
  return rest as T;
}

/** What the menus' conditions of a user are evaluated against (core/menus/conditions.ts). */
export function menuConditionInput(set: ManifestSet, access: UserAccess): MenuConditionInput {
  return {
    profile: access.profile,
    session: access.session,
    shellFlags: {
      videoTutorials: set.shell.videoTutorials === true,
      signupAllowed: set.shell.signupAllowed === true,
    },
    sessionValues: set.menus.sessionValues,
  };
}

/** Resolves an already layered manifest set for an audience. */
export function resolveManifest(
  set: ManifestSet,
  version: string,
  audience: ManifestAudience,
  configuration: Pick<ServedConfiguration, "configVersion" | "texts">,
): ClientManifest {
  const { configVersion, texts } = configuration;
  if (audience.kind === "anonymous") {
    return {
      version,
      configVersion,
      texts,
      audience: "anonymous",
      user: null,
      routes: served({ ...set.routes, routes: set.routes.routes.filter(isAnonymousRoute) }),
      permissions: {
        rolePermissions: [],
        features: [],
        homePageTypes: set.permissions.homePageTypes,
        homeRedirects: [],
      },
      menus: null,
      notifications: null,
      dialogs: null,
      screens: null,
      shell: served(set.shell),
      constants: served(set.constants),
      widgets: served(set.widgets),
    };
  }
  const access = userAccessOf(audience.facts, set.permissions);
  const routes = filterRoutes(set.routes, set.permissions, access);
  const dialogs = filterDialogs(set.dialogs, access);
  const context = menuConditionInput(set, access);
  const menus = filterMenus(set.menus, context, {
    allRoutes: set.routes,
    openRouteIds: new Set(routes.routes.filter((r) => !r.upgrade).map((r) => r.id)),
    upgradeRouteIds: new Set(routes.routes.filter((r) => r.upgrade).map((r) => r.id)),
    dialogIds: new Set(dialogs.dialogs.map((d) => d.id)),
  });
  return {
    version,
    configVersion,
    texts,
    audience: "user",
    user: { accountRecId: audience.facts.accountRecId, impersonating: access.profile.impersonating },
    routes: served(routes),
    permissions: filterPermissions(set.permissions, access),
    menus: served(menus),
    notifications: served(set.notifications),
    dialogs: served(dialogs),
    screens: served(filterScreens(set.screens, access)),
    shell: served(set.shell),
    constants: served(set.constants),
    widgets: served(set.widgets),
  };
}
