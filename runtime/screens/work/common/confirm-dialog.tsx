/**
 * The work screens' confirmation (revoke, disable, delete) on the kit's ModalDialog: Cancel takes
 * the focus first so Enter never destroys by accident (APG alert dialog pattern).
 */
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../components/modal-dialog/modal-dialog.tsx";
import "./work.css";

/** Props of a ConfirmDialog. */
export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action destroys or ends something. */
  danger?: boolean;
  busy?: boolean;
}

/** Asks to confirm an action. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      title={props.title}
      description={<p>{props.message}</p>}
      onClose={props.onCancel}
      footer={
        <>
          <button type="button" className="kit-button" data-autofocus onClick={props.onCancel}>
            {t("Work_Cancel")}
          </button>
          <button
            type="button"
            className={props.danger ? "kit-button work-button--danger" : "kit-button kit-button--primary"}
            disabled={props.busy}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </button>
        </>
      }
    />
  );
}
