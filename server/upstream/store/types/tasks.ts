/**
 * Store family of tasks and their logs (§2.2 /tasks). Same rules as ./identity.ts: async, atomic per method,
 * every account-data method takes the caller's account id.
 */
import type { ListQuery, Page } from "./list-page.ts";

/** Task states and sort fields; log severities follow §9 (1 info, 2 warning, 3 error). */
export const TASK_STATUSES = ["Queued", "Running", "Succeeded", "Failed", "Cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_SORT_FIELDS = ["Name", "Status", "CreatedAt", "StartedAt", "FinishedAt"] as const;

/** A task (an object of type Task with its run state). */
export interface TaskRecord {
  recId: number;
  uid: string;
  name: string;
  kind: string;
  status: TaskStatus;
  progress: number;
  message: string;
  ownerUserId: number | null;
  ownerFullName: string | null;
  relatedObjectId: number | null;
  relatedObjectName: string | null;
  relatedObjectType: string | null;
  /** The user whose Personal tree holds the related object (its name is theirs to see), or null. */
  relatedObjectPrivateTo: number | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

/** One line of a task's log. */
export interface TaskLogLine {
  recId: number;
  at: number;
  severity: 1 | 2 | 3;
  message: string;
}

/** Tasks and their logs. */
export interface TaskStoreFamily {
  list(accountId: number, query: ListQuery & { status?: TaskStatus }): Promise<Page<TaskRecord>>;
  get(accountId: number, recId: number): Promise<TaskRecord | undefined>;
  /** Lines after `afterRecId`, oldest first. */
  log(accountId: number, recId: number, afterRecId: number, limit: number): Promise<TaskLogLine[]>;
  /** A new task (or run state for an existing Task object, `objectId`), for producers such as workers. */
  create(
    accountId: number,
    input: {
      name: string;
      kind: string;
      ownerUserId: number | null;
      relatedObjectId: number | null;
      objectId?: number;
    },
    now: number,
  ): Promise<TaskRecord>;
  /** Progress reported by the producer, with an optional log line. */
  report(
    accountId: number,
    recId: number,
    change: { status?: TaskStatus; progress?: number; message?: string },
    line: { severity: 1 | 2 | 3; message: string } | null,
    now: number,
  ): Promise<TaskRecord | undefined>;
  /** Cancels a queued or running task, logging who did it. */
  cancel(
    accountId: number,
    recId: number,
    byFullName: string,
    now: number,
  ): Promise<TaskRecord | "notFound" | "finished">;
  /** Deletes a finished task with its log. */
  delete(accountId: number, recId: number): Promise<"deleted" | "notFound" | "running">;
}
