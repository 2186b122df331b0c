/**
 * useLongPress (SPEC §9): holding a pointer (or Space/Enter) on an element for LONG_PRESS_START_MS starts
 * repeating `onRepeat` every LONG_PRESS_REPEAT_MS until release; a short press stays an ordinary click.
 * The timing is long-press.ts.
 */
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { createLongPress } from "./long-press.ts";

/** Handlers to spread on the pressable element. */
export interface LongPressHandlers {
  onPointerDown: () => void;
  onPointerUp: () => void;
  onPointerLeave: () => void;
  onPointerCancel: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onKeyUp: (event: KeyboardEvent) => void;
  /** Swallows the click that ends a long press, so the action does not run once more. */
  onClickCapture: (event: MouseEvent) => void;
}

/** Long-press handlers calling `onRepeat` at the start and on every repeat. */
export function useLongPress(onRepeat: () => void): LongPressHandlers {
  const latest = useRef(onRepeat);
  latest.current = onRepeat;
  const [press] = useState(() => createLongPress(() => latest.current()));
  const suppressClick = useRef(false);
  useEffect(() => () => press.dispose(), [press]);
  const release = () => {
    if (press.release()) suppressClick.current = true;
  };
  const isPressKey = (event: KeyboardEvent) => event.key === " " || event.key === "Enter";
  return {
    onPointerDown: () => {
      suppressClick.current = false;
      press.press();
    },
    onPointerUp: release,
    onPointerLeave: release,
    onPointerCancel: release,
    onKeyDown: (event) => {
      // Key repeat sends keydown again and again; only the first one starts the press.
      if (isPressKey(event) && !event.repeat) {
        suppressClick.current = false;
        press.press();
      }
    },
    onKeyUp: (event) => {
      if (isPressKey(event)) release();
    },
    onClickCapture: (event) => {
      if (!suppressClick.current) return;
      suppressClick.current = false;
      event.stopPropagation();
      event.preventDefault();
    },
  };
}
