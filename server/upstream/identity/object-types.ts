/**
 * The user-area object types of §3 and what opens each: the role permission key (§6) and the
 * subscription feature (§3) that cover it.
 */
import type { FeatureId } from "./features.ts";
import type { PermissionKey } from "./permission-keys.ts";

/** What guards an object type. */
export interface ObjectTypeAccess {
  permission: PermissionKey;
  /** The feature that must be Included; none for types every subscription has. */
  feature: FeatureId | null;
}

/** Every user-area object type with its permission and feature. */
export const OBJECT_TYPE_ACCESS = {
  Dashboard: { permission: "Dashboards", feature: "Dashboard" },
  Binder: { permission: "Binders", feature: "Binder" },
  LiveDoc: { permission: "LiveDocs", feature: "LiveDocs" },
  DataTable: { permission: "TableAndViews", feature: "TablesAndView" },
  DataFusion: { permission: "TableAndViews", feature: "TablesAndView" },
  DataMerge: { permission: "TableAndViews", feature: "TablesAndView" },
  DataView: { permission: "TableAndViews", feature: "TablesAndView" },
  DataHook: { permission: "DataHooks", feature: "DataHook" },
  DataStream: { permission: "DataStreams", feature: "DataStream" },
  DataConnection: { permission: "Connections", feature: "Connection" },
  ConnectionBroker: { permission: "Connections", feature: "Connection" },
  DataFlow: { permission: "DataFlows", feature: "DataFlow" },
  DataLoader: { permission: "DataLoaders", feature: "DataLoader" },
  DataScript: { permission: "DataScripts", feature: "DataScript" },
  Insight: { permission: "Insights", feature: "Insight" },
  Report: { permission: "Reports", feature: "Report" },
  Alert: { permission: "Alerts", feature: "AutomationAlert" },
  Schedule: { permission: "Schedules", feature: "Schedules" },
  AddOn: { permission: "ExternalAddOns", feature: "Addons" },
  Task: { permission: "Tasks", feature: null },
  User: { permission: "Users", feature: null },
  Menu: { permission: "Menus", feature: null },
  Role: { permission: "Roles", feature: null },
  Team: { permission: "Teams", feature: null },
  SupportSession: { permission: "SupportSessions", feature: null },
  SupportTicket: { permission: "SupportTickets", feature: null },
  API: { permission: "API", feature: "IntegrationAPI" },
  Project: { permission: "Projects", feature: null },
  Media: { permission: "MediaManager", feature: "DocumentsAndMedia" },
} as const satisfies Record<string, ObjectTypeAccess>;

/** A user-area object type. */
export type ObjectType = keyof typeof OBJECT_TYPE_ACCESS;

/** Types kept in the generic object store (users, roles, teams, menus and chat sessions have their own). */
export const STORED_OBJECT_TYPES = (Object.keys(OBJECT_TYPE_ACCESS) as ObjectType[]).filter(
  (type) => !["User", "Menu", "Role", "Team", "SupportSession"].includes(type),
);
