/**
 * Parts shared by the content lists: sortable column headers (aria-sort on the header, a button to
 * change it) and the pager (a labelled navigation landmark with previous/next and the position).
 */
import { useTranslation } from "react-i18next";
import { nextSort, pageCount, sortDirection } from "./list-state.ts";
import "./content-list.css";

/** Props of a SortHeader. */
export interface SortHeaderProps {
  field: string;
  label: string;
  sort: string;
  onSort: (sort: string) => void;
  className?: string;
}

/** A column header that sorts the list by its field. */
export function SortHeader({ field, label, sort, onSort, className }: SortHeaderProps) {
  const direction = sortDirection(sort, field);
  const arrow = direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "";
  return (
    <th scope="col" aria-sort={direction} className={className}>
      <button type="button" className="content-sort" onClick={() => onSort(nextSort(sort, field))}>
        {label}
        <span className="content-sort__arrow" aria-hidden="true">
          {arrow}
        </span>
      </button>
    </th>
  );
}

export interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Rows listed besides the paged items (the explorer's subfolders), counted in the total shown. */
  extraCount?: number;
}

/** Previous / next with "page x of y" and the number of items. */
export function Pager({ page, total, pageSize, onPage, extraCount = 0 }: PagerProps) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  if (pages === 1) {
    return (
      <p className="content-pager content-pager__position" aria-live="polite">
        {t("Content_ItemCount", { total: total + extraCount })}
      </p>
    );
  }
  return (
    <nav className="content-pager" aria-label={t("Content_Pages")}>
      <button type="button" className="kit-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("Content_PreviousPage")}
      </button>
      <span className="content-pager__position" aria-live="polite">
        {t("Content_PagePosition", { page: Math.min(page, pages), pages, total: total + extraCount })}
      </span>
      <button type="button" className="kit-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("Content_NextPage")}
      </button>
    </nav>
  );
}
