/**
 * Schedule and alert history (renderer kinds `schedulesHistory` and `alertsHistory`, §2.2
 * /scheduleshistory and /alertshistory): the runs or evaluations of `Content/{area}/History` with
 * search, sort, paging and a filter on one schedule or alert (`?object=`), each linking to its
 * schedule or alert and, when there is one, its task log.
 */
import { type MouseEvent, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Pager } from "../../components/list/pager.tsx";
import { SortHeader } from "../../components/list/sort-header.tsx";
import { sortDirection } from "../../components/list/sort-order.ts";
import { fillPathTemplate } from "../../navigation/redirect-target.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { useManifest } from "../../state/manifest-context.tsx";
import { listHistory } from "./content-api.ts";
import { useFormatters } from "./content-format.ts";
import { LIST_PAGE_SIZE } from "./content-limits.ts";
import type { HistoryEntry, ListPage } from "./content-types.ts";
import { explorerPath, explorerRouteOf, HISTORY_OBJECT_QUERY, recIdParam } from "./explorer-area.ts";
import {
  contentPagerTexts,
  type ListSpec,
  type ListState,
  listRequestQuery,
  listStateSearch,
  nextSort,
  parseListState,
  withSearch,
} from "./list-state.ts";
import { SearchBox } from "./search-box.tsx";
import { EmptyState, ErrorState, LoadingState } from "./state-views.tsx";
import { useResource } from "./use-resource.ts";
import "./content.css";
import "./content-list.css";

/** Sort fields of the history lists (upstream: default newest run first). */
const SPEC: ListSpec = {
  sortFields: ["StartedAt", "FinishedAt", "Status", "Name"],
  defaultSort: "-StartedAt",
};

/** The history screen of schedules or alerts. */
export default function HistoryScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const format = useFormatters();
  const { routes } = useManifest().routes;
  const area = route.access?.permission === "Alerts" ? "Alerts" : "Schedules";
  const state = parseListState(location.search, SPEC);
  const objectId = recIdParam(new URLSearchParams(location.search).get(HISTORY_OBJECT_QUERY) ?? undefined);
  const query = listRequestQuery(state, LIST_PAGE_SIZE, { objectRecId: objectId });
  const page = useResource<ListPage<HistoryEntry>>(`history:${area}:${query}`, (signal) =>
    listHistory(area, query, signal),
  );
  const explorer = useMemo(() => explorerRouteOf(routes, area), [routes, area]);
  const taskRoute = useMemo(
    () => routes.find((r) => r.screen?.kind === "taskDetail" && !r.upgrade),
    [routes],
  );
  const setState = (next: ListState, replace = false) =>
    navigate(
      { pathname: location.pathname, search: listStateSearch(location.search, next, SPEC) },
      { replace },
    );
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  const nameOf = (entry: HistoryEntry) => (area === "Alerts" ? entry.AlertName : entry.ScheduleName) ?? "";
  const ownerId = (entry: HistoryEntry) =>
    (area === "Alerts" ? entry.AlertRecId : entry.ScheduleRecId) ?? null;
  const title = t(route.titleKey ?? "History_Title");
  const filtered =
    objectId !== null ? page.data?.items.find((entry) => ownerId(entry) === objectId) : undefined;
  const allHref = () => {
    const search = new URLSearchParams(location.search);
    search.delete(HISTORY_OBJECT_QUERY);
    const qs = search.toString();
    return qs ? `${location.pathname}?${qs}` : location.pathname;
  };

  return (
    <div className="content-page">
      <header className="content-page-header">
        <h1 className="content-page-title">{title}</h1>
        {objectId !== null ? (
          <p>
            {t("History_FilteredTo", { name: filtered ? nameOf(filtered) : `#${objectId}` })}{" "}
            <a href={allHref()} onClick={go(allHref())}>
              {t("History_ShowAll")}
            </a>
          </p>
        ) : null}
      </header>
      <section className="content-listing" aria-label={title}>
        <div className="content-toolbar">
          <SearchBox
            uid="history-search"
            label={t("Content_Search")}
            placeholder={t("History_SearchPlaceholder")}
            value={state.search}
            onSearch={(search) => setState(withSearch(state, search), true)}
          />
        </div>
        {page.status === "error" ? (
          <ErrorState error={page.error} onRetry={page.reload} />
        ) : !page.data ? (
          <LoadingState />
        ) : page.data.items.length === 0 ? (
          <EmptyState
            title={t(state.search ? "Explorer_EmptySearchTitle" : "History_EmptyTitle", {
              search: state.search,
            })}
            text={
              state.search
                ? undefined
                : t(area === "Alerts" ? "History_EmptyAlertsText" : "History_EmptySchedulesText")
            }
          />
        ) : (
          <>
            <table className="content-table" aria-busy={page.status === "loading"}>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <SortHeader
                    label={t(area === "Alerts" ? "History_Alert" : "History_Schedule")}
                    direction={sortDirection(state.sort, "Name")}
                    onSort={() => setState({ ...state, sort: nextSort(state.sort, "Name"), page: 1 })}
                  />
                  <SortHeader
                    label={t("History_Status")}
                    direction={sortDirection(state.sort, "Status")}
                    onSort={() => setState({ ...state, sort: nextSort(state.sort, "Status"), page: 1 })}
                  />
                  <SortHeader
                    label={t("History_Started")}
                    direction={sortDirection(state.sort, "StartedAt")}
                    onSort={() => setState({ ...state, sort: nextSort(state.sort, "StartedAt"), page: 1 })}
                  />
                  <SortHeader
                    label={t("History_Finished")}
                    direction={sortDirection(state.sort, "FinishedAt")}
                    onSort={() => setState({ ...state, sort: nextSort(state.sort, "FinishedAt"), page: 1 })}
                  />
                  <th scope="col">{t("History_Message")}</th>
                  <th scope="col">{t("History_Task")}</th>
                </tr>
              </thead>
              <tbody>
                {page.data.items.map((entry) => {
                  const owner = ownerId(entry);
                  const ownerHref =
                    explorer && owner !== null && !entry.IsRelatedObjectDeleted
                      ? explorerPath(explorer, null, `item=${owner}`)
                      : null;
                  const taskHref =
                    taskRoute && entry.TaskRecId !== null
                      ? fillPathTemplate(taskRoute.path, { recId: String(entry.TaskRecId) })
                      : null;
                  return (
                    <tr key={entry.RecId}>
                      <th scope="row">
                        {ownerHref ? (
                          <a href={ownerHref} onClick={go(ownerHref)}>
                            {nameOf(entry)}
                          </a>
                        ) : (
                          nameOf(entry)
                        )}
                        {entry.IsRelatedObjectDeleted ? (
                          <span className="content-badge">{t("History_Deleted")}</span>
                        ) : null}
                      </th>
                      <td className={`content-status content-status--${entry.Status}`}>
                        {t(`History_Status_${entry.Status}`)}
                      </td>
                      <td>{format.dateTime(entry.StartedAt)}</td>
                      <td>{format.dateTime(entry.FinishedAt)}</td>
                      <td>{entry.Message ?? ""}</td>
                      <td>
                        {taskHref ? (
                          <a
                            href={taskHref}
                            onClick={go(taskHref)}
                            aria-label={t("History_ViewTaskOf", {
                              name: nameOf(entry),
                              date: format.dateTime(entry.StartedAt),
                            })}
                          >
                            {t("History_ViewTask")}
                          </a>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <Pager
              {...contentPagerTexts(t, state.page, page.data.total, LIST_PAGE_SIZE)}
              onPage={(next) => setState({ ...state, page: next })}
            />
          </>
        )}
      </section>
    </div>
  );
}
