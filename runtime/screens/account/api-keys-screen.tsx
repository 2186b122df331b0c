/**
 * /api (§2.2 Account; feature IntegrationAPI, permission API): the account's API keys
 * (`GET ApiKeys`); with API at rw, create one — its secret is shown once with a copy button — and
 * revoke active ones (the revoked key stays listed).
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import { ModalDialog } from "../../components/modal-dialog/modal-dialog.tsx";
import { apiRequest } from "../../http/api-client.ts";
import { reportSuccess } from "../../http/report-error.ts";
import { runChange, useApi } from "../../http/use-api.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { ConfirmDialog } from "../work/common/confirm-dialog.tsx";
import { formatDateTime } from "../work/common/format.ts";
import { LoadState, ScreenHeader, StatusBadge } from "../work/common/list-parts.tsx";
import { useCanWrite } from "../work/common/use-access.ts";
import { validateFields } from "../work/common/validate-fields.ts";
import {
  API_KEY_MAX_DAYS,
  API_KEY_NAME_MAX_LENGTH,
  type ApiKey,
  type CreatedApiKey,
  canRevoke,
  keyTone,
  newKeyBody,
  validityError,
} from "./api-key-model.ts";
import { ApiKeySecret } from "./api-key-secret.tsx";
import "../work/common/work.css";
import "./account.css";

export default function ApiKeysScreen({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const keys = useApi<ApiKey[]>("ApiKeys");
  const canWrite = useCanWrite("API");
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const list = keys.data ?? [];

  const revoke = async (key: ApiKey) => {
    const done = await runChange(() => apiRequest<ApiKey>(`ApiKeys/${key.RecId}`, { method: "DELETE" }));
    setRevoking(null);
    if (!done) return;
    reportSuccess("ApiKeys_Revoked", { name: key.Name });
    keys.reload();
  };

  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <ScreenHeader
        id={headingId}
        title={t(route.titleKey ?? "PageTitle_Api")}
        actions={
          canWrite ? (
            <button
              type="button"
              className="kit-button kit-button--primary"
              onClick={() => setCreating(true)}
            >
              {t("ApiKeys_New")}
            </button>
          ) : null
        }
      />
      {created ? <ApiKeySecret created={created} onDone={() => setCreated(null)} /> : null}
      <LoadState
        loading={keys.loading}
        error={keys.error}
        hasData={keys.data !== null}
        empty={list.length === 0}
        emptyText={t("ApiKeys_Empty")}
        onRetry={keys.reload}
      >
        <div className="work-table-wrap">
          <table className="work-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t("Work_Name")}</th>
                <th scope="col">{t("ApiKeys_Prefix")}</th>
                <th scope="col">{t("Work_Status")}</th>
                <th scope="col">{t("Tickets_CreatedBy")}</th>
                <th scope="col">{t("Work_Created")}</th>
                <th scope="col">{t("ApiKeys_Expires")}</th>
                <th scope="col">{t("ApiKeys_LastUsed")}</th>
                {canWrite ? <th scope="col">{t("Work_Actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.map((key) => (
                <tr key={key.RecId}>
                  <th scope="row">{key.Name}</th>
                  <td>
                    <code>{key.Prefix}…</code>
                  </td>
                  <td>
                    <StatusBadge label={t(`ApiKeys_Status_${key.Status}`)} tone={keyTone(key.Status)} />
                  </td>
                  <td>{key.CreatedByFullName ?? "—"}</td>
                  <td>{formatDateTime(key.CreatedAt, i18n.language)}</td>
                  <td>
                    {key.ExpiresAt ? formatDateTime(key.ExpiresAt, i18n.language) : t("ApiKeys_NeverExpires")}
                  </td>
                  <td>
                    {key.LastUsedAt ? formatDateTime(key.LastUsedAt, i18n.language) : t("ApiKeys_NeverUsed")}
                  </td>
                  {canWrite ? (
                    <td>
                      {canRevoke(key, canWrite) ? (
                        <button
                          type="button"
                          className="kit-button"
                          aria-label={t("ApiKeys_RevokeNamed", { name: key.Name })}
                          onClick={() => setRevoking(key)}
                        >
                          {t("ApiKeys_Revoke")}
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LoadState>
      {creating ? (
        <NewKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            keys.reload();
          }}
        />
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title={t("ApiKeys_Revoke")}
          message={t("ApiKeys_ConfirmRevoke", { name: revoking.Name })}
          confirmLabel={t("ApiKeys_Revoke")}
          danger
          onConfirm={() => revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      ) : null}
    </section>
  );
}

function NewKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [days, setDays] = useState("");
  const [busy, setBusy] = useState(false);
  const nameField = useRef<FieldHandle>(null);
  const daysField = useRef<FieldHandle>(null);
  return (
    <ModalDialog title={t("ApiKeys_New")} onClose={onClose}>
      <form
        className="work-form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (busy || !validateFields([nameField, daysField])) return;
          setBusy(true);
          const key = await runChange(() =>
            apiRequest<CreatedApiKey>("ApiKeys", { method: "POST", body: newKeyBody(name, days) }),
          );
          setBusy(false);
          if (key) onCreated(key);
        }}
      >
        <TextField
          ref={nameField}
          uid="api-key-name"
          label={t("Work_Name")}
          value={name}
          onChange={setName}
          required
          maxLength={API_KEY_NAME_MAX_LENGTH}
          autoFocus
        />
        <TextField
          ref={daysField}
          uid="api-key-days"
          label={t("ApiKeys_Validity")}
          help={t("ApiKeys_ValidityHelp", { max: API_KEY_MAX_DAYS })}
          value={days}
          onChange={setDays}
          inputMode="numeric"
          validators={[validityError]}
        />
        <div className="work-actions work-actions--end">
          <button type="button" className="kit-button" onClick={onClose}>
            {t("Work_Cancel")}
          </button>
          <button type="submit" className="kit-button kit-button--primary" disabled={busy}>
            {t("ApiKeys_Create")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
