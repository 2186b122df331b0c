/**
 * The jobs area's shared runtime: the upstream context, the in-process queue the background work
 * runs on, and a task reporter that keeps a job's Task (status, progress, log lines; §9 severities
 * 1 info, 2 warning, 3 error) up to date for /tasks and the task log viewer.
 */
import type { UpstreamContext } from "../context.ts";
import type { TaskStatus } from "../store/types/tasks.ts";
import { JobQueue } from "./queue.ts";

/** Schedule tasks failing this many runs in a row are disabled by the system (§4.3). */
export const SCHEDULE_FAILURE_LIMIT = 3;
/** Export files can be downloaded this long. */
export const EXPORT_FILE_LIFETIME_MS = 7 * 24 * 3_600_000;

/** What every jobs module works with. */
export interface JobRuntime {
  context: UpstreamContext;
  queue: JobQueue;
}

/** Creates the runtime of one upstream instance. */
export function createJobRuntime(context: UpstreamContext): JobRuntime {
  return { context, queue: new JobQueue(context.log) };
}

/** A failure a job reports to its user as it is (the message is meant for them). */
export class JobFailure extends Error {}

/** The message of a failure as the user sees it; unexpected errors are logged, never shown. */
export function failureMessage(runtime: JobRuntime, error: unknown, what: string): string {
  if (error instanceof JobFailure) return error.message;
  runtime.context.log.error({ err: error }, `${what} failed`);
  return `The ${what} failed unexpectedly.`;
}

/** Reports on one task of an account. */
export function taskReporter(runtime: JobRuntime, accountId: number, taskId: number) {
  const { tasks } = runtime.context.store.content;
  const now = () => runtime.context.now();
  const report = (
    change: { status?: TaskStatus; progress?: number; message?: string },
    severity: 1 | 2 | 3 | null,
    message: string,
  ) => tasks.report(accountId, taskId, change, severity === null ? null : { severity, message }, now());
  return {
    /** The task's current status (undefined once deleted). */
    status: async () => (await tasks.get(accountId, taskId))?.status,
    start: (message: string) => report({ status: "Running", progress: 0, message }, 1, message),
    log: (severity: 1 | 2 | 3, message: string, progress?: number) =>
      report(progress === undefined ? {} : { progress }, severity, message),
    succeed: (message: string) => report({ status: "Succeeded", progress: 100, message }, 1, message),
    fail: (message: string) => report({ status: "Failed", message }, 3, message),
  };
}
