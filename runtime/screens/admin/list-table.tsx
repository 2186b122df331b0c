/**
 * The list of a manifest-defined screen as a data table: column headers sort (aria-sort, sort=Field or
 * -Field), cells render per column format, the record's name opens its detail, a menu per row holds
 * its actions, and checkboxes select rows when a bulk action is offered.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenColumn, ScreenList } from "../../../schemas/screens.ts";
import { SortHeader } from "../../components/list/sort-header.tsx";
import type { MenuItem } from "../../components/menu/menu.tsx";
import { MenuButton } from "../../components/menu/menu-button.tsx";
import { CheckIcon, DashIcon, MoreIcon } from "./admin-icons.tsx";
import { type CellView, formatCell } from "./cell-format.ts";
import { nextSort } from "./list-controls.ts";
import { type Row, recordName, rowKeyOf } from "./list-request.ts";
import type { ListSort } from "./list-url.ts";

export interface ListTableProps {
  list: ScreenList;
  rows: readonly Row[];
  sort: ListSort;
  /** Names the table (the screen title's id). */
  labelledBy: string;
  busy: boolean;
  /** Rows can be opened (the screen has a detail form). */
  openable: boolean;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelectionChange: (selected: Set<string>) => void;
  onSort: (sort: ListSort) => void;
  onOpen: (key: string, trigger: HTMLElement) => void;
  rowMenu: (row: Row) => MenuItem[];
}

function Cell({ view }: { view: CellView }): ReactNode {
  switch (view.kind) {
    case "empty":
      return null;
    case "text":
      return view.text;
    case "boolean":
      return (
        <span className="admin-bool" title={view.label}>
          {view.value ? <CheckIcon /> : <DashIcon />}
          <span className="visually-hidden">{view.label}</span>
        </span>
      );
    case "status":
      return <span className={`admin-badge admin-badge--${view.tone}`}>{view.text}</span>;
    case "email":
      return view.href ? <a href={view.href}>{view.text}</a> : view.text;
  }
}

/** The column whose cell opens the record: the title field's, else the first. */
function openColumn(list: ScreenList): ScreenColumn | undefined {
  const title = list.titleField ?? list.rowKey;
  return list.columns.find((c) => c.field === title) ?? list.columns[0];
}

/** The data table. */
export function ListTable(props: ListTableProps) {
  const { t, i18n } = useTranslation();
  const { list, rows, selected } = props;
  const format = { locale: i18n.language, t: (key: string) => t(key) };
  const opener = props.openable ? openColumn(list) : undefined;
  const keys = rows.flatMap((row) => rowKeyOf(list, row) ?? []);
  const allSelected = keys.length > 0 && keys.every((key) => selected.has(key));
  const someSelected = keys.some((key) => selected.has(key));
  const toggle = (key: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    props.onSelectionChange(next);
  };

  return (
    <table className="admin-table" aria-labelledby={props.labelledBy} aria-busy={props.busy}>
      <colgroup>
        {props.selectable ? <col className="admin-table__select-col" /> : null}
        {list.columns.map((column) => (
          // The manifest's initial column width (data, like a computed size).
          <col key={column.field} style={column.width ? { width: `${column.width}px` } : undefined} />
        ))}
        <col className="admin-table__menu-col" />
      </colgroup>
      <thead>
        <tr>
          {props.selectable ? (
            <th scope="col" className="admin-table__select">
              <input
                type="checkbox"
                aria-label={t("AdminList_SelectPage")}
                checked={allSelected}
                ref={(input) => {
                  if (input) input.indeterminate = someSelected && !allSelected;
                }}
                disabled={keys.length === 0}
                onChange={(event) =>
                  props.onSelectionChange(event.target.checked ? new Set(keys) : new Set())
                }
              />
            </th>
          ) : null}
          {list.columns.map((column) => {
            if (!column.sortable) {
              return (
                <th key={column.field} scope="col">
                  {t(column.labelKey)}
                </th>
              );
            }
            const direction = props.sort.field === column.field ? props.sort.direction : null;
            return (
              <SortHeader
                key={column.field}
                label={t(column.labelKey)}
                direction={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"}
                onSort={() => props.onSort(nextSort(props.sort, column.field))}
              />
            );
          })}
          <th scope="col" className="admin-table__menu">
            <span className="visually-hidden">{t("AdminList_ActionsColumn")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const key = rowKeyOf(list, row);
          const name = recordName(list, row) || key || "";
          const items = props.rowMenu(row);
          return (
            <tr
              key={key ?? `row-${index}`}
              className={key && selected.has(key) ? "admin-table__row--selected" : ""}
            >
              {props.selectable ? (
                <td className="admin-table__select">
                  {key ? (
                    <input
                      type="checkbox"
                      aria-label={t("AdminList_SelectRow", { name })}
                      checked={selected.has(key)}
                      onChange={(event) => toggle(key, event.target.checked)}
                    />
                  ) : null}
                </td>
              ) : null}
              {list.columns.map((column) => {
                const view = formatCell(column, row, format);
                if (column === opener && key) {
                  return (
                    <td key={column.field}>
                      <button
                        type="button"
                        className="admin-table__open"
                        onClick={(event) => props.onOpen(key, event.currentTarget)}
                      >
                        {view.kind === "empty" ? name : <Cell view={view} />}
                      </button>
                    </td>
                  );
                }
                return (
                  <td key={column.field} className={`admin-table__cell--${column.format ?? "text"}`}>
                    <Cell view={view} />
                  </td>
                );
              })}
              <td className="admin-table__menu">
                {items.length > 0 ? (
                  <MenuButton
                    trigger={<MoreIcon />}
                    triggerLabel={t("AdminList_RowActions", { name })}
                    triggerClassName="admin-icon-button"
                    placement="bottom-end"
                    items={items}
                  />
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
