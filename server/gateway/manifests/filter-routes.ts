/**
 * The routes a signed-in user receives (DESIGN.md §3, §4.1, §5 access checks, §6), judged by
 * core/access/decide.ts — the decision the runtime's guard takes on the same route:
 * - allowed (public, redirect and external routes without access rules, and every route the user
 *   may open): sent as it is;
 * - refused because a feature is not Included: kept as an **upgrade route** — the screen or legacy
 *   target is replaced by a redirect to `/upgrade?objectType=<type>` (the first object type of the
 *   missing feature, §4.1 step 11) and the route carries the marker `upgrade: { feature, objectType }`.
 *   The runtime's guard follows it like any redirect route, so the user is sent to the upgrade page
 *   without ever receiving the screen;
 * - refused for any other reason (a missing or too low permission, the admin area without Read or
 *   while impersonating): dropped, and its path falls to the not-found redirect (`/`), where the
 *   guard sends the same refusal.
 */
import { type AccessDecision, decideRouteAccess } from "../../../core/access/decide.ts";
import type { ClientRoute, ClientRoutesManifest } from "../../../schemas/client-manifest.ts";
import type { PermissionsManifest } from "../../../schemas/permissions.ts";
import type { RouteDefinition, RoutesManifest } from "../../../schemas/routes.ts";
import type { UserAccess } from "./filter-access.ts";

/** Where §4.1 step 11 sends a feature that is not Included. */
export const UPGRADE_PATH = "/upgrade";

/** The upgrade form of a route (see the module comment). */
function upgradeRoute(route: RouteDefinition, feature: string, objectType: string | null): ClientRoute {
  const upgrade: ClientRoute = {
    id: route.id,
    path: route.path,
    redirect: objectType
      ? { to: UPGRADE_PATH, query: { objectType: { value: objectType } } }
      : { to: UPGRADE_PATH },
    upgrade: { feature, objectType },
  };
  if (route.mode) upgrade.mode = route.mode;
  if (route.paramPatterns) upgrade.paramPatterns = route.paramPatterns;
  if (route.access) upgrade.access = route.access;
  return upgrade;
}

/** The route as a decision serves it: itself, its upgrade form, or nothing. */
export function servedRoute(route: RouteDefinition, decision: AccessDecision): ClientRoute | null {
  if (decision.allowed) return route;
  return decision.reason === "featureNotIncluded"
    ? upgradeRoute(route, decision.feature, decision.objectType)
    : null;
}

/** The route as the user receives it, or null when they may not open it. */
export function routeForUser(
  route: RouteDefinition,
  access: UserAccess,
  features: PermissionsManifest["features"],
): ClientRoute | null {
  return servedRoute(route, decideRouteAccess(route, access.profile, features));
}

/** The routes manifest filtered for the user, in the manifest's order. */
export function filterRoutes(
  routes: RoutesManifest,
  permissions: Pick<PermissionsManifest, "features">,
  access: UserAccess,
): ClientRoutesManifest {
  const kept: ClientRoute[] = [];
  for (const route of routes.routes) {
    const served = routeForUser(route, access, permissions.features);
    if (served) kept.push(served);
  }
  return { ...routes, routes: kept };
}
