import { createStore } from "../boot/create-store.ts";

/** Page-level UI state the navigation touches (§2.5, §4.1 step 6). */
export interface ShellState {
  loadingOverlay: boolean;
  disconnectionWarning: boolean;
}

/** The shell store of this page. */
export const shellStore = createStore<ShellState>({ loadingOverlay: true, disconnectionWarning: false });
