import { useTranslation } from "react-i18next";
import type { SelectValue } from "../../forms/select-rules.ts";
import { SELECT_DROPDOWN_MAX_HEIGHT_PX, SELECT_ROW_HEIGHT_PX } from "../../state/constants.ts";
import { Icon } from "../icon-picker/icon.tsx";
import { VirtualList } from "../virtual-list/virtual-list.tsx";
import { isSelectable, type SelectRow, selectAllState } from "./select-options.ts";

/** Props of the open dropdown's list. */
export interface SelectListProps {
  listboxId: string;
  labelId: string;
  rows: SelectRow[];
  active: number;
  selected: readonly SelectValue[];
  multiple: boolean;
  loading?: boolean;
  onActivate: (index: number) => void;
  onChoose: (index: number) => void;
  onRemove?: (index: number) => void;
}

/** The id of row `index` of the listbox, for aria-activedescendant. */
export function rowId(listboxId: string, index: number): string {
  return `${listboxId}-row-${index}`;
}

/**
 * The listbox of an open Select: §9 rows of SELECT_ROW_HEIGHT_PX, at most SELECT_DROPDOWN_MAX_HEIGHT_PX
 * high, virtualised so long option lists stay fast. Focus stays on the combobox (aria-activedescendant).
 */
export function SelectList(props: SelectListProps) {
  const { t } = useTranslation();
  const { rows, listboxId } = props;
  const shownOptions = rows.flatMap((row) => (row.kind === "option" ? [row.option] : []));
  if (rows.length === 0) {
    return (
      <p className="kit-select__empty" role="status">
        {props.loading ? t("Select_Loading") : t("Select_NoOptions")}
      </p>
    );
  }
  return (
    <VirtualList
      id={listboxId}
      role="listbox"
      aria-labelledby={props.labelId}
      aria-multiselectable={props.multiple || undefined}
      items={rows}
      itemHeight={SELECT_ROW_HEIGHT_PX}
      maxHeight={SELECT_DROPDOWN_MAX_HEIGHT_PX}
      activeIndex={props.active >= 0 ? props.active : undefined}
      className="kit-select__list"
      renderItem={(row, index) => {
        const common = {
          id: rowId(listboxId, index),
          className: index === props.active ? "kit-select__row kit-select__row--active" : "kit-select__row",
          // Pressing must not move focus away from the combobox.
          onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
          onPointerMove: () => props.onActivate(index),
          onClick: () => props.onChoose(index),
        };
        if (row.kind === "selectAll") {
          const state = selectAllState(shownOptions, props.selected);
          return (
            // biome-ignore lint/a11y/useFocusableInteractive: listbox options stay unfocusable; focus remains on the combobox (aria-activedescendant, APG)
            <div {...common} role="option" aria-selected={state === "all"}>
              <span className={`kit-select__check kit-select__check--${state}`} aria-hidden="true" />
              {t("Select_SelectAll")}
            </div>
          );
        }
        if (row.kind === "addCustom") {
          return (
            // biome-ignore lint/a11y/useFocusableInteractive: listbox options stay unfocusable; focus remains on the combobox (aria-activedescendant, APG)
            <div {...common} role="option" aria-selected={false}>
              {t("Select_AddCustomValue")}
            </div>
          );
        }
        const { option } = row;
        if (option.separator) return <div role="presentation" className="kit-select__separator" />;
        if (option.header) {
          return (
            <div role="presentation" className="kit-select__header">
              {option.label}
            </div>
          );
        }
        const selected = option.value !== undefined && props.selected.includes(option.value);
        return (
          // biome-ignore lint/a11y/useFocusableInteractive: listbox options stay unfocusable; focus remains on the combobox (aria-activedescendant, APG)
          <div
            {...common}
            role="option"
            aria-selected={selected}
            aria-disabled={!isSelectable(option) || undefined}
            aria-description={option.tooltip}
            aria-keyshortcuts={option.removeable && props.onRemove ? "Delete" : undefined}
            title={option.tooltip}
            data-indent={option.indent ? Math.min(option.indent, 4) : undefined}
          >
            {props.multiple ? (
              <span
                className={`kit-select__check kit-select__check--${selected ? "all" : "none"}`}
                aria-hidden="true"
              />
            ) : null}
            {option.icon ? <Icon name={option.icon} /> : null}
            <span className="kit-select__label">{option.label}</span>
            {option.description ? (
              <span className="kit-select__description">{option.description}</span>
            ) : null}
            {option.removeable && props.onRemove ? (
              // Pointer only: keyboard users press Delete (aria-keyshortcuts), no control nests in an option.
              <button
                type="button"
                tabIndex={-1}
                aria-hidden="true"
                className="kit-select__remove"
                title={t("Select_RemoveOption", { label: option.label })}
                onClick={(event) => {
                  event.stopPropagation();
                  props.onRemove?.(index);
                }}
              />
            ) : null}
          </div>
        );
      }}
    />
  );
}
