/**
 * The select and multi-select filters: the values of their column (their query's rows, with counts
 * when it has them) to pick one of — a native select, "All" first — or several — a group of
 * checkboxes. A choice becomes an Equals or In selection on the column (filter-options.ts) that the
 * page hands to the widgets it targets.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Literal } from "../../../core/analytics/cross-filter.ts";
import type { WidgetRendererProps } from "../widget-props.ts";
import {
  type FilterOption,
  multiSelection,
  optionByKey,
  optionKey,
  selectOptions,
  selectSelection,
} from "./filter-options.ts";

/** A select or multi-select filter. */
export default function SelectFilter({ widget, renderer, result, filter, title }: WidgetRendererProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  if (!filter) return null;
  const options = selectOptions(result);
  const count = new Intl.NumberFormat(i18n.language);
  const label = (option: FilterOption) => {
    const name = valueLabel(option.value, t);
    return option.count === null
      ? name
      : t("Widget_OptionWithCount", { name, count: count.format(option.count) });
  };
  if (renderer === "multiSelect") {
    const chosen = new Set(
      filter.selection?.operator === "In" ? (filter.selection.values ?? []).map(optionKey) : [],
    );
    const toggle = (option: FilterOption, on: boolean) => {
      const next = options.filter((candidate) =>
        candidate === option ? on : chosen.has(optionKey(candidate.value)),
      );
      filter.select(multiSelection(widget.Id, filter.column, next));
    };
    return (
      <fieldset className="widget-filter widget-filter--multi">
        <legend className="kit-visually-hidden">{title}</legend>
        <div className="widget-filter__options">
          {options.map((option, index) => (
            <label key={optionKey(option.value)} className="widget-filter__option" htmlFor={`${id}-${index}`}>
              <input
                id={`${id}-${index}`}
                type="checkbox"
                checked={chosen.has(optionKey(option.value))}
                onChange={(event) => toggle(option, event.currentTarget.checked)}
              />
              {label(option)}
            </label>
          ))}
        </div>
        {chosen.size > 0 ? (
          <button
            type="button"
            className="kit-button widget-filter__clear"
            onClick={() => filter.select(null)}
          >
            {t("Widget_FilterClear")}
          </button>
        ) : null}
      </fieldset>
    );
  }
  const current = filter.selection?.operator === "Equals" ? optionKey(filter.selection.value ?? null) : "";
  return (
    <div className="widget-filter">
      <label htmlFor={id} className="kit-visually-hidden">
        {title}
      </label>
      <select
        id={id}
        className="widget-filter__input"
        value={current}
        onChange={(event) => {
          const key = event.currentTarget.value;
          filter.select(
            selectSelection(widget.Id, filter.column, key === "" ? undefined : optionByKey(options, key)),
          );
        }}
      >
        <option value="">{t("Widget_FilterAll")}</option>
        {options.map((option) => (
          <option key={optionKey(option.value)} value={optionKey(option.value)}>
            {label(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** How a filter value reads. */
function valueLabel(value: Literal, t: (key: string) => string): string {
  if (value === null || value === "") return t("Widget_EmptyValue");
  if (typeof value === "boolean") return value ? t("Widget_Yes") : t("Widget_No");
  return String(value);
}
