/**
 * A top menu bar dropdown (§2.5 help menu, user menu) following the WAI-ARIA menu
 * button pattern: the button opens a menu and focuses its first item; arrows,
 * Home/End move; Escape closes and returns focus; Tab leaves and closes.
 */
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import { POPOVER_OFFSET_PX, POPOVER_VIEWPORT_CLAMP_PX } from "../state/constants.ts";
import { menuKeyTarget } from "./menu-keyboard.ts";
import { useDismiss } from "./use-dismiss.ts";

/** One item of the menu: what it shows and does. */
export interface DropdownItem {
  id: string;
  label: string;
  separatorBefore: boolean;
  /** An in-app or external link, or an action run on activation. */
  target: { href: string; external: boolean } | { run: () => void };
}

/** Props: the button's accessible name and content, and the items. */
export interface DropdownMenuProps {
  label: string;
  buttonContent: ReactNode;
  items: readonly DropdownItem[];
  className?: string;
}

const ITEM_SELECTOR = "[role='menuitem']";

/** The menu button and its menu. */
export function DropdownMenu({ label, buttonContent, items, className }: DropdownMenuProps) {
  const buttonId = useId();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ right: number; top: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [buttonRef, menuRef], []);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, refs, close);

  useLayoutEffect(() => {
    if (!open || !buttonRef.current) return;
    const rect = buttonRef.current.getBoundingClientRect();
    // Aligned to the button's right edge, kept inside the viewport (§9 popover offset and clamp).
    setPosition({
      right: Math.max(POPOVER_VIEWPORT_CLAMP_PX, window.innerWidth - rect.right),
      top: rect.bottom + POPOVER_OFFSET_PX,
    });
    menuRef.current?.querySelector<HTMLElement>(ITEM_SELECTOR)?.focus();
  }, [open]);

  const closeAndFocusButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Tab") {
      setOpen(false);
      return;
    }
    const menuItems = [...(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
    const index = menuItems.indexOf(document.activeElement as HTMLElement);
    const target = menuKeyTarget(event.key, index, menuItems.length);
    if (target === null) return;
    event.preventDefault();
    if (target === "close") closeAndFocusButton();
    else menuItems[target]?.focus();
  };

  return (
    <div className={`shell-dropdown ${className ?? ""}`}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="shell-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        {buttonContent}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="shell-menu"
          style={position ? { right: position.right, top: position.top } : undefined}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <MenuItem key={item.id} item={item} onDone={closeAndFocusButton} onLeave={close} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function MenuItem({
  item,
  onDone,
  onLeave,
}: {
  item: DropdownItem;
  onDone: () => void;
  onLeave: () => void;
}) {
  const separator = item.separatorBefore ? <hr className="shell-menu__separator" /> : null;
  const { target } = item;
  let control: ReactNode;
  if ("run" in target) {
    control = (
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className="shell-menu__item"
        onClick={() => {
          onDone();
          target.run();
        }}
      >
        {item.label}
      </button>
    );
  } else if (target.external) {
    control = (
      <a
        role="menuitem"
        tabIndex={-1}
        className="shell-menu__item"
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onLeave}
      >
        {item.label}
      </a>
    );
  } else {
    control = (
      <Link role="menuitem" tabIndex={-1} className="shell-menu__item" to={target.href} onClick={onLeave}>
        {item.label}
      </Link>
    );
  }
  return (
    <>
      {separator}
      {control}
    </>
  );
}
