/**
 * Debounce and throttle without dates, only timers, so fake timers drive them in tests. Debounce reports
 * after a quiet period (SPEC §9 scroll-stop after SCROLL_STOP_DELAY_MS, tooltip target refresh after
 * TOOLTIP_TARGET_REFRESH_DEBOUNCE_MS); throttle runs at once and then at most once per period with the
 * latest arguments (virtual list scrolling, VIRTUAL_LIST_THROTTLE_MS).
 */

/** A rate-limited function with a way to drop what is pending. */
export interface RateLimited<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call (on unmount). */
  cancel(): void;
}

/** Calls `fn` once `delayMs` have passed without another call, with the last arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, delayMs: number): RateLimited<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, delayMs);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

/** Calls `fn` at once, then at most once per `periodMs` with the latest arguments (leading and trailing). */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, periodMs: number): RateLimited<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;
  const open = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (pending) {
        const args = pending;
        pending = null;
        fn(...args);
        open();
      }
    }, periodMs);
  };
  const throttled = (...args: A) => {
    if (timer === undefined) {
      fn(...args);
      open();
    } else {
      pending = args;
    }
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = null;
  };
  return throttled;
}
