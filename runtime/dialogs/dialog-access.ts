/**
 * Who may open a dialog and what stays usable in it (§5, §6): a dialog tied to
 * an admin module opens only with Read on it; without Write its buttons and
 * inputs are disabled, except the buttons of its header and the
 * secondary-variant buttons of its footer.
 */
import { type AccessSubject, canWriteAdminModule } from "../../core/access/access-profile.ts";
import { decideDialogAccess } from "../../core/access/decide.ts";
import type { DialogDefinition } from "../../schemas/dialogs.ts";

/** What the user may do with one dialog. */
export interface DialogAccess {
  canOpen: boolean;
  /** Inputs and buttons are disabled except header and secondary footer buttons (§6). */
  readOnly: boolean;
}

/**
 * The access of `profile` (null: no session) to `dialog`: whether it opens is core's decision
 * (core/access/decide.ts), the one the gateway filtered the dialog registry with.
 */
export function dialogAccess(
  dialog: Pick<DialogDefinition, "adminModule">,
  profile: AccessSubject | null,
): DialogAccess {
  if (!dialog.adminModule) return { canOpen: true, readOnly: false };
  if (!profile || !decideDialogAccess(dialog, profile).allowed) return { canOpen: false, readOnly: true };
  return { canOpen: true, readOnly: !canWriteAdminModule(profile, dialog.adminModule) };
}

/** Where a control sits in a dialog. */
export type DialogRegion = "header" | "body" | "footer";

/** The variant of a dialog button (the footer's secondary buttons close or cancel). */
export type DialogButtonVariant = "primary" | "secondary" | "danger";

/**
 * §6: whether a control is enabled in a dialog that is (or is not) read-only.
 * Inputs have no variant; only header buttons and secondary footer buttons
 * stay enabled without Write.
 */
export function isDialogControlEnabled(
  readOnly: boolean,
  region: DialogRegion,
  variant?: DialogButtonVariant,
): boolean {
  if (!readOnly) return true;
  if (region === "header") return true;
  return region === "footer" && variant === "secondary";
}
