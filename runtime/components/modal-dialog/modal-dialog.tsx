/**
 * The one modal dialog of the screens (WAI-ARIA APG dialog and alertdialog patterns), on the native
 * <dialog> opened with showModal: the browser keeps focus inside and makes the page behind inert
 * (the focus trap), the dialog is named by its title and described by its text, Escape closes it
 * (not while a call runs), focus starts on the element marked data-autofocus (else the browser's
 * first control) and returns to the opener — or to `returnFocus` when the opener is gone (a deleted
 * row). Registry dialogs of SPEC §4.5 use the dialog stack (runtime/dialogs/) instead: they move,
 * stack and survive navigation, which a screen's confirmation never needs.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import "../kit.css";
import "./modal-dialog.css";

/** Props of a ModalDialog. */
export interface ModalDialogProps {
  /** The title (already translated); names the dialog. */
  title: string;
  /** alertdialog for a question that interrupts (a confirmation), dialog otherwise. */
  role?: "dialog" | "alertdialog";
  /** Text under the title; describes the dialog. */
  description?: ReactNode;
  children?: ReactNode;
  /** The footer's buttons. */
  footer?: ReactNode;
  /** Escape or the close button. */
  onClose: () => void;
  /** A close button (×) beside the title; off when the footer has its own Cancel or Close. */
  closeButton?: boolean;
  /** Makes the content a form: Enter in a field or a submit button calls it (not while busy). */
  onSubmit?: () => void;
  /** A call is running: Escape and submitting do nothing. */
  busy?: boolean;
  /** The last attempt's error, announced. */
  error?: string | null;
  /** Where focus goes on close when the opener is gone. */
  returnFocus?: () => HTMLElement | null;
  /** wide for pickers and forms with columns, full for result grids. */
  size?: "normal" | "wide" | "full";
}

/** A modal dialog that is open while mounted. */
export function ModalDialog(props: ModalDialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The latest callbacks, read by the mount effect and the native cancel event.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    // React's autoFocus runs before the dialog is shown; the marked element takes focus now.
    element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (element.open) element.close();
      const target = opener?.isConnected ? opener : (latest.current.returnFocus?.() ?? null);
      target?.focus();
    };
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!latest.current.busy) latest.current.onSubmit?.();
  };

  const content = (
    <>
      <div className="kit-dialog__header">
        <h2 id={titleId} className="kit-dialog__title">
          {props.title}
        </h2>
        {props.closeButton === false ? null : (
          <button
            type="button"
            className="kit-button kit-dialog__close"
            aria-label={t("Dialog_Close")}
            onClick={() => latest.current.onClose()}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      {props.description ? (
        <div id={descriptionId} className="kit-dialog__description">
          {props.description}
        </div>
      ) : null}
      {props.children ? <div className="kit-dialog__body">{props.children}</div> : null}
      {props.error !== undefined ? (
        <p className="kit-dialog__error" role="alert">
          {props.error ?? null}
        </p>
      ) : null}
      {props.footer ? <div className="kit-dialog__footer">{props.footer}</div> : null}
    </>
  );

  return (
    <dialog
      ref={dialog}
      className={`kit-dialog kit-dialog--${props.size ?? "normal"}`}
      role={props.role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-describedby={props.description ? descriptionId : undefined}
      onKeyDown={(event) => {
        // The dialog handles Escape (the cancel event); panels behind it must not close as well.
        if (event.key === "Escape") event.stopPropagation();
      }}
      onCancel={(event) => {
        // React decides when the dialog goes (it unmounts it).
        event.preventDefault();
        if (!latest.current.busy) latest.current.onClose();
      }}
    >
      {props.onSubmit ? (
        <form className="kit-dialog__content" onSubmit={submit} noValidate>
          {content}
        </form>
      ) : (
        <div className="kit-dialog__content">{content}</div>
      )}
    </dialog>
  );
}
