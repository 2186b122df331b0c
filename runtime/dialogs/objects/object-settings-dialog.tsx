/**
 * Settings dialogs of library objects (§2.5 registry: dashboard, data, data
 * flow, data stream, insight and report settings; connection settings and
 * broker; a new alert): the object's name and definition (Properties JSON)
 * read from and saved to the Content API. Dialogs whose id parameter is
 * optional create a new object when opened without one.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import { apiRequest } from "../../http/api-client.ts";
import { useApi, useSubmit } from "../../http/use-api.ts";
import { showBanner } from "../../state/banner-store.ts";
import { useDialogLocked } from "../dialog-context.ts";
import { DialogButton, DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";
import { type LibraryObject, OBJECT_NAME_MAX, objectPath, objectsPath } from "./object-api.ts";
import { parsePropertiesText, propertiesToText, propertiesValidator } from "./properties-json.ts";

/** Which object a settings dialog edits. */
interface SettingsKind {
  area: string;
  /** The type created when the dialog opens without an id. */
  type: string;
  /** The registry parameter holding the record id. */
  param: string;
}

function ObjectForm({
  kind,
  object,
  close,
}: {
  kind: SettingsKind;
  object: LibraryObject | null;
  close: DialogProps["close"];
}) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const locked = useDialogLocked();
  const [name, setName] = useState(object?.Name ?? "");
  const [text, setText] = useState(propertiesToText(object?.Properties));
  const nameRef = useRef<FieldHandle>(null);
  const textRef = useRef<FieldHandle>(null);
  const { busy, submit } = useSubmit();
  // Objects shared with the caller's team are read-only to them (CanChange false).
  const readOnly = locked || object?.CanChange === false;

  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const nameOk = nameRef.current?.validate() ?? false;
    const textOk = textRef.current?.validate() ?? false;
    const parsed = parsePropertiesText(text, object?.Properties);
    if (!nameOk || !textOk || !parsed.ok) return;
    const body = { Name: name.trim(), Properties: parsed.value };
    const saved = await submit(() =>
      object
        ? apiRequest<LibraryObject>(objectPath(kind.area, object.RecId), { method: "PUT", body })
        : apiRequest<LibraryObject>(objectsPath(kind.area), {
            method: "POST",
            body: { ...body, Type: kind.type },
          }),
    );
    if (!saved) return;
    showBanner({ kind: "success", textKey: "ObjectSettings_Saved", params: { name: saved.Name } });
    close(saved);
  };

  return (
    <DialogFrame
      size="l"
      busy={busy}
      footer={
        <>
          <DialogCloseButton />
          <DialogButton variant="primary" form={formId} busy={busy} disabled={readOnly}>
            {t(object ? "Dialog_Save" : "Dialog_Create")}
          </DialogButton>
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={onSubmit} noValidate>
        {object ? (
          <dl className="dialog-details">
            <dt>{t("Field_ObjectType")}</dt>
            <dd>{t(`ObjectType_${object.Type}`)}</dd>
            <dt>{t("Field_Owner")}</dt>
            <dd>{object.OwnerFullName}</dd>
            <dt>{t("Field_ModifiedAt")}</dt>
            <dd>{new Date(object.ModifiedAt).toLocaleString(i18n.language)}</dd>
          </dl>
        ) : null}
        {object?.CanChange === false ? <p className="dialog-note">{t("ObjectSettings_ReadOnly")}</p> : null}
        <TextField
          ref={nameRef}
          uid="ObjectSettings_Name"
          label={t("Field_Name")}
          value={name}
          onChange={setName}
          required
          maxLength={OBJECT_NAME_MAX}
          disabled={readOnly}
        />
        <TextField
          ref={textRef}
          uid="ObjectSettings_Properties"
          label={t("ObjectSettings_Properties")}
          help={t("ObjectSettings_PropertiesHelp")}
          value={text}
          onChange={setText}
          multiline
          rows={12}
          monospace
          validators={[propertiesValidator]}
          disabled={readOnly}
        />
      </form>
    </DialogFrame>
  );
}

function settingsDialog(kind: SettingsKind) {
  return function ObjectSettingsDialog({ entry, close }: DialogProps) {
    const recId = entry.params[kind.param];
    const id = typeof recId === "number" ? recId : null;
    const { state } = useApi<LibraryObject>(id === null ? null : objectPath(kind.area, id), {
      quietNotFound: true,
    });
    if (id === null) return <ObjectForm kind={kind} object={null} close={close} />;
    if (state.status !== "ready") {
      return (
        <DialogFrame footer={<DialogCloseButton labelKey="Dialog_Close" />}>
          <LoadState state={state} />
        </DialogFrame>
      );
    }
    return <ObjectForm kind={kind} object={state.data} close={close} />;
  };
}

/** Creates an alert (the alert settings dialog opened without recId). */
export const AlertObjectSettingsDialog = settingsDialog({ area: "Alerts", type: "Alert", param: "recId" });
export const DashboardSettingsDialog = settingsDialog({
  area: "Dashboards",
  type: "Dashboard",
  param: "dashboardRecId",
});
export const DataSettingsDialog = settingsDialog({
  area: "TableAndViews",
  type: "DataTable",
  param: "recId",
});
export const DataFlowSettingsDialog = settingsDialog({ area: "DataFlows", type: "DataFlow", param: "recId" });
export const DataStreamSettingsDialog = settingsDialog({
  area: "DataStreams",
  type: "DataStream",
  param: "recId",
});
export const InsightSettingsDialog = settingsDialog({ area: "Insights", type: "Insight", param: "recId" });
export const ReportSettingsDialog = settingsDialog({ area: "Reports", type: "Report", param: "recId" });
export const ConnectionSettingsDialog = settingsDialog({
  area: "Connections",
  type: "DataConnection",
  param: "connectionRecId",
});
export const ConnectionBrokerDialog = settingsDialog({
  area: "Connections",
  type: "ConnectionBroker",
  param: "recId",
});
