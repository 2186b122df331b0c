/**
 * Carries out what the user asks of a manifest-defined screen: save (create POST, edit PUT), delete
 * one record or the selected ones, and custom actions — confirmation first when the manifest asks
 * one, input fields or files in the side panel, then the call and its result (refresh the list and the
 * open record, save a download, show a table), with the success banner of §4.5 and the errors of §8.
 */
import i18next from "i18next";
import { useState } from "react";
import type { ScreenCustomAction, ScreenDefinition } from "../../../schemas/screens.ts";
import { type ApiRequestOptions, apiRequest } from "../../http/api-client.ts";
import { errorBannerText } from "../../http/api-error.ts";
import { showBanner } from "../../state/banner-store.ts";
import { type ActionRequest, actionRequest, type TableResult, tableResultFrom } from "./action-request.ts";
import { type ActionView, bulkConfirmation, rowConfirmation } from "./action-rules.ts";
import { downloadAction } from "./download.ts";
import {
  bulkDeletePath,
  navigationTarget,
  type Row,
  recordName,
  recordPath,
  rowKeyOf,
} from "./list-request.ts";
import type { ListState } from "./list-url.ts";
import type { PendingConfirmation } from "./result-dialogs.tsx";

/** Text keys of the banners of the built-in actions. */
export const BANNER_KEYS = {
  saved: "AdminScreen_Saved",
  created: "AdminScreen_Created",
  deleted: "AdminScreen_Deleted",
} as const;

/** The custom action waiting for its inputs in the side panel. */
export interface ActionForm {
  action: ScreenCustomAction;
  row: Row | null;
  ids: Array<string | number>;
}

/** What the actions act on and how the screen follows. */
export interface ScreenActionsInput {
  screen: ScreenDefinition;
  state: ListState;
  navigate: (to: string) => void;
  reloadList: () => void;
  /** After a change: the open record and its panels load again. */
  refreshRecord: () => void;
  /** Shows a record (with the upstream's copy when it sent one) or, with null, closes the record panel. */
  showRecord: (key: string | null, record?: Row) => void;
  clearSelection: () => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false };

/** Shows the §8 error banner of a failed call (nothing for an aborted one). */
export function showError(error: unknown): void {
  const text = errorBannerText(error, (key) => i18next.exists(key));
  if (text) showBanner({ kind: "error", textKey: text.key });
}

/** The action runner of a screen. */
export function useScreenActions(input: ScreenActionsInput) {
  const { screen, state } = input;
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<PendingConfirmation | null>(null);
  const [table, setTable] = useState<{ title: string; table: TableResult } | null>(null);
  const [form, setForm] = useState<ActionForm | null>(null);

  const perform = async (work: () => Promise<unknown>): Promise<Outcome> => {
    setBusy(true);
    try {
      return { ok: true, value: await work() };
    } catch (error) {
      showError(error);
      return { ok: false };
    } finally {
      setBusy(false);
    }
  };
  const call = (path: string, options: ApiRequestOptions) => perform(() => apiRequest(path, options));

  /** Makes an action's call and follows its result; resolves with whether it succeeded. */
  const runRequest = async (action: ScreenCustomAction, request: ActionRequest): Promise<boolean> => {
    const outcome =
      request.result === "download"
        ? await perform(() => downloadAction(request))
        : // PATCH is allowed by the screens schema; apiRequest passes the method through to fetch.
          await call(request.path, {
            method: request.method as NonNullable<ApiRequestOptions["method"]>,
            body: request.body,
          });
    if (!outcome.ok) return false;
    if (request.result === "table") {
      const result = tableResultFrom(outcome.value);
      if (result) setTable({ title: i18next.t(action.labelKey), table: result });
    }
    if (action.successKey) showBanner({ kind: "success", textKey: action.successKey });
    if (request.result === "refresh") {
      input.reloadList();
      input.refreshRecord();
    }
    return true;
  };

  const ask = (
    confirmation: PendingConfirmation["confirmation"] | null,
    view: ActionView,
    go: () => void,
  ) => {
    if (!confirmation) go();
    else setConfirm({ confirmation, confirmLabelKey: view.labelKey, variant: view.variant, run: go });
  };

  const deleteRecord = (view: ActionView, row: Row) => {
    const key = rowKeyOf(screen.list, row);
    if (key === null || !screen.actions.delete) return;
    ask(rowConfirmation(screen.actions.delete.confirmKey, recordName(screen.list, row)), view, async () => {
      const outcome = await call(recordPath(screen.list, key), { method: "DELETE" });
      if (!outcome.ok) return;
      showBanner({ kind: "success", textKey: BANNER_KEYS.deleted });
      input.showRecord(null);
      input.reloadList();
    });
  };

  const deleteSelected = (view: ActionView, ids: Array<string | number>) => {
    ask(bulkConfirmation(screen.actions.delete?.bulkConfirmKey, ids.length), view, async () => {
      const outcome = await call(bulkDeletePath(screen.list), { method: "POST", body: { ids } });
      if (!outcome.ok) return;
      showBanner({ kind: "success", textKey: BANNER_KEYS.deleted });
      input.clearSelection();
      input.reloadList();
    });
  };

  /** Runs an offered action on a row (row scope), the selection (bulk) or the list (screen scope). */
  const run = (view: ActionView, target: { row?: Row | null; ids?: Array<string | number> }) => {
    const row = target.row ?? null;
    const ids = target.ids ?? [];
    if (view.kind === "delete" && row) return deleteRecord(view, row);
    if (view.kind === "bulkDelete") return deleteSelected(view, ids);
    const action = view.custom;
    if (!action) return;
    if (action.navigateTo) {
      const to = row ? navigationTarget(action.navigateTo, row) : null;
      if (to) input.navigate(to);
      return;
    }
    if (action.fields || action.upload) {
      setForm({ action, row, ids });
      return;
    }
    const request = actionRequest(action, { row, ids, state });
    if (!request) return;
    const name = row ? recordName(screen.list, row) : "";
    const confirmation =
      action.scope === "bulk"
        ? bulkConfirmation(action.confirmKey, ids.length)
        : rowConfirmation(action.confirmKey, name);
    ask(confirmation, view, async () => {
      if ((await runRequest(action, request)) && action.scope === "bulk") input.clearSelection();
    });
  };

  /** Sends the inputs of the action waiting in the side panel; the panel closes on success. */
  const submitForm = async (values: Record<string, unknown>) => {
    if (!form) return;
    const request = actionRequest(form.action, { row: form.row, ids: form.ids, values, state });
    if (!request) return;
    if (await runRequest(form.action, request)) {
      setForm(null);
      if (form.action.scope === "bulk") input.clearSelection();
    }
  };

  /** Saves the record form: POST for a new record (then shown), PUT for the open one. */
  const save = async (body: Record<string, unknown>, key: string | null) => {
    const outcome =
      key === null
        ? await call(screen.list.endpoint, { method: "POST", body })
        : await call(recordPath(screen.list, key), { method: "PUT", body });
    if (!outcome.ok) return;
    showBanner({ kind: "success", textKey: key === null ? BANNER_KEYS.created : BANNER_KEYS.saved });
    const record = outcome.value && typeof outcome.value === "object" ? (outcome.value as Row) : undefined;
    const savedKey = key ?? (record ? rowKeyOf(screen.list, record) : null);
    input.showRecord(savedKey, record);
    input.reloadList();
  };

  /** After the files of an upload action were sent (the upload reports its own progress and errors). */
  const afterUpload = (action: ScreenCustomAction) => {
    if (action.successKey) showBanner({ kind: "success", textKey: action.successKey });
    input.reloadList();
    input.refreshRecord();
  };

  return { busy, confirm, setConfirm, table, setTable, form, setForm, run, submitForm, save, afterUpload };
}
