/**
 * The explorer's list: a table of the current folder's subfolders and objects with sortable
 * columns (name, type, owner, modified), links that open each row, and an actions menu per row
 * (WAI-ARIA APG menu button). Favourites and shared items are marked in words, not only symbols.
 */
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { SortHeader } from "../../components/list/sort-header.tsx";
import { sortDirection } from "../../components/list/sort-order.ts";
import type { MenuItem } from "../../components/menu/menu.tsx";
import { MenuButton } from "../../components/menu/menu-button.tsx";
import { useFormatters } from "./content-format.ts";
import type { ObjectBody } from "./content-types.ts";
import type { TreeNode } from "./folder-tree.ts";
import { nextSort } from "./list-state.ts";
import "./content-list.css";

/** Props of an ExplorerList. */
export interface ExplorerListProps {
  /** Accessible caption of the table. */
  caption: string;
  folders: TreeNode[];
  items: ObjectBody[];
  sort: string;
  onSort: (sort: string) => void;
  folderHref: (node: TreeNode) => string;
  onOpenFolder: (node: TreeNode) => void;
  objectHref: (item: ObjectBody) => string;
  onOpenObject: (item: ObjectBody) => void;
  folderMenu: (node: TreeNode) => MenuItem[];
  objectMenu: (item: ObjectBody) => MenuItem[];
  /** The row whose details are open. */
  selectedId: number | null;
  busy: boolean;
}

const follow = (open: () => void) => (event: MouseEvent<HTMLAnchorElement>) => {
  // Plain clicks stay in the app; modified clicks (new tab) keep the browser's behaviour.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  open();
};

/** The list table. */
export function ExplorerList(props: ExplorerListProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const header = (field: string, key: string) => (
    <SortHeader
      label={t(key)}
      direction={sortDirection(props.sort, field)}
      onSort={() => props.onSort(nextSort(props.sort, field))}
    />
  );
  const actions = (label: string, items: MenuItem[]) =>
    items.length > 0 ? (
      <MenuButton
        trigger={<span aria-hidden="true">⋯</span>}
        triggerLabel={t("Explorer_ActionsFor", { name: label })}
        items={items}
        placement="bottom-end"
        triggerClassName="kit-button content-row-menu"
      />
    ) : null;
  return (
    <table className="content-table" aria-busy={props.busy}>
      <caption className="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          {header("Name", "Content_ColumnName")}
          {header("Type", "Content_ColumnType")}
          {header("Owner", "Content_ColumnOwner")}
          {header("ModifiedAt", "Content_ColumnModified")}
          <th scope="col">
            <span className="visually-hidden">{t("Content_ColumnActions")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.folders.map((node) => (
          <tr key={`folder-${node.id}`} className="content-table__row content-table__row--folder">
            <th scope="row">
              <div className="content-table__name">
                <span className="content-kind content-kind--folder" aria-hidden="true" />
                <a href={props.folderHref(node)} onClick={follow(() => props.onOpenFolder(node))}>
                  {node.name}
                </a>
              </div>
            </th>
            <td>{t("Explorer_TypeFolder")}</td>
            <td />
            <td />
            <td className="content-table__actions">{actions(node.name, props.folderMenu(node))}</td>
          </tr>
        ))}
        {props.items.map((item) => (
          <tr
            key={`object-${item.RecId}`}
            className={`content-table__row${item.RecId === props.selectedId ? " content-table__row--selected" : ""}`}
          >
            <th scope="row">
              <div className="content-table__name">
                <span className="content-kind" aria-hidden="true" />
                <a href={props.objectHref(item)} onClick={follow(() => props.onOpenObject(item))}>
                  {item.Name}
                </a>
                {item.IsFavourite ? (
                  <span className="content-badge content-badge--favourite">
                    <span aria-hidden="true">★ </span>
                    {t("Explorer_BadgeFavourite")}
                  </span>
                ) : null}
                {item.IsShared ? <span className="content-badge">{t("Explorer_BadgeShared")}</span> : null}
                {item.CanChange ? null : <span className="content-badge">{t("Explorer_BadgeReadOnly")}</span>}
              </div>
            </th>
            <td>{t(`ObjectType_${item.Type}`)}</td>
            <td>{item.OwnerFullName}</td>
            <td>{format.dateTime(item.IsDeleted ? (item.DeletedAt ?? item.ModifiedAt) : item.ModifiedAt)}</td>
            <td className="content-table__actions">{actions(item.Name, props.objectMenu(item))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
