import { isSafeRedirectTarget } from "../../core/navigation/safe-redirect.ts";
import type { RouteParams } from "../../core/routes/match.ts";
import type { RouteDefinition } from "../../schemas/routes.ts";

type QueryMap = NonNullable<NonNullable<RouteDefinition["redirect"]>["query"]>;

/** Fills `:name` / `:name?` segments of a path template; absent optional segments are dropped. */
export function fillPathTemplate(template: string, params: RouteParams): string {
  const segments = template.split("/").flatMap((segment) => {
    const param = /^:([A-Za-z][A-Za-z0-9]*)(\?)?$/.exec(segment);
    if (!param) return [segment];
    const value = params[param[1] as string];
    if (value === undefined || value === "") return param[2] ? [] : [""];
    return [encodeURIComponent(value)];
  });
  const path = segments.join("/");
  return path === "" ? "/" : path;
}

/** Query entries produced by a manifest query map; entries whose parameter is absent are left out. */
export function buildQuery(query: QueryMap | undefined, params: RouteParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, source] of Object.entries(query ?? {})) {
    const value = "param" in source ? params[source.param] : source.value;
    if (value !== undefined && value !== "") search.set(name, value);
  }
  return search;
}

/**
 * The in-app URL a redirect route sends to (§2.2 redirects, e.g. /support/:recId →
 * /supporttickets?id=…). Returns null when the result would not be a safe same-origin target.
 */
export function redirectTargetFor(
  redirect: NonNullable<RouteDefinition["redirect"]>,
  params: RouteParams,
  incomingSearch: string,
): string | null {
  const path = fillPathTemplate(redirect.to, params);
  const query = redirect.keepQuery ? new URLSearchParams(incomingSearch) : new URLSearchParams();
  for (const [name, value] of buildQuery(redirect.query, params)) query.set(name, value);
  const qs = query.toString();
  const target = qs ? `${path}?${qs}` : path;
  return isSafeRedirectTarget(target) ? target : null;
}

/** The legacy page URL shown in the frame for a legacy route (§2.3). */
export function legacyUrlFor(
  legacy: NonNullable<RouteDefinition["legacy"]>,
  params: RouteParams,
): string | null {
  const path = fillPathTemplate(legacy.url, params);
  const qs = buildQuery(legacy.query, params).toString();
  const target = qs ? `${path}?${qs}` : path;
  return isSafeRedirectTarget(target) ? target : null;
}
