/**
 * Following a task's log without React: read `Tasks/{id}/Log`, then only the lines after the last
 * one shown, every TASK_LOG_POLL_INTERVAL_MS while the task runs; stop once it has finished, after
 * a failed call, or when stopped. The viewer component only renders what this reports.
 */
import { ApiError } from "../../../http/api-error.ts";
import { logPath, mergeLogLines, nextPoll, type TaskLog, type TaskLogLine } from "./task-model.ts";

/** What the poller is doing. */
export type PollPhase = "loading" | "polling" | "finished" | "failed";

/** The poller's collaborators. */
export interface LogPollerOptions {
  taskRecId: number;
  /** Performs one log call (apiRequest in the browser). */
  fetchLog: (path: string, signal: AbortSignal) => Promise<TaskLog>;
  /** Every answer: the lines shown so far and the log's state. */
  onLog: (lines: TaskLogLine[], log: TaskLog) => void;
  onPhase: (phase: PollPhase) => void;
  /** A failed call (not an aborted one). */
  onError: (error: unknown) => void;
}

/** Starts following the log; the returned function stops it (aborting a call in flight). */
export function startLogPoller(options: LogPollerOptions): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lines: TaskLogLine[] = [];

  const poll = async () => {
    timer = null;
    let decision: ReturnType<typeof nextPoll>;
    try {
      const log = await options.fetchLog(logPath(options.taskRecId, lines), controller.signal);
      if (controller.signal.aborted) return;
      lines = mergeLogLines(lines, log.Lines);
      options.onLog(lines, log);
      decision = nextPoll({ status: log.Status });
    } catch (error) {
      if (controller.signal.aborted || (error instanceof ApiError && error.aborted)) return;
      options.onError(error);
      decision = nextPoll({ failed: true });
    }
    if (decision.kind === "poll") {
      options.onPhase("polling");
      timer = setTimeout(poll, decision.delayMs);
    } else options.onPhase(decision.reason);
  };

  options.onPhase("loading");
  void poll();
  return () => {
    controller.abort();
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
