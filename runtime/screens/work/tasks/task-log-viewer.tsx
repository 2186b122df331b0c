/**
 * The task log viewer: reads `Tasks/{id}/Log`, then asks only for the lines after the last one
 * shown (`?after=`) every TASK_LOG_POLL_INTERVAL_MS while the task runs, and stops once it has
 * finished (task-log-poller.ts). Also used by the task log viewer dialog (§2.5).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../../../http/api-client.ts";
import { reportError } from "../../../http/report-error.ts";
import { formatDateTime } from "../common/format.ts";
import { type PollPhase, startLogPoller } from "./task-log-poller.ts";
import { severityKey, type TaskLog, type TaskLogLine, type TaskStatus } from "./task-model.ts";
import "./tasks.css";

/** Props of a TaskLogViewer. */
export interface TaskLogViewerProps {
  taskRecId: number;
  /** Told the task's state and progress after each answer (the detail screen follows it). */
  onState?: (status: TaskStatus, progress: number) => void;
}

/** How close to the end (in CSS pixels) the reader counts as following the newest line. */
const FOLLOW_SLACK_PX = 8;

/** The log of one task, followed while it runs. */
export function TaskLogViewer({ taskRecId, onState }: TaskLogViewerProps) {
  const { t, i18n } = useTranslation();
  const [lines, setLines] = useState<TaskLogLine[]>([]);
  const [phase, setPhase] = useState<PollPhase>("loading");
  const [attempt, setAttempt] = useState(0);
  const box = useRef<HTMLOListElement>(null);
  const follow = useRef(true);
  const report = useRef(onState);
  report.current = onState;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the polling after a failure
  useEffect(
    () =>
      startLogPoller({
        taskRecId,
        fetchLog: (path, signal) => apiRequest<TaskLog>(path, { signal }),
        onLog: (shown, log) => {
          setLines(shown);
          report.current?.(log.Status, log.Progress);
        },
        onPhase: setPhase,
        onError: reportError,
      }),
    [taskRecId, attempt],
  );

  // Keeps the newest line in view while the reader has not scrolled up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when lines arrive
  useLayoutEffect(() => {
    const element = box.current;
    if (element && follow.current) element.scrollTop = element.scrollHeight;
  }, [lines]);

  const onScroll = useCallback(() => {
    const element = box.current;
    if (element)
      follow.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_SLACK_PX;
  }, []);

  return (
    <div className="task-log">
      <p className="work-muted" role="status">
        {t(
          {
            loading: "Loading",
            polling: "Tasks_LogFollowing",
            finished: "Tasks_LogComplete",
            failed: "Tasks_LogStopped",
          }[phase],
        )}
      </p>
      {phase === "failed" ? (
        <button type="button" className="kit-button" onClick={() => setAttempt((n) => n + 1)}>
          {t("Work_Retry")}
        </button>
      ) : null}
      <ol
        ref={box}
        className="task-log__lines"
        role="log"
        aria-label={t("Tasks_Log")}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        onScroll={onScroll}
      >
        {lines.map((line) => (
          <li
            key={line.RecId}
            className={`task-log__line task-log__line--s${Math.min(3, Math.max(1, line.Severity))}`}
          >
            <time dateTime={line.Date} className="task-log__time">
              {formatDateTime(line.Date, i18n.language)}
            </time>
            <span className="task-log__severity">{t(severityKey(line.Severity))}</span>
            <span className="task-log__message">{line.Message}</span>
          </li>
        ))}
      </ol>
      {lines.length === 0 && phase !== "loading" ? <p className="work-muted">{t("Tasks_LogEmpty")}</p> : null}
    </div>
  );
}
