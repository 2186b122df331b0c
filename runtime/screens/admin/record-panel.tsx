/**
 * The detail of a manifest-defined screen in the side panel: the record's form (the kit's
 * ManifestForm, loaded lazily: it carries @rjsf), its read-only panels, and the footer — save, the
 * record's custom actions, delete, close. §6: without Write every input and button is disabled except
 * the header's and the secondary footer buttons (close and the readOnly actions). Creating a record
 * uses the same form, empty, with the editor panels that take part in a creation (detail-panels.tsx):
 * their values join the body, and one whose own check fails stops the creation and says why.
 */
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenDefinition, ScreenDetail } from "../../../schemas/screens.ts";
import { errorBannerText } from "../../http/api-error.ts";
import { type ActionView, canEditRecord, rowActionViews, saveButtonState } from "./action-rules.ts";
import {
  CreatePanelSection,
  createsWith,
  DetailPanelSection,
  type PanelContribution,
} from "./detail-panels.tsx";
import { type Row, recordName } from "./list-request.ts";
import { SidePanel } from "./side-panel.tsx";
import type { RecordData } from "./use-admin-data.ts";

const ManifestForm = lazy(() =>
  import("../../forms/manifest-form.tsx").then((m) => ({ default: m.ManifestForm })),
);

/** What the panel shows: a record (by key) or the empty form of a new one. */
export type RecordPanelMode = { kind: "record"; id: string } | { kind: "create" };

export interface RecordPanelProps {
  screen: ScreenDefinition;
  detail: ScreenDetail;
  mode: RecordPanelMode;
  /** The loaded record (record mode). */
  data: RecordData;
  write: boolean;
  busy: boolean;
  /** Reloads the panels after a change. */
  version: number;
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => void;
  /** After a panel of the detail saved the record (the upstream's copy). */
  onPanelSaved?: (record: Row) => void;
  onAction: (view: ActionView, row: Row) => void;
}

/** A footer button of an action. */
export function ActionButton(props: { view: ActionView; busy: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  const { view } = props;
  return (
    <button
      type="button"
      className={`kit-button admin-button--${view.variant}`}
      disabled={view.state === "disabled" || props.busy}
      onClick={props.onClick}
    >
      {t(view.labelKey)}
    </button>
  );
}

export function RecordPanel(props: RecordPanelProps) {
  const { t, i18n } = useTranslation();
  const { screen, detail, mode, data } = props;
  const formId = `${screen.id}-detail-form`;
  const creating = mode.kind === "create";
  const record = creating ? null : data.record;
  // The create form: what it holds so far, and what each creating panel adds (by panel id).
  const [typed, setTyped] = useState<Row>({});
  const [contributions, setContributions] = useState<Readonly<Record<string, PanelContribution>>>({});
  const [refusals, setRefusals] = useState(0);
  const createPanels = creating ? (detail.panels ?? []).filter(createsWith) : [];
  const submit = (values: Record<string, unknown>) => {
    if (!creating) {
      props.onSave(values);
      return;
    }
    const parts = Object.values(contributions);
    if (parts.some((part) => !part.valid)) {
      setRefusals((n) => n + 1);
      return;
    }
    props.onSave(Object.assign({}, values, ...parts.map((part) => part.body)));
  };
  const loading = (
    <p role="status" className="admin-muted">
      {t("Loading")}
    </p>
  );
  const title = creating
    ? t(screen.actions.create?.labelKey ?? "AdminDetail_New")
    : record
      ? recordName(screen.list, record) || mode.id
      : t("AdminDetail_Record", { id: mode.id });
  const editable = creating ? props.write : canEditRecord(screen.actions, record, props.write);
  const save = creating
    ? props.write
      ? "enabled"
      : null
    : saveButtonState(screen.actions, record, props.write);
  const actions = record
    ? rowActionViews(screen.actions, record, { write: props.write, place: "dialog" })
    : [];

  let body = loading;
  if (!creating && data.status === "error") {
    const text = errorBannerText(data.error, (key) => i18n.exists(key));
    body = <p role="alert">{t(text?.key ?? "ErrorCode_UnknownXhrFailure")}</p>;
  } else if (creating || record) {
    body = (
      <>
        {!props.write ? <p className="admin-note">{t("AdminDetail_ReadOnly")}</p> : null}
        <Suspense fallback={loading}>
          <ManifestForm
            id={formId}
            detail={detail}
            mode={creating ? "create" : "edit"}
            record={record}
            readOnly={!editable || props.busy}
            onSubmit={submit}
            onChange={creating ? (values) => setTyped(values as Row) : undefined}
          />
        </Suspense>
        {createPanels.map((panel) => (
          <CreatePanelSection
            key={panel.id}
            panel={panel}
            values={typed}
            write={props.write && !props.busy}
            refusedSaves={refusals}
            onChange={(part) => setContributions((all) => ({ ...all, [panel.id]: part }))}
          />
        ))}
        {record
          ? (detail.panels ?? []).map((panel) => (
              <DetailPanelSection
                key={panel.id}
                panel={panel}
                record={record}
                version={props.version}
                write={props.write}
                onSaved={props.onPanelSaved}
              />
            ))
          : null}
      </>
    );
  }

  const footer = (
    <>
      {save ? (
        <button
          type="submit"
          form={formId}
          className="kit-button kit-button--primary"
          disabled={save === "disabled" || props.busy || (!creating && !record)}
        >
          {t("Form_Submit")}
        </button>
      ) : null}
      {record
        ? actions.map((view) => (
            <ActionButton
              key={view.id}
              view={view}
              busy={props.busy}
              onClick={() => props.onAction(view, record)}
            />
          ))
        : null}
      <button type="button" className="kit-button admin-button--secondary" onClick={props.onClose}>
        {t(creating ? "AdminDialog_Cancel" : "AdminDialog_Close")}
      </button>
    </>
  );

  return (
    <SidePanel
      title={title}
      contentKey={creating ? "create" : `record-${mode.id}`}
      onClose={props.onClose}
      footer={footer}
      busy={props.busy || data.status === "loading"}
    >
      {body}
    </SidePanel>
  );
}
