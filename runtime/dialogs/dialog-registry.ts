/**
 * The dialog components of the runtime by component kind (dialogs manifest
 * `component`, §2.5), loaded lazily through a LazyRegistry: exact lookup,
 * duplicates throw, unknown kinds render the visible fallback dialog. The
 * controller preloads a component before showing it (§9 loading delays).
 */
import type { ComponentType } from "react";
import { type LazyLoader, LazyRegistry } from "../renderers/registry.ts";
import type { DialogLoader } from "./dialog-controller.ts";
import type { DialogProps } from "./dialog-props.ts";
import { UnknownDialog } from "./unknown-dialog.tsx";

/** The registry of dialog components. */
export const dialogRegistry = new LazyRegistry<DialogProps>("dialogs", UnknownDialog);

const loaders = new Map<string, LazyLoader<DialogProps>>();
const loaded = new Set<string>();

type Module = Record<string, unknown>;
/** Registers the named export `name` of a lazily imported module as `kind`. */
function register(kind: string, load: () => Promise<Module>, name: string = kind): void {
  const loader: LazyLoader<DialogProps> = () =>
    load().then((module) => ({ default: module[name] as ComponentType<DialogProps> }));
  dialogRegistry.register(kind, loader);
  loaders.set(kind, loader);
}

const menu = {
  settings: () => import("./menu/my-settings-dialog.tsx"),
  exports: () => import("./menu/exports-dialog.tsx"),
  ticket: () => import("./menu/new-support-ticket-dialog.tsx"),
  welcome: () => import("./menu/welcome-dialog.tsx"),
  rating: () => import("./menu/customer-effort-rating-dialog.tsx"),
  announcement: () => import("./menu/login-announcement-dialog.tsx"),
};
const objects = {
  settings: () => import("./objects/object-settings-dialog.tsx"),
  automation: () => import("./objects/automation-settings-dialog.tsx"),
  create: () => import("./objects/new-object-dialog.tsx"),
  pickers: () => import("./objects/object-picker-dialog.tsx"),
  dashboard: () => import("./objects/dashboard-dialogs.tsx"),
  widget: () => import("./objects/widget-settings-dialog.tsx"),
  data: () => import("./objects/data-viewer-dialog.tsx"),
  taskLog: () => import("./objects/task-log-viewer-dialog.tsx"),
  ticket: () => import("./objects/support-ticket-settings-dialog.tsx"),
  teamFolder: () => import("./objects/team-folder-security-dialog.tsx"),
};
const tools = {
  code: () => import("./tools/code-editor-dialog.tsx"),
  palette: () => import("./tools/palette-picker-dialog.tsx"),
  simple: () => import("./tools/simple-dialog.tsx"),
  unavailable: () => import("./tools/unavailable-dialogs.tsx"),
  connector: () => import("./tools/connector-syntax-dialog.tsx"),
};

register("MySettingsDialog", menu.settings);
register("ExportsDialog", menu.exports);
register("NewSupportTicketDialog", menu.ticket);
register("WelcomeDialog", menu.welcome);
register("CustomerEffortRatingDialog", menu.rating);
register("LoginAnnouncementDialog", menu.announcement);
for (const kind of [
  "DashboardSettingsDialog",
  "DataSettingsDialog",
  "DataFlowSettingsDialog",
  "DataStreamSettingsDialog",
  "InsightSettingsDialog",
  "ReportSettingsDialog",
  "ConnectionSettingsDialog",
  "ConnectionBrokerDialog",
]) {
  register(kind, objects.settings);
}
register("ScheduleSettingsDialog", objects.automation);
register("AlertSettingsDialog", objects.automation);
register("NewDashboardDialog", objects.create);
register("NewConnectionDialog", objects.create);
for (const kind of [
  "BinderPickerDialog",
  "DashboardPickerDialog",
  "DataFlowPickerDialog",
  "DataPickerDialog",
  "DataStreamPickerDialog",
  "FileStoragePickerDialog",
  "SchedulePickerDialog",
  "RebindPickerDialog",
]) {
  register(kind, objects.pickers);
}
register("DashboardViewDialog", objects.dashboard);
register("DashboardCustomPeriodDialog", objects.dashboard);
register("ChartWidgetSettingsDialog", objects.widget);
register("TableWidgetSettingsDialog", objects.widget);
register("TextWidgetSettingsDialog", objects.widget);
register("DataViewerDialog", objects.data);
register("TaskLogViewerDialog", objects.taskLog);
register("SupportTicketSettingsDialog", objects.ticket);
register("TeamFolderSecurityDialog", objects.teamFolder);
register("CodeEditorDialog", tools.code);
register("QueryBuilderDialog", tools.code);
register("PalettePickerDialog", tools.palette);
register("SimpleDialog", tools.simple);
for (const kind of [
  "DashboardAskAiDialog",
  "DashboardTrackingTableDialog",
  "SchemaMigrationDialog",
  "ExportSettingsDialog",
]) {
  register(kind, tools.unavailable);
}
register("ConnectorSyntaxValidationDialog", tools.connector);

/** How the controller loads components: unknown kinds need no load (the fallback renders at once). */
export const dialogLoader: DialogLoader = {
  isReady: (component) => !loaders.has(component) || loaded.has(component),
  async load(component) {
    const loader = loaders.get(component);
    if (!loader) return;
    const { default: loadedComponent } = await loader();
    // A module without the registered export is a programming error: the dialog shows as failed.
    if (typeof loadedComponent !== "function") throw new Error(`dialogs: ${component} is not exported`);
    loaded.add(component);
  },
};
