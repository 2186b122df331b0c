/**
 * /tasks (§2.2 Plugins and tasks): the account's tasks with their state and progress, searchable,
 * filtered by state, sortable and paged (`GET Tasks`); a task's name opens /tasks/{recId} with
 * its log.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ScreenProps } from "../../../renderers/screen-props.ts";
import { formatDateTime } from "../common/format.ts";
import {
  ListToolbar,
  LoadState,
  Pager,
  ScreenHeader,
  SortHeader,
  StatusBadge,
} from "../common/list-parts.tsx";
import { initialQuery, listPath, type Page, withFilter, withPage } from "../common/list-query.ts";
import { useApi } from "../common/use-api.ts";
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
  const total = tasks.data?.total ?? 0;
  const sort = (value: string) => setQuery((q) => withFilter(q, { sort: value }));
  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <ScreenHeader id={headingId} title={t(route.titleKey ?? "PageTitle_Tasks")} />
      <ListToolbar
        uid="tasks"
        label={t("Tasks_SearchLabel")}
        search={query.search}
        onSearch={(search) => setQuery((q) => withFilter(q, { search }))}
        filters={[
          {
            uid: "tasks-status",
            label: t("Work_Status"),
            value: query.filters.status ?? "",
            options: TASK_STATUSES.map((status) => ({ value: status, label: t(`Status_${status}`) })),
            onChange: (status) => setQuery((q) => withFilter(q, { filters: { status } })),
          },
        ]}
      />
      <LoadState
        loading={tasks.loading}
        error={tasks.error}
        hasData={tasks.data !== null}
        empty={items.length === 0}
        emptyText={t("Tasks_Empty")}
        onRetry={tasks.reload}
      >
        <div className="work-table-wrap">
          <table className="work-table" aria-labelledby={headingId} aria-busy={tasks.loading}>
            <thead>
              <tr>
                <SortHeader field="Name" label={t("Work_Name")} sort={query.sort} onSort={sort} />
                <th scope="col">{t("Tasks_Kind")}</th>
                <SortHeader field="Status" label={t("Work_Status")} sort={query.sort} onSort={sort} />
                <th scope="col">{t("Tasks_Progress")}</th>
                <th scope="col">{t("Work_Owner")}</th>
                <SortHeader field="CreatedAt" label={t("Work_Created")} sort={query.sort} onSort={sort} />
                <SortHeader field="FinishedAt" label={t("Tasks_Finished")} sort={query.sort} onSort={sort} />
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
          </table>
        </div>
      </LoadState>
      <Pager
        query={query}
        total={total}
        label={t("Tasks_Pages")}
        onPage={(page) => setQuery((q) => withPage(q, page, total))}
      />
    </section>
  );
}
