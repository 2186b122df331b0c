import type { KeyboardEvent, ReactNode } from "react";
import { Icon } from "../icon-picker/icon.tsx";
import "../kit.css";
import "./menu.css";
import { menuKeyMove, menuTypeahead, moveInMenu } from "./menu-navigation.ts";
import { SubMenu } from "./sub-menu.tsx";

/** One entry of a menu. */
export interface MenuItem {
  /** Unique within the menu. */
  id: string;
  /** Text of the item (already translated). */
  label: string;
  icon?: string;
  disabled?: boolean;
  /** Runs when the item is chosen; the whole menu then closes. */
  onSelect?: () => void;
  /** Items of a sub-menu opened from this item (§9 sub-menu delays). */
  items?: MenuItem[];
  /** A divider line instead of an item. */
  separator?: boolean;
  /** Content after the label (a shortcut, a badge). */
  end?: ReactNode;
}

export interface MenuProps {
  items: MenuItem[];
  "aria-label"?: string;
  "aria-labelledby"?: string;
  /** Closes the whole menu tree (after a choice, or Tab). */
  onClose: () => void;
  /** In a sub-menu: closes it and returns to its parent item (ArrowLeft). */
  onCloseSubmenu?: () => void;
  className?: string;
}

const ITEM_SELECTOR = '[role="menuitem"]';

/** A menu (APG menu pattern): arrow keys, Home/End, typeahead, Enter/Space, sub-menus with ArrowRight/Left. */
export function Menu(props: MenuProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Own items only: a sub-menu's items live in its own popover, outside this element.
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(ITEM_SELECTOR)];
    const current = items.indexOf(document.activeElement as HTMLElement);
    const enabled = (index: number) => items[index]?.getAttribute("aria-disabled") !== "true";
    const move = menuKeyMove(event.key);
    let target = -1;
    if (move) target = moveInMenu(items.length, current, move, enabled);
    else if (event.key === "ArrowLeft" && props.onCloseSubmenu) {
      event.preventDefault();
      event.stopPropagation();
      props.onCloseSubmenu();
      return;
    } else if (event.key === "Tab") {
      props.onClose();
      return;
    } else if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey) {
      target = menuTypeahead(
        items.map((item) => item.textContent ?? ""),
        current,
        event.key,
        enabled,
      );
    } else return;
    event.preventDefault();
    event.stopPropagation();
    if (target >= 0) items[target]?.focus();
  };

  return (
    <div
      role="menu"
      aria-label={props["aria-label"]}
      aria-labelledby={props["aria-labelledby"]}
      className={["kit-menu", props.className].filter(Boolean).join(" ")}
      onKeyDown={onKeyDown}
    >
      {props.items.map((item) =>
        item.separator ? (
          <hr key={item.id} className="kit-menu__separator" />
        ) : item.items && item.items.length > 0 ? (
          <SubMenu key={item.id} item={item} onCloseAll={props.onClose} />
        ) : (
          <button
            key={item.id}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="kit-menu__item"
            aria-disabled={item.disabled || undefined}
            onClick={() => {
              if (item.disabled) return;
              item.onSelect?.();
              props.onClose();
            }}
          >
            <MenuItemContent item={item} />
          </button>
        ),
      )}
    </div>
  );
}

/** Icon, label and end content of an item. */
export function MenuItemContent({ item, after }: { item: MenuItem; after?: ReactNode }) {
  return (
    <>
      {item.icon ? <Icon name={item.icon} /> : null}
      <span className="kit-menu__label">{item.label}</span>
      {item.end}
      {after}
    </>
  );
}
