/**
 * Screens that must be asked before they are left register an asker; the navigation awaits its
 * answer (§4.1 step 8). Two scopes: the legacy dashboard editor is asked when its route is left
 * (the routes manifest marks it `legacy.confirmLeave`; legacy-leave.ts asks the frame), an editor
 * with unsaved work whenever the path changes (query-only changes pass).
 */
type Asker = () => Promise<boolean>;

/** What a registered asker guards: leaving its route, or any change of path. */
export type LeaveScope = "route" | "path";

let current: { asker: Asker; scope: LeaveScope } | null = null;

/** Registers the asker of the screen on display; returns the unregister function. */
export function registerLeaveAsker(asker: Asker, scope: LeaveScope = "route"): () => void {
  const entry = { asker, scope };
  current = entry;
  return () => {
    if (current === entry) current = null;
  };
}

/** The scope of the registered asker, null when no screen asks. */
export function leaveScope(): LeaveScope | null {
  return current?.scope ?? null;
}

/** Asks the screen on display whether it may be left; true when nobody objects or the asker fails. */
export async function askToLeave(): Promise<boolean> {
  if (!current) return true;
  try {
    return await current.asker();
  } catch {
    return true;
  }
}
