import { useEffect, useMemo, useState } from "react";

/**
 * A flag that turns on only after a delay and off at once: §9's loading
 * indicators appear after their delay so fast loads never flash one.
 */

/** The controller of one delayed flag. */
export interface DelayedFlag {
  /** Reports whether the underlying activity is running. */
  set(active: boolean): void;
  /** Stops the timer (unmount). */
  dispose(): void;
}

/** Calls `onChange(true)` once `set(true)` has held for `delayMs`, and `onChange(false)` on `set(false)`. */
export function createDelayedFlag(delayMs: number, onChange: (visible: boolean) => void): DelayedFlag {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let visible = false;
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    set(active) {
      if (active) {
        if (visible || timer !== null) return;
        timer = setTimeout(() => {
          timer = null;
          visible = true;
          onChange(true);
        }, delayMs);
        return;
      }
      stop();
      if (visible) {
        visible = false;
        onChange(false);
      }
    },
    dispose: stop,
  };
}

/** True once `active` has held for `delayMs` (§9 loading indicators); false at once when it ends. */
export function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [visible, setVisible] = useState(false);
  const flag = useMemo(() => createDelayedFlag(delayMs, setVisible), [delayMs]);
  useEffect(() => () => flag.dispose(), [flag]);
  useEffect(() => flag.set(active), [flag, active]);
  return active && visible;
}
