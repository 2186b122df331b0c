/**
 * The dialog stack of the frame (§2.5, §4.5) as a pure reducer: legacy and new
 * dialogs in one stack, each loading (its lazy component on the way), opened,
 * then closing (removed after DIALOG_CLOSE_ANIMATION_MS, by the controller).
 * While a dialog loads, the background with its loader and then the dialog
 * loading indicator are shown once their §9 delays have passed.
 */
import type { DialogParams } from "./dialog-params.ts";

/** Where a dialog comes from: the manifest registry, the runtime itself, or a legacy page. */
export type DialogKind = "registry" | "builtin" | "legacy";

/** §4.5 dialog states, with the lazy load before "opened". */
export type DialogPhase = "loading" | "opened" | "closing" | "failed";

/** One dialog of the stack. */
export interface DialogEntry {
  /** Unique per opening. */
  key: number;
  /** Registry id (or the built-in / legacy name). */
  id: string;
  kind: DialogKind;
  /** Registry component kind (PascalCase); legacy dialogs use LEGACY_DIALOG_COMPONENT. */
  component: string;
  titleKey: string;
  params: DialogParams;
  /** §4.1: stays open when the path changes. */
  staysOpenOnNavigation: boolean;
  /** §6: opened without Write on its admin module. */
  readOnly: boolean;
  /** Same-origin URL of a legacy dialog's page. */
  legacyUrl: string | null;
  phase: DialogPhase;
}

/** What an opening asks for (the reducer assigns key and phase). */
export type DialogOpening = Omit<DialogEntry, "key" | "phase">;

/** The stack and its loading flags. */
export interface DialogStackState {
  entries: readonly DialogEntry[];
  nextKey: number;
  /** DIALOG_BACKGROUND_DELAY_MS passed while a dialog loads: the background with a loader shows. */
  loadingBackground: boolean;
  /** DIALOG_LOADING_INDICATOR_DELAY_MS passed while a dialog loads: the loading indicator shows. */
  loadingIndicator: boolean;
}

/** The events the stack reacts to. */
export type DialogStackAction =
  | { type: "open"; opening: DialogOpening; loaded: boolean }
  | { type: "loaded"; key: number }
  | { type: "loadFailed"; key: number }
  | { type: "backgroundDue" }
  | { type: "indicatorDue" }
  | { type: "close"; key: number }
  | { type: "remove"; key: number }
  /** §4.1: the path changed; dialogs not flagged to stay open close. */
  | { type: "pathChanged" }
  /** Logout (§4.2): everything closes. */
  | { type: "closeAll" };

export const EMPTY_DIALOG_STACK: DialogStackState = {
  entries: [],
  nextKey: 1,
  loadingBackground: false,
  loadingIndicator: false,
};

/** True while some dialog's component is still loading. */
export function isLoading(state: Pick<DialogStackState, "entries">): boolean {
  return state.entries.some((e) => e.phase === "loading");
}

function withEntries(state: DialogStackState, entries: readonly DialogEntry[]): DialogStackState {
  // The loading flags belong to a load in progress: they drop as soon as none is.
  const loading = isLoading({ entries });
  return {
    ...state,
    entries,
    loadingBackground: loading && state.loadingBackground,
    loadingIndicator: loading && state.loadingIndicator,
  };
}

function setPhase(state: DialogStackState, key: number, phase: DialogPhase, from: DialogPhase[]) {
  const entries = state.entries.map((e) => (e.key === key && from.includes(e.phase) ? { ...e, phase } : e));
  return withEntries(state, entries);
}

/** The next stack state. */
export function dialogStackReducer(state: DialogStackState, action: DialogStackAction): DialogStackState {
  switch (action.type) {
    case "open": {
      const entry: DialogEntry = {
        ...action.opening,
        key: state.nextKey,
        phase: action.loaded ? "opened" : "loading",
      };
      return withEntries({ ...state, nextKey: state.nextKey + 1 }, [...state.entries, entry]);
    }
    case "loaded":
      return setPhase(state, action.key, "opened", ["loading"]);
    case "loadFailed":
      return setPhase(state, action.key, "failed", ["loading"]);
    case "backgroundDue":
      return isLoading(state) ? { ...state, loadingBackground: true } : state;
    case "indicatorDue":
      return isLoading(state) ? { ...state, loadingIndicator: true } : state;
    case "close":
      return setPhase(state, action.key, "closing", ["loading", "opened", "failed"]);
    case "remove":
      return withEntries(
        state,
        state.entries.filter((e) => e.key !== action.key || e.phase !== "closing"),
      );
    case "pathChanged":
      return withEntries(
        state,
        state.entries.map((e) =>
          e.staysOpenOnNavigation || e.phase === "closing" ? e : { ...e, phase: "closing" },
        ),
      );
    case "closeAll":
      return withEntries(
        state,
        state.entries.map((e) => (e.phase === "closing" ? e : { ...e, phase: "closing" })),
      );
  }
}

/** The dialog keyboard and focus go to: the last one not closing. */
export function topDialog(state: Pick<DialogStackState, "entries">): DialogEntry | null {
  for (let i = state.entries.length - 1; i >= 0; i -= 1) {
    const entry = state.entries[i] as DialogEntry;
    if (entry.phase !== "closing") return entry;
  }
  return null;
}

/** §2.5: the legacy dialog container is hidden when no legacy dialog is open. */
export function hasOpenLegacyDialog(state: Pick<DialogStackState, "entries">): boolean {
  return state.entries.some((e) => e.kind === "legacy" && e.phase !== "closing");
}

/** Keys of the entries the last action moved to closing (the controller schedules their removal). */
export function newlyClosing(before: DialogStackState, after: DialogStackState): number[] {
  const was = new Map(before.entries.map((e) => [e.key, e.phase]));
  return after.entries.filter((e) => e.phase === "closing" && was.get(e.key) !== "closing").map((e) => e.key);
}
