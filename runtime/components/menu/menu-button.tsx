import type { ReactNode } from "react";
import { Dropdown } from "../popover/dropdown.tsx";
import type { Placement } from "../popover/popover-placement.ts";
import { Menu, type MenuItem } from "./menu.tsx";

/** Props of a MenuButton. */
export interface MenuButtonProps {
  /** Content of the button. */
  trigger: ReactNode;
  /** Accessible name when the button shows only an icon. */
  triggerLabel?: string;
  items: MenuItem[];
  placement?: Placement;
  width?: number;
  disabled?: boolean;
  className?: string;
  triggerClassName?: string;
}

/** A button opening a menu (APG menu button): focus goes to the first item and back to the button on close. */
export function MenuButton(props: MenuButtonProps) {
  return (
    <Dropdown
      trigger={props.trigger}
      triggerLabel={props.triggerLabel}
      popupRole="menu"
      placement={props.placement}
      width={props.width}
      disabled={props.disabled}
      className={props.className}
      triggerClassName={props.triggerClassName}
    >
      {(close) => <Menu items={props.items} aria-label={props.triggerLabel} onClose={close} />}
    </Dropdown>
  );
}
