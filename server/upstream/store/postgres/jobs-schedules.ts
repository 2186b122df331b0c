/**
 * Schedules in PostgreSQL (../sqlite/jobs-schedules.ts). A run starts and ends in one transaction
 * each: the start creates its task and moves the next run (only while it is still the one the
 * scheduler saw, so two processes never start the same run — SERIALIZABLE makes the second run again
 * and find it moved); the end records the history entry, the failure counters and what the system
 * disabled, together.
 */
import { countRunOutcomes, type Row, savedScheduleTasks, scheduleFromRow } from "../job-rows.ts";
import type {
  ScheduleJob,
  ScheduleJobStoreFamily,
  ScheduleRunEnd,
  ScheduleSettingsInput,
  ScheduleTaskSettings,
} from "../types/automation.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";
import { flag, insertHistory, liveObject, SCHEDULES } from "./jobs-automation-common.ts";
import { insertTask, taskStatus } from "./jobs-common.ts";

async function readSchedule(on: Queryable, accountId: number, objectId: number) {
  const found = await row<Row>(on, `${SCHEDULES} WHERE j.account_id = $1 AND j.object_id = $2`, [
    accountId,
    objectId,
  ]);
  return found ? scheduleFromRow(found, flag) : undefined;
}

async function writeTasks(
  on: Queryable,
  accountId: number,
  objectId: number,
  tasks: ScheduleTaskSettings[],
  now: number,
) {
  await run(
    on,
    "UPDATE schedule_jobs SET tasks = $1, modified_at = $2 WHERE account_id = $3 AND object_id = $4",
    [JSON.stringify(tasks), now, accountId, objectId],
  );
}

/** Schedules in PostgreSQL. */
export class PostgresScheduleJobStore implements ScheduleJobStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async get(accountId: number, objectId: number) {
    return readSchedule(this.db.pool, accountId, objectId);
  }

  async save(
    accountId: number,
    objectId: number,
    input: ScheduleSettingsInput,
    nextRunAt: number | null,
    now: number,
  ) {
    return this.db.transaction(async (tx) => {
      if (!(await liveObject(tx, accountId, objectId, "Schedule"))) return undefined;
      const before = (await readSchedule(tx, accountId, objectId))?.tasks ?? [];
      const tasks = savedScheduleTasks(before, input.tasks);
      await run(
        tx,
        `INSERT INTO schedule_jobs (object_id, account_id, recurrence, enabled, disabled_by_system, next_run_at, tasks,
           recipients, modified_at) VALUES ($1, $2, $3, $4, FALSE, $5, $6, $7, $8)
         ON CONFLICT (object_id) DO UPDATE SET recurrence = $3, enabled = $4, disabled_by_system = FALSE,
           next_run_at = $5, tasks = $6, recipients = $7, modified_at = $8`,
        [
          objectId,
          accountId,
          JSON.stringify(input.recurrence),
          input.enabled,
          nextRunAt,
          JSON.stringify(tasks),
          JSON.stringify(input.recipientUserIds),
          now,
        ],
      );
      return readSchedule(tx, accountId, objectId);
    });
  }

  async setEnabled(
    accountId: number,
    objectId: number,
    change: { enabled: boolean; taskName: string | null; nextRunAt: number | null },
    now: number,
  ) {
    return this.db.transaction(async (tx) => {
      const job = await readSchedule(tx, accountId, objectId);
      if (!job || job.deleted) return "notFound" as const;
      if (change.taskName !== null) {
        const wanted = change.taskName.toLowerCase();
        const task = job.tasks.find((candidate) => candidate.name.toLowerCase() === wanted);
        if (!task) return "taskNotFound" as const;
        const changed = task.enabled !== change.enabled;
        Object.assign(task, { enabled: change.enabled, disabledBySystem: false, consecutiveFailures: 0 });
        await writeTasks(tx, accountId, objectId, job.tasks, now);
        return { job: (await readSchedule(tx, accountId, objectId)) as ScheduleJob, changed };
      }
      const changed = job.enabled !== change.enabled;
      await run(
        tx,
        `UPDATE schedule_jobs SET enabled = $1, disabled_by_system = FALSE, next_run_at = $2, modified_at = $3
         WHERE account_id = $4 AND object_id = $5`,
        [change.enabled, change.enabled ? change.nextRunAt : null, now, accountId, objectId],
      );
      return { job: (await readSchedule(tx, accountId, objectId)) as ScheduleJob, changed };
    });
  }

  async dueForScheduler(now: number, limit: number) {
    const found = await rows<Row>(
      this.db.pool,
      `${SCHEDULES} WHERE j.enabled AND j.next_run_at <= $1 AND o.deleted_at IS NULL
       ORDER BY j.next_run_at LIMIT $2`,
      [now, limit],
    );
    return found.map((entry) => scheduleFromRow(entry, flag));
  }

  async skipForScheduler(
    accountId: number,
    objectId: number,
    skip: { expected: number; nextRunAt: number | null; message: string },
    now: number,
  ) {
    return this.db.transaction(async (tx) => {
      const changes = await run(
        tx,
        "UPDATE schedule_jobs SET next_run_at = $1 WHERE account_id = $2 AND object_id = $3 AND next_run_at = $4",
        [skip.nextRunAt, accountId, objectId, skip.expected],
      );
      if (changes !== 1) return false;
      await insertHistory(
        tx,
        accountId,
        objectId,
        { status: "Skipped", startedAt: now, message: skip.message, taskId: null },
        now,
      );
      return true;
    });
  }

  async beginRun(
    accountId: number,
    objectId: number,
    runSettings: { taskName: string; nextRunAt: number | null; expectedNextRunAt?: number | null },
    now: number,
  ) {
    return this.db.transaction(async (tx) => {
      const job = await readSchedule(tx, accountId, objectId);
      if (!job || job.deleted) return "notFound" as const;
      if (runSettings.expectedNextRunAt !== undefined && job.nextRunAt !== runSettings.expectedNextRunAt)
        return "notDue" as const;
      const running =
        job.runningTaskId === null ? undefined : await taskStatus(tx, accountId, job.runningTaskId);
      if (running === "Queued" || running === "Running") return "running" as const;
      const taskId = await insertTask(
        tx,
        accountId,
        {
          name: runSettings.taskName,
          kind: "Schedule",
          ownerUserId: job.ownerUserId,
          relatedObjectId: objectId,
        },
        now,
      );
      await run(
        tx,
        `UPDATE schedule_jobs SET running_task_id = $1, last_run_at = $2, next_run_at = $3
         WHERE account_id = $4 AND object_id = $5`,
        [taskId, now, runSettings.nextRunAt, accountId, objectId],
      );
      return { job: (await readSchedule(tx, accountId, objectId)) as ScheduleJob, taskId };
    });
  }

  async endRun(
    accountId: number,
    objectId: number,
    taskId: number,
    end: ScheduleRunEnd,
    failureLimit: number,
    now: number,
  ) {
    return this.db.transaction(async (tx) => {
      const job = await readSchedule(tx, accountId, objectId);
      const outcome = { disabledTasks: [] as string[], scheduleDisabled: false };
      if (!job) return outcome;
      outcome.disabledTasks.push(
        ...countRunOutcomes(job.tasks, end.counts ? end.outcomes : [], failureLimit),
      );
      await writeTasks(tx, accountId, objectId, job.tasks, now);
      if (outcome.disabledTasks.length > 0 && job.enabled && !job.tasks.some((task) => task.enabled)) {
        await run(
          tx,
          `UPDATE schedule_jobs SET enabled = FALSE, disabled_by_system = TRUE, next_run_at = NULL
           WHERE account_id = $1 AND object_id = $2`,
          [accountId, objectId],
        );
        outcome.scheduleDisabled = true;
      }
      await run(
        tx,
        "UPDATE schedule_jobs SET running_task_id = NULL WHERE account_id = $1 AND object_id = $2 AND running_task_id = $3",
        [accountId, objectId, taskId],
      );
      await insertHistory(tx, accountId, objectId, { ...end, taskId }, now);
      return outcome;
    });
  }

  async runningForRecovery() {
    const found = await rows<Row>(
      this.db.pool,
      `${SCHEDULES} JOIN tasks k ON k.object_id = j.running_task_id AND k.account_id = j.account_id
       WHERE k.status IN ('Queued', 'Running') ORDER BY j.object_id`,
    );
    return found.map((entry) => scheduleFromRow(entry, flag));
  }
}
