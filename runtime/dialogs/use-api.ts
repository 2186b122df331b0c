/**
 * Calls from dialogs: loads through the gateway with cancellation on close,
 * and the §8 error handling — errors in the top banner (ErrorCode#### or the
 * generic text), aborted requests silent.
 */
import i18next from "i18next";
import { useCallback, useEffect, useState } from "react";
import { apiRequest } from "../http/api-client.ts";
import { ApiError, errorBannerText } from "../http/api-error.ts";
import { showBanner } from "../shell/banner-store.ts";

/** Shows `error` in the banner (§8); returns false when it was an aborted request (silent). */
export function reportError(error: unknown): boolean {
  const text = errorBannerText(error, (key) => i18next.exists(key));
  if (!text) return false;
  showBanner({ kind: "error", textKey: text.key });
  return true;
}

/** The state of one load. */
export type Loaded<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "failed"; notFound: boolean };

/** Loads `path` (null: nothing to load) while the component is mounted; `reload` loads it again. */
export function useApi<T>(path: string | null): { state: Loaded<T>; reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (round < 0 || path === null) return;
    const controller = new AbortController();
    setState({ status: "loading" });
    apiRequest<T>(path, { signal: controller.signal }).then(
      (data) => setState({ status: "ready", data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound = error instanceof ApiError && error.status === 404;
        // A missing record is said in the dialog itself; other failures also go to the banner (§8).
        if (!notFound) reportError(error);
        setState({ status: "failed", notFound });
      },
    );
    return () => controller.abort();
  }, [path, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, reload };
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
