/**
 * The frame of every dialog (WAI-ARIA APG dialog pattern): role dialog,
 * aria-modal, labelled by its title; focus moves in on open and is trapped
 * while it is the top dialog; the header drags the dialog (announcing
 * emitDialogMoved, §4.5). The body is a disabled fieldset in a read-only admin
 * dialog (§6); footer buttons follow the same rule by variant (DialogButton).
 */
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { emitDialogMoved } from "../components/popover/dialog-moved.ts";
import type { DialogButtonVariant } from "./dialog-access.ts";
import { useDialog, useDialogControlEnabled } from "./dialog-context.ts";
import { focusableIn, trapTarget } from "./focus-trap.ts";

export interface DialogFrameProps {
  children: ReactNode;
  /** The title (default: the registry entry's titleKey). */
  title?: string;
  footer?: ReactNode;
  /** Extra header buttons (they stay enabled in read-only dialogs, §6). */
  headerActions?: ReactNode;
  size?: "s" | "m" | "l";
  /** Element to focus first (default: the first focusable element of the body). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The body is busy (loading or saving). */
  busy?: boolean;
  /** Id of an element describing the dialog (aria-describedby). */
  describedBy?: string;
}

export function DialogFrame(props: DialogFrameProps) {
  const { t } = useTranslation();
  const { entry, close, isTop } = useDialog();
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLFieldSetElement>(null);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; pointer: number } | null>(null);

  // Only on opening: later renders must not steal focus back.
  const initialFocus = useRef(props.initialFocus);
  useEffect(() => {
    const wanted = initialFocus.current?.current;
    const first = wanted ?? (body.current ? focusableIn(body.current)[0] : undefined);
    (first ?? root.current)?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !isTop || !root.current) return;
    const items = focusableIn(root.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const target = trapTarget(index, items.length, event.shiftKey);
    if (target === null) return;
    event.preventDefault();
    (items[target] ?? root.current).focus();
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest("button, a, input")) return;
    drag.current = { x: event.clientX - offset.x, y: event.clientY - offset.y, pointer: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    setOffset({ x: event.clientX - start.x, y: event.clientY - start.y });
    // §4.5: open dropdowns and popovers close when a dialog is moved.
    emitDialogMoved();
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <div
      ref={root}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={props.describedBy}
      aria-busy={props.busy || undefined}
      tabIndex={-1}
      className={`dialog dialog--${props.size ?? "m"}${entry.phase === "closing" ? " dialog--closing" : ""}`}
      style={offset.x || offset.y ? { transform: `translate(${offset.x}px, ${offset.y}px)` } : undefined}
      onKeyDown={onKeyDown}
    >
      {/* A div, not <header>: inside a dialog a header would be a second banner landmark. */}
      <div
        className="dialog__header"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <h2 id={titleId} className="dialog__title">
          {props.title ?? t(entry.titleKey)}
        </h2>
        {props.headerActions}
        <button
          type="button"
          className="dialog__close"
          aria-label={t("Dialog_Close")}
          onClick={() => close()}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <fieldset ref={body} className="dialog__body" disabled={entry.readOnly}>
        {props.children}
      </fieldset>
      {props.footer ? <div className="dialog__footer">{props.footer}</div> : null}
    </div>
  );
}

/** Props of a footer button. */
export interface DialogButtonProps {
  variant: DialogButtonVariant;
  children: ReactNode;
  onClick?: () => void;
  /** Submits the form with this id. */
  form?: string;
  disabled?: boolean;
  busy?: boolean;
}

/** A footer button; §6 disables it in a read-only dialog unless it is secondary. */
export function DialogButton({ variant, children, onClick, form, disabled, busy }: DialogButtonProps) {
  const enabled = useDialogControlEnabled("footer", variant);
  return (
    <button
      type={form ? "submit" : "button"}
      form={form}
      className={`kit-button dialog__button dialog__button--${variant}${variant === "primary" ? " kit-button--primary" : ""}`}
      disabled={!enabled || disabled || busy}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The usual secondary footer button that closes the dialog. */
export function DialogCloseButton({ labelKey = "Dialog_Cancel" }: { labelKey?: string }) {
  const { t } = useTranslation();
  const { close } = useDialog();
  return (
    <DialogButton variant="secondary" onClick={() => close()}>
      {t(labelKey)}
    </DialogButton>
  );
}
