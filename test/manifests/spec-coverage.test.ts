/**
 * The spec's lists, enumerated here from SPEC.md by hand, compared with the
 * default manifests: every route, menu entry, permission key, feature flag,
 * notification code and dialog named in the spec is present.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { DialogsManifest } from "../../schemas/dialogs.ts";
import type { MenusManifest } from "../../schemas/menus.ts";
import type { NotificationsManifest } from "../../schemas/notifications.ts";
import { NOTIFICATION_CODES } from "../../schemas/payloads/notification-record.ts";
import type { PermissionsManifest } from "../../schemas/permissions.ts";
import type { RoutesManifest } from "../../schemas/routes.ts";
import { MANIFESTS_DIR } from "../helpers/manifest-fixtures.ts";

const read = <T>(kind: string) => JSON.parse(readFileSync(join(MANIFESTS_DIR, `${kind}.json`), "utf8")) as T;
const routes = read<RoutesManifest>("routes");
const menus = read<MenusManifest>("menus");
const permissions = read<PermissionsManifest>("permissions");
const notifications = read<NotificationsManifest>("notifications");
const dialogs = read<DialogsManifest>("dialogs");

/** `/a/{b?}/{c}` (spec) and `/a/:x?/:y` (manifest) reduce to the same shape. */
const shape = (path: string) =>
  path.replace(/\{[A-Za-z]+\?\}|:[A-Za-z]+\?/g, ":?").replace(/\{[A-Za-z]+\}|:[A-Za-z]+/g, ":");

const SPEC_ROUTES = {
  "§2.1": [
    "/disconnect",
    "/login",
    "/resetpassword",
    "/forgotdomain",
    "/newaccountuser",
    "/signup",
    "/changepassword",
    "/disable2fa",
    "/logout",
    "/loggedout",
    "/report/chart/snapshot",
    "/v/{code}",
    "/b/{code}",
    "/ld/{code}",
    "/help/{routeTab?}/{routeItemCode?}",
  ],
  "§2.2": [
    "/dashboards/{folderRecId?}",
    "/dashboard/viewer/{recId}",
    "/binders/{folderRecId?}",
    "/binder/viewer/{recId}",
    "/data/{folderRecId?}",
    "/data/editor/{recId}",
    "/datahook/{folderRecId?}",
    "/datastream/{folderRecId?}",
    "/connection/{folderRecId?}",
    "/dataflow/{folderRecId?}",
    "/dataflow/editor/{recId}",
    "/dataloader",
    "/datascript/{folderRecId?}",
    "/datascript/editor/{recId}",
    "/insights/{folderRecId?}",
    "/insight/editor/{recId}",
    "/livedocs/{folderRecId?}",
    "/livedoc/viewer/{recId}",
    "/reports/{folderRecId?}",
    "/report/viewer/{recId}",
    "/report/editor/{recId}",
    "/mobile/report/{recId}",
    "/alerts",
    "/alertshistory",
    "/schedules/{folderRecId?}",
    "/scheduleshistory",
    "/automation",
    "/plugins/{screenTab?}",
    "/tasks",
    "/tasks/{recId}",
    "/users",
    "/menus",
    "/roles",
    "/teams",
    "/supportsessions",
    "/supporttickets",
    "/support/{recId}",
    "/api",
    "/accountsettings/{screenTab?}",
    "/subscription/{screenTab?}",
    "/usagemetrics/{screenTab?}",
    "/managedaccounts",
    "/projects",
    "/files/{folderRecId?}",
    "/files/viewer/{recId}",
    "/media/{folderRecId?}",
    "/upgrade",
    "/",
    "/home",
    "/home/{type}/{itemRecId?}/{secondaryType?}/{secondaryItemRecId?}",
  ],
  "§2.3": [
    "/admin/credits",
    "/admin/invoices",
    "/admin/discountcodes",
    "/admin/widgets",
    "/admin/dbqueryperflog",
    "/admin/wsrequestperflog",
    "/admin/subscriptionandpayment/inv/{id}",
    "/dashboard/editor/{id}",
    "/dashboard/{id}",
    "/data/fusion/{id}",
    "/data/merge/{id}",
    "/data/transform/{id}",
    "/connection/newconnection/{connectorCode}",
    "/connection/oauth/revoke/{connectorCode}",
  ],
  "§2.4": [
    "/admin/accounts",
    "/admin/users",
    "/admin/users/impersonate/{impersonate}",
    "/admin/internalusers",
    "/admin/blockedips",
    "/admin/prospects",
    "/admin/subscriptiontemplates",
    "/admin/invoices",
    "/admin/creditnotes",
    "/admin/support",
    "/admin/support/{recId}/delete",
    "/admin/supportandhelp/{recId}/delete",
    "/admin/projects",
    "/admin/timetracking",
    "/admin/supportsessions",
    "/admin/helpcenter",
    "/admin/queryfunctioncatalogue",
    "/admin/loginannouncements",
    "/admin/systemmedia",
    "/admin/objectviewer",
    "/admin/querytool",
    "/admin/accountsynchronizer",
    "/admin/dataloaders",
    "/admin/applicationlogs",
    "/admin/loganalytics/{screenTab?}",
    "/admin/performanceanalytics",
    "/admin/tasks",
    "/admin/tasksmap",
    "/admin/emailoutbound",
    "/admin/emailinbound",
    "/admin/emailspam",
    "/admin/databases",
    "/admin/bosses",
    "/admin/workers",
    "/admin/connectors",
    "/admin/ipdatabase",
    "/admin/ipdatabaseupdates",
    "/admin/configuration/{screenTab?}",
    "/admin/packagemanager/{folderRecId?}",
    "/admin/objectdeployments",
    "/admin/distributionenvironments",
  ],
};

/** §2.5 left menu entries in order, with the path each opens. */
const SPEC_LEFT_MENU: Array<[string, string]> = [
  ["tables", "/data"],
  ["data flows", "/dataflow"],
  ["connections", "/connection"],
  ["data loaders", "/dataloader"],
  ["data scripts", "/datascript"],
  ["data streams", "/datastream"],
  ["data hooks", "/datahook"],
  ["dashboards", "/dashboards"],
  ["binders", "/binders"],
  ["insights", "/insights"],
  ["reports", "/reports"],
  ["schedules", "/schedules"],
  ["schedules history", "/scheduleshistory"],
  ["alerts", "/alerts"],
  ["alerts history", "/alertshistory"],
  ["tasks", "/tasks"],
  ["users", "/users"],
  ["teams", "/teams"],
  ["roles", "/roles"],
  ["menus", "/menus"],
  ["support tickets", "/supporttickets"],
  ["projects", "/projects"],
  ["support sessions", "/supportsessions"],
  ["account settings", "/accountsettings"],
  ["API", "/api"],
  ["billing and subscription", "/subscription"],
  ["usage metrics", "/usagemetrics"],
  ["documents and media", "/files"],
  ["managed accounts", "/managedaccounts"],
  ["external add-ons", "/plugins"],
  ["live docs", "/livedocs"],
];

/** §6 menu sections and their keys. */
const SPEC_SECTIONS: Array<[string, string[]]> = [
  [
    "Data",
    [
      "TableAndViews",
      "Connections",
      "DataLoaders",
      "DataFlows",
      "DataHooks",
      "DataScripts",
      "DataStreams",
      "MediaManager",
    ],
  ],
  ["Analytics", ["Dashboards", "Reports", "LiveDocs", "Insights", "Binders", "ExternalAddOns"]],
  ["Automation", ["Schedules", "Alerts", "Tasks"]],
  ["Security", ["Users", "Teams", "Roles", "Menus"]],
  ["Support", ["SupportTickets", "Projects", "SupportSessions"]],
  ["Account", ["AccountSettings", "API", "BillingAndSubscription", "UsageMetrics", "ManagedAccounts"]],
];

const SPEC_PERMISSION_KEYS = [
  "Dashboards",
  "Binders",
  "TableAndViews",
  "DataHooks",
  "DataStreams",
  "Connections",
  "DataFlows",
  "DataLoaders",
  "DataScripts",
  "Insights",
  "LiveDocs",
  "Reports",
  "Alerts",
  "Schedules",
  "ExternalAddOns",
  "Tasks",
  "Users",
  "Menus",
  "Roles",
  "Teams",
  "SupportSessions",
  "SupportTickets",
  "API",
  "AccountSettings",
  "BillingAndSubscription",
  "UsageMetrics",
  "ManagedAccounts",
  "Projects",
  "MediaManager",
];
/** §6 names these outside the list: chat, exports, My Settings. */
const SPEC_CAPABILITY_KEYS = ["InAppChatAccess", "Exports", "UserProfileAndPreferences", "DataByEmail"];

const SPEC_SESSION_FLAGS = [
  "SupportChat",
  "TablesAndView",
  "Connection",
  "DataLoader",
  "DataFlow",
  "DataHook",
  "DataScript",
  "DataStream",
  "DocumentsAndMedia",
  "Dashboard",
  "Report",
  "LiveDocs",
  "Insight",
  "Binder",
  "Addons",
  "Schedules",
  "AutomationAlert",
];
const SPEC_CONFIG_NAMES = [
  "FeaturesDashboard",
  "FeaturesBinder",
  "FeaturesTablesAndView",
  "FeaturesDataHook",
  "FeaturesDataStream",
  "FeaturesConnection",
  "FeaturesDataFlow",
  "FeaturesDataLoader",
  "FeaturesDataScript",
  "FeaturesInsight",
  "FeaturesLiveDoc",
  "FeaturesReport",
  "FeaturesAutomationAlert",
  "FeaturesSchedule",
  "FeaturesAddon",
  "FeaturesIntegrationAPI",
  "FeaturesDocumentsAndMedia",
];

/** §2.5 dialogs: menu dialogs, notification dialogs with their parameters, registry entries. */
const SPEC_MENU_DIALOGS = ["mySettings", "exports", "newSupportTicket", "welcome", "customerEffortRating"];
const SPEC_NOTIFICATION_DIALOGS: Array<[string, string, string]> = [
  ["connectionSettings", "connectionRecId", "integer"],
  ["taskLogViewer", "recId", "integer"],
  ["dataViewer", "id", "integer"],
  ["dashboardViewDialog", "dashboardRecId", "integer"],
  ["scheduleSettings", "recId", "integer"],
  ["supportTicketSettings", "recId", "integer"],
];
const SPEC_REGISTRY_DIALOGS = [
  "alertSettings",
  "dashboardSettings",
  "newDashboard",
  "dashboardViewDialog",
  "dashboardCustomPeriod",
  "dashboardTrackingTable",
  "dashboardAskAi",
  "chartWidgetSettings",
  "tableWidgetSettings",
  "textWidgetSettings",
  "dataSettings",
  "queryBuilder",
  "connectorSyntaxValidation",
  "connectionSettings",
  "newConnection",
  "connectionBroker",
  "dataFlowSettings",
  "dataStreamSettings",
  "exportSettings",
  "simpleDialog",
  "insightSettings",
  "reportSettings",
  "scheduleSettings",
  "supportTicketSettings",
  "binderPicker",
  "dashboardPicker",
  "dataFlowPicker",
  "dataPicker",
  "dataStreamPicker",
  "fileStoragePicker",
  "schedulePicker",
  "palettePicker",
  "rebindPicker",
  "codeEditor",
  "taskLogViewer",
  "teamFolderSecurity",
  "schemaMigration",
];

describe("every route of §2.1–2.4 is in manifests/routes.json", () => {
  const appShapes = new Set(
    routes.routes.filter((r) => (r.mode ?? "app") === "app").map((r) => shape(r.path)),
  );
  for (const [section, paths] of Object.entries(SPEC_ROUTES)) {
    test(`${section}: ${paths.length} routes`, () => {
      const missing = paths.filter((path) => !appShapes.has(shape(path)));
      assert.deepEqual(missing, []);
    });
  }
  test("§2.1 help mode has exactly one route, /{routeTab?}/{routeItemCode?}", () => {
    const help = routes.routes.filter((r) => r.mode === "help");
    assert.deepEqual(
      help.map((r) => shape(r.path)),
      [shape("/{routeTab?}/{routeItemCode?}")],
    );
  });
});

describe("§2.5/§6 the main menu", () => {
  const links = menus.main.sections.flatMap((section) => section.links.map((link) => ({ section, link })));
  test("has every left-menu entry exactly once", () => {
    for (const [name, path] of SPEC_LEFT_MENU) {
      assert.equal(links.filter((l) => l.link.link === path).length, 1, `${name} (${path})`);
    }
    assert.equal(links.length, SPEC_LEFT_MENU.length);
  });
  test("groups them in the six sections of §6, in that order, keeping the §2.5 order inside each", () => {
    assert.equal(menus.main.sections.length, SPEC_SECTIONS.length);
    menus.main.sections.forEach((section, index) => {
      const [, keys] = SPEC_SECTIONS[index] as [string, string[]];
      for (const link of section.links) assert.ok(keys.includes(link.key), `${link.key} in section ${index}`);
      const order = section.links.map((l) => SPEC_LEFT_MENU.findIndex(([, path]) => path === l.link));
      assert.deepEqual(
        order,
        [...order].sort((a, b) => a - b),
      );
    });
  });
  test("uses at most 2 columns", () => {
    for (const section of menus.main.sections) assert.ok(section.column >= 1 && section.column <= 2);
  });
  test("the admin menu links every /admin screen route and uses at most 4 columns", () => {
    const adminLinks = new Set(menus.admin.sections.flatMap((s) => s.links.map((l) => l.link)));
    for (const section of menus.admin.sections) assert.ok(section.column >= 1 && section.column <= 4);
    const adminScreens = routes.routes.filter(
      (r) =>
        r.path.startsWith("/admin/") &&
        !r.redirect &&
        !r.path.includes("/:") &&
        !r.path.includes("impersonate"),
    );
    for (const route of adminScreens) assert.ok(adminLinks.has(route.path), route.path);
  });
});

describe("§3/§6 permissions and features", () => {
  test("every role permission key and capability key is defined", () => {
    const keys = permissions.rolePermissions.map((p) => p.key);
    for (const key of [...SPEC_PERMISSION_KEYS, ...SPEC_CAPABILITY_KEYS]) assert.ok(keys.includes(key), key);
    const menuKeys = permissions.rolePermissions.filter((p) => p.menu).map((p) => p.key);
    assert.deepEqual([...menuKeys].sort(), [...SPEC_PERMISSION_KEYS].sort());
  });
  test("DataHook(s) and DataLoader(s) are both accepted", () => {
    const aliases = permissions.rolePermissions.flatMap((p) => p.aliases ?? []);
    assert.ok(aliases.includes("DataHook") && aliases.includes("DataLoader"));
  });
  test("every feature flag of §3 under both names", () => {
    const flags = permissions.features.flatMap((f) => (f.sessionFlag ? [f.sessionFlag] : []));
    const configNames = permissions.features.flatMap((f) => (f.configName ? [f.configName] : []));
    assert.deepEqual([...flags].sort(), [...SPEC_SESSION_FLAGS].sort());
    assert.deepEqual([...configNames].sort(), [...SPEC_CONFIG_NAMES].sort());
  });
  test("§4.1 step 10: every go-to-menu redirect", () => {
    const targets = Object.fromEntries(permissions.homeRedirects.map((r) => [r.menu, r.to]));
    assert.deepEqual(targets, {
      Tables: "/data",
      Connections: "/connection",
      DataLoaders: "/dataloader",
      DataFlows: "/dataflow",
      DataHooks: "/datahook",
      DataStreams: "/datastream",
      DataScripts: "/datascript",
      Dashboards: "/dashboards",
      Reports: "/reports",
      Insights: "/insights",
      Binders: "/binders",
    });
  });
});

describe("§4.3 notification templates", () => {
  const SPEC_CODES = [
    "ReAuthConnector",
    "DeprecatedConnector",
    "AddedToTeam",
    "RemovedFromTeam",
    "AlertTriggered",
    "BackgroundDataImportFailed",
    "BackgroundDataImportSucceeded",
    "DashboardCommented",
    "DashboardShared",
    "DashboardUnshared",
    "DashboardDuplicated",
    "BinderDuplicated",
    "DatabaseMigrationFailed",
    "DataCommented",
    "DataUnshared",
    "DataShared",
    "DataLoaderShared",
    "DataLoaderUnshared",
    "ExportFailed",
    "ExportSucceeded",
    "UserImportFailed",
    "UserImportSucceeded",
    "TeamImportFailed",
    "TeamImportSucceeded",
    "InvoiceReady",
    "PaymentFailed",
    "ScheduleDisabled",
    "ScheduleTaskDisabledBySystem",
    "ScheduleTaskDisabled",
    "ScheduleTriggered",
    "ScheduleError",
    "ScheduleCompleted",
    "SubscriptionDowngradeReminder",
    "SupportTicketUpdated",
    "Custom",
  ];
  test("every code has a template, and the checker knows the same list", () => {
    const codes = notifications.templates.map((t) => t.code);
    assert.deepEqual([...codes].sort(), [...SPEC_CODES].sort());
    assert.deepEqual([...NOTIFICATION_CODES].sort(), [...SPEC_CODES].sort());
  });
  test("the variants §4.3 names exist", () => {
    const variants = (code: string) =>
      notifications.templates.find((t) => t.code === code)?.variants.length ?? 0;
    assert.ok(variants("RemovedFromTeam") >= 2, "RemovedFromTeam: deleted team");
    assert.ok(variants("DataShared") >= 3, "DataShared: trashed, normal, deleted");
    for (const code of ["ExportFailed", "ExportSucceeded"])
      assert.ok(variants(code) >= 2, `${code}: expired`);
    for (const code of SPEC_CODES.filter((c) => c.startsWith("Schedule")))
      assert.ok(variants(code) >= 2, `${code}: deleted`);
  });
});

describe("§2.5 dialogs", () => {
  const byId = new Map(dialogs.dialogs.map((d) => [d.id, d]));
  test("menu dialogs", () => {
    for (const id of SPEC_MENU_DIALOGS) assert.equal(byId.get(id)?.origin, "menu", id);
  });
  test("notification dialogs with their parameters", () => {
    for (const [id, param, type] of SPEC_NOTIFICATION_DIALOGS) {
      const found = byId.get(id)?.params.find((p) => p.name === param);
      assert.equal(found?.type, type, `${id}(${param})`);
    }
  });
  test("every registry entry", () => {
    for (const id of SPEC_REGISTRY_DIALOGS) assert.ok(byId.has(id), id);
  });
});
