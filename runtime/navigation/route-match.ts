import { matchRoutes } from "react-router";
import type { RouteDefinition, RoutesManifest } from "../../schemas/routes.ts";

/** Path parameters of a matched route; optional ones may be absent. */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/** A route of the manifest matched against a pathname. */
export interface RouteMatch {
  route: RouteDefinition;
  params: RouteParams;
}

/** Which application the page runs: the product, or the help mode (§2.1). */
export type AppMode = "app" | "help";

/** Finds the route for a pathname. */
export type RouteMatcher = (pathname: string) => RouteMatch | null;

/** The routes of one mode, in manifest order. */
export function routesForMode(manifest: RoutesManifest, mode: AppMode): RouteDefinition[] {
  return manifest.routes.filter((route) => (route.mode ?? "app") === mode);
}

/**
 * §2.1: in help mode everything but its one route goes to / — for everyone, signed in or not, so
 * an unknown path never asks for a session (help mode has no sign-in page to send it to).
 */
export const HELP_MODE_FALLBACK: RouteDefinition = {
  id: "helpModeFallback",
  path: "/",
  redirect: { to: "/" },
  access: { public: true },
};

/** Pathnames a matcher remembers; past this it starts over (a session visits far fewer). */
export const ROUTE_MATCH_CACHE_ENTRIES = 256;

const matchers = new WeakMap<RoutesManifest, Partial<Record<AppMode, RouteMatcher>>>();

/**
 * The matcher of a routes manifest in a mode, with react-router's ranking (static segments beat
 * parameters), then the route's `paramPatterns`: a parameter that does not match makes the path
 * unknown (e.g. a non-numeric impersonation id, §2.4). In help mode an unknown path matches
 * HELP_MODE_FALLBACK.
 *
 * One matcher per manifest object and mode, remembering its answers: react-router's matchRoutes
 * flattens and ranks every route on each call, and the boot alone asks for the first path three
 * times (first screen preload, first guard decision, the navigation host) — issue 5's cold load.
 */
export function createRouteMatcher(manifest: RoutesManifest, mode: AppMode): RouteMatcher {
  let byMode = matchers.get(manifest);
  if (!byMode) {
    byMode = {};
    matchers.set(manifest, byMode);
  }
  const existing = byMode[mode];
  if (existing) return existing;
  const match = rememberAnswers(createModeMatcher(manifest, mode));
  const matcher: RouteMatcher =
    mode === "app" ? match : (pathname) => match(pathname) ?? { route: HELP_MODE_FALLBACK, params: {} };
  byMode[mode] = matcher;
  return matcher;
}

function rememberAnswers(match: RouteMatcher): RouteMatcher {
  const answers = new Map<string, RouteMatch | null>();
  return (pathname) => {
    const known = answers.get(pathname);
    if (known !== undefined) return known;
    // Shared by every caller from now on: frozen, so none can change another's answer.
    const found = match(pathname);
    const answer = found && Object.freeze({ route: found.route, params: Object.freeze(found.params) });
    if (answers.size >= ROUTE_MATCH_CACHE_ENTRIES) answers.clear();
    answers.set(pathname, answer);
    return answer;
  };
}

/** A route path of static segments only: no parameter, optional segment or splat. */
const STATIC_PATH = /^[^:*?]*$/;

/** The key a static route path and a pathname share: lower case, no trailing slashes. */
function staticKey(path: string): string {
  return path.toLowerCase().replace(/\/+$/, "") || "/";
}

/**
 * The routes whose path is all static segments, by staticKey: such a route, matching a pathname
 * exactly, is the one react-router ranks first (a static segment outscores every other kind), so
 * a lookup answers without compiling and trying every route's pattern — ~15 ms of the first
 * match of a cold load on a slow machine (issue 5). Paths with escapes (%) take the full match.
 */
function staticRoutes(routes: readonly RouteDefinition[]): Map<string, RouteDefinition> {
  const byPath = new Map<string, RouteDefinition>();
  for (const route of routes) {
    if (!STATIC_PATH.test(route.path)) continue;
    const key = staticKey(route.path);
    // Two routes on one path: the first is react-router's answer too (equal rank, manifest order).
    if (!byPath.has(key)) byPath.set(key, route);
  }
  return byPath;
}

function createModeMatcher(manifest: RoutesManifest, mode: AppMode): RouteMatcher {
  const routes = routesForMode(manifest, mode);
  const byStaticPath = staticRoutes(routes);
  const byId = new Map(routes.map((route) => [route.id, route]));
  const patterns = new Map(
    routes.map((route) => [
      route.id,
      Object.entries(route.paramPatterns ?? {}).map(([name, source]) => [name, new RegExp(source)] as const),
    ]),
  );
  const objects = routes.map((route) => ({ id: route.id, path: route.path, caseSensitive: false }));
  return (pathname) => {
    const exact = pathname.includes("%") ? undefined : byStaticPath.get(staticKey(pathname));
    if (exact) return { route: exact, params: {} };
    const matches = matchRoutes(objects, pathname);
    const last = matches?.[matches.length - 1];
    if (!last?.route.id) return null;
    const route = byId.get(last.route.id);
    if (!route) return null;
    const params: Record<string, string | undefined> = { ...last.params };
    delete params["*"];
    for (const [name, pattern] of patterns.get(route.id) ?? []) {
      const value = params[name];
      if (value !== undefined && !pattern.test(value)) return null;
    }
    return { route, params };
  };
}
