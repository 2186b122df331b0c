/**
 * Connector syntax validation (§2.5 registry; admin module Connectors): the
 * connector named by connectorCode (GET Admin/Connectors), a syntax check of
 * a query or definition written for it (brackets, quotes; JSON when it starts
 * as an object), and its description and documentation link, saved through
 * PUT Admin/Connectors/{RecId}. §6: without Write on Connectors every input and
 * the save button are disabled; the header and Cancel stay usable.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import { apiRequest } from "../../http/api-client.ts";
import { useApi, useSubmit } from "../../http/use-api.ts";
import { showBanner } from "../../state/banner-store.ts";
import { useDialogLocked } from "../dialog-context.ts";
import { DialogButton, DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";
import { connectorSyntaxError } from "./connector-check.ts";

/** A connector row of Admin/Connectors. */
interface Connector {
  RecId: number;
  Name: string;
  Code: string;
  Category: string;
  Status: string;
  Version: string | null;
  Description: string | null;
  DocumentationUrl: string | null;
}

/** The upstream's rule for documentation links (admin/fields.ts HTTPS_URL). */
const HTTPS_URL = /^https:\/\/[^\s/?#]+(?:[/?#]\S*)?$/;
/** Description limit of the Connectors resource. */
export const CONNECTOR_DESCRIPTION_MAX = 2000;

function ConnectorForm({ connector, close }: { connector: Connector; close: DialogProps["close"] }) {
  const { t } = useTranslation();
  const formId = useId();
  const locked = useDialogLocked();
  const [syntax, setSyntax] = useState("");
  const [description, setDescription] = useState(connector.Description ?? "");
  const [url, setUrl] = useState(connector.DocumentationUrl ?? "");
  const { busy, submit } = useSubmit();
  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (url && !HTTPS_URL.test(url)) return;
    const body = { Description: description || null, DocumentationUrl: url || null };
    const saved = await submit(() =>
      apiRequest<Connector>(`Admin/Connectors/${connector.RecId}`, { method: "PUT", body }),
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
          <DialogButton variant="primary" form={formId} busy={busy}>
            {t("Dialog_Save")}
          </DialogButton>
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={onSubmit} noValidate>
        <dl className="dialog-details">
          <dt>{t("Field_Name")}</dt>
          <dd>{connector.Name}</dd>
          <dt>{t("Field_Code")}</dt>
          <dd>{connector.Code}</dd>
          <dt>{t("Field_Version")}</dt>
          <dd>{connector.Version ?? ""}</dd>
          <dt>{t("Field_Status")}</dt>
          <dd>{connector.Status}</dd>
        </dl>
        <TextField
          uid="ConnectorSyntax_Text"
          label={t("ConnectorSyntax_Text")}
          help={t("ConnectorSyntax_Help")}
          value={syntax}
          onChange={setSyntax}
          multiline
          rows={8}
          monospace
          validators={[connectorSyntaxError]}
          disabled={locked}
        />
        <TextField
          uid="ConnectorSyntax_Description"
          label={t("Field_Description")}
          value={description}
          onChange={setDescription}
          multiline
          rows={3}
          maxLength={CONNECTOR_DESCRIPTION_MAX}
          disabled={locked}
        />
        <TextField
          uid="ConnectorSyntax_DocumentationUrl"
          label={t("Field_DocumentationUrl")}
          type="url"
          value={url}
          onChange={setUrl}
          validators={[(v) => (v === "" || HTTPS_URL.test(v) ? null : "ConnectorSyntax_HttpsOnly")]}
          disabled={locked}
        />
      </form>
    </DialogFrame>
  );
}

export function ConnectorSyntaxValidationDialog({ entry, close }: DialogProps) {
  const { t } = useTranslation();
  const code = String(entry.params.connectorCode);
  const { state } = useApi<{ items: Connector[] }>(
    `Admin/Connectors?page=1&pageSize=50&search=${encodeURIComponent(code)}`,
    { quietNotFound: true },
  );
  const connector = state.status === "ready" ? state.data.items.find((c) => c.Code === code) : undefined;
  if (connector) return <ConnectorForm connector={connector} close={close} />;
  return (
    <DialogFrame footer={<DialogCloseButton labelKey="Dialog_Close" />}>
      <LoadState state={state} />
      {state.status === "ready" ? <p role="alert">{t("ConnectorSyntax_NotFound", { code })}</p> : null}
    </DialogFrame>
  );
}
