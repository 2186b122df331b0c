/**
 * The in-process scheduler (§2.2 Automation): every SCHEDULER_TICK_MS it reads the injected clock
 * (context.now) and starts the enabled schedules and evaluates the enabled alerts that are due. A
 * due item is claimed in the store before it runs (its next run moves on in the same statement),
 * so two processes on one database never both run it. A schedule whose previous run has not ended,
 * or with no enabled task, is skipped for this time and the skip is recorded in its history.
 */
import { evaluateAlert } from "./alerts.ts";
import { nextRunAfter } from "./recurrence.ts";
import type { JobRuntime } from "./runtime.ts";
import { startScheduleRun } from "./schedules.ts";

/** How often the scheduler looks for due work. */
export const SCHEDULER_TICK_MS = 1_000;
/** Most schedules and alerts one tick takes on (the rest follow at the next tick). */
const BATCH = 20;

/** Starts and stops with the upstream; `tick` does one round. */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;

  constructor(private readonly runtime: JobRuntime) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (!this.ticking) this.ticking = this.tick().finally(() => (this.ticking = undefined));
    }, SCHEDULER_TICK_MS);
    this.timer.unref();
  }

  /** Stops the timer and waits for a tick in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  /** Starts what is due now. */
  async tick(): Promise<void> {
    const { context } = this.runtime;
    const { schedules, alerts } = context.store.jobs;
    try {
      const now = context.now();
      for (const job of await schedules.dueForScheduler(now, BATCH)) {
        const expected = job.nextRunAt as number;
        const next = nextRunAfter(job.recurrence, now);
        if (!job.tasks.some((task) => task.enabled)) {
          await schedules.skipForScheduler(
            job.accountId,
            job.objectId,
            { expected, nextRunAt: next, message: "No task is enabled." },
            now,
          );
          continue;
        }
        const started = await startScheduleRun(this.runtime, job, { expectedNextRunAt: expected });
        if (started === "running") {
          const message = "The previous run had not finished.";
          await schedules.skipForScheduler(
            job.accountId,
            job.objectId,
            { expected, nextRunAt: next, message },
            now,
          );
        }
      }
      for (const alert of await alerts.dueForScheduler(now, BATCH)) {
        const claimed = await alerts.claimForScheduler(
          alert.accountId,
          alert.objectId,
          alert.nextRunAt as number,
          nextRunAfter(alert.recurrence, now),
        );
        if (claimed) await evaluateAlert(this.runtime, alert);
      }
    } catch (error) {
      context.log.error({ err: error }, "scheduler tick failed");
    }
  }
}
