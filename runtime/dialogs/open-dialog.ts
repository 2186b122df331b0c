/**
 * The page's dialog stack and the ways to open dialogs (§2.5): registry
 * dialogs by id (menus, notifications) or by legacy path, the runtime's
 * built-in dialogs (login announcement) and legacy dialogs (a same-origin
 * legacy page in the legacy dialog container). A request that cannot be
 * honoured shows an error banner (§8) and logs why on the console.
 */

import { isSafeRedirectTarget } from "../../core/navigation/safe-redirect.ts";
import { sessionStore } from "../session/session-store.ts";
import { showBanner } from "../state/banner-store.ts";
import { manifestStore } from "../state/manifest-store.ts";
import { createDialogController, type DialogOpenExtras, type FocusTarget } from "./dialog-controller.ts";
import { dialogLoader } from "./dialog-registry.ts";
import { LEGACY_DIALOG_COMPONENT } from "./legacy-dialog-kind.ts";
import { type DialogLookup, resolveDialogRequest } from "./resolve-dialog.ts";

/** The dialog stack of this page. */
export const dialogController = createDialogController(dialogLoader);

/** Text keys of the refusals. */
export const DIALOG_NOT_AVAILABLE_KEY = "Dialog_NotAvailable";
export const DIALOG_INVALID_PARAMETERS_KEY = "Dialog_InvalidParameters";

/** What had focus when the dialog was asked for: focus returns there on close. */
function activeElement(): FocusTarget | null {
  if (typeof document === "undefined") return null;
  const element = document.activeElement;
  return element instanceof HTMLElement && element !== document.body ? element : null;
}

function withFocus(extras: DialogOpenExtras): DialogOpenExtras {
  return "returnFocus" in extras ? extras : { ...extras, returnFocus: activeElement() };
}

function open(
  lookup: DialogLookup,
  params: Record<string, unknown>,
  extras: DialogOpenExtras,
): number | null {
  const dialogs = manifestStore.get().manifest?.dialogs?.dialogs ?? null;
  const resolution = resolveDialogRequest(dialogs, lookup, params, sessionStore.get().profile);
  if (!resolution.ok) {
    console.error("dialog not opened", lookup, resolution);
    showBanner({
      kind: "error",
      textKey:
        resolution.reason === "invalidParams" ? DIALOG_INVALID_PARAMETERS_KEY : DIALOG_NOT_AVAILABLE_KEY,
    });
    return null;
  }
  return dialogController.open(resolution.opening, withFocus(extras));
}

/** Opens the registry dialog `id` (e.g. a menu or notification dialog); returns its key, or null. */
export function openDialog(
  id: string,
  params: Record<string, unknown> = {},
  extras: DialogOpenExtras = {},
): number | null {
  return open({ id }, params, extras);
}

/** Opens the registry dialog mapped to a legacy dialog path (`dialogs/<area>/<name>`, query allowed). */
export function openDialogByPath(
  path: string,
  params: Record<string, unknown> = {},
  extras: DialogOpenExtras = {},
): number | null {
  return open({ path }, params, extras);
}

/** True when the user's registry has the dialog `id` (menus and session start check before opening). */
export function hasDialog(id: string): boolean {
  return manifestStore.get().manifest?.dialogs?.dialogs.some((d) => d.id === id) ?? false;
}

/** Opens one of the runtime's own dialogs (not in the registry): stays open across navigation. */
export function openBuiltinDialog(
  component: string,
  titleKey: string,
  extras: DialogOpenExtras = {},
): number {
  return dialogController.open(
    {
      id: component,
      kind: "builtin",
      component,
      titleKey,
      params: {},
      staysOpenOnNavigation: true,
      readOnly: false,
      legacyUrl: null,
    },
    withFocus(extras),
  );
}

/** Opens a legacy page (same-origin path only) as a dialog in the legacy dialog container. */
export function openLegacyDialog(
  url: string,
  titleKey: string,
  extras: DialogOpenExtras = {},
): number | null {
  if (!isSafeRedirectTarget(url)) {
    console.error("legacy dialog refused: not a same-origin path", url);
    return null;
  }
  return dialogController.open(
    {
      id: "legacy",
      kind: "legacy",
      component: LEGACY_DIALOG_COMPONENT,
      titleKey,
      params: {},
      staysOpenOnNavigation: false,
      readOnly: false,
      legacyUrl: url,
    },
    withFocus(extras),
  );
}
