/**
 * §6 menu visibility, one decision per link for the gateway's per-user menus and the runtime's
 * shell: a navigation panel link needs its role permission (read or more), adminOnly links only for
 * admins, and its visibleWhen; an admin menu link needs Read on its module; neither shows while
 * impersonating when it belongs to the admin area. Sections without a visible link are hidden.
 * A link's feature never hides it: the runtime badges it and its route is an upgrade route (§4.1
 * step 11).
 */
import type {
  AdminMenuLink,
  AdminMenuSection,
  MainMenuLink,
  MainMenuSection,
  MenusManifest,
} from "../../schemas/menus.ts";
import { isFeatureIncluded } from "../access/access-profile.ts";
import { type AccessDecision, ALLOWED, decideAdminModuleAccess } from "../access/decide.ts";
import { evaluateCondition, type MenuConditionInput } from "./conditions.ts";

/**
 * §6 for a navigation panel link. `hiddenKeys` are the keys the account's custom menu hides (the
 * account layer of DESIGN.md §3), when the caller has them.
 */
export function decideMainMenuLink(
  link: Pick<MainMenuLink, "key" | "adminOnly" | "visibleWhen">,
  input: MenuConditionInput,
  hiddenKeys: ReadonlySet<string> = new Set(),
): AccessDecision {
  const { profile } = input;
  if (hiddenKeys.has(link.key)) return { allowed: false, reason: "hiddenByAccount", key: link.key };
  if (link.adminOnly && !profile.isAdmin) {
    return { allowed: false, reason: profile.impersonating ? "impersonating" : "adminOnly" };
  }
  const held = profile.permissions.get(link.key) ?? null;
  if (held === null) {
    return { allowed: false, reason: "permissionMissing", permission: link.key, level: "r", held };
  }
  if (!evaluateCondition(link.visibleWhen, input)) return { allowed: false, reason: "conditionNotMet" };
  return ALLOWED;
}

/** §6 for an admin menu link: Read on its module (never while impersonating), and its visibleWhen. */
export function decideAdminMenuLink(
  link: Pick<AdminMenuLink, "adminModule" | "visibleWhen">,
  input: MenuConditionInput,
): AccessDecision {
  const module = decideAdminModuleAccess([link.adminModule], input.profile);
  if (!module.allowed) return module;
  if (!evaluateCondition(link.visibleWhen, input)) return { allowed: false, reason: "conditionNotMet" };
  return ALLOWED;
}

/** A visible navigation panel link; `upgrade` badges a feature that is not Included (§4.1 step 11). */
export type VisibleMainLink = MainMenuLink & { upgrade: boolean };
/** A visible navigation panel section with its visible links. */
export type VisibleMainSection = Omit<MainMenuSection, "links"> & { links: VisibleMainLink[] };
/** A visible admin menu section with its visible links. */
export type VisibleAdminSection = Omit<AdminMenuSection, "links"> & { links: AdminMenuLink[] };

/** §2.5: every link is prefixed with /. */
export function prefixedLink(link: string): string {
  return link.startsWith("/") ? link : `/${link}`;
}

/** The navigation panel's visible sections and links (§2.5, §6). */
export function visibleMainMenu(
  main: MenusManifest["main"],
  input: MenuConditionInput,
): VisibleMainSection[] {
  const sections: VisibleMainSection[] = [];
  for (const section of main.sections) {
    if (!evaluateCondition(section.visibleWhen, input)) continue;
    const links = section.links
      .filter((link) => decideMainMenuLink(link, input).allowed)
      .map((link) => ({
        ...link,
        link: prefixedLink(link.link),
        upgrade: link.feature !== undefined && !isFeatureIncluded(input.profile, link.feature),
      }));
    if (links.length > 0) sections.push({ ...section, links });
  }
  return sections;
}

/** The admin menu's visible sections and links; the menu shows when any link is left (§6). */
export function visibleAdminMenu(
  admin: MenusManifest["admin"],
  input: MenuConditionInput,
): VisibleAdminSection[] {
  const sections: VisibleAdminSection[] = [];
  for (const section of admin.sections) {
    if (!evaluateCondition(section.visibleWhen, input)) continue;
    const links = section.links.filter((link) => decideAdminMenuLink(link, input).allowed);
    if (links.length > 0) sections.push({ ...section, links });
  }
  return sections;
}
