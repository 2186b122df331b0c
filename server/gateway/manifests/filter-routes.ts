/**
 * The routes a signed-in user receives (DESIGN.md §3, §4.1, §5 access checks, §6):
 * - public, redirect, external and unrestricted routes: as they are;
 * - admin routes (access.adminModules): only with Read on one of their modules, never while
 *   impersonating;
 * - routes with a role permission: only when it is held at the route's level;
 * - routes whose permission is held but whose feature is not Included: kept as an **upgrade route** —
 *   the screen or legacy target is replaced by a redirect to `/upgrade?objectType=<type>` (the first
 *   object type of the first missing feature, §4.1 step 11) and the route carries the marker
 *   `upgrade: { feature, objectType }`. The runtime's guard follows it like any redirect route, so the
 *   user is sent to the upgrade page without ever receiving the screen. A route whose permission is
 *   missing is dropped, and its path falls to the not-found redirect (`/`), which is also where
 *   §4.1 step 12 sends a missing permission.
 */
import type { ClientRoute, ClientRoutesManifest } from "../../../schemas/client-manifest.ts";
import type { PermissionsManifest } from "../../../schemas/permissions.ts";
import type { RouteDefinition, RoutesManifest } from "../../../schemas/routes.ts";
import { holdsPermission, readsAnyAdminModule, type UserAccess } from "./filter-access.ts";

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

/** The route as the user receives it, or null when they may not open it. */
export function routeForUser(
  route: RouteDefinition,
  access: UserAccess,
  features: PermissionsManifest["features"],
): ClientRoute | null {
  const rules = route.access ?? {};
  if (rules.adminModules && rules.adminModules.length > 0) {
    return readsAnyAdminModule(access, rules.adminModules) ? route : null;
  }
  if (rules.permission && !holdsPermission(access, rules.permission, rules.permissionLevel ?? "r"))
    return null;
  const missing = (rules.features ?? []).find((id) => !access.includedFeatures.has(id));
  if (missing === undefined) return route;
  const objectType = features.find((feature) => feature.id === missing)?.objectTypes[0] ?? null;
  return upgradeRoute(route, missing, objectType);
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

const compiledPatterns = new WeakMap<object, Map<string, RegExp>>();

function paramPattern(route: RouteDefinition, name: string): RegExp | null {
  const source = route.paramPatterns?.[name];
  if (source === undefined) return null;
  let cache = compiledPatterns.get(route);
  if (!cache) {
    cache = new Map();
    compiledPatterns.set(route, cache);
  }
  let compiled = cache.get(name);
  if (!compiled) {
    compiled = new RegExp(`^(?:${source})$`, "u");
    cache.set(name, compiled);
  }
  return compiled;
}

/**
 * How well `route` matches the path's segments: per pattern segment 3 for a static one, 2 for a
 * parameter, 1 for an optional parameter (the ranking react-router applies); null for no match.
 */
function matchScore(route: RouteDefinition, segments: readonly string[]): number[] | null {
  const score: number[] = [];
  let index = 0;
  for (const part of route.path.split("/").filter((p) => p !== "")) {
    const param = /^:([A-Za-z][A-Za-z0-9]*)(\?)?$/.exec(part);
    const segment = segments[index];
    if (!param) {
      if (segment === undefined || segment.toLowerCase() !== part.toLowerCase()) return null;
      score.push(3);
    } else if (segment === undefined) {
      if (!param[2]) return null;
      continue;
    } else {
      const pattern = paramPattern(route, param[1] as string);
      if (pattern && !pattern.test(segment)) return null;
      score.push(param[2] ? 1 : 2);
    }
    index += 1;
  }
  return index === segments.length ? score : null;
}

function better(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return false;
}

/** The app-mode route an in-app link opens (best-ranked match), or null when none matches. */
export function routeOfLink(link: string, routes: readonly RouteDefinition[]): RouteDefinition | null {
  const path = link.split(/[?#]/)[0] ?? "";
  const segments = path.split("/").filter((s) => s !== "");
  let best: { route: RouteDefinition; score: number[] } | null = null;
  for (const route of routes) {
    if (route.mode === "help") continue;
    const score = matchScore(route, segments);
    if (score && (!best || better(score, best.score))) best = { route, score };
  }
  return best?.route ?? null;
}
