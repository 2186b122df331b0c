/**
 * Carries the stack reducer's decisions out in time (§4.5, §9): the removal
 * DIALOG_CLOSE_ANIMATION_MS after a dialog starts closing, and the loading
 * background and indicator after DIALOG_BACKGROUND_DELAY_MS and
 * DIALOG_LOADING_INDICATOR_DELAY_MS of a lazy load. Non-serialisable extras of
 * an opening (where focus returns, the result callback, opener props) are kept
 * beside the immutable state, by key.
 */
import {
  DIALOG_BACKGROUND_DELAY_MS,
  DIALOG_CLOSE_ANIMATION_MS,
  DIALOG_LOADING_INDICATOR_DELAY_MS,
} from "../state/constants.ts";
import { createStore, type Store } from "../state/create-store.ts";
import {
  type DialogOpening,
  type DialogStackAction,
  type DialogStackState,
  dialogStackReducer,
  EMPTY_DIALOG_STACK,
  isLoading,
  newlyClosing,
  topDialog,
} from "./dialog-stack.ts";

/** Something focus can go back to (an HTMLElement in the browser). */
export interface FocusTarget {
  focus(): void;
  readonly isConnected?: boolean;
}

/** What the opener hands over besides the checked parameters. */
export interface DialogOpenExtras {
  /** Where focus returns when the dialog closes (default: what had focus at opening). */
  returnFocus?: FocusTarget | null;
  /** Called once with the dialog's result (undefined when dismissed). */
  onClose?: (result: unknown) => void;
  /** Props for the dialog component that are not registry parameters (programmatic openers only). */
  props?: Readonly<Record<string, unknown>>;
}

/** How the controller loads dialog components. */
export interface DialogLoader {
  /** True when `component` needs no load (already loaded, or unknown: the fallback renders at once). */
  isReady(component: string): boolean;
  /** Loads `component`'s module. */
  load(component: string): Promise<unknown>;
}

/** The dialog stack of one page. */
export interface DialogController {
  store: Store<DialogStackState>;
  open(opening: DialogOpening, extras?: DialogOpenExtras): number;
  close(key: number, result?: unknown): void;
  /** Escape: closes the top dialog; false when there is none. */
  closeTop(): boolean;
  pathChanged(): void;
  closeAll(): void;
  extrasOf(key: number): DialogOpenExtras;
}

/** Creates a controller; timers are the global ones (node:test replaces them with mock.timers). */
export function createDialogController(loader: DialogLoader): DialogController {
  const store = createStore<DialogStackState>(EMPTY_DIALOG_STACK);
  const extras = new Map<number, DialogOpenExtras>();
  let loadTimers: ReturnType<typeof setTimeout>[] = [];

  const clearLoadTimers = () => {
    for (const timer of loadTimers) clearTimeout(timer);
    loadTimers = [];
  };

  const finish = (key: number, result: unknown) => {
    const entry = extras.get(key);
    extras.delete(key);
    const target = entry?.returnFocus;
    // Focus goes back at once (not after the animation) so the keyboard user is never stranded.
    if (target && target.isConnected !== false) target.focus();
    entry?.onClose?.(result);
  };

  const dispatch = (action: DialogStackAction, result?: unknown) => {
    const before = store.get();
    const after = dialogStackReducer(before, action);
    if (after === before) return;
    store.update(() => after);
    // Top first: focus ends where the bottom-most closing dialog was opened from.
    for (const key of newlyClosing(before, after).reverse()) {
      finish(key, result);
      // §4.5: opened, then closing, removed after the close animation.
      setTimeout(() => dispatch({ type: "remove", key }), DIALOG_CLOSE_ANIMATION_MS);
    }
    if (!isLoading(after)) clearLoadTimers();
    else if (loadTimers.length === 0 && !after.loadingIndicator) {
      loadTimers = [
        setTimeout(() => dispatch({ type: "backgroundDue" }), DIALOG_BACKGROUND_DELAY_MS),
        setTimeout(() => dispatch({ type: "indicatorDue" }), DIALOG_LOADING_INDICATOR_DELAY_MS),
      ];
    }
  };

  return {
    store,
    open(opening, openExtras = {}) {
      const key = store.get().nextKey;
      extras.set(key, openExtras);
      const ready = loader.isReady(opening.component);
      dispatch({ type: "open", opening, loaded: ready });
      if (!ready) {
        loader.load(opening.component).then(
          () => dispatch({ type: "loaded", key }),
          () => dispatch({ type: "loadFailed", key }),
        );
      }
      return key;
    },
    close: (key, result) => dispatch({ type: "close", key }, result),
    closeTop() {
      const top = topDialog(store.get());
      if (!top) return false;
      dispatch({ type: "close", key: top.key });
      return true;
    },
    pathChanged: () => dispatch({ type: "pathChanged" }),
    closeAll: () => dispatch({ type: "closeAll" }),
    extrasOf: (key) => extras.get(key) ?? {},
  };
}
