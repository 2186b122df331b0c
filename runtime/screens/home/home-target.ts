/**
 * §2.2: /home/{type}/{itemRecId?}/{secondaryType?}/… redirects to / with the query parameters type,
 * id and menu. The home screen opens what they name: the item's viewer or editor (or the details of
 * its explorer), the list of its type, or the menu's page — only among routes the user may open.
 */

import {
  type AccessProfile,
  hasRolePermission,
  isFeatureIncluded,
} from "../../../core/access/access-profile.ts";
import type { ClientRoute } from "../../../schemas/client-manifest.ts";
import type { PermissionsManifest } from "../../../schemas/permissions.ts";
import { fillPathTemplate } from "../../navigation/redirect-target.ts";
import { explorerPath, objectLinks, openLink, pathParamNames } from "../content/explorer-area.ts";

/** The query parameters of the /home redirect. */
export interface HomeQuery {
  type: string | null;
  id: number | null;
  menu: string | null;
}

/** The /home parameters of a query string; null when it carries none. */
export function homeQuery(search: string): HomeQuery | null {
  const query = new URLSearchParams(search);
  const text = (name: string) => {
    const value = query.get(name)?.trim() ?? "";
    return value === "" ? null : value;
  };
  const rawId = text("id");
  const result = {
    type: text("type"),
    id: rawId !== null && /^[1-9][0-9]{0,15}$/.test(rawId) ? Number(rawId) : null,
    menu: text("menu"),
  };
  return result.type === null && result.menu === null && rawId === null ? null : result;
}

/** §5 access checks of a route for this profile (features Included, permission at its level). */
export function routeAllowed(route: ClientRoute, profile: AccessProfile): boolean {
  if (route.upgrade !== undefined) return false;
  const access = route.access ?? {};
  if ((access.features ?? []).some((feature) => !isFeatureIncluded(profile, feature))) return false;
  return !access.permission || hasRolePermission(profile, access.permission, access.permissionLevel ?? "r");
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "base" }) === 0;

/** The canonical object type named by `type`: an object type, or an area (permission key) for its first type. */
function resolveType(
  routes: readonly ClientRoute[],
  type: string,
): { type: string; routes: ClientRoute[] } | null {
  for (const route of routes) {
    const match = route.screen?.objectTypes?.find((candidate) => same(candidate, type));
    if (match) return { type: match, routes: routes.filter((r) => r.screen?.objectTypes?.includes(match)) };
  }
  const area = routes.find(
    (route) => route.screen?.kind === "explorer" && same(route.access?.permission ?? "", type),
  );
  const first = area?.screen?.objectTypes?.[0];
  return first ? resolveType(routes, first) : null;
}

/** A route needing no parameter (a list), filled. */
const listPath = (route: ClientRoute) => fillPathTemplate(route.path, {});
const needsParam = (route: ClientRoute) => /:[A-Za-z][A-Za-z0-9]*(?![?A-Za-z0-9])/.test(route.path);

/** Where the /home parameters lead; null when nothing the user may open matches. */
export function homeTarget(
  query: HomeQuery,
  routes: readonly ClientRoute[],
  homeRedirects: PermissionsManifest["homeRedirects"],
  profile: AccessProfile,
): string | null {
  const allowed = routes.filter((route) => routeAllowed(route, profile));
  const resolved = query.type ? resolveType(allowed, query.type) : null;
  if (resolved) {
    const explorer = resolved.routes.find((route) => route.screen?.kind === "explorer");
    const area = explorer?.access?.permission;
    if (query.id !== null) {
      if (explorer && area) {
        const canWrite = hasRolePermission(profile, area, "rw");
        const links = objectLinks(allowed, area, resolved.type, query.id, canWrite);
        return openLink(links) ?? explorerPath(explorer, null, `item=${query.id}`);
      }
      // Types outside the library: a one-record route (/tasks/:recId), else the list with ?id=.
      const detail = resolved.routes.find(
        (route) => pathParamNames(route.path).length > 0 && needsParam(route),
      );
      if (detail) {
        const params = Object.fromEntries(
          pathParamNames(detail.path).map((name) => [name, String(query.id)]),
        );
        return fillPathTemplate(detail.path, params);
      }
      const list = resolved.routes.find((route) => !needsParam(route));
      return list ? `${listPath(list)}?id=${query.id}` : null;
    }
    const list = explorer ?? resolved.routes.find((route) => !needsParam(route));
    if (list) return listPath(list);
  }
  if (query.menu) {
    const redirect = homeRedirects.find(
      (entry) =>
        same(entry.menu, query.menu as string) &&
        hasRolePermission(profile, entry.permission) &&
        (!entry.feature || isFeatureIncluded(profile, entry.feature)),
    );
    if (redirect) return redirect.to;
  }
  return null;
}
