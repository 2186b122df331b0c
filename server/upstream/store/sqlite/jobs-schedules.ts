/**
 * Schedules in SQLite. A run starts and ends in one transaction each: the start creates its task
 * and moves the next run (only while it is still the one the scheduler saw, so two processes never
 * start the same run); the end records the history entry, the failure counters and what the system
 * disabled, together.
 */
import { bool, type SqliteDatabase } from "../database.ts";
import { countRunOutcomes, type Row, savedScheduleTasks, scheduleFromRow } from "../job-rows.ts";
import type {
  ScheduleJob,
  ScheduleJobStoreFamily,
  ScheduleRunEnd,
  ScheduleSettingsInput,
  ScheduleTaskSettings,
} from "../types/automation.ts";
import { insertHistory, liveObject, SCHEDULES } from "./jobs-automation-common.ts";
import { insertTask, taskStatus } from "./jobs-common.ts";

/** Schedules in SQLite. */
export class SqliteScheduleJobStore implements ScheduleJobStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private read(accountId: number, objectId: number): ScheduleJob | undefined {
    const row = this.db
      .prepare(`${SCHEDULES} WHERE j.account_id = ? AND j.object_id = ?`)
      .get(accountId, objectId);
    return row ? scheduleFromRow(row as Row, bool) : undefined;
  }

  private writeTasks(accountId: number, objectId: number, tasks: ScheduleTaskSettings[], now: number) {
    this.db
      .prepare("UPDATE schedule_jobs SET tasks = ?, modified_at = ? WHERE account_id = ? AND object_id = ?")
      .run(JSON.stringify(tasks), now, accountId, objectId);
  }

  async get(accountId: number, objectId: number) {
    return this.read(accountId, objectId);
  }

  async save(
    accountId: number,
    objectId: number,
    input: ScheduleSettingsInput,
    nextRunAt: number | null,
    now: number,
  ) {
    return this.db.transaction((): ScheduleJob | undefined => {
      if (!liveObject(this.db, accountId, objectId, "Schedule")) return undefined;
      const before = this.read(accountId, objectId)?.tasks ?? [];
      const tasks = savedScheduleTasks(before, input.tasks);
      this.db
        .prepare(
          `INSERT INTO schedule_jobs (object_id, account_id, recurrence, enabled, disabled_by_system, next_run_at, tasks,
             recipients, modified_at) VALUES (@id, @account, @recurrence, @enabled, 0, @next, @tasks, @recipients, @now)
           ON CONFLICT (object_id) DO UPDATE SET recurrence = @recurrence, enabled = @enabled, disabled_by_system = 0,
             next_run_at = @next, tasks = @tasks, recipients = @recipients, modified_at = @now`,
        )
        .run({
          id: objectId,
          account: accountId,
          recurrence: JSON.stringify(input.recurrence),
          enabled: input.enabled ? 1 : 0,
          next: nextRunAt,
          tasks: JSON.stringify(tasks),
          recipients: JSON.stringify(input.recipientUserIds),
          now,
        });
      return this.read(accountId, objectId);
    })();
  }

  async setEnabled(
    accountId: number,
    objectId: number,
    change: { enabled: boolean; taskName: string | null; nextRunAt: number | null },
    now: number,
  ) {
    return this.db.transaction(() => {
      const job = this.read(accountId, objectId);
      if (!job || job.deleted) return "notFound" as const;
      if (change.taskName !== null) {
        const wanted = change.taskName.toLowerCase();
        const task = job.tasks.find((candidate) => candidate.name.toLowerCase() === wanted);
        if (!task) return "taskNotFound" as const;
        const changed = task.enabled !== change.enabled;
        Object.assign(task, { enabled: change.enabled, disabledBySystem: false, consecutiveFailures: 0 });
        this.writeTasks(accountId, objectId, job.tasks, now);
        return { job: this.read(accountId, objectId) as ScheduleJob, changed };
      }
      const changed = job.enabled !== change.enabled;
      this.db
        .prepare(
          `UPDATE schedule_jobs SET enabled = ?, disabled_by_system = 0, next_run_at = ?, modified_at = ?
           WHERE account_id = ? AND object_id = ?`,
        )
        .run(change.enabled ? 1 : 0, change.enabled ? change.nextRunAt : null, now, accountId, objectId);
      return { job: this.read(accountId, objectId) as ScheduleJob, changed };
    })();
  }

  async dueForScheduler(now: number, limit: number) {
    const rows = this.db
      .prepare(
        `${SCHEDULES} WHERE j.enabled = 1 AND j.next_run_at <= ? AND o.deleted_at IS NULL ORDER BY j.next_run_at LIMIT ?`,
      )
      .all(now, limit) as Row[];
    return rows.map((row) => scheduleFromRow(row, bool));
  }

  async skipForScheduler(
    accountId: number,
    objectId: number,
    skip: { expected: number; nextRunAt: number | null; message: string },
    now: number,
  ) {
    return this.db.transaction(() => {
      const { changes } = this.db
        .prepare(
          "UPDATE schedule_jobs SET next_run_at = ? WHERE account_id = ? AND object_id = ? AND next_run_at = ?",
        )
        .run(skip.nextRunAt, accountId, objectId, skip.expected);
      if (changes !== 1) return false;
      insertHistory(
        this.db,
        accountId,
        objectId,
        { status: "Skipped", startedAt: now, message: skip.message, taskId: null },
        now,
      );
      return true;
    })();
  }

  async beginRun(
    accountId: number,
    objectId: number,
    run: { taskName: string; nextRunAt: number | null; expectedNextRunAt?: number | null },
    now: number,
  ) {
    return this.db.transaction(() => {
      const job = this.read(accountId, objectId);
      if (!job || job.deleted) return "notFound" as const;
      if (run.expectedNextRunAt !== undefined && job.nextRunAt !== run.expectedNextRunAt)
        return "notDue" as const;
      const running =
        job.runningTaskId === null ? undefined : taskStatus(this.db, accountId, job.runningTaskId);
      if (running === "Queued" || running === "Running") return "running" as const;
      const taskId = insertTask(
        this.db,
        accountId,
        { name: run.taskName, kind: "Schedule", ownerUserId: job.ownerUserId, relatedObjectId: objectId },
        now,
      );
      this.db
        .prepare(
          `UPDATE schedule_jobs SET running_task_id = ?, last_run_at = ?, next_run_at = ?
           WHERE account_id = ? AND object_id = ?`,
        )
        .run(taskId, now, run.nextRunAt, accountId, objectId);
      return { job: this.read(accountId, objectId) as ScheduleJob, taskId };
    })();
  }

  async endRun(
    accountId: number,
    objectId: number,
    taskId: number,
    end: ScheduleRunEnd,
    failureLimit: number,
    now: number,
  ) {
    return this.db.transaction(() => {
      const job = this.read(accountId, objectId);
      const outcome = { disabledTasks: [] as string[], scheduleDisabled: false };
      if (!job) return outcome;
      outcome.disabledTasks.push(
        ...countRunOutcomes(job.tasks, end.counts ? end.outcomes : [], failureLimit),
      );
      this.writeTasks(accountId, objectId, job.tasks, now);
      if (outcome.disabledTasks.length > 0 && job.enabled && !job.tasks.some((task) => task.enabled)) {
        this.db
          .prepare(
            `UPDATE schedule_jobs SET enabled = 0, disabled_by_system = 1, next_run_at = NULL
             WHERE account_id = ? AND object_id = ?`,
          )
          .run(accountId, objectId);
        outcome.scheduleDisabled = true;
      }
      this.db
        .prepare(
          "UPDATE schedule_jobs SET running_task_id = NULL WHERE account_id = ? AND object_id = ? AND running_task_id = ?",
        )
        .run(accountId, objectId, taskId);
      insertHistory(this.db, accountId, objectId, { ...end, taskId }, now);
      return outcome;
    })();
  }

  async runningForRecovery() {
    const rows = this.db
      .prepare(
        `${SCHEDULES} JOIN tasks k ON k.object_id = j.running_task_id AND k.account_id = j.account_id
         WHERE k.status IN ('Queued', 'Running') ORDER BY j.object_id`,
      )
      .all() as Row[];
    return rows.map((row) => scheduleFromRow(row, bool));
  }
}
