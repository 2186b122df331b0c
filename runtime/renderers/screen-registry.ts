import * as loginScreen from "../screens/auth/login-screen.tsx";
import { LazyRegistry } from "./registry.ts";
import type { ScreenProps } from "./screen-props.ts";
import { UnknownRenderer } from "./unknown-renderer.tsx";

/**
 * The screen renderers of the runtime, by renderer kind (routes manifest
 * `screen.kind`). Kinds not registered here render the visible fallback.
 */
export const screenRegistry = new LazyRegistry<ScreenProps>("screens", UnknownRenderer);
// The login screen ships with the entry: every visit without a session opens it first (§4.1 step 7),
// and as a lazy module it and the seven chunks it shares with the other auth screens were eight
// requests before the first paint (ARCHITECTURE.md decisions; measured in scripts/bench/README.md).
screenRegistry.registerLoaded("login", loginScreen);
screenRegistry.register("signup", () => import("../screens/auth/signup-screen.tsx"));
screenRegistry.register("resetPassword", () => import("../screens/auth/reset-password-screen.tsx"));
screenRegistry.register("forgotDomain", () => import("../screens/auth/forgot-domain-screen.tsx"));
screenRegistry.register("newAccountUser", () => import("../screens/auth/new-account-user-screen.tsx"));
screenRegistry.register("changePassword", () => import("../screens/auth/change-password-screen.tsx"));
screenRegistry.register("disable2fa", () => import("../screens/auth/disable-2fa-screen.tsx"));
screenRegistry.register("logout", () => import("../screens/public/logout-screen.tsx"));
screenRegistry.register("loggedOut", () => import("../screens/public/logged-out-screen.tsx"));
screenRegistry.register("disconnect", () => import("../screens/public/disconnect-screen.tsx"));
screenRegistry.register("maintenance", () => import("../screens/public/maintenance-screen.tsx"));
screenRegistry.register("upgrade", () => import("../screens/public/upgrade-screen.tsx"));
screenRegistry.register("adminScreen", () => import("../screens/admin/admin-screen.tsx"));
screenRegistry.register("impersonateUser", () => import("../screens/admin/impersonate-screen.tsx"));
screenRegistry.register("configurationStudio", () => import("../screens/admin/studio/studio-screen.tsx"));
screenRegistry.register(
  "supportConsole",
  () => import("../screens/admin/support-console/support-console-screen.tsx"),
);
screenRegistry.register("explorer", () => import("../screens/content/explorer-screen.tsx"));
screenRegistry.register("tasks", () => import("../screens/work/tasks/tasks-screen.tsx"));
screenRegistry.register("taskDetail", () => import("../screens/work/tasks/task-detail-screen.tsx"));
screenRegistry.register("supportTickets", () => import("../screens/work/tickets/tickets-screen.tsx"));
screenRegistry.register(
  "supportSessions",
  () => import("../screens/work/sessions/support-sessions-screen.tsx"),
);
screenRegistry.register("securityList", () => import("../screens/work/security/security-list-screen.tsx"));
screenRegistry.register("api", () => import("../screens/account/api-keys-screen.tsx"));
screenRegistry.register("accountSettings", () => import("../screens/account/account-settings-screen.tsx"));
screenRegistry.register("subscription", () => import("../screens/account/subscription-screen.tsx"));
screenRegistry.register("usageMetrics", () => import("../screens/account/usage-metrics-screen.tsx"));
screenRegistry.register("managedAccounts", () => import("../screens/account/managed-accounts-screen.tsx"));
screenRegistry.register("projects", () => import("../screens/account/projects-screen.tsx"));
screenRegistry.register("objectViewer", () => import("../screens/content/object-viewer-screen.tsx"));
screenRegistry.register("objectEditor", () => import("../screens/content/object-editor-screen.tsx"));
screenRegistry.register("dashboardViewer", () => import("../screens/analytics/dashboard-viewer-screen.tsx"));
screenRegistry.register(
  "dashboardEditor",
  () => import("../screens/analytics/editor/dashboard-editor-screen.tsx"),
);
screenRegistry.register("binderViewer", () => import("../screens/analytics/binder-viewer-screen.tsx"));
screenRegistry.register("liveDocViewer", () => import("../screens/analytics/live-doc-viewer-screen.tsx"));
screenRegistry.register("insightViewer", () => import("../screens/analytics/insight-screen.tsx"));
screenRegistry.register("reportViewer", () => import("../screens/analytics/report-viewer-screen.tsx"));
screenRegistry.register("sharedDashboard", () => import("../screens/analytics/shared-dashboard-screen.tsx"));
screenRegistry.register("sharedBinder", () => import("../screens/analytics/shared-binder-screen.tsx"));
screenRegistry.register("sharedLiveDoc", () => import("../screens/analytics/shared-live-doc-screen.tsx"));
screenRegistry.register("fileViewer", () => import("../screens/content/file-viewer-screen.tsx"));
screenRegistry.register("home", () => import("../screens/home/home-screen.tsx"));
screenRegistry.register("sharedViewer", () => import("../screens/content/shared-viewer-screen.tsx"));
screenRegistry.register("chartSnapshot", () => import("../screens/content/chart-snapshot-screen.tsx"));
screenRegistry.register("helpPage", () => import("../screens/help/help-page-screen.tsx"));
screenRegistry.register("plugins", () => import("../screens/content/plugins-screen.tsx"));
screenRegistry.register("alertsHistory", () => import("../screens/content/history-screen.tsx"));
screenRegistry.register("schedulesHistory", () => import("../screens/content/history-screen.tsx"));
