import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { SUB_MENU_CLOSE_DELAY_MS, SUB_MENU_OPEN_DELAY_MS } from "../../state/constants.ts";
import { Popover } from "../popover/popover.tsx";
import { createDelayedSwitch } from "../timing/delayed-switch.ts";
import { Menu, type MenuItem, MenuItemContent } from "./menu.tsx";

/** Props of a SubMenu: the item that opens it and the way to close the whole tree. */
export interface SubMenuProps {
  item: MenuItem;
  onCloseAll: () => void;
}

/**
 * A menu item with a sub-menu (§9): hovering opens it after SUB_MENU_OPEN_DELAY_MS and leaving both the
 * item and the sub-menu closes it after SUB_MENU_CLOSE_DELAY_MS; ArrowRight, Enter or Space open it at
 * once with focus on its first item, ArrowLeft or Escape close it and return to the item.
 */
export function SubMenu({ item, onCloseAll }: SubMenuProps) {
  const [open, setOpen] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const [timing] = useState(() =>
    createDelayedSwitch({
      onDelayMs: SUB_MENU_OPEN_DELAY_MS,
      offDelayMs: SUB_MENU_CLOSE_DELAY_MS,
      onChange: setOpen,
    }),
  );
  useEffect(() => () => timing.dispose(), [timing]);

  const openNow = () => {
    if (item.disabled) return;
    setByKeyboard(true);
    timing.set(true);
  };
  const closeToItem = () => {
    timing.set(false);
    trigger.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowRight" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      openNow();
    }
  };
  const hover = {
    onPointerEnter: () => {
      if (item.disabled) return;
      setByKeyboard(false);
      timing.requestOn();
    },
    onPointerLeave: () => timing.requestOff(),
  };

  return (
    <div role="none" className="kit-menu__entry" {...hover}>
      <button
        ref={trigger}
        type="button"
        role="menuitem"
        tabIndex={-1}
        className="kit-menu__item"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-disabled={item.disabled || undefined}
        onKeyDown={onKeyDown}
        onClick={() => (open ? timing.set(false) : openNow())}
      >
        <MenuItemContent item={item} after={<span className="kit-menu__chevron" aria-hidden="true" />} />
      </button>
      <Popover
        open={open}
        anchor={trigger}
        placement="right-start"
        autoFocus={byKeyboard}
        restoreFocus={byKeyboard}
        onClose={(reason) => {
          timing.set(false);
          // Escape closes this level only; anything else (outside, scroll, resize, dialog moved) closes all.
          if (reason !== "escape") onCloseAll();
        }}
      >
        <div className="kit-menu__sub" {...hover}>
          <Menu
            items={item.items ?? []}
            aria-label={item.label}
            onClose={onCloseAll}
            onCloseSubmenu={closeToItem}
          />
        </div>
      </Popover>
    </div>
  );
}
