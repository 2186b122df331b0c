/**
 * A modal dialog of the admin screens (WAI-ARIA APG dialog and alertdialog patterns): rendered above
 * the page, named by its title, focus moved in on open (the element marked data-autofocus, else the
 * first control) and kept inside (Tab wraps), Escape closes, focus returns where it was. Used for
 * confirmations and read-only results; forms open in the side panel, whose selects need the page.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "./admin-icons.tsx";

/** Props of a ModalDialog. */
export interface ModalDialogProps {
  title: string;
  /** alertdialog for a question that interrupts (a confirmation), dialog otherwise. */
  role?: "dialog" | "alertdialog";
  /** Text of the dialog (announced with the title for an alertdialog). */
  description?: ReactNode;
  children?: ReactNode;
  /** The footer buttons. */
  actions: ReactNode;
  onClose: () => void;
  wide?: boolean;
}

const FOCUSABLE =
  'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** The dialog; mount it to open it, unmount it to close it. */
export function ModalDialog(props: ModalDialogProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = box.current;
    const target =
      element?.querySelector<HTMLElement>("[data-autofocus]") ??
      element?.querySelector<HTMLElement>(FOCUSABLE) ??
      element;
    target?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      props.onClose();
      return;
    }
    if (event.key !== "Tab" || !box.current) return;
    // aria-modal: Tab and Shift+Tab wrap around inside the dialog.
    const focusable = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="admin-modal">
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both modal */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the dialog keeps Tab inside and closes on Escape */}
      <div
        ref={box}
        role={props.role ?? "dialog"}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={props.description ? descriptionId : undefined}
        tabIndex={-1}
        className={props.wide ? "admin-modal__box admin-modal__box--wide" : "admin-modal__box"}
        onKeyDown={onKeyDown}
      >
        <div className="admin-modal__header">
          <h2 id={titleId} className="admin-modal__title">
            {props.title}
          </h2>
          <button
            type="button"
            className="admin-icon-button"
            aria-label={t("AdminDialog_Close")}
            onClick={props.onClose}
          >
            <CloseIcon />
          </button>
        </div>
        {props.description ? (
          <p id={descriptionId} className="admin-modal__description">
            {props.description}
          </p>
        ) : null}
        {props.children ? <div className="admin-modal__body">{props.children}</div> : null}
        <div className="admin-modal__footer">{props.actions}</div>
      </div>
    </div>,
    document.body,
  );
}
