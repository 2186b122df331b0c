/**
 * What a dialog's content knows about its dialog: the entry, how to close it,
 * and the §6 read-only rule its inputs and buttons follow.
 */
import { createContext, useContext } from "react";
import { type DialogButtonVariant, type DialogRegion, isDialogControlEnabled } from "./dialog-access.ts";
import type { DialogEntry } from "./dialog-stack.ts";

/** The dialog a component renders in. */
export interface DialogContextValue {
  entry: DialogEntry;
  close: (result?: unknown) => void;
  /** The dialog is top of the stack (keyboard and focus belong to it). */
  isTop: boolean;
}

/** Provided by the host around each dialog. */
export const DialogContext = createContext<DialogContextValue | null>(null);

/** The dialog this component is rendered in; throws outside one (a programming error). */
export function useDialog(): DialogContextValue {
  const value = useContext(DialogContext);
  if (!value) throw new Error("useDialog outside a dialog");
  return value;
}

/**
 * §6: whether a control of the current dialog is enabled. Inputs (no variant)
 * and primary buttons are disabled in a read-only admin dialog; header buttons
 * and secondary footer buttons stay enabled. Outside a dialog: always enabled.
 */
export function useDialogControlEnabled(region: DialogRegion, variant?: DialogButtonVariant): boolean {
  const value = useContext(DialogContext);
  return isDialogControlEnabled(value?.entry.readOnly ?? false, region, variant);
}

/** True when the inputs of the current dialog are disabled (§6: opened without Write). */
export function useDialogLocked(): boolean {
  return !useDialogControlEnabled("body");
}
