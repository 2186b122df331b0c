/**
 * Alert evaluation (§2.2 /alerts and /alertshistory; §4.3 AlertTriggered: the alert name, an optional
 * message and its dashboards' thumbnails). An alert watches an aggregate (Count, Sum, Avg, Min, Max)
 * of one column of a data table against a threshold. Each evaluation is recorded in the alert
 * history — Triggered when the condition holds, Skipped when it does not, Failed when the table or
 * column is gone — and a triggered one tells the alert's owner and recipients.
 */
import { notifyAlertTriggered } from "../notifications/object-events.ts";
import type { AlertJob, AlertOperator } from "../store/types/automation.ts";
import type { HistoryStatus } from "../store/types/library.ts";
import type { JobRuntime } from "./runtime.ts";

/** The outcome of one evaluation. */
export interface AlertEvaluation {
  status: HistoryStatus;
  value: number | null;
  message: string;
  historyRecId: number | null;
}

const WORDS: Record<AlertOperator, string> = {
  Below: "below",
  AtMost: "at or below",
  Above: "above",
  AtLeast: "at or above",
};

/** Whether `value` meets the condition. */
export function conditionMet(value: number, operator: AlertOperator, threshold: number): boolean {
  if (operator === "Below") return value < threshold;
  if (operator === "AtMost") return value <= threshold;
  if (operator === "Above") return value > threshold;
  return value >= threshold;
}

const format = (value: number) => Number(value.toFixed(2)).toLocaleString("en-US");

/** The value and the verdict, or why the alert cannot be evaluated. */
async function measure(runtime: JobRuntime, job: AlertJob): Promise<Omit<AlertEvaluation, "historyRecId">> {
  const { store } = runtime.context;
  const table =
    job.dataTableId === null ? undefined : await store.objects.get(job.accountId, job.dataTableId);
  const described =
    table && table.deletedAt === null
      ? await store.jobs.dataTables.describe(job.accountId, table.recId)
      : undefined;
  if (!table || !described) return { status: "Failed", value: null, message: "The data table was deleted." };
  const column = described.columns.findIndex((candidate) => candidate.name === job.column);
  if (column < 0)
    return {
      status: "Failed",
      value: null,
      message: `The column ${job.column} no longer exists in «${table.name}».`,
    };
  if (job.aggregate !== "Count" && described.columns[column]?.type !== "Number") {
    return { status: "Failed", value: null, message: `The column ${job.column} no longer holds numbers.` };
  }
  const value = await store.jobs.dataTables.aggregate(job.accountId, table.recId, column, job.aggregate);
  const what = `${job.aggregate} of ${job.column} in «${table.name}»`;
  if (value === null) return { status: "Skipped", value, message: `${what}: there are no values yet.` };
  const fires = `${WORDS[job.operator]} ${format(job.threshold)}`;
  return conditionMet(value, job.operator, job.threshold)
    ? { status: "Triggered", value, message: `${what} is ${format(value)}, ${fires}.` }
    : { status: "Skipped", value, message: `${what} is ${format(value)}; the alert fires ${fires}.` };
}

/** Evaluates the alert now, records it, and tells its owner and recipients when it triggered. */
export async function evaluateAlert(runtime: JobRuntime, job: AlertJob): Promise<AlertEvaluation> {
  const { context } = runtime;
  const startedAt = context.now();
  const result = await measure(runtime, job);
  const historyRecId =
    (await context.store.jobs.alerts.recordEvaluation(
      job.accountId,
      job.objectId,
      { ...result, startedAt },
      context.now(),
    )) ?? null;
  if (result.status === "Triggered") {
    const dashboards = [];
    for (const recId of job.dashboardIds) {
      const dashboard = await context.store.objects.get(job.accountId, recId);
      if (dashboard?.type !== "Dashboard" || dashboard.deletedAt !== null) continue;
      const thumbnail = dashboard.properties.Thumbnail;
      dashboards.push({ recId, name: dashboard.name, ...(typeof thumbnail === "string" && { thumbnail }) });
    }
    await notifyAlertTriggered(context, {
      accountId: job.accountId,
      alert: { recId: job.objectId, name: job.name, ownerUserId: job.ownerUserId },
      message: job.message.trim() || result.message,
      dashboards,
      recipientUserIds: job.recipientUserIds,
    }).catch((error: unknown) => context.log.error({ err: error }, "alert notification failed"));
  }
  return { ...result, historyRecId };
}
