/**
 * The side panel of an admin screen, beside the list: a region named by its heading that takes focus
 * when it opens (or shows another record), a close button in its header, Escape to close, a footer
 * for the buttons. It is part of the page rather than a modal layer, so the kit's selects and menus
 * (popovers on the page) work inside its forms.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "./admin-icons.tsx";

/** Props of a SidePanel. */
export interface SidePanelProps {
  title: string;
  /** Changes when the panel shows something else (focus moves to its heading again). */
  contentKey: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  busy?: boolean;
}

export function SidePanel(props: SidePanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows what the panel shows
  useEffect(() => {
    heading.current?.focus();
  }, [props.contentKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Escape inside a select or menu of the panel (their popovers live outside it) is theirs.
    if (event.key !== "Escape" || event.defaultPrevented) return;
    if (!(event.target instanceof Node) || !panel.current?.contains(event.target)) return;
    event.preventDefault();
    props.onClose();
  };

  return (
    <section
      ref={panel}
      className="admin-panel"
      aria-labelledby={headingId}
      aria-busy={props.busy || undefined}
      onKeyDown={onKeyDown}
    >
      <div className="admin-panel__header">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="admin-panel__title">
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
      <div className="admin-panel__body">{props.children}</div>
      {props.footer ? <div className="admin-panel__footer">{props.footer}</div> : null}
    </section>
  );
}
