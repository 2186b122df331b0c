/**
 * A modal dialog of the content screens on the native <dialog> (WAI-ARIA APG dialog pattern): shown
 * with showModal so the page behind is inert and focus stays inside; Escape cancels; focus starts on
 * the first field (or the element marked autoFocus) and returns to where it was, or to `returnFocus`
 * when that element is gone (a deleted row).
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import "./content-nav.css";

/** Props of a ModalDialog. */
export interface ModalDialogProps {
  /** The dialog's title (names it). */
  title: string;
  /** Text under the title (describes it). */
  description?: ReactNode;
  /** Escape, the close button or Cancel. */
  onCancel: () => void;
  /** Submitting the form (Enter in a field or the primary button). */
  onSubmit?: () => void;
  /** Text of the primary button; none without onSubmit. */
  submitLabel?: string;
  /** The primary action destroys something (purge, delete). */
  danger?: boolean;
  /** A call is running: the buttons are disabled. */
  busy?: boolean;
  /** The primary button is disabled. */
  submitDisabled?: boolean;
  /** An error of the last attempt, announced. */
  error?: string | null;
  /** Where focus goes on close when the opener is gone. */
  returnFocus?: () => HTMLElement | null;
  /** Wider dialogs (pickers). */
  size?: "normal" | "wide";
  children?: ReactNode;
}

/** A modal dialog with a form, a primary and a cancel button. */
export function ModalDialog(props: ModalDialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const returnFocus = useRef(props.returnFocus);
  returnFocus.current = props.returnFocus;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
      const target = opener?.isConnected ? opener : (returnFocus.current?.() ?? null);
      target?.focus();
    };
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.busy && !props.submitDisabled) props.onSubmit?.();
  };

  return (
    <dialog
      ref={dialog}
      className={`content-dialog content-dialog--${props.size ?? "normal"}`}
      aria-labelledby={titleId}
      aria-describedby={props.description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: React decides when the dialog goes (it unmounts it).
        event.preventDefault();
        if (!props.busy) props.onCancel();
      }}
    >
      <form className="content-dialog__form" onSubmit={submit} noValidate>
        <h2 id={titleId} className="content-dialog__title">
          {props.title}
        </h2>
        {props.description ? (
          <div id={descriptionId} className="content-dialog__description">
            {props.description}
          </div>
        ) : null}
        <div className="content-dialog__body">{props.children}</div>
        <p className="content-dialog__error" role="alert">
          {props.error ?? null}
        </p>
        <div className="content-dialog__footer">
          <button type="button" className="kit-button" onClick={props.onCancel} disabled={props.busy}>
            {t(props.onSubmit ? "Content_Cancel" : "Content_Close")}
          </button>
          {props.onSubmit ? (
            <button
              type="submit"
              className={
                props.danger ? "kit-button content-button--danger" : "kit-button kit-button--primary"
              }
              disabled={props.busy || props.submitDisabled}
              aria-busy={props.busy || undefined}
            >
              {props.submitLabel}
            </button>
          ) : null}
        </div>
      </form>
    </dialog>
  );
}
