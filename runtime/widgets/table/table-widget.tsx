/**
 * The table widget: the result's rows in a real table (header cells, row headers none — rows are
 * records), virtualised — only the rows in view and a buffer are in the document, the rest stand
 * in as spacer rows, and aria-rowcount / aria-rowindex tell assistive technology where a row is —
 * sortable on the client by a column header's button (click, Enter or Space; aria-sort on the
 * header, WAI-ARIA APG sortable table), with a totals row of the Number columns (ShowTotals).
 */
import { type UIEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SortHeader } from "../../components/list/sort-header.tsx";
import { virtualRange } from "../../components/virtual-list/virtual-range.ts";
import { flag } from "../charts/chart-context.ts";
import type { Cell } from "../result-shape.ts";
import { bucketOf, dimensionLabel, measureFormatter } from "../value-format.ts";
import type { WidgetRendererProps } from "../widget-props.ts";
import { ariaSort, nextSort, sortedRowOrder, type TableSort, totalsRow } from "./table-model.ts";

/** Height of one body row in pixels (widgets.css `.widget-table td` holds the same). */
export const TABLE_ROW_HEIGHT_PX = 32;
/** The viewport assumed until the frame has been measured. */
const INITIAL_VIEWPORT_PX = 320;

/** A table of the result's rows. */
export default function TableWidget({ result, widget, settings, title }: WidgetRendererProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [sort, setSort] = useState<TableSort | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(INITIAL_VIEWPORT_PX);
  const scroller = useRef<HTMLElement>(null);
  const frame = useRef(0);
  const rows = result?.Rows ?? [];
  const columns = result?.Columns ?? [];
  const order = useMemo(() => sortedRowOrder(rows, sort, locale), [rows, sort, locale]);
  const showTotals = flag(settings.ShowTotals, false);
  const totals = useMemo(() => (result && showTotals ? totalsRow(result) : null), [result, showTotals]);
  const format = useMemo(() => measureFormatter(settings, locale), [settings, locale]);
  const texts = {
    other: t("Widget_Other"),
    empty: t("Widget_EmptyValue"),
    yes: t("Widget_Yes"),
    no: t("Widget_No"),
  };

  useEffect(() => {
    const node = scroller.current;
    if (!node || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setViewport(node.clientHeight || INITIAL_VIEWPORT_PX));
    observer.observe(node);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, []);

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const top = event.currentTarget.scrollTop;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(top));
  };
  const range = virtualRange({
    count: order.length,
    itemHeight: TABLE_ROW_HEIGHT_PX,
    scrollTop,
    viewportHeight: viewport,
  });
  const cellText = (cell: Cell | undefined, column: number, rowIndex: number) => {
    const described = columns[column];
    if (!described) return "";
    if (typeof cell === "number") return format(cell);
    return dimensionLabel(cell, described, {
      bucket: bucketOf(widget.Query, described),
      locale,
      texts,
      isOther: rowIndex === result?.OtherRow && described.Role === "Dimension",
    });
  };
  const numeric = (column: number) => columns[column]?.Type === "Number";
  const visible = order.slice(range.start, range.end);
  const below = range.totalHeight - range.offsetTop - visible.length * TABLE_ROW_HEIGHT_PX;
  const rowCount = order.length + 1 + (totals ? 1 : 0);
  return (
    // A scrolling region must be reachable by keyboard to be scrolled without a pointer (WCAG 2.2
    // SC 2.1.1; axe scrollable-region-focusable); it is named by the widget's title.
    <section
      ref={scroller}
      className="widget-table"
      aria-label={t("Widget_TableScroll", { title })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      onScroll={onScroll}
    >
      <table className="widget-table__table" aria-rowcount={rowCount}>
        <caption className="kit-visually-hidden">
          {t("Widget_TableCaption", { title, count: order.length })}
        </caption>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column, index) => (
              <SortHeader
                key={column.Name}
                label={column.Name}
                direction={ariaSort(sort, index)}
                onSort={() => setSort((current) => nextSort(current, index))}
                className={numeric(index) ? "widget-table__number" : undefined}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {range.offsetTop > 0 ? <Spacer height={range.offsetTop} columns={columns.length} /> : null}
          {visible.map((rowIndex, offset) => (
            <tr key={rowIndex} aria-rowindex={range.start + offset + 2}>
              {columns.map((column, index) => (
                <td key={column.Name} className={numeric(index) ? "widget-table__number" : undefined}>
                  {cellText(rows[rowIndex]?.[index], index, rowIndex)}
                </td>
              ))}
            </tr>
          ))}
          {below > 0 ? <Spacer height={below} columns={columns.length} /> : null}
        </tbody>
        {totals ? (
          <tfoot>
            <tr aria-rowindex={rowCount}>
              {columns.map((column, index) => (
                <td key={column.Name} className={numeric(index) ? "widget-table__number" : undefined}>
                  {index === 0 && totals[0] === null ? (
                    <strong>{t("Widget_Total")}</strong>
                  ) : totals[index] === null || totals[index] === undefined ? (
                    ""
                  ) : (
                    <strong>{format(totals[index] as number)}</strong>
                  )}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}

/** The height of the rows out of view, so the scroll bar is the whole table's. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row holding the height of rows out of view; nothing in it is focusable
    <tr aria-hidden="true" className="widget-table__spacer">
      <td colSpan={Math.max(1, columns)} style={{ height }} />
    </tr>
  );
}
