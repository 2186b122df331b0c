/**
 * The pivot widget: rows × columns × one measure as a table with row and column headers (scope
 * attributes, so each cell is announced with both), and totals per row, per column and overall
 * when ShowTotals is on.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { flag } from "../charts/chart-context.ts";
import { bucketOf, dimensionLabel, measureFormatter } from "../value-format.ts";
import type { WidgetRendererProps } from "../widget-props.ts";
import { pivotOf } from "./pivot-model.ts";

/** A pivot table. */
export default function PivotWidget({ result, widget, settings, title }: WidgetRendererProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const format = useMemo(() => measureFormatter(settings, locale), [settings, locale]);
  const pivot = useMemo(() => {
    if (!result) return null;
    const texts = {
      other: t("Widget_Other"),
      empty: t("Widget_EmptyValue"),
      yes: t("Widget_Yes"),
      no: t("Widget_No"),
    };
    return pivotOf(result, (row, column) => {
      const described = result.Columns[column];
      if (!described) return "";
      return dimensionLabel(result.Rows[row]?.[column], described, {
        bucket: bucketOf(widget.Query, described),
        locale,
        texts,
        isOther: row === result.OtherRow,
      });
    });
  }, [result, widget.Query, locale, t]);
  if (!pivot) {
    return (
      <div className="widget-state">
        <p className="widget-state__title">{t("Widget_ShapeUnsupported")}</p>
        <p className="widget-state__text">{t("Widget_PivotShapeText")}</p>
      </div>
    );
  }
  const totals = flag(settings.ShowTotals, true);
  const cell = (value: number | null) => (value === null ? "" : format(value));
  return (
    <section
      className="widget-table"
      aria-label={t("Widget_TableScroll", { title })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <table className="widget-table__table widget-pivot">
        <caption className="kit-visually-hidden">
          {t("Widget_PivotCaption", {
            title,
            measure: pivot.measure,
            rows: pivot.rowTitle,
            columns: pivot.columnTitle,
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{`${pivot.rowTitle} / ${pivot.columnTitle}`}</th>
            {pivot.columns.map((column) => (
              <th key={column} scope="col" className="widget-table__number">
                {column}
              </th>
            ))}
            {totals ? (
              <th scope="col" className="widget-table__number">
                {t("Widget_Total")}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {pivot.rows.map((row, rowIndex) => (
            <tr key={row}>
              <th scope="row">{row}</th>
              {pivot.columns.map((column, columnIndex) => (
                <td key={column} className="widget-table__number">
                  {cell(pivot.cells[rowIndex]?.[columnIndex] ?? null)}
                </td>
              ))}
              {totals ? (
                <td className="widget-table__number">
                  <strong>{format(pivot.rowTotals[rowIndex] ?? 0)}</strong>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        {totals ? (
          <tfoot>
            <tr>
              <th scope="row">{t("Widget_Total")}</th>
              {pivot.columnTotals.map((total, index) => (
                <td key={pivot.columns[index]} className="widget-table__number">
                  <strong>{format(total)}</strong>
                </td>
              ))}
              <td className="widget-table__number">
                <strong>{format(pivot.total)}</strong>
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}
