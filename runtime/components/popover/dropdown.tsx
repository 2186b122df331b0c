import { type ReactNode, useId, useRef, useState } from "react";
import type { Placement } from "./popover-placement.ts";
import { Popover } from "./popover.tsx";

/** Props of a Dropdown: a button opening a popover panel. */
export interface DropdownProps {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is only an icon. */
  triggerLabel?: string;
  /** The panel's content; a function receives `close` (to close after an action). */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Role of the panel: a non-modal dialog (default), a menu or a listbox. */
  popupRole?: "dialog" | "menu" | "listbox";
  /** Accessible name of the panel (defaults to the trigger's). */
  panelLabel?: string;
  placement?: Placement;
  /** Panel width in pixels, e.g. NOTIFICATION_DROPDOWN_WIDTH_PX or MENU_DROPDOWN_WIDTH_PX (§9). */
  width?: number;
  maxHeight?: number;
  /** Controlled open state; uncontrolled when absent. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  disabled?: boolean;
  className?: string;
  triggerClassName?: string;
}

/**
 * A disclosure button with a popover panel (§4.5 open or closed; closes on resize, scroll, Escape,
 * outside click or a dialog being moved). Focus moves into the panel and returns to the button.
 */
export function Dropdown(props: DropdownProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = props.open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    props.onOpenChange?.(next);
  };
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const buttonId = useId();
  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className={props.triggerClassName ?? "kit-button"}
        aria-haspopup={props.popupRole ?? "dialog"}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={props.triggerLabel}
        disabled={props.disabled}
        onClick={() => setOpen(!open)}
      >
        {props.trigger}
      </button>
      <Popover
        open={open}
        anchor={button}
        onClose={close}
        id={panelId}
        role={props.popupRole ?? "dialog"}
        aria-label={props.panelLabel}
        aria-labelledby={props.panelLabel ? undefined : buttonId}
        placement={props.placement}
        width={props.width}
        maxHeight={props.maxHeight}
        autoFocus
        className={props.className}
      >
        {typeof props.children === "function" ? props.children(close) : props.children}
      </Popover>
    </>
  );
}
