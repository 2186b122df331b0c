import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import type { RouteDefinition } from "../../../schemas/routes.ts";
import type { ManifestSet } from "./manifest-set.ts";

/** Who a resolved manifest is for. Issue 4 adds the signed-in user's scope. */
export type ManifestAudience = { kind: "anonymous" };

/**
 * A visitor without a session gets public screens, redirects and external
 * routes only — never a signed-in route, menu, dialog or admin screen.
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

/** Resolves the manifest set for an audience (base layer only, until operator/account layers exist). */
export function resolveManifest(
  set: ManifestSet,
  version: string,
  audience: ManifestAudience,
): ClientManifest {
  const routes = set.routes.routes.filter(isAnonymousRoute);
  return {
    version,
    audience: audience.kind,
    routes: served({ ...set.routes, routes }),
    permissions: { features: [], homePageTypes: set.permissions.homePageTypes, homeRedirects: [] },
    menus: null,
    notifications: null,
    dialogs: null,
    screens: null,
    shell: served(set.shell),
    constants: served(set.constants),
  };
}
