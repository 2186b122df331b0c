/**
 * The data of a manifest-defined screen: the page of the list (reloaded while shown every
 * `autoRefreshSeconds`, schemas/screens.ts) and the record opened in the detail. Requests are aborted
 * when superseded or unmounted (§8: aborted calls stay silent); a reload keeps the rows on display.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest } from "../../http/api-client.ts";
import type { Row } from "./list-request.ts";

/** Milliseconds per second, to turn the manifest's refresh period into a timer. */
const MS_PER_SECOND = 1000;

/** A page of the list as loaded. */
export interface ListData {
  rows: Row[];
  total: number;
  /** Loading: nothing loaded for this request yet; refreshing: a reload behind the rows shown. */
  status: "loading" | "ready" | "refreshing" | "error";
  error: unknown;
  reload: () => void;
}

/** Reads `{ items, total }`; a list without `total` counts its items. */
export function listPageFrom(response: unknown): { rows: Row[]; total: number } {
  const body = (response ?? {}) as { items?: unknown; total?: unknown };
  const rows = Array.isArray(body.items)
    ? body.items.filter((row): row is Row => row !== null && typeof row === "object")
    : [];
  const total = typeof body.total === "number" && body.total >= 0 ? body.total : rows.length;
  return { rows, total };
}

/** Loads `path` (a list request) and reloads it on demand and every `refreshSeconds` while visible. */
export function useListData(path: string, refreshSeconds: number | undefined): ListData {
  const [data, setData] = useState<Omit<ListData, "reload"> & { path: string | null }>({
    rows: [],
    total: 0,
    status: "loading",
    error: null,
    path: null,
  });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const shownPath = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    const same = shownPath.current === path;
    setData((d) => ({ ...d, status: same ? "refreshing" : "loading", error: null }));
    apiRequest(path, { signal: controller.signal }).then(
      (response) => {
        shownPath.current = path;
        setData({ ...listPageFrom(response), status: "ready", error: null, path });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setData((d) => ({ ...d, status: "error", error }));
      },
    );
    return () => controller.abort();
  }, [path, generation]);

  useEffect(() => {
    if (!refreshSeconds) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden") reload();
    }, refreshSeconds * MS_PER_SECOND);
    return () => clearInterval(timer);
  }, [refreshSeconds, reload]);

  return { rows: data.rows, total: data.total, status: data.status, error: data.error, reload };
}

/** The record of the detail, as loaded. */
export interface RecordData {
  record: Row | null;
  status: "idle" | "loading" | "ready" | "error";
  error: unknown;
  reload: () => void;
  /** Shows a record the upstream returned after a change (no extra request). */
  replace: (record: Row) => void;
}

/** Loads `path` (a record) while it is not null; a reload keeps the record on display meanwhile. */
export function useRecordData(path: string | null): RecordData {
  const [state, setState] = useState<{
    record: Row | null;
    status: RecordData["status"];
    error: unknown;
    path: string | null;
  }>({ record: null, status: "idle", error: null, path: null });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const replace = useCallback(
    (record: Row) => setState((s) => ({ record, status: "ready", error: null, path: s.path })),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the reload trigger
  useEffect(() => {
    if (path === null) {
      setState({ record: null, status: "idle", error: null, path: null });
      return;
    }
    const controller = new AbortController();
    setState((s) =>
      s.path === path && s.record
        ? { ...s, error: null }
        : { record: null, status: "loading", error: null, path },
    );
    apiRequest<Row>(path, { signal: controller.signal }).then(
      (record) => setState({ record, status: "ready", error: null, path }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ record: null, status: "error", error, path });
      },
    );
    return () => controller.abort();
  }, [path, generation]);

  // Until the effect has caught up with a new path, the previous record is never shown (nor acted on).
  if (state.path !== path) {
    return { record: null, status: path === null ? "idle" : "loading", error: null, reload, replace };
  }
  return { record: state.record, status: state.status, error: state.error, reload, replace };
}
