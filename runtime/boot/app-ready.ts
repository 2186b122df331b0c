/**
 * The app-ready performance mark: set once, when the first screen of the page has rendered (its
 * lazy renderer loaded and committed). The shell benchmark (scripts/bench/shell) measures cold
 * loads to it; it costs one entry in the page's performance timeline.
 */
import { useEffect } from "react";

/** Name of the mark in the page's performance timeline. */
export const APP_READY_MARK = "tessera:app-ready";

let marked = false;
let resolveReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

/** Sets the mark unless it is set already. */
export function markAppReady(): void {
  if (marked) return;
  marked = true;
  resolveReady();
  if (typeof performance === "undefined" || typeof performance.mark !== "function") return;
  performance.mark(APP_READY_MARK);
}

/**
 * Resolves once the first screen has rendered: code the first screen does not need (dialog
 * host, notifications, support chat) loads after it, off the first paint's critical path.
 */
export function whenAppReady(): Promise<void> {
  return ready;
}

/** Renders nothing; marks the app ready once the screen it sits next to has committed. */
export function AppReadyMark(): null {
  useEffect(markAppReady, []);
  return null;
}
