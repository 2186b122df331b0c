/**
 * Dashboard dialogs (§2.5): the view dialog of the notifications (name,
 * thumbnail, owner, a link to the viewer) and the custom period, kept in the
 * dashboard's definition as `CustomPeriod: { From, To }` (ISO dates) and saved
 * through the Content API.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TextField } from "../../components/fields/text-field.tsx";
import { apiRequest } from "../../http/api-client.ts";
import { useApi, useSubmit } from "../../http/use-api.ts";
import { showBanner } from "../../state/banner-store.ts";
import { DialogButton, DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";
import { type LibraryObject, objectPath } from "./object-api.ts";
import { type CustomPeriod, customPeriodOf, periodError } from "./period.ts";

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A data URL for a base64 PNG thumbnail (§3: thumbnail is a base64 png), or null. */
export function thumbnailUrl(value: unknown): string | null {
  return typeof value === "string" && BASE64.test(value) ? `data:image/png;base64,${value}` : null;
}

/** The dashboard view dialog (dashboardRecId). */
export function DashboardViewDialog({ entry }: DialogProps) {
  const { t, i18n } = useTranslation();
  const recId = entry.params.dashboardRecId as number;
  const { state } = useApi<LibraryObject>(objectPath("Dashboards", recId), { quietNotFound: true });
  const dashboard = state.status === "ready" ? state.data : null;
  const thumbnail = thumbnailUrl(dashboard?.Properties?.Thumbnail);
  return (
    <DialogFrame
      title={dashboard?.Name}
      footer={
        <>
          <DialogCloseButton labelKey="Dialog_Close" />
          {dashboard ? (
            <Link className="kit-button kit-button--primary" to={`/dashboard/viewer/${dashboard.RecId}`}>
              {t("DashboardView_Open")}
            </Link>
          ) : null}
        </>
      }
    >
      <LoadState state={state} />
      {dashboard ? (
        <div className="dialog-form">
          {thumbnail ? <img className="dialog-thumbnail" src={thumbnail} alt="" /> : null}
          <dl className="dialog-details">
            <dt>{t("Field_Owner")}</dt>
            <dd>{dashboard.OwnerFullName}</dd>
            <dt>{t("Field_ModifiedAt")}</dt>
            <dd>{new Date(dashboard.ModifiedAt).toLocaleString(i18n.language)}</dd>
          </dl>
        </div>
      ) : null}
    </DialogFrame>
  );
}

function PeriodForm({ dashboard, close }: { dashboard: LibraryObject; close: DialogProps["close"] }) {
  const { t } = useTranslation();
  const formId = useId();
  const stored = customPeriodOf(dashboard.Properties);
  const [period, setPeriod] = useState<CustomPeriod>(stored ?? { From: "", To: "" });
  const [error, setError] = useState<string | null>(null);
  const { busy, submit } = useSubmit();
  const readOnly = dashboard.CanChange === false;
  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const problem = periodError(period);
    setError(problem);
    if (problem) return;
    const Properties = { ...dashboard.Properties, CustomPeriod: period };
    const saved = await submit(() =>
      apiRequest<LibraryObject>(objectPath("Dashboards", dashboard.RecId), {
        method: "PUT",
        body: { Properties },
      }),
    );
    if (!saved) return;
    showBanner({ kind: "success", textKey: "ObjectSettings_Saved", params: { name: saved.Name } });
    close(period);
  };
  return (
    <DialogFrame
      busy={busy}
      footer={
        <>
          <DialogCloseButton />
          <DialogButton variant="primary" form={formId} busy={busy} disabled={readOnly}>
            {t("Dialog_Save")}
          </DialogButton>
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={onSubmit} noValidate>
        <p>{dashboard.Name}</p>
        <TextField
          uid="CustomPeriod_From"
          label={t("Field_DateFrom")}
          type="date"
          value={period.From}
          onChange={(From) => setPeriod({ ...period, From })}
          required
          disabled={readOnly}
        />
        <TextField
          uid="CustomPeriod_To"
          label={t("Field_DateTo")}
          type="date"
          value={period.To}
          onChange={(To) => setPeriod({ ...period, To })}
          required
          disabled={readOnly}
        />
        {error ? (
          <p className="dialog-error" role="alert">
            {t(error)}
          </p>
        ) : null}
      </form>
    </DialogFrame>
  );
}

/** The custom period dialog (dashboardRecId). */
export function DashboardCustomPeriodDialog({ entry, close }: DialogProps) {
  const recId = entry.params.dashboardRecId as number;
  const { state } = useApi<LibraryObject>(objectPath("Dashboards", recId), { quietNotFound: true });
  if (state.status !== "ready") {
    return (
      <DialogFrame footer={<DialogCloseButton labelKey="Dialog_Close" />}>
        <LoadState state={state} />
      </DialogFrame>
    );
  }
  return <PeriodForm dashboard={state.data} close={close} />;
}
