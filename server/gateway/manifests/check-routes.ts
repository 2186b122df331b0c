import type { RouteDefinition } from "../../../schemas/routes.ts";
import type { ManifestProblem } from "./manifest-problem.ts";
import type { ManifestSet } from "./manifest-set.ts";
import { problemMessage } from "./problem-messages.ts";

const FILE = "manifests/routes.json";

/** Names of the `:params` of a route pattern or template. */
export function patternParams(pattern: string): string[] {
  return [...pattern.matchAll(/:([A-Za-z][A-Za-z0-9]*)\??/g)].map((m) => m[1] as string);
}

/** The pattern with parameter names blurred, so /a/:x and /a/:y count as the same path. */
function pathShape(pattern: string): string {
  return pattern.toLowerCase().replace(/:[A-Za-z0-9]+(\?)?/g, ":$1");
}

function targetParams(route: RouteDefinition): Array<{ pointer: string; names: string[] }> {
  const out: Array<{ pointer: string; names: string[] }> = [];
  const fromQuery = (query: Record<string, { param: string } | { value: string }> | undefined) =>
    Object.values(query ?? {}).flatMap((v) => ("param" in v && v.param ? [v.param] : []));
  if (route.redirect) {
    out.push({ pointer: "redirect/to", names: patternParams(route.redirect.to) });
    out.push({ pointer: "redirect/query", names: fromQuery(route.redirect.query) });
  }
  if (route.legacy) {
    out.push({ pointer: "legacy/url", names: patternParams(route.legacy.url) });
    out.push({ pointer: "legacy/query", names: fromQuery(route.legacy.query) });
  }
  if (route.external) out.push({ pointer: "external/pathParams", names: route.external.pathParams ?? [] });
  out.push({ pointer: "paramPatterns", names: Object.keys(route.paramPatterns ?? {}) });
  return out;
}

/** Route-level rules: unique ids and paths, parameters that exist, coherent access. */
export function checkRoutes(set: ManifestSet): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const ids = new Map<string, number>();
  const shapes = new Map<string, number>();
  set.routes.routes.forEach((route, index) => {
    const at = (suffix = "") => `/routes/${index}${suffix}`;
    if (ids.has(route.id)) {
      problems.push({
        file: FILE,
        pointer: at("/id"),
        reason: `duplicate route id "${route.id}" (also /routes/${ids.get(route.id)})`,
        message: problemMessage("DuplicateRouteId", { id: route.id, other: `/routes/${ids.get(route.id)}` }),
      });
    } else ids.set(route.id, index);
    const shape = `${route.mode ?? "app"} ${pathShape(route.path)}`;
    if (shapes.has(shape)) {
      problems.push({
        file: FILE,
        pointer: at("/path"),
        reason: `duplicate path "${route.path}" (also /routes/${shapes.get(shape)})`,
        message: problemMessage("DuplicatePath", { path: route.path, other: `/routes/${shapes.get(shape)}` }),
      });
    } else shapes.set(shape, index);
    const declared = new Set(patternParams(route.path));
    for (const { pointer, names } of targetParams(route)) {
      for (const name of names) {
        if (!declared.has(name)) {
          problems.push({
            file: FILE,
            pointer: at(`/${pointer}`),
            reason: `parameter "${name}" is not in the path ${route.path}`,
            message: problemMessage("ParamNotInPath", { name, path: route.path }),
          });
        }
      }
    }
    for (const [name, source] of Object.entries(route.paramPatterns ?? {})) {
      try {
        new RegExp(source);
      } catch {
        problems.push({
          file: FILE,
          pointer: at(`/paramPatterns/${name}`),
          reason: "not a valid regular expression",
          message: problemMessage("InvalidRegex"),
        });
      }
    }
    const access = route.access ?? {};
    if (access.notLoggedInOnly && !access.public) {
      problems.push({
        file: FILE,
        pointer: at("/access"),
        reason: "a not-logged-in-only route must also be public",
        message: problemMessage("NotLoggedInOnlyPublic"),
      });
    }
    const isAdminPath = route.path === "/admin" || route.path.startsWith("/admin/");
    if (isAdminPath && !route.redirect && !access.adminModules?.length) {
      problems.push({
        file: FILE,
        pointer: at("/access"),
        reason: "an /admin route needs at least one admin module",
        message: problemMessage("AdminRouteNeedsModule"),
      });
    }
    if (!isAdminPath && access.adminModules?.length) {
      problems.push({
        file: FILE,
        pointer: at("/access/adminModules"),
        reason: "admin modules outside /admin",
        message: problemMessage("AdminModulesOutsideAdmin"),
      });
    }
  });
  return problems;
}
