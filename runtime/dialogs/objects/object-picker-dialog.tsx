/**
 * Pickers (§2.5 registry: binder, dashboard, data flow, data, data stream,
 * file storage, schedule, rebind): the real objects of their types (GET
 * Objects?type=…), searchable by name; the choice goes back to the opener
 * (onClose result). The rebind picker offers the data objects a dashboard can
 * be bound to.
 */
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import { apiRequest } from "../../http/api-client.ts";
import { reportError } from "../../http/report-error.ts";
import type { Loaded } from "../../http/use-api.ts";
import { DialogButton, DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";
import { DATA_TYPES, type LibraryObject, plainListPath } from "./object-api.ts";
import { pickable } from "./pickable.ts";

function useObjectsOf(types: readonly string[]): Loaded<LibraryObject[]> {
  const [state, setState] = useState<Loaded<LibraryObject[]>>({ status: "loading" });
  const key = types.join(",");
  useEffect(() => {
    const controller = new AbortController();
    Promise.all(
      key
        .split(",")
        .map((type) => apiRequest<LibraryObject[]>(plainListPath(type), { signal: controller.signal })),
    ).then(
      (lists) => setState({ status: "ready", data: lists.flat() }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        reportError(error);
        setState({ status: "failed", notFound: false });
      },
    );
    return () => controller.abort();
  }, [key]);
  return state;
}

function picker(types: readonly string[]) {
  return function ObjectPickerDialog({ close }: DialogProps) {
    const { t } = useTranslation();
    const listId = useId();
    const state = useObjectsOf(types);
    const [query, setQuery] = useState("");
    const [chosen, setChosen] = useState<number | null>(null);
    const shown = useMemo(
      () => (state.status === "ready" ? pickable(state.data, query) : []),
      [state, query],
    );
    const choice = shown.find((o) => o.RecId === chosen) ?? null;
    return (
      <DialogFrame
        footer={
          <>
            <DialogCloseButton />
            <DialogButton variant="primary" disabled={!choice} onClick={() => close(choice)}>
              {t("Picker_Choose")}
            </DialogButton>
          </>
        }
      >
        <div className="dialog-form">
          <TextField
            uid="Picker_Search"
            label={t("Picker_Search")}
            type="search"
            value={query}
            onChange={setQuery}
          />
          <LoadState state={state} />
          {state.status === "ready" && shown.length === 0 ? <p>{t("Picker_Empty")}</p> : null}
          {shown.length > 0 ? (
            <fieldset className="dialog-section">
              <legend className="visually-hidden">{t("Picker_Objects")}</legend>
              <ul id={listId} className="dialog-list">
                {shown.map((o) => (
                  <li key={o.RecId}>
                    <label className="dialog-choice dialog-list__main">
                      <input
                        type="radio"
                        name={listId}
                        checked={chosen === o.RecId}
                        onChange={() => setChosen(o.RecId)}
                      />
                      {o.Name}
                    </label>
                    <span className="dialog-note">{t(`ObjectType_${o.Type}`)}</span>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
        </div>
      </DialogFrame>
    );
  };
}

export const BinderPickerDialog = picker(["Binder"]);
export const DashboardPickerDialog = picker(["Dashboard"]);
export const DataFlowPickerDialog = picker(["DataFlow"]);
export const DataPickerDialog = picker(DATA_TYPES);
export const DataStreamPickerDialog = picker(["DataStream"]);
export const FileStoragePickerDialog = picker(["Media"]);
export const SchedulePickerDialog = picker(["Schedule"]);
export const RebindPickerDialog = picker(DATA_TYPES);
