/**
 * The inputs a custom action asks for before its call (schemas/screens.ts `fields`: the detail form's
 * vocabulary, sent as the body) or the files it uploads (`upload`: §7 multipart file[] with the §5 file
 * rules and progress), shown in the side panel.
 */
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenCustomAction, ScreenDetail } from "../../../schemas/screens.ts";
import { FileUpload } from "../../components/file-upload/file-upload.tsx";
import { SidePanel } from "./side-panel.tsx";

const ManifestForm = lazy(() =>
  import("../../forms/manifest-form.tsx").then((m) => ({ default: m.ManifestForm })),
);

export interface ActionFormPanelProps {
  screenId: string;
  action: ScreenCustomAction;
  /** The record's name for a row action; null for screen and bulk scope. */
  recordName: string | null;
  /** Upload target (the action's endpoint, filled) for an upload action. */
  uploadPath: string | null;
  busy: boolean;
  onSubmit: (values: Record<string, unknown>) => void;
  onUploaded: (response: unknown) => void;
  onUploadFailed: (error: unknown) => void;
  onClose: () => void;
}

/** The form of the action's input fields as a one-group detail. */
export function actionDetail(action: ScreenCustomAction): ScreenDetail | null {
  return action.fields ? { groups: [{ id: action.id, fields: action.fields }] } : null;
}

export function ActionFormPanel(props: ActionFormPanelProps) {
  const { t } = useTranslation();
  const { action } = props;
  const formId = `${props.screenId}-action-${action.id}`;
  const detail = actionDetail(action);
  const title = props.recordName
    ? t("AdminAction_TitleFor", { action: t(action.labelKey), name: props.recordName })
    : t(action.labelKey);
  const footer = (
    <>
      {detail ? (
        <button type="submit" form={formId} className="kit-button kit-button--primary" disabled={props.busy}>
          {t(action.labelKey)}
        </button>
      ) : null}
      <button type="button" className="kit-button admin-button--secondary" onClick={props.onClose}>
        {t("AdminDialog_Cancel")}
      </button>
    </>
  );
  return (
    <SidePanel
      title={title}
      contentKey={`action-${action.id}`}
      onClose={props.onClose}
      footer={footer}
      busy={props.busy}
    >
      {detail ? (
        <Suspense
          fallback={
            <p role="status" className="admin-muted">
              {t("Loading")}
            </p>
          }
        >
          <ManifestForm
            id={formId}
            detail={detail}
            mode="create"
            readOnly={props.busy}
            onSubmit={props.onSubmit}
          />
        </Suspense>
      ) : null}
      {action.upload && props.uploadPath ? (
        <FileUpload
          uid={`${formId}-files`}
          label={t(action.labelKey)}
          rules={{
            extensions: action.upload.accept,
            maxBytes: action.upload.maxBytes,
            multiple: action.upload.multiple,
          }}
          upload={{ path: props.uploadPath, method: action.method === "PUT" ? "PUT" : "POST" }}
          onDone={props.onUploaded}
          onFail={props.onUploadFailed}
        />
      ) : null}
    </SidePanel>
  );
}
