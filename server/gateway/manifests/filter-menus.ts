/**
 * The menus a signed-in user receives (§2.5, §6; the rules of schemas/menus.ts):
 * - navigation panel: a link shows with its role permission (r or more), adminOnly links only for
 *   admins, and its visibleWhen; its feature does not hide it (the runtime badges it and the route
 *   is an upgrade route); sections without a visible link are left out;
 * - admin menu: a link needs Read on its module; nothing while impersonating;
 * - user and help menus: entries whose visibleWhen holds; a menu whose own condition fails keeps no
 *   entry (the runtime hides a menu without entries).
 * On top of those rules every in-app link must open a route the user received (an upgrade route
 * counts for the navigation panel), and every dialog entry a dialog the user received — so the
 * user never receives a link the gateway would not let them open, whatever the manifest says.
 */
import type { DropdownMenu, MenusManifest } from "../../../schemas/menus.ts";
import type { RouteDefinition } from "../../../schemas/routes.ts";
import { holdsPermission } from "./filter-access.ts";
import { type ConditionContext, conditionHolds } from "./filter-conditions.ts";
import { routeOfLink } from "./filter-routes.ts";

/** What the menus may point at, after the routes and dialogs were filtered. */
export interface MenuTargets {
  /** Every route of the (layered) routes manifest, to resolve links the way the runtime does. */
  allRoutes: readonly RouteDefinition[];
  /** Ids of the routes the user received, by kind. */
  openRouteIds: ReadonlySet<string>;
  upgradeRouteIds: ReadonlySet<string>;
  /** Ids of the dialogs the user received. */
  dialogIds: ReadonlySet<string>;
}

function opens(link: string, targets: MenuTargets, allowUpgrade: boolean): boolean {
  const route = routeOfLink(link.startsWith("/") ? link : `/${link}`, targets.allRoutes);
  if (!route) return false;
  return targets.openRouteIds.has(route.id) || (allowUpgrade && targets.upgradeRouteIds.has(route.id));
}

function filterDropdown(menu: DropdownMenu, context: ConditionContext, targets: MenuTargets): DropdownMenu {
  if (!conditionHolds(menu.visibleWhen, context)) return { ...menu, entries: [] };
  const entries = menu.entries.filter((entry) => {
    if (!conditionHolds(entry.visibleWhen, context)) return false;
    if (entry.link !== undefined) return opens(entry.link, targets, false);
    if (entry.dialog !== undefined) return targets.dialogIds.has(entry.dialog);
    return true;
  });
  return { ...menu, entries };
}

/** The menus manifest filtered for the user. */
export function filterMenus(
  menus: MenusManifest,
  context: ConditionContext,
  targets: MenuTargets,
): MenusManifest {
  const { access } = context;
  const mainSections = menus.main.sections.flatMap((section) => {
    if (!conditionHolds(section.visibleWhen, context)) return [];
    const links = section.links.filter(
      (link) =>
        (!link.adminOnly || access.isAdmin) &&
        holdsPermission(access, link.key, "r") &&
        conditionHolds(link.visibleWhen, context) &&
        opens(link.link, targets, true),
    );
    return links.length > 0 ? [{ ...section, links }] : [];
  });
  const adminSections = access.impersonating
    ? []
    : menus.admin.sections.flatMap((section) => {
        if (!conditionHolds(section.visibleWhen, context)) return [];
        const links = section.links.filter(
          (link) =>
            access.adminModules.get(link.adminModule)?.read === true &&
            conditionHolds(link.visibleWhen, context) &&
            opens(link.link, targets, false),
        );
        return links.length > 0 ? [{ ...section, links }] : [];
      });
  return {
    ...menus,
    main: { ...menus.main, sections: mainSections },
    admin: { ...menus.admin, sections: adminSections },
    user: filterDropdown(menus.user, context, targets),
    help: filterDropdown(menus.help, context, targets),
  };
}
