/**
 * A filter shown as tabs above the list (schemas/screens.ts `display: tabs`, e.g. the log analytics
 * grouping in its screenTab path parameter): the WAI-ARIA APG tabs pattern with automatic activation —
 * arrow keys, Home and End move between tabs and choose them; the list below is the tab panel.
 */
import { type KeyboardEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenFilter } from "../../../schemas/screens.ts";
import { tabKeyTarget } from "./list-controls.ts";

export interface ListTabsProps {
  filter: ScreenFilter;
  value: string | undefined;
  /** DOM id prefix; each tab is `${idPrefix}-${index}`, the panel `${idPrefix}-panel`. */
  idPrefix: string;
  onChoose: (value: string) => void;
}

/** The DOM id of the tab showing `value`, for the panel's aria-labelledby. */
export function tabId(idPrefix: string, filter: ScreenFilter, value: string | undefined): string | undefined {
  const index = (filter.options ?? []).findIndex((option) => String(option.value) === value);
  return index < 0 ? undefined : `${idPrefix}-${index}`;
}

export function ListTabs({ filter, value, idPrefix, onChoose }: ListTabsProps) {
  const { t } = useTranslation();
  const options = filter.options ?? [];
  const list = useRef<HTMLDivElement>(null);
  const selectedIndex = Math.max(
    0,
    options.findIndex((option) => String(option.value) === value),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = tabKeyTarget(event.key, selectedIndex, options.length);
    if (target === null) return;
    event.preventDefault();
    const option = options[target];
    if (!option) return;
    onChoose(String(option.value));
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[target]?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={t(filter.labelKey)}
      className="admin-tabs"
      onKeyDown={onKeyDown}
    >
      {options.map((option, index) => {
        const selected = index === selectedIndex;
        return (
          <button
            key={String(option.value)}
            id={`${idPrefix}-${index}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={selected ? 0 : -1}
            className="admin-tabs__tab"
            onClick={() => onChoose(String(option.value))}
          >
            {t(option.labelKey)}
          </button>
        );
      })}
    </div>
  );
}
