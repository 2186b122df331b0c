/**
 * The date range filter: two labelled date inputs (From, To) bounded by the first and last date of
 * its column (its query's min and max). A change becomes a Between selection on the column
 * (filter-options.ts), which the page hands to the widgets it targets. Emptying both inputs, or
 * the page's Clear all filters, removes it.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { WidgetRendererProps } from "../widget-props.ts";
import { dateBounds, dateRangeSelection } from "./filter-options.ts";

/** A date range filter. */
export default function DateRangeFilter({ widget, result, filter }: WidgetRendererProps) {
  const { t } = useTranslation();
  const id = useId();
  const bounds = dateBounds(result);
  const selected = filter?.selection?.operator === "Between" ? filter.selection.values : undefined;
  const [input, setInput] = useState({
    from: typeof selected?.[0] === "string" ? selected[0] : "",
    to: typeof selected?.[1] === "string" ? selected[1] : "",
  });
  if (!filter) return null;
  const change = (next: { from: string; to: string }) => {
    setInput(next);
    filter.select(dateRangeSelection(widget.Id, filter.column, next, bounds));
  };
  return (
    <div className="widget-filter widget-filter--dates">
      <div className="widget-filter__field">
        <label htmlFor={`${id}-from`}>{t("Widget_DateFrom")}</label>
        <input
          id={`${id}-from`}
          type="date"
          className="widget-filter__input"
          value={input.from}
          min={bounds?.min}
          max={input.to || bounds?.max}
          aria-describedby={bounds ? `${id}-bounds` : undefined}
          onChange={(event) => change({ ...input, from: event.currentTarget.value })}
        />
      </div>
      <div className="widget-filter__field">
        <label htmlFor={`${id}-to`}>{t("Widget_DateTo")}</label>
        <input
          id={`${id}-to`}
          type="date"
          className="widget-filter__input"
          value={input.to}
          min={input.from || bounds?.min}
          max={bounds?.max}
          aria-describedby={bounds ? `${id}-bounds` : undefined}
          onChange={(event) => change({ ...input, to: event.currentTarget.value })}
        />
      </div>
      {bounds ? (
        // The inputs' min and max in words, for screen readers (the picker shows them to sight).
        <span id={`${id}-bounds`} className="kit-visually-hidden">
          {t("Widget_DateBounds", { min: bounds.min, max: bounds.max })}
        </span>
      ) : null}
    </div>
  );
}
