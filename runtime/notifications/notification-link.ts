/**
 * What a notification's link does once resolved by the formatter (§4.3, §7): a route navigates in
 * the app, a dialog opens through the dialog registry, a download is `{webservices}/File/…`, an
 * invoice is the user's domain path `invoice/{number}`. Also the image sources of an entry. Pure.
 */

import { isSafeRedirectTarget } from "../../core/navigation/safe-redirect.ts";
import type { DisplayedNotification, ResolvedNotificationAction } from "../../schemas/notifications.ts";
import { apiUrl } from "../http/api-client.ts";

/** Opens a dialog of the registry (manifests/dialogs.json) with its parameters. */
export type DialogOpener = (dialogId: string, params: Record<string, string | number | boolean>) => void;

let dialogOpener: DialogOpener | null = null;

/**
 * The dialog stack's opener, registered by runtime/dialogs while it is mounted. Without one, dialog
 * links are not offered: a link that does nothing is never shown.
 */
export function setNotificationDialogOpener(opener: DialogOpener | null): void {
  dialogOpener = opener;
}

/** The registered dialog opener, if any. */
export function notificationDialogOpener(): DialogOpener | null {
  return dialogOpener;
}

/** What the link of an entry is in the page. */
export type NotificationLinkTarget =
  | { kind: "route"; to: string }
  | { kind: "dialog"; dialogId: string; params: Record<string, string | number | boolean> }
  | { kind: "download"; href: string }
  | { kind: "invoice"; href: string };

/**
 * The link target of an action; null when it cannot be carried out here: an unsafe path, or a dialog
 * that cannot be opened here (`canOpenDialog`: an opener is registered and the user's registry holds the
 * dialog) — a link that does nothing is never shown.
 */
export function notificationLinkTarget(
  action: ResolvedNotificationAction,
  canOpenDialog: (dialogId: string) => boolean,
): NotificationLinkTarget | null {
  switch (action.type) {
    case "route":
      return isSafeRedirectTarget(action.to) ? { kind: "route", to: action.to } : null;
    case "dialog":
      return canOpenDialog(action.dialogId)
        ? { kind: "dialog", dialogId: action.dialogId, params: { ...action.params } }
        : null;
    case "download":
      return { kind: "download", href: apiUrl("webservices", action.webservicesPath) };
    case "invoice":
      // The user's domain is this origin: the gateway relays the application base under /api/.
      return { kind: "invoice", href: apiUrl("app", action.domainPath) };
  }
}

/** The avatar of the author (§7 {webservices}/user/avatar/{userUID}), or null. */
export function sourcePictureUrl(entry: Pick<DisplayedNotification, "sourcePicture">): string | null {
  return entry.sourcePicture ? apiUrl("webservices", entry.sourcePicture.webservicesPath) : null;
}

/** The thumbnail as a data: URL (base64 PNG, allowed by the CSP's img-src), or null. */
export function thumbnailUrl(entry: Pick<DisplayedNotification, "thumbnail">): string | null {
  return entry.thumbnail ? `data:image/png;base64,${entry.thumbnail}` : null;
}
