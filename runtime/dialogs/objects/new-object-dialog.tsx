/**
 * New dashboard and new connection (§2.5 registry): the object is created
 * through the Content API in the given folder (the Personal root without one);
 * a new dashboard then opens in its editor.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { TextField } from "../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import { apiRequest } from "../../http/api-client.ts";
import { useSubmit } from "../../http/use-api.ts";
import { showBanner } from "../../state/banner-store.ts";
import { DialogButton, DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { type LibraryObject, OBJECT_NAME_MAX, objectsPath } from "./object-api.ts";

/** A connector code as the upstream names connectors (e.g. SampleRetail). */
const CONNECTOR_CODE = /^[A-Za-z][A-Za-z0-9]*$/;

function NewObject({ entry, close, connection }: DialogProps & { connection: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = useId();
  const given = entry.params.connectorCode;
  const [name, setName] = useState("");
  const [connector, setConnector] = useState(typeof given === "string" ? given : "");
  const nameRef = useRef<FieldHandle>(null);
  const connectorRef = useRef<FieldHandle>(null);
  const { busy, submit } = useSubmit();

  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const nameOk = nameRef.current?.validate() ?? false;
    const connectorOk = !connection || (connectorRef.current?.validate() ?? false);
    if (!nameOk || !connectorOk) return;
    const folder = entry.params.folderRecId;
    const body = {
      Type: connection ? "DataConnection" : "Dashboard",
      Name: name.trim(),
      ...(typeof folder === "number" ? { FolderRecId: folder } : {}),
      ...(connection ? { Properties: { ConnectorCode: connector.trim() } } : {}),
    };
    const created = await submit(() =>
      apiRequest<LibraryObject>(objectsPath(connection ? "Connections" : "Dashboards"), {
        method: "POST",
        body,
      }),
    );
    if (!created) return;
    showBanner({ kind: "success", textKey: "ObjectSettings_Created", params: { name: created.Name } });
    close(created);
    // §2.3: the dashboard editor is a legacy page shown in the frame.
    if (!connection) navigate(`/dashboard/editor/${created.RecId}`);
  };

  return (
    <DialogFrame
      busy={busy}
      footer={
        <>
          <DialogCloseButton />
          <DialogButton variant="primary" form={formId} busy={busy}>
            {t("Dialog_Create")}
          </DialogButton>
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={onSubmit} noValidate>
        <TextField
          ref={nameRef}
          uid="NewObject_Name"
          label={t("Field_Name")}
          value={name}
          onChange={setName}
          required
          maxLength={OBJECT_NAME_MAX}
        />
        {connection ? (
          <TextField
            ref={connectorRef}
            uid="NewObject_Connector"
            label={t("Field_Connector")}
            value={connector}
            onChange={setConnector}
            required
            readOnly={typeof given === "string"}
            validators={[(v) => (CONNECTOR_CODE.test(v.trim()) ? null : "NewObject_ConnectorInvalid")]}
          />
        ) : null}
      </form>
    </DialogFrame>
  );
}

/** New dashboard (optional folderRecId). */
export function NewDashboardDialog(props: DialogProps) {
  return <NewObject {...props} connection={false} />;
}

/** New connection (optional connectorCode and folderRecId). */
export function NewConnectionDialog(props: DialogProps) {
  return <NewObject {...props} connection />;
}
