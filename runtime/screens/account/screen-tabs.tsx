/**
 * Tabs of a `{screenTab?}` screen (WAI-ARIA APG tabs, automatic activation): the URL names the
 * selected tab, so choosing one navigates to /screen/{tab}; arrow keys, Home and End move between
 * tabs and the focus follows the selection. Only the selected panel is rendered.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useNavigate } from "react-router";
import { tabAfterKey, tabPath } from "./screen-tabs.ts";
import "./account.css";

/** Props of ScreenTabs. */
export interface ScreenTabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  basePath: string;
  tabs: ReadonlyArray<{ id: T; label: string }>;
  selected: T;
  children: ReactNode;
}

/** A tab list and the selected tab's panel. */
export function ScreenTabs<T extends string>({
  label,
  basePath,
  tabs,
  selected,
  children,
}: ScreenTabsProps<T>) {
  const navigate = useNavigate();
  const id = useId();
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const moved = useRef(false);
  const ids = tabs.map((tab) => tab.id);

  // After a keyboard move the focus follows the newly selected tab once its URL is shown.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    buttons.current.get(selected)?.focus();
  }, [selected]);

  return (
    <div className="account-tabs">
      <div role="tablist" aria-label={label} className="account-tabs__list">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="account-tabs__tab"
            onClick={() => tab.id !== selected && navigate(tabPath(basePath, tab.id))}
            onKeyDown={(event) => {
              const next = tabAfterKey(ids, tab.id, event.key);
              if (next === null) return;
              event.preventDefault();
              moved.current = true;
              if (next === selected) buttons.current.get(next)?.focus();
              else navigate(tabPath(basePath, next));
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${selected}`}
        className="account-tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
