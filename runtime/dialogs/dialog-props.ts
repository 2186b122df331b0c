import type { DialogEntry } from "./dialog-stack.ts";

/** What every dialog component receives from the host. */
export interface DialogProps {
  entry: DialogEntry;
  /** Opener props that are not registry parameters (programmatic openers only). */
  props: Readonly<Record<string, unknown>>;
  /** Closes this dialog; `result` goes to the opener's onClose. */
  close: (result?: unknown) => void;
}
