/**
 * How the jobs area's rows become records, on either backend (sqlite/jobs-*.ts, postgres/jobs-*.ts):
 * the tables of migrations 7 and 9 read the same way, except the booleans — 0 or 1 from SQLite, true
 * or false from PostgreSQL — which the caller's `flag` reads.
 */
import { parseJson } from "./database.ts";
import type { InvoiceLine, InvoiceRecord } from "./records-content.ts";
import type {
  AlertJob,
  AlertOperator,
  Recurrence,
  ScheduleJob,
  ScheduleTaskSettings,
} from "./types/automation.ts";
import type { Aggregate } from "./types/data-tables.ts";
import type { ExportFormat, ExportJob } from "./types/exports.ts";
import type { ImportJob, ImportKind } from "./types/imports.ts";

/** A row as the driver returns it. */
export type Row = Record<string, unknown>;
/** Reads a stored boolean as the backend returns it. */
export type Flag = (value: unknown) => boolean;

/** A stored JSON list of ids. */
export const ids = (text: unknown) => parseJson<number[]>(text, []);

/** The fields schedules and alerts share (a row of the automation table joined with its object). */
function automationFields(row: Row, flag: Flag) {
  return {
    objectId: row.object_id as number,
    accountId: row.account_id as number,
    name: row.name as string,
    ownerUserId: (row.owner_user_id as number | null) ?? null,
    deleted: row.deleted_at !== null,
    recurrence: parseJson<Recurrence>(row.recurrence, { Frequency: "Daily", Time: "00:00" }),
    enabled: flag(row.enabled),
    nextRunAt: (row.next_run_at as number | null) ?? null,
    recipientUserIds: ids(row.recipients),
    modifiedAt: row.modified_at as number,
  };
}

/** A `schedule_jobs` row joined with its object. */
export function scheduleFromRow(row: Row, flag: Flag): ScheduleJob {
  return {
    ...automationFields(row, flag),
    disabledBySystem: flag(row.disabled_by_system),
    lastRunAt: (row.last_run_at as number | null) ?? null,
    tasks: parseJson<ScheduleTaskSettings[]>(row.tasks, []),
    runningTaskId: (row.running_task_id as number | null) ?? null,
  };
}

/** An `alert_jobs` row joined with its object. */
export function alertFromRow(row: Row, flag: Flag): AlertJob {
  return {
    ...automationFields(row, flag),
    dataTableId: (row.data_table_id as number | null) ?? null,
    column: row.column_name as string,
    aggregate: row.aggregate as Aggregate,
    operator: row.operator as AlertOperator,
    threshold: row.threshold as number,
    message: row.message as string,
    dashboardIds: ids(row.dashboards),
    lastEvaluatedAt: (row.last_evaluated_at as number | null) ?? null,
    lastValue: (row.last_value as number | null) ?? null,
  };
}

/** An `export_jobs` row with its task's status and its file's expiry. */
export function exportFromRow(row: Row): ExportJob {
  return {
    recId: row.id as number,
    accountId: row.account_id as number,
    userId: row.user_id as number,
    taskId: row.task_id as number,
    objectId: (row.object_id as number | null) ?? null,
    objectName: row.object_name as string,
    objectType: row.object_type as string,
    format: row.format as ExportFormat,
    scheduleId: (row.schedule_id as number | null) ?? null,
    fileUid: (row.file_uid as string | null) ?? null,
    fileExpiresAt: (row.file_expires_at as number | null) ?? null,
    error: (row.error as string | null) ?? null,
    taskStatus: row.task_status as string,
    createdAt: row.created_at as number,
    finishedAt: (row.finished_at as number | null) ?? null,
  };
}

/** An `import_jobs` row. */
export function importFromRow(row: Row): ImportJob {
  return {
    taskId: row.task_id as number,
    accountId: row.account_id as number,
    userId: row.user_id as number,
    kind: row.kind as ImportKind,
    dataTableId: (row.data_table_id as number | null) ?? null,
    fileName: row.file_name as string,
    content: (row.content as string | null) ?? null,
    appliedAt: (row.applied_at as number | null) ?? null,
    finishedAt: (row.finished_at as number | null) ?? null,
  };
}

/** An `invoices` row. */
export function invoiceFromRow(row: Row): InvoiceRecord {
  return {
    recId: row.id as number,
    accountId: row.account_id as number,
    number: row.number as string,
    issuedAt: row.issued_at as number,
    dueAt: row.due_at as number,
    status: row.status as InvoiceRecord["status"],
    currency: row.currency as string,
    totalCents: row.total_cents as number,
    lines: parseJson<InvoiceLine[]>(row.lines, []),
  };
}

/**
 * The next free invoice number of a year, INV-YYYY-NNNN, from the numbers already issued with that
 * prefix (numbers are unique across accounts).
 */
export function nextInvoiceNumber(year: number, taken: readonly string[]): string {
  const prefix = invoicePrefix(year);
  const highest = taken.reduce((max, number) => {
    const sequence = Number(number.slice(prefix.length));
    return Number.isInteger(sequence) && sequence > max ? sequence : max;
  }, 0);
  return `${prefix}${String(highest + 1).padStart(4, "0")}`;
}

/** The prefix of a year's invoice numbers. */
export const invoicePrefix = (year: number) => `INV-${year}-`;

/** The invoice lines of a plan for the month of `now` (UTC). */
export function planInvoiceLines(
  plan: { name: string; monthly_price_cents: number },
  now: number,
): InvoiceLine[] {
  const month = new Date(now).toISOString().slice(0, 7);
  return [
    {
      Description: `${plan.name} subscription, ${month}`,
      Quantity: 1,
      UnitPriceCents: plan.monthly_price_cents,
    },
  ];
}

/**
 * A schedule's tasks as saved: each keeps its failure counter while it keeps its name and object and
 * stays enabled; nothing is disabled by the system after a save.
 */
export function savedScheduleTasks(
  before: readonly ScheduleTaskSettings[],
  input: readonly { name: string; objectId: number; format: ExportFormat; enabled: boolean }[],
): ScheduleTaskSettings[] {
  return input.map((task) => {
    const kept = before.find((old) => old.name === task.name && old.objectId === task.objectId);
    const failures = task.enabled ? (kept?.consecutiveFailures ?? 0) : 0;
    return { ...task, disabledBySystem: false, consecutiveFailures: failures };
  });
}

/**
 * Counts a run's outcomes into a schedule's tasks (in place): a task failing `failureLimit` runs in a
 * row is disabled by the system. Returns the names of the tasks it disabled.
 */
export function countRunOutcomes(
  tasks: ScheduleTaskSettings[],
  outcomes: readonly { name: string; succeeded: boolean }[],
  failureLimit: number,
): string[] {
  const disabled: string[] = [];
  for (const result of outcomes) {
    const task = tasks.find((candidate) => candidate.name === result.name);
    if (!task) continue;
    task.consecutiveFailures = result.succeeded ? 0 : task.consecutiveFailures + 1;
    if (task.enabled && task.consecutiveFailures >= failureLimit) {
      Object.assign(task, { enabled: false, disabledBySystem: true });
      disabled.push(task.name);
    }
  }
  return disabled;
}
