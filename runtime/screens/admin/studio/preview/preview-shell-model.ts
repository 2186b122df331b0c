/**
 * What the shell (§2.5) shows the previewed person, from the manifest the gateway resolved for them
 * (server/gateway/config/preview.ts): the gateway already took every access decision (§6, DESIGN.md
 * §3), so nothing is decided again here — the served menus are laid out as the shell lays them out
 * (runtime/shell/menu-layout.ts columns, §9 column counts, the upgrade badge of §4.1 step 11) and the
 * first screen is the route `/` opens. Pure: preview-shell.tsx renders it.
 */
import type { AccessProfile } from "../../../../../core/access/access-profile.ts";
import { prefixedLink } from "../../../../../core/menus/menu-links.ts";
import { homeRedirectFor } from "../../../../../core/navigation/home-redirect.ts";
import { createRouteMatcher, type RouteMatch, routeOfLink } from "../../../../../core/routes/match.ts";
import type { ClientManifest, ClientRoute } from "../../../../../schemas/client-manifest.ts";
import type { DropdownMenu, DropdownMenuEntry } from "../../../../../schemas/menus.ts";
import { groupColumns } from "../../../../shell/menu-layout.ts";
import type { PanelSection } from "../../../../shell/navigation-panel.tsx";
import { type ShellChrome, shellChrome } from "../../../../shell/shell-chrome.ts";

/** One entry of the help or user menu as its dropdown lists it. */
export interface PreviewMenuItem {
  id: string;
  textKey: string;
  separatorBefore: boolean;
  /** What choosing it would do: follow a link, open a help page or a dialog, or run an action. */
  does: { kind: "link" | "external" | "dialog" | "action"; target: string };
}

/** A dropdown of the top menu bar: the text key of its name and its entries. */
export interface PreviewDropdown {
  titleKey: string;
  items: PreviewMenuItem[];
}

/** What `/` opens for the person (§2.2 home). */
export type PreviewFirstScreen =
  /** A screen: its title and the renderer kind it would load (routes manifest `screen.kind`). */
  | { kind: "screen"; titleKey: string | null; screenKind: string }
  /** §4.1 step 11: the upgrade page in place of the home screen. */
  | { kind: "upgrade"; feature: string }
  /** A redirect route, a legacy page or an external site. */
  | { kind: "elsewhere"; titleKey: string | null; to: string }
  /** No route opens `/` for them. */
  | { kind: "none" };

/** The shell of one preview column. */
export interface PreviewShellModel {
  chrome: ShellChrome;
  main: { titleKey: string; columns: PanelSection[][] } | null;
  admin: { titleKey: string; columns: PanelSection[][] } | null;
  help: PreviewDropdown | null;
  user: PreviewDropdown | null;
  firstScreen: PreviewFirstScreen;
}

/** What an entry of the help or user menu does. */
function entryDoes(entry: DropdownMenuEntry): PreviewMenuItem["does"] {
  if (entry.link) return { kind: "link", target: entry.link };
  if (entry.external) return { kind: "external", target: entry.external.page };
  if (entry.dialog) return { kind: "dialog", target: entry.dialog };
  return { kind: "action", target: entry.action ?? "" };
}

/**
 * The served entries of a dropdown as the shell lists them (runtime/shell/dropdown-menu-model.ts): a
 * separator only between entries, never first; the language switch only while impersonating (the
 * shell leaves it out otherwise, and a preview never impersonates). Null: the menu is hidden.
 */
export function previewDropdown(menu: DropdownMenu, impersonating: boolean): PreviewDropdown | null {
  const entries = menu.entries.filter((entry) => entry.action !== "switchLanguage" || impersonating);
  if (entries.length === 0) return null;
  return {
    titleKey: menu.titleKey,
    items: entries.map((entry, index) => ({
      id: entry.id,
      textKey: entry.textKey,
      separatorBefore: index > 0 && entry.separatorBefore === true,
      does: entryDoes(entry),
    })),
  };
}

/** The route `/` opens for the person, described. */
export function previewFirstScreen(route: ClientRoute | null): PreviewFirstScreen {
  if (!route) return { kind: "none" };
  if (route.upgrade) return { kind: "upgrade", feature: route.upgrade.feature };
  const titleKey = route.titleKey ?? null;
  if (route.screen) return { kind: "screen", titleKey, screenKind: route.screen.kind };
  if (route.redirect) return { kind: "elsewhere", titleKey, to: route.redirect.to };
  if (route.legacy) return { kind: "elsewhere", titleKey, to: route.legacy.url };
  if (route.external) return { kind: "elsewhere", titleKey, to: route.external.site };
  return { kind: "none" };
}

/**
 * The shell the manifest gives the person, laid out as the runtime's shell lays it out — with the
 * previewed configuration's own §9 column counts, which a change set may change too.
 */
export function previewShellModel(manifest: ClientManifest): PreviewShellModel {
  const columns = { main: manifest.constants.menuColumns, admin: manifest.constants.adminMenuColumns };
  const match = createRouteMatcher(manifest.routes, "app");
  const home = match("/")?.route ?? null;
  // The first screen's shell profile decides which parts of the bar show (§2.2, §2.5).
  const chrome = shellChrome({
    profile: home?.shellProfile,
    embeddedMode: false,
    hiddenParts: manifest.shell.embedded.hiddenParts,
  });
  const menus = manifest.menus;
  const upgradeOf = (link: string) =>
    (routeOfLink(prefixedLink(link), match)?.route as ClientRoute | undefined)?.upgrade !== undefined;
  const mainSections: (PanelSection & { column: number })[] = (menus?.main.sections ?? []).map((section) => ({
    ...section,
    links: section.links.map((link) => ({
      ...link,
      link: prefixedLink(link.link),
      upgrade: upgradeOf(link.link),
    })),
  }));
  const adminSections = (menus?.admin.sections ?? []).map((section) => ({
    ...section,
    links: section.links.map((link) => ({ ...link, link: prefixedLink(link.link) })),
  }));
  const mainColumns = chrome.navigationPanel ? groupColumns(mainSections, columns.main) : [];
  const adminColumns = chrome.adminMenu ? groupColumns(adminSections, columns.admin) : [];
  const impersonating = manifest.user?.impersonating === true;
  return {
    chrome,
    main: menus && mainColumns.length > 0 ? { titleKey: menus.main.titleKey, columns: mainColumns } : null,
    admin:
      menus && adminColumns.length > 0 ? { titleKey: menus.admin.titleKey, columns: adminColumns } : null,
    help: menus && chrome.helpMenu ? previewDropdown(menus.help, impersonating) : null,
    user: menus && chrome.userMenu ? previewDropdown(menus.user, impersonating) : null,
    firstScreen: previewFirstScreen(home as ClientRoute | null),
  };
}

/**
 * The screen kinds a preview draws with the previewed user's data: every read of theirs goes
 * through the view's API client and session (runtime/http/api-client-context.ts,
 * runtime/session/session-context.ts), so in a preview they read as that user, read-only. A kind
 * whose reads would go out as the operator is named instead of drawn.
 */
export const DRAWN_SCREEN_KINDS: ReadonlySet<string> = new Set(["home", "explorer"]);

/** What the first screen of a preview column is. */
export type PreviewFirstRoute =
  /** A screen drawn with the user's data, at `path` (`homeMenu`: §4.1 step 10 sent `/` there). */
  | { kind: "draw"; path: string; match: RouteMatch; homeMenu: boolean }
  /** A screen named only: its kind does not read through the preview's client. */
  | { kind: "notDrawn"; screenKind: string; titleKey: string | null; homeMenu: boolean }
  /** No screen: the upgrade page, a redirect, a legacy page, an external site or nothing. */
  | { kind: "described"; screen: PreviewFirstScreen };

/**
 * Where `/` takes the person (§2.2 home): with their access profile (a preview as a user), §4.1
 * step 10 first — a home page type of go-to-menu with a permitted menu opens that menu's screen —
 * as the runtime's guard decides it (core/navigation/home-redirect.ts); without one (a role), `/`.
 */
export function previewFirstRoute(
  manifest: ClientManifest,
  profile: AccessProfile | null,
): PreviewFirstRoute {
  const match = createRouteMatcher(manifest.routes, "app");
  const redirect = profile ? homeRedirectFor(profile, manifest.permissions) : null;
  const path = redirect ?? "/";
  const found = match(path);
  const route = (found?.route ?? null) as ClientRoute | null;
  if (!found || !route?.screen || route.upgrade)
    return { kind: "described", screen: previewFirstScreen(route) };
  const homeMenu = redirect !== null;
  if (!DRAWN_SCREEN_KINDS.has(route.screen.kind)) {
    return { kind: "notDrawn", screenKind: route.screen.kind, titleKey: route.titleKey ?? null, homeMenu };
  }
  return { kind: "draw", path, match: found, homeMenu };
}
