/**
 * Loads data for a screen: aborts the call when the key changes or the screen goes (§8: aborted
 * calls are silent), keeps the last data while the same key reloads (no flicker after an action),
 * and offers a retry for the error state.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../http/api-error.ts";

/** What a screen knows of its data. */
export interface ResourceState<T> {
  status: "loading" | "ready" | "error";
  /** The last data of this key (kept while it reloads). */
  data: T | null;
  error: unknown;
}

/** A loaded resource and how to load it again. */
export interface Resource<T> extends ResourceState<T> {
  reload: () => void;
}

/** True for a call the screen aborted itself. */
export function isAbort(error: unknown): boolean {
  return (
    (error instanceof ApiError && error.aborted) ||
    (error instanceof DOMException && error.name === "AbortError")
  );
}

/** Loads `load` for `key` (null: nothing to load yet). */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [state, setState] = useState<ResourceState<T> & { key: string | null }>({
    key,
    status: "loading",
    data: null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    if (key === null) return;
    void attempt; // a reload is a new attempt for the same key
    const controller = new AbortController();
    setState((previous) => ({
      key,
      status: "loading",
      data: previous.key === key ? previous.data : null,
      error: null,
    }));
    loader
      .current(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ key, status: "ready", data, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setState((previous) => ({
          key,
          status: "error",
          data: previous.key === key ? previous.data : null,
          error,
        }));
      });
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = state.key === key ? state : { key, status: "loading" as const, data: null, error: null };
  return { status: current.status, data: current.data, error: current.error, reload };
}
