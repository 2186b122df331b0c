/**
 * /tasks (§2.2 Plugins and tasks): the account's tasks with their state and progress, searchable,
 * filtered by state, sortable and paged (`GET Tasks`); a task's name opens /tasks/{recId} with
 * its log.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SortHeader } from "../../../components/list/sort-header.tsx";
import { sortDirection } from "../../../components/list/sort-order.ts";
import { useApi } from "../../../http/use-api.ts";
import type { ScreenProps } from "../../../renderers/screen-props.ts";
import { formatDateTime } from "../common/format.ts";
import { ScreenHeader, StatusBadge } from "../common/list-parts.tsx";
import { initialQuery, listPath, type Page, toggleSort, withFilter } from "../common/list-query.ts";
import { StatusList } from "../common/status-list.tsx";
import { TASK_STATUSES, type Task, taskTone } from "./task-model.ts";
import "../common/work.css";

/** The progress of a task as a labelled progress bar and its percentage. */
export function TaskProgress({ task }: { task: Task }) {
  const { t } = useTranslation();
  return (
    <span className="work-progress">
      <progress value={task.Progress} max={100} aria-label={t("Tasks_ProgressOf", { name: task.Name })} />
      <span>{t("Tasks_Percent", { percent: task.Progress })}</span>
    </span>
  );
}

/** The task list screen. */
export default function TasksScreen({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [query, setQuery] = useState(() => initialQuery({ status: "" }, "-CreatedAt"));
  const tasks = useApi<Page<Task>>(listPath("Tasks", query));
  const items = tasks.data?.items ?? [];
  const sort = (value: string) => setQuery((q) => withFilter(q, { sort: value }));
  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <ScreenHeader id={headingId} title={t(route.titleKey ?? "PageTitle_Tasks")} />
      <StatusList
        uid="tasks"
        searchLabel={t("Tasks_SearchLabel")}
        statuses={TASK_STATUSES}
        query={query}
        setQuery={setQuery}
        resource={tasks}
        emptyText={t("Tasks_Empty")}
        pagesLabel={t("Tasks_Pages")}
        headingId={headingId}
      >
        <thead>
          <tr>
            <SortHeader
              label={t("Work_Name")}
              direction={sortDirection(query.sort, "Name")}
              onSort={() => sort(toggleSort(query.sort, "Name"))}
            />
            <th scope="col">{t("Tasks_Kind")}</th>
            <SortHeader
              label={t("Work_Status")}
              direction={sortDirection(query.sort, "Status")}
              onSort={() => sort(toggleSort(query.sort, "Status"))}
            />
            <th scope="col">{t("Tasks_Progress")}</th>
            <th scope="col">{t("Work_Owner")}</th>
            <SortHeader
              label={t("Work_Created")}
              direction={sortDirection(query.sort, "CreatedAt")}
              onSort={() => sort(toggleSort(query.sort, "CreatedAt"))}
            />
            <SortHeader
              label={t("Tasks_Finished")}
              direction={sortDirection(query.sort, "FinishedAt")}
              onSort={() => sort(toggleSort(query.sort, "FinishedAt"))}
            />
          </tr>
        </thead>
        <tbody>
          {items.map((task) => (
            <tr key={task.RecId}>
              <th scope="row">
                <Link className="work-link" to={`/tasks/${task.RecId}`}>
                  {task.Name}
                </Link>
              </th>
              <td>{task.Kind}</td>
              <td>
                <StatusBadge label={t(`Status_${task.Status}`)} tone={taskTone(task.Status)} />
              </td>
              <td>
                <TaskProgress task={task} />
              </td>
              <td>{task.OwnerFullName ?? "—"}</td>
              <td>{formatDateTime(task.CreatedAt, i18n.language)}</td>
              <td>{formatDateTime(task.FinishedAt, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </StatusList>
    </section>
  );
}
