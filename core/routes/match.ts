/**
 * The one route matcher of the gateway and the runtime (DESIGN.md §2: a rule both sides apply exists
 * once). It IS react-router's `matchRoutes` over the manifest's routes — the function the browser's
 * router ranks with — so the gateway (per-user manifests, menu links, manifest checks, the first
 * screen's preload) and the runtime (the §4.1 guard) open the same route for every path, by
 * construction: static segments beat parameters, ties go to manifest order, matching ignores case
 * and trailing slashes. On top of react-router, a route's `paramPatterns` must hold: a parameter that
 * does not match its pattern makes the path unknown (e.g. a non-numeric impersonation id, §2.4).
 */
import { matchRoutes } from "react-router";
import type { RouteDefinition, RoutesManifest } from "../../schemas/routes.ts";

/** A routes manifest, or any object holding its routes (the gateway's per-user one included). */
export type RoutesSource = Pick<RoutesManifest, "routes">;

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
export function routesForMode(manifest: RoutesSource, mode: AppMode): RouteDefinition[] {
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

const matchers = new WeakMap<RoutesSource, Partial<Record<AppMode, RouteMatcher>>>();

/**
 * The matcher of a routes manifest in a mode (see the module comment). In help mode an unknown
 * path matches HELP_MODE_FALLBACK.
 *
 * One matcher per manifest object and mode, remembering its answers: react-router's matchRoutes
 * flattens and ranks every route on each call, and the runtime's boot alone asks for the first path
 * three times (first screen preload, first guard decision, the navigation host).
 */
export function createRouteMatcher(manifest: RoutesSource, mode: AppMode): RouteMatcher {
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

/** A base the link parser resolves against; never contacted. */
const LINK_BASE = "https://core.invalid";

/**
 * The pathname an in-app link opens, as the browser's URL parser reads it once the router has
 * pushed it (query and hash dropped, dot segments resolved, unsafe characters escaped); null for
 * a link that leaves the origin or does not parse.
 */
export function linkPathname(link: string): string | null {
  try {
    const url = new URL(link, LINK_BASE);
    return url.origin === LINK_BASE ? url.pathname : null;
  } catch {
    return null;
  }
}

/** The route an in-app link opens with `match`, or null when it opens none (or leaves the origin). */
export function routeOfLink(link: string, match: RouteMatcher): RouteMatch | null {
  const pathname = linkPathname(link);
  return pathname === null ? null : match(pathname);
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
 * a lookup answers without compiling and trying every route's pattern (~15 ms of the first match
 * of a cold load on a slow machine). Paths with escapes (%) take the full match.
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

function createModeMatcher(manifest: RoutesSource, mode: AppMode): RouteMatcher {
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
