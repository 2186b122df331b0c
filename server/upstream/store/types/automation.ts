/**
 * Store families of schedule and alert automation (§2.2 Automation; §4.3 schedule events and
 * AlertTriggered): when each runs, what a schedule's tasks export, what an alert watches, who is
 * told, and each run recorded in the schedule/alert history (the automation_history table of
 * migration 7). Same rules as ./identity.ts; `…ForScheduler` reads span accounts for the scheduler.
 */

import type { Aggregate } from "./data-tables.ts";
import type { ExportFormat } from "./exports.ts";
import type { HistoryStatus } from "./library.ts";

/** How often something runs (times of day are UTC). */
export type Recurrence =
  | { Frequency: "Minutes"; IntervalMinutes: number }
  | { Frequency: "Hourly"; Minute: number }
  | { Frequency: "Daily"; Time: string };

/** One task of a schedule: an export of an object. */
export interface ScheduleTaskSettings {
  name: string;
  objectId: number;
  format: ExportFormat;
  enabled: boolean;
  disabledBySystem: boolean;
  consecutiveFailures: number;
}

/** A schedule's automation. */
export interface ScheduleJob {
  objectId: number;
  accountId: number;
  name: string;
  ownerUserId: number | null;
  deleted: boolean;
  recurrence: Recurrence;
  enabled: boolean;
  disabledBySystem: boolean;
  nextRunAt: number | null;
  lastRunAt: number | null;
  tasks: ScheduleTaskSettings[];
  recipientUserIds: number[];
  /** The task of the run in progress, if any. */
  runningTaskId: number | null;
  modifiedAt: number;
}

/** What a user saves of a schedule. */
export interface ScheduleSettingsInput {
  recurrence: Recurrence;
  enabled: boolean;
  tasks: { name: string; objectId: number; format: ExportFormat; enabled: boolean }[];
  recipientUserIds: number[];
}

/** How one task of a run ended. */
export interface ScheduleTaskOutcome {
  name: string;
  succeeded: boolean;
}

/** The end of a run, recorded in the history. */
export interface ScheduleRunEnd {
  status: HistoryStatus;
  message: string;
  startedAt: number;
  /** Counted toward the failure limit (false for cancelled or interrupted runs). */
  counts: boolean;
  outcomes: ScheduleTaskOutcome[];
}

/** Schedules. */
export interface ScheduleJobStoreFamily {
  get(accountId: number, objectId: number): Promise<ScheduleJob | undefined>;
  /** Saves the settings; failure counters survive for tasks that keep their name and object. */
  save(
    accountId: number,
    objectId: number,
    input: ScheduleSettingsInput,
    nextRunAt: number | null,
    now: number,
  ): Promise<ScheduleJob | undefined>;
  /** Enables or disables the schedule (taskName null) or one task; `changed` false when it already was. */
  setEnabled(
    accountId: number,
    objectId: number,
    change: { enabled: boolean; taskName: string | null; nextRunAt: number | null },
    now: number,
  ): Promise<{ job: ScheduleJob; changed: boolean } | "notFound" | "taskNotFound">;
  /** Enabled schedules of live objects due at `now`, in every account, oldest first. */
  dueForScheduler(now: number, limit: number): Promise<ScheduleJob[]>;
  /** For the scheduler: moves the next run (while still `expected`) and records a Skipped entry. */
  skipForScheduler(
    accountId: number,
    objectId: number,
    skip: { expected: number; nextRunAt: number | null; message: string },
    now: number,
  ): Promise<boolean>;
  /** Starts a run: creates its task and moves the next run, unless a run is in progress. */
  beginRun(
    accountId: number,
    objectId: number,
    run: { taskName: string; nextRunAt: number | null; expectedNextRunAt?: number | null },
    now: number,
  ): Promise<{ job: ScheduleJob; taskId: number } | "running" | "notFound" | "notDue">;
  /**
   * Ends a run: history entry, failure counters (a task failing `failureLimit` runs in a row is
   * disabled by the system, and the schedule with it when no task is left). Returns what the
   * system disabled.
   */
  endRun(
    accountId: number,
    objectId: number,
    taskId: number,
    end: ScheduleRunEnd,
    failureLimit: number,
    now: number,
  ): Promise<{ disabledTasks: string[]; scheduleDisabled: boolean }>;
  /** Runs in progress in every account (ended as interrupted after a restart). */
  runningForRecovery(): Promise<ScheduleJob[]>;
}

/** Comparisons of an alert's condition. */
export const ALERT_OPERATORS = ["Below", "AtMost", "Above", "AtLeast"] as const;
/** A comparison. */
export type AlertOperator = (typeof ALERT_OPERATORS)[number];

/** An alert's condition and automation. */
export interface AlertJob {
  objectId: number;
  accountId: number;
  name: string;
  ownerUserId: number | null;
  deleted: boolean;
  dataTableId: number | null;
  column: string;
  aggregate: Aggregate;
  operator: AlertOperator;
  threshold: number;
  message: string;
  dashboardIds: number[];
  recipientUserIds: number[];
  recurrence: Recurrence;
  enabled: boolean;
  nextRunAt: number | null;
  lastEvaluatedAt: number | null;
  lastValue: number | null;
  modifiedAt: number;
}

/** What a user saves of an alert. */
export type AlertSettingsInput = Pick<
  AlertJob,
  | "dataTableId"
  | "column"
  | "aggregate"
  | "operator"
  | "threshold"
  | "message"
  | "dashboardIds"
  | "recipientUserIds"
  | "recurrence"
  | "enabled"
>;

export interface AlertJobStoreFamily {
  get(accountId: number, objectId: number): Promise<AlertJob | undefined>;
  save(
    accountId: number,
    objectId: number,
    input: AlertSettingsInput,
    nextRunAt: number | null,
    now: number,
  ): Promise<AlertJob | undefined>;
  dueForScheduler(now: number, limit: number): Promise<AlertJob[]>;
  /** Moves the next run when it is still `expected` (so two processes never both evaluate it). */
  claimForScheduler(
    accountId: number,
    objectId: number,
    expected: number,
    nextRunAt: number | null,
  ): Promise<boolean>;
  /** Records an evaluation in the history and remembers the value; the history entry's id. */
  recordEvaluation(
    accountId: number,
    objectId: number,
    evaluation: { status: HistoryStatus; value: number | null; message: string; startedAt: number },
    now: number,
  ): Promise<number | undefined>;
}

/** Schedule and alert families. */
export interface AutomationStores {
  schedules: ScheduleJobStoreFamily;
  alerts: AlertJobStoreFamily;
}
