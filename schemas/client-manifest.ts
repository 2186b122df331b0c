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
import type { RoutesManifest } from "./routes.ts";
import type { ScreensManifest } from "./screens.ts";
import type { ShellManifest } from "./shell.ts";

/** Who a resolved manifest was resolved for. */
export type ManifestAudienceKind = "anonymous" | "user";

/** The resolved manifests of one audience; kinds the audience has no use for are null. */
export interface ClientManifest {
  /** Version of the manifest set it was resolved from. */
  version: string;
  audience: ManifestAudienceKind;
  routes: RoutesManifest;
  permissions: Pick<PermissionsManifest, "features" | "homePageTypes" | "homeRedirects">;
  menus: MenusManifest | null;
  notifications: NotificationsManifest | null;
  dialogs: DialogsManifest | null;
  screens: ScreensManifest | null;
  shell: ShellManifest;
  constants: ConstantsManifest;
}
