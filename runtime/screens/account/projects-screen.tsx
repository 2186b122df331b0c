/**
 * /projects (§2.2 Support): the account's projects (`GET Projects`) — search, state filter, sort,
 * paging —; with Projects at rw: create, edit and delete them.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SortHeader } from "../../components/list/sort-header.tsx";
import { sortDirection } from "../../components/list/sort-order.ts";
import { apiRequest } from "../../http/api-client.ts";
import { reportSuccess } from "../../http/report-error.ts";
import { runChange, useApi } from "../../http/use-api.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { ConfirmDialog } from "../work/common/confirm-dialog.tsx";
import { formatDate } from "../work/common/format.ts";
import { ScreenHeader, StatusBadge } from "../work/common/list-parts.tsx";
import { initialQuery, listPath, type Page, toggleSort, withFilter } from "../work/common/list-query.ts";
import { StatusList } from "../work/common/status-list.tsx";
import { useCanWrite } from "../work/common/use-access.ts";
import { ProjectDialog } from "./project-dialog.tsx";
import { PROJECT_STATUSES, type Project, projectTone } from "./project-model.ts";
import "../work/common/work.css";

type Pending = { kind: "edit"; project: Project | null } | { kind: "delete"; project: Project } | null;

export default function ProjectsScreen({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const canWrite = useCanWrite("Projects");
  const [query, setQuery] = useState(() => initialQuery({ status: "" }, "Name"));
  const [pending, setPending] = useState<Pending>(null);
  const projects = useApi<Page<Project>>(listPath("Projects", query));
  const items = projects.data?.items ?? [];
  const sort = (value: string) => setQuery((q) => withFilter(q, { sort: value }));

  const remove = async (project: Project) => {
    const done = await runChange(() =>
      apiRequest(`Projects/${project.RecId}`, { method: "DELETE" }).then(() => true),
    );
    setPending(null);
    if (!done) return;
    reportSuccess("Projects_Deleted", { name: project.Name });
    projects.reload();
  };

  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <ScreenHeader
        id={headingId}
        title={t(route.titleKey ?? "PageTitle_Projects")}
        actions={
          canWrite ? (
            <button
              type="button"
              className="kit-button kit-button--primary"
              onClick={() => setPending({ kind: "edit", project: null })}
            >
              {t("Action_NewProject")}
            </button>
          ) : null
        }
      />
      <StatusList
        uid="projects"
        searchLabel={t("Projects_SearchLabel")}
        statuses={PROJECT_STATUSES}
        query={query}
        setQuery={setQuery}
        resource={projects}
        emptyText={t("Projects_Empty")}
        pagesLabel={t("Projects_Pages")}
        headingId={headingId}
      >
        <thead>
          <tr>
            <SortHeader
              label={t("Work_Name")}
              direction={sortDirection(query.sort, "Name")}
              onSort={() => sort(toggleSort(query.sort, "Name"))}
            />
            <SortHeader
              label={t("Work_Status")}
              direction={sortDirection(query.sort, "Status")}
              onSort={() => sort(toggleSort(query.sort, "Status"))}
            />
            <SortHeader
              label={t("Projects_StartDate")}
              direction={sortDirection(query.sort, "StartDate")}
              onSort={() => sort(toggleSort(query.sort, "StartDate"))}
            />
            <SortHeader
              label={t("Projects_DueDate")}
              direction={sortDirection(query.sort, "DueDate")}
              onSort={() => sort(toggleSort(query.sort, "DueDate"))}
            />
            <th scope="col">{t("Work_Owner")}</th>
            {canWrite ? <th scope="col">{t("Work_Actions")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((project) => (
            <tr key={project.RecId}>
              <th scope="row">
                {project.Name}
                {project.Description ? <div className="work-muted">{project.Description}</div> : null}
              </th>
              <td>
                <StatusBadge label={t(`Status_${project.Status}`)} tone={projectTone(project.Status)} />
              </td>
              <td>{formatDate(project.StartDate, i18n.language)}</td>
              <td>{formatDate(project.DueDate, i18n.language)}</td>
              <td>{project.OwnerFullName ?? "—"}</td>
              {canWrite ? (
                <td>
                  <div className="work-actions">
                    <button
                      type="button"
                      className="kit-button"
                      aria-label={t("Projects_Edit", { name: project.Name })}
                      onClick={() => setPending({ kind: "edit", project })}
                    >
                      {t("Action_Edit")}
                    </button>
                    <button
                      type="button"
                      className="kit-button"
                      aria-label={t("Projects_Delete", { name: project.Name })}
                      onClick={() => setPending({ kind: "delete", project })}
                    >
                      {t("Action_Delete")}
                    </button>
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </StatusList>
      {pending?.kind === "edit" ? (
        <ProjectDialog
          project={pending.project}
          onClose={() => setPending(null)}
          onSaved={(project) => {
            setPending(null);
            reportSuccess("Projects_Saved", { name: project.Name });
            projects.reload();
          }}
        />
      ) : null}
      {pending?.kind === "delete" ? (
        <ConfirmDialog
          title={t("Action_Delete")}
          message={t("Confirm_Delete", { name: pending.project.Name })}
          confirmLabel={t("Action_Delete")}
          danger
          onConfirm={() => remove(pending.project)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
