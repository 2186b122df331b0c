/**
 * Admin modules (§2.3, §2.4): staff hold Read and/or Write on each; every admin call checks the
 * module's Read for reads and Write for changes (§6).
 */

/** Every admin module key, one per admin area of §2.3/§2.4. */
export const ADMIN_MODULE_KEYS = [
  "Accounts",
  "Users",
  "InternalUsers",
  "BlockedIps",
  "Prospects",
  "SubscriptionTemplates",
  "Invoices",
  "CreditNotes",
  "Support",
  "Projects",
  "TimeTracking",
  "SupportSessions",
  "HelpCenter",
  "QueryFunctionCatalogue",
  "LoginAnnouncements",
  "SystemMedia",
  "ObjectViewer",
  "QueryTool",
  "AccountSynchronizer",
  "DataLoaders",
  "ApplicationLogs",
  "LogAnalytics",
  "Tasks",
  "TasksMap",
  "EmailOutbound",
  "EmailInbound",
  "EmailSpam",
  "Databases",
  "Bosses",
  "Workers",
  "Connectors",
  "IpDatabase",
  "IpDatabaseUpdates",
  "Configuration",
  "PackageManager",
  "ObjectDeployments",
  "DistributionEnvironments",
  "Credits",
  "DiscountCodes",
  "Widgets",
  "DbQueryPerfLog",
  "WsRequestPerfLog",
] as const;

export type AdminModuleKey = (typeof ADMIN_MODULE_KEYS)[number];

/** Read and Write on one module; Write without Read is never stored (Write implies Read). */
export interface AdminModuleAccess {
  Read: boolean;
  Write: boolean;
}

/** A staff member's permissions: module → access. Modules not in the map grant nothing. */
export type AdminPermissionMap = ReadonlyMap<AdminModuleKey, AdminModuleAccess>;

/** Whether `name` is a known admin module key. */
export function isAdminModuleKey(name: string): name is AdminModuleKey {
  return (ADMIN_MODULE_KEYS as readonly string[]).includes(name);
}

/** Whether the map grants `access` ("Read" or "Write") on `module`. */
export function adminGrants(
  permissions: AdminPermissionMap,
  module: AdminModuleKey,
  access: keyof AdminModuleAccess,
): boolean {
  const held = permissions.get(module);
  return held ? held[access] : false;
}

/** Whether the map grants anything at all (§4.1 step 9: /admin needs any admin permission). */
export function hasAnyAdminPermission(permissions: AdminPermissionMap): boolean {
  for (const access of permissions.values()) if (access.Read) return true;
  return false;
}
