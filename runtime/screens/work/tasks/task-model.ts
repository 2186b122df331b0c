/**
 * Tasks and their logs (server/upstream/README-content.md, Tasks): the shapes the screens read and
 * the pure decisions of the log viewer — whether to poll `Tasks/{id}/Log?after`, from which line,
 * and how new lines join the shown ones.
 */
import type { Tone } from "../common/list-parts.tsx";

/** The states of a task. */
export const TASK_STATUSES = ["Queued", "Running", "Succeeded", "Failed", "Cancelled"] as const;
/** One task state. */
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A task as the upstream returns it. */
export interface Task {
  RecId: number;
  UID: string;
  Name: string;
  Kind: string;
  Status: TaskStatus;
  /** 0–100. */
  Progress: number;
  Message: string | null;
  OwnerFullName: string | null;
  RelatedObjectRecId: number | null;
  RelatedObjectType: string | null;
  RelatedObjectName: string | null;
  CreatedAt: string | null;
  StartedAt: string | null;
  FinishedAt: string | null;
}

/** One log line; Severity 1 info, 2 warning, 3 error (§9 log levels). */
export interface TaskLogLine {
  RecId: number;
  Date: string;
  Severity: number;
  Message: string;
}

/** The answer of `Tasks/{id}/Log`. */
export interface TaskLog {
  Status: TaskStatus;
  Progress: number;
  Lines: TaskLogLine[];
}

/** How often the log of a running task is asked for new lines (§9 names no such delay). */
export const TASK_LOG_POLL_INTERVAL_MS = 2000;

/** A task that may still change: queued or running. */
export function isTaskActive(status: TaskStatus): boolean {
  return status === "Queued" || status === "Running";
}

/** What the viewer does after an answer or a failure. */
export type PollDecision =
  | { kind: "poll"; delayMs: number }
  | { kind: "stop"; reason: "finished" | "failed" };

/**
 * After each log call: poll again while the task runs, stop once it has finished; a failed call
 * stops polling (the viewer offers to retry) so a broken service is not asked forever.
 */
export function nextPoll(outcome: { status: TaskStatus } | { failed: true }): PollDecision {
  if ("failed" in outcome) return { kind: "stop", reason: "failed" };
  return isTaskActive(outcome.status)
    ? { kind: "poll", delayMs: TASK_LOG_POLL_INTERVAL_MS }
    : { kind: "stop", reason: "finished" };
}

/** The `after` parameter of the next call: the highest line RecId shown (0 before any). */
export function logCursor(lines: readonly TaskLogLine[]): number {
  let cursor = 0;
  for (const line of lines) if (line.RecId > cursor) cursor = line.RecId;
  return cursor;
}

/** The path of the next log call. */
export function logPath(taskRecId: number, lines: readonly TaskLogLine[]): string {
  const after = logCursor(lines);
  return after > 0 ? `Tasks/${taskRecId}/Log?after=${after}` : `Tasks/${taskRecId}/Log`;
}

/** Shown lines plus new ones: each line once (by RecId), in RecId order. */
export function mergeLogLines(
  shown: readonly TaskLogLine[],
  incoming: readonly TaskLogLine[],
): TaskLogLine[] {
  if (incoming.length === 0) return shown as TaskLogLine[];
  const byId = new Map<number, TaskLogLine>();
  for (const line of shown) byId.set(line.RecId, line);
  for (const line of incoming) byId.set(line.RecId, line);
  return [...byId.values()].sort((a, b) => a.RecId - b.RecId);
}

/** The text key of a log severity (§9: 1 info, 2 warning, 3 error). */
export function severityKey(severity: number): string {
  if (severity >= 3) return "Severity_Error";
  if (severity === 2) return "Severity_Warning";
  return "Severity_Info";
}

/** The tone of a task state. */
export function taskTone(status: TaskStatus): Tone {
  switch (status) {
    case "Succeeded":
      return "success";
    case "Failed":
      return "danger";
    case "Cancelled":
      return "warning";
    case "Running":
      return "info";
    default:
      return "neutral";
  }
}

/** Cancelling needs Tasks at rw and a task that has not finished (409 TaskFinished otherwise). */
export function canCancelTask(status: TaskStatus, canWrite: boolean): boolean {
  return canWrite && isTaskActive(status);
}
