/**
 * Reads the studio's store in a component. A selector may return a new object of several fields:
 * the last answer is kept while its fields are the same values, so React's external-store snapshot
 * stays stable (useSyncExternalStore re-renders forever on a fresh object per read).
 */
import { useCallback, useRef, useSyncExternalStore } from "react";
import { type StudioState, studioStore } from "./studio-store.ts";

function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) =>
    Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** The selected slice of the studio's state, re-rendering when it changes. */
export function useStudio<T>(select: (state: StudioState) => T): T {
  const last = useRef<{ value: T } | null>(null);
  const read = useCallback(() => {
    const next = select(studioStore.get());
    if (last.current && shallowEqual(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  }, [select]);
  return useSyncExternalStore(studioStore.subscribe, read);
}
