/**
 * Paging of a list: first, previous, next and last page, the range of rows shown out of the total,
 * and the page size among the sizes the screen allows (schemas/screens.ts paging).
 */
import { useTranslation } from "react-i18next";
import { Select } from "../../components/select/select.tsx";
import { PageIcon } from "./admin-icons.tsx";
import { pagingView } from "./list-controls.ts";

/** Props of the paging bar. */
export interface ListPagingProps {
  uid: string;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** The paging bar (a navigation landmark). */
export function ListPaging(props: ListPagingProps) {
  const { t, i18n } = useTranslation();
  const view = pagingView(props.page, props.pageSize, props.total);
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const button = (kind: "first" | "previous" | "next" | "last", target: number, enabled: boolean) => (
    <button
      type="button"
      className="admin-icon-button"
      aria-label={t(`AdminPaging_${kind}`)}
      disabled={!enabled}
      onClick={() => props.onPage(target)}
    >
      <PageIcon kind={kind} />
    </button>
  );
  return (
    <nav className="admin-paging" aria-label={t("AdminPaging_Label")}>
      <p className="admin-paging__range">
        {t("AdminPaging_Range", { from: number(view.from), to: number(view.to), total: number(props.total) })}
      </p>
      <div className="admin-paging__buttons">
        {button("first", 1, view.canGoBack)}
        {button("previous", props.page - 1, view.canGoBack)}
        <span className="admin-paging__page">
          {t("AdminPaging_Page", { page: number(props.page), pages: number(view.pageCount) })}
        </span>
        {button("next", props.page + 1, view.canGoForward)}
        {button("last", view.pageCount, view.canGoForward)}
      </div>
      {props.pageSizes.length > 1 ? (
        <Select
          uid={props.uid}
          label={t("AdminPaging_PageSize")}
          options={props.pageSizes.map((size) => ({ value: size, label: number(size) }))}
          value={props.pageSize}
          onChange={(value) => {
            if (typeof value === "number") props.onPageSize(value);
          }}
          className="admin-paging__size"
        />
      ) : null}
    </nav>
  );
}
