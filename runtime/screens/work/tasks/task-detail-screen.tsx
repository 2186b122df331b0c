/**
 * /tasks/{recId} (§2.2): one task — state, progress, owner, related object, times — and its log,
 * followed while the task runs. Cancelling needs Tasks at rw and a task that has not finished.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { apiRequest } from "../../../http/api-client.ts";
import { reportSuccess } from "../../../http/report-error.ts";
import { runChange, useApi } from "../../../http/use-api.ts";
import type { ScreenProps } from "../../../renderers/screen-props.ts";
import { ConfirmDialog } from "../common/confirm-dialog.tsx";
import { formatDateTime } from "../common/format.ts";
import { LoadState, ScreenHeader, StatusBadge } from "../common/list-parts.tsx";
import { parseRecId } from "../common/record-id.ts";
import { useCanWrite } from "../common/use-access.ts";
import { TaskLogViewer } from "./task-log-viewer.tsx";
import { canCancelTask, isTaskActive, type Task, type TaskStatus, taskTone } from "./task-model.ts";
import { TaskProgress } from "./tasks-screen.tsx";
import "../common/work.css";

export default function TaskDetailScreen({ route, params }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const recId = parseRecId(params.recId);
  const task = useApi<Task>(recId === null ? null : `Tasks/${recId}`);
  const canWrite = useCanWrite("Tasks");
  const [live, setLive] = useState<{ status: TaskStatus; progress: number } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  if (recId === null) {
    return (
      <section className="work-screen" aria-labelledby={headingId}>
        <ScreenHeader id={headingId} title={t(route.titleKey ?? "PageTitle_TaskDetail")} />
        <p role="alert">{t("Tasks_NotFound")}</p>
        <BackToTasks />
      </section>
    );
  }
  const data = task.data;
  // The log answers carry the newest state; the task itself is read again when it finishes.
  const shown: Task | null = data && live ? { ...data, Status: live.status, Progress: live.progress } : data;
  const onState = (status: TaskStatus, progress: number) => {
    setLive({ status, progress });
    if (data && isTaskActive(data.Status) && !isTaskActive(status)) task.reload();
  };
  const cancel = async () => {
    setBusy(true);
    const done = await runChange(() => apiRequest<Task>(`Tasks/${recId}/Cancel`, { method: "POST" }));
    setBusy(false);
    setConfirming(false);
    if (done) {
      setLive({ status: done.Status, progress: done.Progress });
      reportSuccess("Tasks_Cancelled");
      task.reload();
    }
  };

  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <BackToTasks />
      <ScreenHeader
        id={headingId}
        title={shown ? shown.Name : t(route.titleKey ?? "PageTitle_TaskDetail")}
        actions={
          shown && canCancelTask(shown.Status, canWrite) ? (
            <button type="button" className="kit-button" onClick={() => setConfirming(true)}>
              {t("Action_CancelTask")}
            </button>
          ) : null
        }
      />
      <LoadState loading={task.loading} error={task.error} hasData={shown !== null} onRetry={task.reload}>
        {shown ? (
          <div className="work-panel">
            <dl className="work-fields">
              <dt>{t("Work_Status")}</dt>
              <dd>
                <StatusBadge label={t(`Status_${shown.Status}`)} tone={taskTone(shown.Status)} />
              </dd>
              <dt>{t("Tasks_Progress")}</dt>
              <dd>
                <TaskProgress task={shown} />
              </dd>
              <dt>{t("Tasks_Kind")}</dt>
              <dd>{shown.Kind}</dd>
              <dt>{t("Work_Owner")}</dt>
              <dd>{shown.OwnerFullName ?? "—"}</dd>
              {shown.RelatedObjectName ? (
                <>
                  <dt>{t("Tasks_RelatedObject")}</dt>
                  <dd>
                    {shown.RelatedObjectName}
                    {shown.RelatedObjectType ? (
                      <span className="work-muted"> ({t(`ObjectType_${shown.RelatedObjectType}`)})</span>
                    ) : null}
                  </dd>
                </>
              ) : null}
              <dt>{t("Work_Created")}</dt>
              <dd>{formatDateTime(shown.CreatedAt, i18n.language)}</dd>
              <dt>{t("Tasks_Started")}</dt>
              <dd>{formatDateTime(shown.StartedAt, i18n.language)}</dd>
              <dt>{t("Tasks_Finished")}</dt>
              <dd>{formatDateTime(shown.FinishedAt, i18n.language)}</dd>
              {shown.Message ? (
                <>
                  <dt>{t("Tasks_Message")}</dt>
                  <dd>{shown.Message}</dd>
                </>
              ) : null}
            </dl>
          </div>
        ) : null}
      </LoadState>
      {data ? (
        <section className="work-panel" aria-labelledby={`${headingId}-log`}>
          <h2 id={`${headingId}-log`} className="work-section-title">
            {t("Tasks_Log")}
          </h2>
          <TaskLogViewer taskRecId={recId} onState={onState} />
        </section>
      ) : null}
      {confirming && shown ? (
        <ConfirmDialog
          title={t("Action_CancelTask")}
          message={t("Confirm_CancelTask", { name: shown.Name })}
          confirmLabel={t("Action_CancelTask")}
          danger
          busy={busy}
          onConfirm={cancel}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}

function BackToTasks() {
  const { t } = useTranslation();
  return (
    <Link className="work-link" to="/tasks">
      {t("Tasks_BackToList")}
    </Link>
  );
}
