/**
 * Loading one upstream resource in a screen or dialog, and running a change: the call is aborted
 * when the path changes or the view goes away (§8: aborted calls stay silent); a failure is kept for
 * the view's error state and shown in the banner — except a missing record (404) when the view says
 * so itself (`quietNotFound`, the dialogs).
 */
import { useCallback, useEffect, useState } from "react";
import { useApiClient } from "./api-client-context.ts";
import { ApiError } from "./api-error.ts";
import { reportError } from "./report-error.ts";

/** One load as a single state, for views that show one of loading, the data or the failure. */
export type Loaded<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "failed"; notFound: boolean };

/** The state of one loaded resource. */
export interface ApiResource<T> {
  /** The last answer; kept while reloading so lists do not blank out. */
  data: T | null;
  /** The last failure (null while loading or after success). */
  error: ApiError | Error | null;
  loading: boolean;
  /** The same as one state: loading (also while reloading), ready or failed. */
  state: Loaded<T>;
  /** Loads the resource again. */
  reload: () => void;
}

/** Options of useApi. */
export interface UseApiOptions {
  /** A 404 is said by the view itself and stays out of the banner. */
  quietNotFound?: boolean;
}

/** Whether a failure is a missing record. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** The single state of a load; nothing loaded yet (or no path) reads as loading. */
export function loadedState<T>(loading: boolean, data: T | null, error: unknown): Loaded<T> {
  if (loading) return { status: "loading" };
  if (error) return { status: "failed", notFound: isNotFound(error) };
  if (data === null) return { status: "loading" };
  return { status: "ready", data };
}

/** Loads `path` (relative to the application base) whenever it changes; null loads nothing. */
export function useApi<T>(path: string | null, options: UseApiOptions = {}): ApiResource<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  const quietNotFound = options.quietNotFound === true;
  const request = useApiClient();

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger
  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    request<T>(path, { signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted || (failure instanceof ApiError && failure.aborted)) return;
        setError(failure instanceof Error ? failure : new Error(String(failure)));
        setLoading(false);
        if (!(quietNotFound && isNotFound(failure))) reportError(failure);
      },
    );
    return () => controller.abort();
  }, [path, generation, quietNotFound, request]);

  return { data, error, loading, state: loadedState(loading, data, error), reload };
}

/** Runs a change call, reporting a failure in the banner; resolves with the answer or null. */
export async function runChange<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    reportError(error);
    return null;
  }
}

/** Runs a change (save, create) with a busy flag; errors go to the banner and resolve to undefined. */
export function useSubmit(): {
  busy: boolean;
  submit: <T>(run: () => Promise<T>) => Promise<T | undefined>;
} {
  const [busy, setBusy] = useState(false);
  const submit = useCallback(async <T>(run: () => Promise<T>) => {
    setBusy(true);
    try {
      return await run();
    } catch (error) {
      reportError(error);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, submit };
}
