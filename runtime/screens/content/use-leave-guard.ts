/**
 * The dirty-state guard of an editor: while `dirty`, leaving for another page inside the app is held
 * until the user confirms (react-router's blocker; query-only changes pass), and closing or reloading
 * the tab asks the browser's own question (beforeunload).
 */
import { useEffect } from "react";
import { useBlocker } from "react-router";

/** The held navigation, if any, and how to answer it. */
export interface LeaveGuard {
  /** A navigation waits for the user's answer. */
  asking: boolean;
  /** Leave anyway. */
  leave: () => void;
  /** Stay on the page. */
  stay: () => void;
}

/** Guards the page while `dirty`. */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  return {
    asking: blocker.state === "blocked",
    leave: () => blocker.proceed?.(),
    stay: () => blocker.reset?.(),
  };
}
