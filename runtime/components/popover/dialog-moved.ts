/**
 * The tiny "dialog moved" event of SPEC §4.5: open dropdowns and popovers close when a dialog is moved.
 * The dialog stack calls emitDialogMoved() while a dialog is dragged; every open popover listens.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

/** Subscribes to dialog moves; returns the unsubscribe function. */
export function onDialogMoved(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Announces that a dialog moved (called by the dialog stack while dragging). */
export function emitDialogMoved(): void {
  for (const listener of [...listeners]) listener();
}
