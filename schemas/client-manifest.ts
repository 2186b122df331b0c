/**
 * The manifest the gateway serves to the browser (DESIGN.md §3): the documents of
 * each kind resolved for one audience. Type only — the gateway builds it from
 * schema-validated documents, the runtime reads it.
 */
import type { ConstantsManifest } from "./constants.ts";
import type { DialogsManifest } from "./dialogs.ts";
import type { MenusManifest } from "./menus.ts";
import type { NotificationsManifest } from "./notifications.ts";
import type { PermissionsManifest } from "./permissions.ts";
import type { RouteDefinition, RoutesManifest } from "./routes.ts";
import type { ScreensManifest } from "./screens.ts";
import type { ShellManifest } from "./shell.ts";
import type { WidgetsManifest } from "./widgets.ts";

/** Who a resolved manifest was resolved for. */
export type ManifestAudienceKind = "anonymous" | "user";

/**
 * Marks a route the user holds the permission for but whose feature is not Included in the
 * subscription: the gateway replaced its screen with a redirect to `/upgrade?objectType=…`
 * (§4.1 step 11), so the route opens the upgrade page and never the screen.
 */
export interface UpgradeMarker {
  /** Id of the first feature of the route that is not Included. */
  feature: string;
  /** First object type of that feature, sent as `objectType`; null when the feature names none. */
  objectType: string | null;
}

/** A route as served: a route of the routes manifest, possibly turned into an upgrade route. */
export type ClientRoute = RouteDefinition & { upgrade?: UpgradeMarker };

/** The routes manifest as served to one audience. */
export type ClientRoutesManifest = Omit<RoutesManifest, "routes"> & { routes: ClientRoute[] };

/** Whose manifest a user-audience manifest is, so the runtime can tell it from a stale one. */
export interface ClientManifestUser {
  /** AccountRecId of the session it was resolved for (§3). */
  accountRecId: number;
  /** Resolved while an administrator impersonates the user: no admin area (§4.2, §6). */
  impersonating: boolean;
}

/**
 * The resolved manifests of one audience; kinds the audience has no use for are null.
 *
 * - `anonymous`: public, redirect and external routes only; no menus, dialogs or screens.
 * - `user`: everything the signed-in user may open, filtered by the gateway (features × role
 *   permissions × admin modules × adminOnly × impersonation, DESIGN.md §3): routes (with upgrade
 *   routes, see UpgradeMarker), menus with only visible sections and entries, dialogs and admin
 *   screens with Read on their module, the home-page redirects the user may take; notifications,
 *   shell and constants whole.
 *
 * Both audiences get the widget kinds whole: a public share link draws its widgets signed out.
 */
export interface ClientManifest {
  /** Version of the manifest set (and layers) it was resolved from. */
  version: string;
  /**
   * The published configuration version (server/gateway/config/) the manifest was resolved from, as
   * `manifestPublished` names it and a tab acknowledges it; 0 when only the shipped base is served.
   */
  configVersion: number;
  /**
   * Where each of the seven languages' texts of this configuration are served: content-addressed
   * gateway URLs (`/gw/texts/<language>/<digest>.json`, immutable), so a new text version is a new URL.
   */
  texts: Readonly<Record<"en" | "de" | "es" | "fr" | "nl" | "pt" | "it", string>>;
  audience: ManifestAudienceKind;
  /** The session the manifest was resolved for; null for the anonymous audience. */
  user: ClientManifestUser | null;
  routes: ClientRoutesManifest;
  /** The catalogues the runtime reads the session with (keys, aliases, features) and the §4.1 step 10 map. */
  permissions: Pick<PermissionsManifest, "rolePermissions" | "features" | "homePageTypes" | "homeRedirects">;
  menus: MenusManifest | null;
  notifications: NotificationsManifest | null;
  dialogs: DialogsManifest | null;
  screens: ScreensManifest | null;
  shell: ShellManifest;
  constants: ConstantsManifest;
  /** Every widget kind, disabled ones included: an existing widget of one shows its unavailable state. */
  widgets: WidgetsManifest;
}
