/**
 * The dirty-state guard of an editor: while `dirty`, leaving for another page inside the app is held
 * until the user confirms (the §4.1 guard asks the registered screen, navigation/leave-confirmation.ts;
 * query-only changes pass), and closing or reloading the tab asks the browser's own question
 * (beforeunload).
 */
import { useEffect, useRef, useState } from "react";
import { registerLeaveAsker } from "../../navigation/leave-confirmation.ts";

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
  const [asking, setAsking] = useState(false);
  const answer = useRef<((leave: boolean) => void) | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const unregister = registerLeaveAsker(
      () =>
        new Promise<boolean>((resolve) => {
          answer.current?.(false);
          answer.current = resolve;
          setAsking(true);
        }),
      "path",
    );
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      unregister();
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [dirty]);
  const reply = (leave: boolean) => {
    setAsking(false);
    answer.current?.(leave);
    answer.current = null;
  };
  return { asking, leave: () => reply(true), stay: () => reply(false) };
}
