/**
 * The frame every paged work list with a status filter shares (/users, /projects, /supporttickets,
 * /tasks): the search form with the status filter, the loading, error and empty states around the
 * labelled table, and the pager. The screen supplies the table's head and body.
 */
import type { Dispatch, ReactNode, SetStateAction } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "../../../components/list/pager.tsx";
import type { ApiResource } from "../../../http/use-api.ts";
import { ListToolbar, LoadState, workPagerTexts } from "./list-parts.tsx";
import { type ListQuery, type Page, withFilter, withPage } from "./list-query.ts";

/** What a status list needs from its screen. */
export interface StatusListProps {
  /** Prefix of the form controls' ids. */
  uid: string;
  /** Accessible name of the search landmark. */
  searchLabel: string;
  /** The values of the status filter (each shown through its `Status_<value>` text). */
  statuses: readonly string[];
  query: ListQuery;
  setQuery: Dispatch<SetStateAction<ListQuery>>;
  /** The loaded page of rows. */
  resource: ApiResource<Page<unknown>>;
  emptyText: string;
  /** Accessible name of the pager. */
  pagesLabel: string;
  /** Id of the heading that names the table. */
  headingId: string;
  /** The table's head and body. */
  children: ReactNode;
}

/** Search and status filter, the states around the table, and the pager. */
export function StatusList(props: StatusListProps) {
  const { t } = useTranslation();
  const { query, setQuery, resource } = props;
  const total = resource.data?.total ?? 0;
  return (
    <>
      <ListToolbar
        uid={props.uid}
        label={props.searchLabel}
        search={query.search}
        onSearch={(search) => setQuery((q) => withFilter(q, { search }))}
        filters={[
          {
            uid: `${props.uid}-status`,
            label: t("Work_Status"),
            value: query.filters.status ?? "",
            options: props.statuses.map((status) => ({ value: status, label: t(`Status_${status}`) })),
            onChange: (status) => setQuery((q) => withFilter(q, { filters: { status } })),
          },
        ]}
      />
      <LoadState
        loading={resource.loading}
        error={resource.error}
        hasData={resource.data !== null}
        empty={(resource.data?.items.length ?? 0) === 0}
        emptyText={props.emptyText}
        onRetry={resource.reload}
      >
        <div className="work-table-wrap">
          <table className="work-table" aria-labelledby={props.headingId} aria-busy={resource.loading}>
            {props.children}
          </table>
        </div>
      </LoadState>
      <Pager
        {...workPagerTexts(t, query, total)}
        label={props.pagesLabel}
        onPage={(page) => setQuery((q) => withPage(q, page, total))}
      />
    </>
  );
}
