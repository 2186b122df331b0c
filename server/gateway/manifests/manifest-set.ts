import { MANIFEST_KIND_NAMES } from "../../../schemas/config-api.ts";
import type { ConstantsManifest } from "../../../schemas/constants.ts";
import type { DialogsManifest } from "../../../schemas/dialogs.ts";
import type { MenusManifest } from "../../../schemas/menus.ts";
import type { NotificationsManifest } from "../../../schemas/notifications.ts";
import type { PermissionsManifest } from "../../../schemas/permissions.ts";
import type { RoutesManifest } from "../../../schemas/routes.ts";
import type { ScreensManifest } from "../../../schemas/screens.ts";
import type { ShellManifest } from "../../../schemas/shell.ts";
import type { WidgetsManifest } from "../../../schemas/widgets.ts";

/** The manifest kinds (DESIGN.md §3), one file manifests/<kind>.json each (schemas/config-api.ts lists them). */
export const MANIFEST_KINDS = MANIFEST_KIND_NAMES;

/** One manifest kind. */
export type ManifestKind = (typeof MANIFEST_KINDS)[number];

/** A complete, schema-valid set of manifest documents keyed by kind. */
export interface ManifestSet {
  routes: RoutesManifest;
  permissions: PermissionsManifest;
  menus: MenusManifest;
  notifications: NotificationsManifest;
  dialogs: DialogsManifest;
  screens: ScreensManifest;
  shell: ShellManifest;
  constants: ConstantsManifest;
  widgets: WidgetsManifest;
}
