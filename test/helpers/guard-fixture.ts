/**
 * A small routes/permissions fixture covering each kind of access rule of §4.1,
 * and builders for guard inputs. Tests against the real manifests live beside it.
 */
import type { AccessProfile, FeatureAvailability } from "../../core/access/access-profile.ts";
import type { PermissionLevel } from "../../core/access/permission-string.ts";
import { createRouteMatcher } from "../../core/routes/match.ts";
import type { GuardInput, GuardLocation, SessionStatus } from "../../runtime/navigation/guard.ts";
import type { PermissionsManifest } from "../../schemas/permissions.ts";
import type { RoutesManifest } from "../../schemas/routes.ts";

export const fixtureRoutes: RoutesManifest = {
  version: 1,
  notFoundRedirect: "/",
  routes: [
    { id: "home", path: "/", screen: { kind: "home" }, titleKey: "PageTitle_Home" },
    {
      id: "login",
      path: "/login",
      screen: { kind: "login" },
      access: { public: true, notLoggedInOnly: true },
      titleKey: "PageTitle_Login",
    },
    {
      id: "signup",
      path: "/signup",
      screen: { kind: "signup" },
      access: { public: true, notLoggedInOnly: true, signupGate: true },
    },
    { id: "sharedDashboard", path: "/v/:code", screen: { kind: "sharedViewer" }, access: { public: true } },
    {
      id: "dashboards",
      path: "/dashboards/:folderRecId?",
      screen: { kind: "explorer", objectTypes: ["Dashboard"] },
      access: { features: ["Dashboard"], permission: "Dashboards" },
      titleKey: "PageTitle_Dashboards",
    },
    {
      id: "dataEditor",
      path: "/data/editor/:recId",
      screen: { kind: "objectEditor", objectTypes: ["DataTable"] },
      access: { features: ["TablesAndView"], permission: "TableAndViews", permissionLevel: "rw" },
    },
    {
      id: "schedules",
      path: "/schedules/:folderRecId?",
      screen: { kind: "explorer", objectTypes: ["Schedule"] },
      access: { features: ["Schedules"], permission: "Schedules" },
    },
    { id: "automation", path: "/automation", redirect: { to: "/schedules" } },
    {
      id: "support",
      path: "/support/:recId",
      redirect: { to: "/supporttickets", query: { id: { param: "recId" } } },
    },
    {
      id: "dashboardEditorLegacy",
      path: "/dashboard/editor/:id",
      legacy: { url: "/legacy/dashboard/editor", query: { id: { param: "id" } }, confirmLeave: true },
      access: { features: ["Dashboard"], permission: "Dashboards", permissionLevel: "rw" },
    },
    {
      id: "adminAccounts",
      path: "/admin/accounts",
      screen: { kind: "adminScreen", screenId: "adminAccounts" },
      access: { adminModules: ["Accounts"] },
    },
    {
      id: "adminImpersonate",
      path: "/admin/users/impersonate/:impersonate",
      paramPatterns: { impersonate: "^[0-9]+$" },
      screen: { kind: "impersonate" },
      access: { adminModules: ["Users"] },
    },
    {
      id: "help",
      path: "/help/:routeTab?/:routeItemCode?",
      external: { site: "help", pathParams: ["routeTab", "routeItemCode"] },
      access: { public: true },
    },
    { id: "helpMode", mode: "help", path: "/:routeTab?/:routeItemCode?", screen: { kind: "helpPage" } },
  ],
};

export const fixturePermissions: Pick<PermissionsManifest, "features" | "homePageTypes" | "homeRedirects"> = {
  features: [
    {
      id: "Dashboard",
      sessionFlag: "Dashboard",
      configName: "FeaturesDashboard",
      objectTypes: ["Dashboard"],
      titleKey: "F",
    },
    {
      id: "TablesAndView",
      sessionFlag: "TablesAndView",
      configName: "FeaturesTablesAndView",
      objectTypes: ["DataTable", "DataFusion", "DataMerge", "DataView"],
      titleKey: "F",
    },
    {
      id: "Schedules",
      sessionFlag: "Schedules",
      configName: "FeaturesSchedule",
      objectTypes: ["Schedule"],
      titleKey: "F",
    },
  ],
  homePageTypes: { goToMenu: "GoToMenu" },
  homeRedirects: [
    { menu: "Tables", permission: "TableAndViews", feature: "TablesAndView", to: "/data" },
    { menu: "Dashboards", permission: "Dashboards", feature: "Dashboard", to: "/dashboards" },
  ],
};

/** A profile with the given permissions, features and admin modules. */
export function profile(
  options: {
    permissions?: Record<string, PermissionLevel>;
    features?: Record<string, FeatureAvailability>;
    admin?: Record<string, { read: boolean; write: boolean }>;
    homePageType?: string;
    homeMenu?: string;
  } = {},
): AccessProfile {
  return {
    permissions: new Map(Object.entries(options.permissions ?? {})),
    features: new Map(Object.entries(options.features ?? {})),
    adminModules: new Map(Object.entries(options.admin ?? {})),
    isAdmin: Object.keys(options.admin ?? {}).length > 0,
    impersonating: false,
    homePageType: options.homePageType ?? null,
    homePageRedirectionMenu: options.homeMenu ?? null,
  };
}

/** A member who may open dashboards, data (rw) and schedules, all included. */
export const member = profile({
  permissions: { Dashboards: "rw", TableAndViews: "rw", Schedules: "r" },
  features: { Dashboard: "Included", TablesAndView: "Included", Schedules: "Included" },
});

export function loc(url: string): GuardLocation {
  const parsed = new URL(url, "https://app.invalid");
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
}

const appMatcher = createRouteMatcher(fixtureRoutes, "app");

/** Builds a guard input for a navigation from `from` to `to`. */
export function guardInput(
  to: string,
  options: {
    from?: string | null;
    status?: SessionStatus;
    profile?: AccessProfile | null;
    signupAllowed?: boolean;
    leaveConfirmed?: boolean;
    unsavedWork?: boolean;
    maintenancePath?: string | null;
    maintenancePagePath?: string;
    beforeMaintenance?: string | null;
  } = {},
): GuardInput {
  const status = options.status ?? (options.profile ? "authenticated" : "anonymous");
  const from = options.from ? loc(options.from) : null;
  return {
    from,
    fromRoute: from ? (appMatcher(from.pathname)?.route ?? null) : null,
    to: loc(to),
    match: appMatcher(loc(to).pathname),
    session: { status, profile: options.profile ?? null },
    permissions: fixturePermissions,
    notFoundRedirect: fixtureRoutes.notFoundRedirect,
    signupAllowed: options.signupAllowed ?? false,
    leaveConfirmed: options.leaveConfirmed ?? false,
    unsavedWork: options.unsavedWork ?? false,
    maintenancePath: options.maintenancePath ?? null,
    ...(options.maintenancePagePath === undefined
      ? {}
      : { maintenancePagePath: options.maintenancePagePath }),
    ...(options.beforeMaintenance === undefined ? {} : { beforeMaintenance: options.beforeMaintenance }),
  };
}
