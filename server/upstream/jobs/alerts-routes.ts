/**
 * Alert automation (§2.2 /alerts; the alert settings dialog of §2.5): GET and PUT
 * /api/Alerts/{id}/Settings (the condition — an aggregate of a data table's column against a
 * threshold —, the dashboards whose thumbnails the notification shows, who is told, when it is
 * evaluated) and POST …/Evaluate (now; the outcome is recorded in the alert history and a trigger
 * tells the owner and recipients, §4.3 AlertTriggered). Needs the AutomationAlert feature and the
 * Alerts permission (r to read, rw to change or evaluate).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { multiLineText, singleLineText } from "../../../schemas/text-rules.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams, recIdSchema } from "../http/schemas.ts";
import type { AlertJob, AlertOperator } from "../store/types/automation.ts";
import { ALERT_OPERATORS } from "../store/types/automation.ts";
import { AGGREGATES, type Aggregate } from "../store/types/data-tables.ts";
import { callerObject } from "./access.ts";
import { evaluateAlert } from "./alerts.ts";
import { nextRunAfter, type RecurrenceInput, recurrenceSchema, toRecurrence } from "./recurrence.ts";
import type { JobRuntime } from "./runtime.ts";
import { MAX_RECIPIENTS } from "./schedules-routes.ts";

/** Most dashboards an alert shows. */
export const MAX_ALERT_DASHBOARDS = 10;

const ids = (description: string, maxItems: number) =>
  ({ type: "array", items: recIdSchema, maxItems, uniqueItems: true, default: [], description }) as const;
const settingsBody = {
  type: "object",
  properties: {
    DataTableRecId: { ...recIdSchema, description: "The data table watched." },
    Column: { ...singleLineText, minLength: 1, maxLength: 64, description: "Its column." },
    Aggregate: { enum: AGGREGATES, description: "Aggregate of the column (all but Count need numbers)." },
    Operator: { enum: ALERT_OPERATORS, description: "When it fires, compared to the threshold." },
    Threshold: { type: "number", description: "The threshold." },
    Message: {
      ...multiLineText,
      maxLength: 500,
      default: "",
      description: "Text of the notification (optional).",
    },
    DashboardRecIds: ids("Dashboards shown with the notification.", MAX_ALERT_DASHBOARDS),
    RecipientUserRecIds: ids("Users of the account told besides the owner.", MAX_RECIPIENTS),
    Recurrence: recurrenceSchema,
    Enabled: { type: "boolean", description: "Whether the scheduler evaluates it." },
  },
  required: ["DataTableRecId", "Column", "Aggregate", "Operator", "Threshold", "Recurrence", "Enabled"],
  additionalProperties: false,
} as const;

/** An alert's settings as the API returns them. */
export function alertBody(object: { recId: number; name: string }, job: AlertJob | undefined) {
  const time = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
  return {
    AlertRecId: object.recId,
    AlertName: object.name,
    Configured: job !== undefined,
    DataTableRecId: job?.dataTableId ?? null,
    Column: job?.column ?? null,
    Aggregate: job?.aggregate ?? null,
    Operator: job?.operator ?? null,
    Threshold: job?.threshold ?? null,
    Message: job?.message ?? "",
    DashboardRecIds: job?.dashboardIds ?? [],
    RecipientUserRecIds: job?.recipientUserIds ?? [],
    Recurrence: job?.recurrence ?? null,
    Enabled: job?.enabled ?? false,
    NextRunAt: time(job?.nextRunAt),
    LastEvaluatedAt: time(job?.lastEvaluatedAt),
    LastValue: job?.lastValue ?? null,
  };
}

/** Registers the alert automation routes under the application base. */
export function registerAlertRoutes(api: FastifyInstance, runtime: JobRuntime, guards: Guards): void {
  const { context } = runtime;
  const { alerts } = context.store.jobs;
  const access = (level: "r" | "rw") => ({
    onRequest: [guards.session, guards.feature("AutomationAlert"), guards.permission("Alerts", level)],
  });
  const alert = (request: FastifyRequest, level: "r" | "rw") =>
    callerObject(context, callerOf(request), (request.params as { recId: number }).recId, level, "Alert", [
      "Alert",
    ]);

  api.get("/Alerts/:recId/Settings", { ...access("r"), schema: { params: recIdParams } }, async (request) => {
    const object = await alert(request, "r");
    return alertBody(object, await alerts.get(callerOf(request).account.recId, object.recId));
  });

  api.put(
    "/Alerts/:recId/Settings",
    { ...access("rw"), schema: { params: recIdParams, body: settingsBody } },
    async (request) => {
      const caller = callerOf(request);
      const object = await alert(request, "rw");
      const body = request.body as {
        DataTableRecId: number;
        Column: string;
        Aggregate: Aggregate;
        Operator: AlertOperator;
        Threshold: number;
        Message: string;
        DashboardRecIds: number[];
        RecipientUserRecIds: number[];
        Recurrence: RecurrenceInput;
        Enabled: boolean;
      };
      const recurrence = toRecurrence(body.Recurrence);
      const accountId = caller.account.recId;
      const table = await callerObject(context, caller, body.DataTableRecId, "r", "Data table", [
        "DataTable",
      ]);
      const columns = (await context.store.jobs.dataTables.describe(accountId, table.recId))?.columns ?? [];
      const column = columns.find(
        (candidate) => candidate.name.toLowerCase() === body.Column.trim().toLowerCase(),
      );
      if (!column) throw badRequest("InvalidRequest", `«${table.name}» has no column ${body.Column}.`);
      if (body.Aggregate !== "Count" && column.type !== "Number") {
        throw badRequest(
          "InvalidRequest",
          `${body.Aggregate} needs a column of numbers; ${column.name} holds ${column.type.toLowerCase()} values.`,
        );
      }
      for (const recId of body.DashboardRecIds)
        await callerObject(context, caller, recId, "r", "Dashboard", ["Dashboard"]);
      const known = await context.store.realtime.notificationEvents.existingUsers(
        accountId,
        body.RecipientUserRecIds,
      );
      if (known.length !== body.RecipientUserRecIds.length) throw notFound("User");
      const now = context.now();
      const saved = await alerts.save(
        accountId,
        object.recId,
        {
          dataTableId: table.recId,
          column: column.name,
          aggregate: body.Aggregate,
          operator: body.Operator,
          threshold: body.Threshold,
          message: body.Message.trim(),
          dashboardIds: body.DashboardRecIds,
          recipientUserIds: body.RecipientUserRecIds,
          recurrence,
          enabled: body.Enabled,
        },
        body.Enabled ? nextRunAfter(recurrence, now) : null,
        now,
      );
      if (!saved) throw notFound("Alert");
      return alertBody(object, saved);
    },
  );

  api.post(
    "/Alerts/:recId/Evaluate",
    { ...access("rw"), schema: { params: recIdParams } },
    async (request) => {
      const object = await alert(request, "rw");
      const job = await alerts.get(callerOf(request).account.recId, object.recId);
      if (!job) throw conflict("AlertNotConfigured", "Set the alert's condition first.");
      const result = await evaluateAlert(runtime, job);
      return {
        AlertRecId: object.recId,
        Status: result.status,
        Triggered: result.status === "Triggered",
        Value: result.value,
        Message: result.message,
        HistoryRecId: result.historyRecId,
      };
    },
  );
}
