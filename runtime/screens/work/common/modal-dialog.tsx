/**
 * A modal dialog of the work screens on the native <dialog> element: shown with showModal (the
 * browser keeps the focus inside and makes the page behind it inert), named by its heading,
 * closed by Escape or its close button, and the focus returns to where it was when it closes.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import "./work.css";

/** Props of a ModalDialog. */
export interface ModalDialogProps {
  /** The heading's text (already translated). */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** A wider dialog for forms with several columns. */
  wide?: boolean;
}

/** A modal dialog that is open while mounted. */
export function ModalDialog({ title, onClose, children, wide = false }: ModalDialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
      // APG dialog pattern: the focus goes back to the control that opened the dialog.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={wide ? "work-dialog work-dialog--wide" : "work-dialog"}
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault();
        close.current();
      }}
    >
      <div className="work-dialog__header">
        <h2 id={headingId} className="work-dialog__title">
          {title}
        </h2>
        <button
          type="button"
          className="kit-button work-dialog__close"
          aria-label={t("Work_CloseDialog")}
          onClick={() => close.current()}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="work-dialog__body">{children}</div>
    </dialog>
  );
}

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

/** Asks to confirm an action; Cancel takes the focus first so Enter never destroys by accident. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ModalDialog title={props.title} onClose={props.onCancel}>
      <p>{props.message}</p>
      <div className="work-actions work-actions--end">
        {/* biome-ignore lint/a11y/noAutofocus: APG alert dialog — the least destructive action takes the focus */}
        <button type="button" className="kit-button" autoFocus onClick={props.onCancel}>
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
      </div>
    </ModalDialog>
  );
}
