/**
 * The task log viewer (§2.5, recId): the task's status and progress and its
 * log lines (GET Tasks/{recId}/Log, severities 1 info, 2 warning, 3 error),
 * refreshed on request from the header.
 */
import { useTranslation } from "react-i18next";
import { useApi } from "../../http/use-api.ts";
import { DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";

/** A task (the parts shown). */
interface Task {
  RecId: number;
  Name: string;
  Status: string;
  Progress: number;
  Message: string | null;
}

interface TaskLog {
  Status: string;
  Progress: number;
  Lines: { RecId: number; Date: string; Severity: number; Message: string }[];
}

/** Lines read at most (the upstream's limit). */
export const TASK_LOG_LIMIT = 500;
/** Severity text keys (§9 levels: 1 info, 2 warning, 3 error). */
export const SEVERITY_KEYS: Readonly<Record<number, string>> = {
  1: "Severity_Info",
  2: "Severity_Warning",
  3: "Severity_Error",
};

export function TaskLogViewerDialog({ entry }: DialogProps) {
  const { t, i18n } = useTranslation();
  const recId = entry.params.recId as number;
  const task = useApi<Task>(`Tasks/${recId}`, { quietNotFound: true });
  const log = useApi<TaskLog>(`Tasks/${recId}/Log?limit=${TASK_LOG_LIMIT}`, { quietNotFound: true });
  const current = task.state.status === "ready" ? task.state.data : null;
  const lines = log.state.status === "ready" ? log.state.data.Lines : [];
  const refresh = (
    <button
      type="button"
      className="kit-button"
      onClick={() => {
        task.reload();
        log.reload();
      }}
    >
      {t("TaskLog_Refresh")}
    </button>
  );
  return (
    <DialogFrame
      size="l"
      title={current?.Name}
      headerActions={refresh}
      footer={<DialogCloseButton labelKey="Dialog_Close" />}
    >
      <LoadState state={task.state} />
      {current ? (
        <dl className="dialog-details">
          <dt>{t("Field_Status")}</dt>
          <dd>{log.state.status === "ready" ? log.state.data.Status : current.Status}</dd>
          <dt>{t("Field_Progress")}</dt>
          <dd>{log.state.status === "ready" ? log.state.data.Progress : current.Progress}</dd>
          {current.Message ? (
            <>
              <dt>{t("Field_Message")}</dt>
              <dd>{current.Message}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {current ? <LoadState state={log.state} /> : null}
      {log.state.status === "ready" && lines.length === 0 ? <p>{t("TaskLog_Empty")}</p> : null}
      {lines.length > 0 ? (
        <div className="dialog-table-wrap">
          <table className="dialog-table">
            <caption className="visually-hidden">{t("DialogTitle_TaskLogViewer")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Field_Date")}</th>
                <th scope="col">{t("Field_Severity")}</th>
                <th scope="col">{t("Field_Message")}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.RecId} className={`dialog-severity--${line.Severity}`}>
                  <td>{new Date(line.Date).toLocaleString(i18n.language)}</td>
                  <td>{t(SEVERITY_KEYS[line.Severity] ?? "Severity_Info")}</td>
                  <td className="dialog-mono">{line.Message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </DialogFrame>
  );
}
