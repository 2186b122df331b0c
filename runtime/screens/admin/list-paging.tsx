/**
 * The paging bar of an admin list: the kit's Pager with first and last page, the range of rows shown
 * out of the total, and the page size among the sizes the screen allows (schemas/screens.ts paging).
 */
import { useTranslation } from "react-i18next";
import { Pager } from "../../components/list/pager.tsx";
import { Select } from "../../components/select/select.tsx";
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
  return (
    <Pager
      label={t("AdminPaging_Label")}
      page={props.page}
      pageCount={view.pageCount}
      onPage={props.onPage}
      position={t("AdminPaging_Page", { page: number(props.page), pages: number(view.pageCount) })}
      buttons={{
        first: t("AdminPaging_first"),
        previous: t("AdminPaging_previous"),
        next: t("AdminPaging_next"),
        last: t("AdminPaging_last"),
      }}
      summary={t("AdminPaging_Range", {
        from: number(view.from),
        to: number(view.to),
        total: number(props.total),
      })}
    >
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
    </Pager>
  );
}
