/**
 * Schedule runs (§2.2 /schedules and /scheduleshistory; §4.3 ScheduleTriggered, ScheduleCompleted,
 * ScheduleError, ScheduleDisabled, ScheduleTaskDisabled, ScheduleTaskDisabledBySystem). A run exports
 * each enabled task's object for the schedule's owner (the files show in the owner's Exports), one
 * after the other, inside one Task with a log; its end is recorded in the schedule history. A task
 * failing SCHEDULE_FAILURE_LIMIT runs in a row is disabled by the system, and the schedule with it
 * when none is left. The schedule's owner and its recipients are told — never about what they did
 * themselves (a manual run or disable), always about outcomes.
 */
import { notifyScheduleEvent, type ScheduleEvent } from "../notifications/object-events.ts";
import type { ScheduleJob } from "../store/types/automation.ts";
import { runExport } from "./exports.ts";
import { nextRunAfter } from "./recurrence.ts";
import { failureMessage, type JobRuntime, SCHEDULE_FAILURE_LIMIT, taskReporter } from "./runtime.ts";

/** Tells the schedule's owner and recipients, except `actorId` (who caused the event). */
export async function tellSchedule(
  runtime: JobRuntime,
  job: ScheduleJob,
  event: ScheduleEvent,
  extra: { taskName?: string; message?: string; actorId?: number } = {},
): Promise<void> {
  const owner = job.ownerUserId === extra.actorId ? null : job.ownerUserId;
  await notifyScheduleEvent(runtime.context, {
    accountId: job.accountId,
    event,
    schedule: { recId: job.objectId, name: job.name, ownerUserId: owner },
    recipientUserIds: job.recipientUserIds.filter((userId) => userId !== extra.actorId),
    ...(extra.taskName !== undefined && { taskName: extra.taskName }),
    ...(extra.message !== undefined && { message: extra.message }),
  }).catch((error: unknown) => runtime.context.log.error({ err: error }, "schedule notification failed"));
}

/**
 * Starts a run: by the scheduler (`expectedNextRunAt`: only while that run is still due, and the
 * next one is planned) or by a user (`actorId`). Returns the run's task, or why it did not start.
 */
export async function startScheduleRun(
  runtime: JobRuntime,
  job: ScheduleJob,
  trigger: { actorId: number } | { expectedNextRunAt: number },
): Promise<number | "running" | "notFound" | "notDue"> {
  const { context } = runtime;
  const now = context.now();
  const scheduled = "expectedNextRunAt" in trigger;
  const begun = await context.store.jobs.schedules.beginRun(
    job.accountId,
    job.objectId,
    {
      taskName: `${job.name} run`,
      nextRunAt: scheduled ? nextRunAfter(job.recurrence, now) : job.nextRunAt,
      ...(scheduled && { expectedNextRunAt: trigger.expectedNextRunAt }),
    },
    now,
  );
  if (typeof begun === "string") return begun;
  await tellSchedule(runtime, begun.job, "Triggered", scheduled ? {} : { actorId: trigger.actorId });
  runtime.queue.enqueue(`schedule ${job.objectId}`, () => runSchedule(runtime, begun.job, begun.taskId, now));
  return begun.taskId;
}

/** Runs the enabled tasks of a started run and ends it (in the queue's worker). */
export async function runSchedule(
  runtime: JobRuntime,
  job: ScheduleJob,
  taskId: number,
  startedAt: number,
): Promise<void> {
  const { context } = runtime;
  const { schedules, exports } = context.store.jobs;
  const task = taskReporter(runtime, job.accountId, taskId);
  const tasks = job.tasks.filter((candidate) => candidate.enabled);
  const outcomes: { name: string; succeeded: boolean; error?: string }[] = [];
  let cancelled = (await task.status()) === "Cancelled";
  if (!cancelled) await task.start(`Running ${tasks.length} task(s) of «${job.name}».`);
  for (const [index, scheduleTask] of tasks.entries()) {
    if (cancelled || (await task.status()) === "Cancelled") {
      cancelled = true;
      break;
    }
    let error: string | undefined;
    try {
      const object = await context.store.objects.get(job.accountId, scheduleTask.objectId);
      if (!object || job.ownerUserId === null) {
        error = object
          ? "The schedule has no owner to export for."
          : "The object to export was deleted for good.";
      } else {
        const exportJob = await exports.create(
          job.accountId,
          {
            userId: job.ownerUserId,
            objectId: object.recId,
            objectName: object.name,
            objectType: object.type,
            format: scheduleTask.format,
            scheduleRun: { scheduleId: job.objectId, taskId },
          },
          context.now(),
        );
        const result = await runExport(runtime, exportJob);
        if (!result.ok) error = "error" in result ? result.error : "The export was cancelled.";
      }
    } catch (failure) {
      error = failureMessage(runtime, failure, "schedule task");
    }
    outcomes.push({
      name: scheduleTask.name,
      succeeded: error === undefined,
      ...(error !== undefined && { error }),
    });
    const progress = Math.round(((index + 1) / tasks.length) * 100);
    if (error === undefined) await task.log(1, `Task «${scheduleTask.name}»: exported.`, progress);
    else await task.log(3, `Task «${scheduleTask.name}»: ${error}`, progress);
  }
  const failed = outcomes.find((outcome) => !outcome.succeeded);
  const message = cancelled
    ? "The run was cancelled."
    : failed
      ? `Task «${failed.name}» failed: ${failed.error}`
      : `${outcomes.length} task(s) done.`;
  const end = await schedules.endRun(
    job.accountId,
    job.objectId,
    taskId,
    {
      status: failed || cancelled ? "Failed" : "Succeeded",
      message,
      startedAt,
      counts: !cancelled,
      outcomes,
    },
    SCHEDULE_FAILURE_LIMIT,
    context.now(),
  );
  if (cancelled) return;
  if (failed) {
    await task.fail(message);
    await tellSchedule(runtime, job, "Error", { taskName: failed.name, message: failed.error ?? message });
  } else {
    await task.succeed(message);
    await tellSchedule(runtime, job, "Completed");
  }
  for (const name of end.disabledTasks) {
    const why = `Disabled after ${SCHEDULE_FAILURE_LIMIT} failed runs in a row.`;
    await task.log(2, `Task «${name}»: ${why}`);
    await tellSchedule(runtime, job, "TaskDisabledBySystem", { taskName: name, message: why });
  }
}

/** Ends a run a restart interrupted: recorded as failed, not counted toward the failure limit. */
export async function endInterruptedRun(runtime: JobRuntime, job: ScheduleJob): Promise<void> {
  if (job.runningTaskId === null) return;
  const message = "The service restarted during the run.";
  await taskReporter(runtime, job.accountId, job.runningTaskId).fail(message);
  await runtime.context.store.jobs.schedules.endRun(
    job.accountId,
    job.objectId,
    job.runningTaskId,
    {
      status: "Failed",
      message,
      startedAt: job.lastRunAt ?? runtime.context.now(),
      counts: false,
      outcomes: [],
    },
    SCHEDULE_FAILURE_LIMIT,
    runtime.context.now(),
  );
  await tellSchedule(runtime, job, "Error", { message });
}
