/**
 * useScrollStop (SPEC §9): reports that scrolling stopped SCROLL_STOP_DELAY_MS after the last scroll event
 * of an element. The timing is the debounce of rate-limit.ts.
 */
import { type RefObject, useEffect, useRef } from "react";
import { SCROLL_STOP_DELAY_MS } from "../../state/constants.ts";
import { debounce } from "./rate-limit.ts";

/** Calls `onStop` once the element has not scrolled for SCROLL_STOP_DELAY_MS. */
export function useScrollStop(element: RefObject<HTMLElement | null>, onStop: () => void): void {
  const latest = useRef(onStop);
  latest.current = onStop;
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const stopped = debounce(() => latest.current(), SCROLL_STOP_DELAY_MS);
    target.addEventListener("scroll", stopped, { passive: true });
    return () => {
      target.removeEventListener("scroll", stopped);
      stopped.cancel();
    };
  }, [element]);
}
