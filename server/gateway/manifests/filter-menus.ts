/**
 * The menus a signed-in user receives (§2.5, §6; the rules of schemas/menus.ts), decided by core/
 * (core/menus/menu-links.ts, core/menus/conditions.ts) as the runtime's shell decides them:
 * - navigation panel: a link shows with its role permission (r or more), adminOnly links only for
 *   admins, and its visibleWhen; its feature does not hide it (the runtime badges it and the route
 *   is an upgrade route); sections without a visible link are left out;
 * - admin menu: a link needs Read on its module; nothing while impersonating;
 * - user and help menus: entries whose visibleWhen holds; a menu whose own condition fails keeps no
 *   entry (the runtime hides a menu without entries).
 * On top of those rules every in-app link must open a route the user received (an upgrade route
 * counts for the navigation panel) — resolved with core's route matcher, the browser router's own
 * ranking — and every dialog entry a dialog the user received, so the user never receives a link the
 * gateway would not let them open, whatever the manifest says.
 */
import { evaluateCondition, type MenuConditionInput } from "../../../core/menus/conditions.ts";
import { decideAdminMenuLink, decideMainMenuLink, prefixedLink } from "../../../core/menus/menu-links.ts";
import { createRouteMatcher, routeOfLink } from "../../../core/routes/match.ts";
import type { DropdownMenu, MenusManifest } from "../../../schemas/menus.ts";
import type { RoutesManifest } from "../../../schemas/routes.ts";

/** What the menus may point at, after the routes and dialogs were filtered. */
export interface MenuTargets {
  /** The (layered) routes manifest, to resolve links the way the runtime does. */
  allRoutes: RoutesManifest;
  /** Ids of the routes the user received, by kind. */
  openRouteIds: ReadonlySet<string>;
  upgradeRouteIds: ReadonlySet<string>;
  /** Ids of the dialogs the user received. */
  dialogIds: ReadonlySet<string>;
}

function opens(link: string, targets: MenuTargets, allowUpgrade: boolean): boolean {
  const match = routeOfLink(prefixedLink(link), createRouteMatcher(targets.allRoutes, "app"));
  if (!match) return false;
  const { id } = match.route;
  return targets.openRouteIds.has(id) || (allowUpgrade && targets.upgradeRouteIds.has(id));
}

function filterDropdown(menu: DropdownMenu, input: MenuConditionInput, targets: MenuTargets): DropdownMenu {
  if (!evaluateCondition(menu.visibleWhen, input)) return { ...menu, entries: [] };
  const entries = menu.entries.filter((entry) => {
    if (!evaluateCondition(entry.visibleWhen, input)) return false;
    if (entry.link !== undefined) return opens(entry.link, targets, false);
    if (entry.dialog !== undefined) return targets.dialogIds.has(entry.dialog);
    return true;
  });
  return { ...menu, entries };
}

/** The menus manifest filtered for the user. */
export function filterMenus(
  menus: MenusManifest,
  input: MenuConditionInput,
  targets: MenuTargets,
): MenusManifest {
  const mainSections = menus.main.sections.flatMap((section) => {
    if (!evaluateCondition(section.visibleWhen, input)) return [];
    const links = section.links.filter(
      (link) => decideMainMenuLink(link, input).allowed && opens(link.link, targets, true),
    );
    return links.length > 0 ? [{ ...section, links }] : [];
  });
  const adminSections = menus.admin.sections.flatMap((section) => {
    if (!evaluateCondition(section.visibleWhen, input)) return [];
    const links = section.links.filter(
      (link) => decideAdminMenuLink(link, input).allowed && opens(link.link, targets, false),
    );
    return links.length > 0 ? [{ ...section, links }] : [];
  });
  return {
    ...menus,
    main: { ...menus.main, sections: mainSections },
    admin: { ...menus.admin, sections: adminSections },
    user: filterDropdown(menus.user, input, targets),
    help: filterDropdown(menus.help, input, targets),
  };
}
