/**
 * Long-press timing (SPEC §9): a press held for LONG_PRESS_START_MS starts the long press, which then
 * repeats every LONG_PRESS_REPEAT_MS until released (steppers, scroll buttons). A release before the
 * start is an ordinary click. Framework-free; tested with mock.timers.
 */
import { LONG_PRESS_REPEAT_MS, LONG_PRESS_START_MS } from "../../state/constants.ts";

/** Controls one long-pressable element. */
export interface LongPress {
  /** The pointer (or key) went down. */
  press(): void;
  /** The pointer went up, left or was cancelled; returns whether a long press happened (to skip the click). */
  release(): boolean;
  /** Cancels timers (on unmount). */
  dispose(): void;
}

/** Creates the timing of a long press calling `onRepeat` at the start and on every repeat. */
export function createLongPress(
  onRepeat: () => void,
  timing: { startMs?: number; repeatMs?: number } = {},
): LongPress {
  const startMs = timing.startMs ?? LONG_PRESS_START_MS;
  const repeatMs = timing.repeatMs ?? LONG_PRESS_REPEAT_MS;
  let startTimer: ReturnType<typeof setTimeout> | undefined;
  let repeatTimer: ReturnType<typeof setInterval> | undefined;
  let fired = false;
  const stop = () => {
    if (startTimer !== undefined) clearTimeout(startTimer);
    if (repeatTimer !== undefined) clearInterval(repeatTimer);
    startTimer = undefined;
    repeatTimer = undefined;
  };
  return {
    press() {
      stop();
      fired = false;
      startTimer = setTimeout(() => {
        startTimer = undefined;
        fired = true;
        onRepeat();
        repeatTimer = setInterval(onRepeat, repeatMs);
      }, startMs);
    },
    release() {
      stop();
      const wasLong = fired;
      fired = false;
      return wasLong;
    },
    dispose: stop,
  };
}
