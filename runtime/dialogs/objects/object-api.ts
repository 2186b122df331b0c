/**
 * The library objects of the upstream's Content API (server/upstream/README-content.md):
 * which area holds which object type, the object body, and the plain list the
 * pickers read (GET Objects?type=…).
 */

/** The content area of each user-area object type (README-content.md, "Library areas"). */
export const AREA_OF_TYPE: Readonly<Record<string, string>> = {
  Dashboard: "Dashboards",
  Binder: "Binders",
  LiveDoc: "LiveDocs",
  DataTable: "TableAndViews",
  DataFusion: "TableAndViews",
  DataMerge: "TableAndViews",
  DataView: "TableAndViews",
  DataHook: "DataHooks",
  DataStream: "DataStreams",
  DataConnection: "Connections",
  ConnectionBroker: "Connections",
  DataFlow: "DataFlows",
  DataLoader: "DataLoaders",
  DataScript: "DataScripts",
  Insight: "Insights",
  Report: "Reports",
  Alert: "Alerts",
  Schedule: "Schedules",
  AddOn: "ExternalAddOns",
  Media: "MediaManager",
};

/** The data object types (§3: tables, fusions, merges, views). */
export const DATA_TYPES = ["DataTable", "DataFusion", "DataMerge", "DataView"] as const;

/** Upstream limits of an object (objects/bodies.ts, objects/routes.ts). */
export const OBJECT_NAME_MAX = 200;
export const OBJECT_PROPERTIES_MAX_CHARS = 48 * 1024;

/** An object as the Content API returns it. */
export interface LibraryObject {
  RecId: number;
  UID: string;
  Type: string;
  Name: string;
  FolderRecId: number | null;
  OwnerFullName: string;
  CreatedAt: string;
  ModifiedAt: string;
  IsDeleted: boolean;
  IsFavourite?: boolean;
  IsShared?: boolean;
  CanChange?: boolean;
  Properties?: Record<string, unknown>;
}

/** The path of one object (`Content/{area}/Objects/{recId}`). */
export function objectPath(area: string, recId: number): string {
  return `Content/${encodeURIComponent(area)}/Objects/${recId}`;
}

/** The path of an area's object collection (create). */
export function objectsPath(area: string): string {
  return `Content/${encodeURIComponent(area)}/Objects`;
}

/** The plain list of one type (pickers): every live object of the type the caller sees. */
export function plainListPath(type: string): string {
  return `Objects?type=${encodeURIComponent(type)}`;
}
