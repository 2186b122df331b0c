/**
 * Loading one upstream resource in a screen: the call is aborted when the path changes or the
 * screen goes away (§8: aborted calls stay silent); a failure is kept for the screen's error state
 * and shown in the banner.
 */
import { useCallback, useEffect, useState } from "react";
import { apiRequest } from "../../../http/api-client.ts";
import { ApiError } from "../../../http/api-error.ts";
import { reportError } from "./report-error.ts";

/** The state of one loaded resource. */
export interface ApiResource<T> {
  data: T | null;
  /** The last failure (null while loading or after success). */
  error: ApiError | Error | null;
  loading: boolean;
  /** Loads the resource again (keeps the shown data until the answer arrives). */
  reload: () => void;
}

/** Loads `path` (relative to the application base) whenever it changes; null loads nothing. */
export function useApi<T>(path: string | null): ApiResource<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger
  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    apiRequest<T>(path, { signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted || (failure instanceof ApiError && failure.aborted)) return;
        setError(failure instanceof Error ? failure : new Error(String(failure)));
        setLoading(false);
        reportError(failure);
      },
    );
    return () => controller.abort();
  }, [path, generation]);

  return { data, error, loading, reload };
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
