/**
 * The footer of the content screens' dialogs: Cancel (Close when there is nothing to submit) and the
 * primary button, which submits the dialog's form; both wait while a call runs.
 */
import { useTranslation } from "react-i18next";
import "./content-nav.css";

/** Props of DialogButtons. */
export interface DialogButtonsProps {
  onCancel: () => void;
  /** Text of the submit button; none when the dialog only informs. */
  submitLabel?: string;
  /** The primary action destroys something (purge, delete). */
  danger?: boolean;
  busy?: boolean;
  submitDisabled?: boolean;
}

/** Cancel and the submit button of a content dialog. */
export function DialogButtons(props: DialogButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="kit-button" onClick={props.onCancel} disabled={props.busy}>
        {t(props.submitLabel ? "Content_Cancel" : "Content_Close")}
      </button>
      {props.submitLabel ? (
        <button
          type="submit"
          className={props.danger ? "kit-button content-button--danger" : "kit-button kit-button--primary"}
          disabled={props.busy || props.submitDisabled}
          aria-busy={props.busy || undefined}
        >
          {props.submitLabel}
        </button>
      ) : null}
    </>
  );
}
