import { createStore } from "../state/create-store.ts";
import type { ShellUser } from "./shell-user.ts";

/** Page-level UI state of the shell (§2.5, §4.1 step 6, §4.2). */
export interface ShellState {
  /** The loading overlay (navigation shows it on a top-level route change, §4.1 step 6). */
  loadingOverlay: boolean;
  /** The inactivity warning overlay (§4.2, §8). */
  disconnectionWarning: boolean;
  /** The signed-in user as the top bar shows it; null renders the signed-out shell. */
  shellUser: ShellUser | null;
}

/** The shell store of this page. */
export const shellStore = createStore<ShellState>({
  loadingOverlay: true,
  disconnectionWarning: false,
  shellUser: null,
});

/** Sets the signed-in user (login) or clears it (logout, §4.2). */
export function setShellUser(user: ShellUser | null): void {
  shellStore.update((s) => {
    s.shellUser = user;
  });
}

/** Shows or hides the inactivity warning overlay (§4.2 DisconnectionWarning / RemoveDisconnectionWarning). */
export function setDisconnectionWarning(shown: boolean): void {
  shellStore.update((s) => {
    s.disconnectionWarning = shown;
  });
}
