/**
 * Schedule automation (§2.2 /schedules; the schedule settings dialog of §2.5): GET and PUT
 * /api/Schedules/{id}/Settings (when it runs, the tasks — each an export of an object — and who is
 * told), POST …/Run (a run now: 202 with its task), PUT …/Enabled {Enabled, TaskName?} (the schedule
 * or one task; disabling tells the owner and recipients: ScheduleDisabled / ScheduleTaskDisabled).
 * Needs the Schedules feature and permission (r to read, rw to change) and a schedule the caller
 * sees (404 otherwise) and may change (403 ObjectReadOnly for one shared read-only).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { singleLineText } from "../../../schemas/text-rules.ts";
import { UPLOAD_ONLY_TYPES } from "../folders/areas.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams, recIdSchema } from "../http/schemas.ts";
import type { ObjectType } from "../identity/object-types.ts";
import type { ScheduleJob } from "../store/types/automation.ts";
import { EXPORT_FORMATS, type ExportFormat } from "../store/types/exports.ts";
import { callerObject } from "./access.ts";
import { nextRunAfter, type RecurrenceInput, recurrenceSchema, toRecurrence } from "./recurrence.ts";
import type { JobRuntime } from "./runtime.ts";
import { startScheduleRun, tellSchedule } from "./schedules.ts";

/** Most tasks a schedule has. */
export const MAX_SCHEDULE_TASKS = 20;
/** Most recipients a schedule or an alert has. */
export const MAX_RECIPIENTS = 100;

const taskName = {
  ...singleLineText,
  minLength: 1,
  maxLength: 80,
  description: "Task name, unique in the schedule.",
} as const;
const settingsBody = {
  type: "object",
  properties: {
    Recurrence: recurrenceSchema,
    Enabled: { type: "boolean", description: "Whether the scheduler runs it." },
    Tasks: {
      type: "array",
      minItems: 1,
      maxItems: MAX_SCHEDULE_TASKS,
      description: "What a run does: each task exports an object.",
      items: {
        type: "object",
        properties: {
          Name: taskName,
          ObjectRecId: { ...recIdSchema, description: "The object to export." },
          Format: { enum: EXPORT_FORMATS, description: "File format." },
          Enabled: { type: "boolean", default: true, description: "Whether runs include it." },
        },
        required: ["Name", "ObjectRecId", "Format"],
        additionalProperties: false,
      },
    },
    RecipientUserRecIds: {
      type: "array",
      items: recIdSchema,
      maxItems: MAX_RECIPIENTS,
      uniqueItems: true,
      default: [],
      description: "Users of the account told about its events besides the owner.",
    },
  },
  required: ["Recurrence", "Enabled", "Tasks"],
  additionalProperties: false,
} as const;
const enabledBody = {
  type: "object",
  properties: {
    Enabled: { type: "boolean", description: "Enable or disable." },
    TaskName: { ...taskName, description: "One task of the schedule; the whole schedule when absent." },
  },
  required: ["Enabled"],
  additionalProperties: false,
} as const;

/** A schedule's settings as the API returns them. */
export function scheduleBody(object: { recId: number; name: string }, job: ScheduleJob | undefined) {
  const time = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
  return {
    ScheduleRecId: object.recId,
    ScheduleName: object.name,
    Configured: job !== undefined,
    Recurrence: job?.recurrence ?? null,
    Enabled: job?.enabled ?? false,
    DisabledBySystem: job?.disabledBySystem ?? false,
    NextRunAt: time(job?.nextRunAt),
    LastRunAt: time(job?.lastRunAt),
    IsRunning: job?.runningTaskId != null,
    Tasks: (job?.tasks ?? []).map((task) => ({
      Name: task.name,
      ObjectRecId: task.objectId,
      Format: task.format,
      Enabled: task.enabled,
      DisabledBySystem: task.disabledBySystem,
      ConsecutiveFailures: task.consecutiveFailures,
    })),
    RecipientUserRecIds: job?.recipientUserIds ?? [],
  };
}

/** Registers the schedule automation routes under the application base. */
export function registerScheduleRoutes(api: FastifyInstance, runtime: JobRuntime, guards: Guards): void {
  const { context } = runtime;
  const { schedules } = context.store.jobs;
  const access = (level: "r" | "rw") => ({
    onRequest: [guards.session, guards.feature("Schedules"), guards.permission("Schedules", level)],
  });
  const schedule = (request: FastifyRequest, level: "r" | "rw") =>
    callerObject(context, callerOf(request), (request.params as { recId: number }).recId, level, "Schedule", [
      "Schedule",
    ]);

  api.get(
    "/Schedules/:recId/Settings",
    { ...access("r"), schema: { params: recIdParams } },
    async (request) => {
      const object = await schedule(request, "r");
      return scheduleBody(object, await schedules.get(callerOf(request).account.recId, object.recId));
    },
  );

  api.put(
    "/Schedules/:recId/Settings",
    { ...access("rw"), schema: { params: recIdParams, body: settingsBody } },
    async (request) => {
      const caller = callerOf(request);
      const object = await schedule(request, "rw");
      const body = request.body as {
        Recurrence: RecurrenceInput;
        Enabled: boolean;
        Tasks: { Name: string; ObjectRecId: number; Format: ExportFormat; Enabled: boolean }[];
        RecipientUserRecIds: number[];
      };
      const recurrence = toRecurrence(body.Recurrence);
      const names = body.Tasks.map((task) => task.Name.trim());
      if (
        names.some(
          (name, index) =>
            name === "" || names.findIndex((n) => n.toLowerCase() === name.toLowerCase()) !== index,
        )
      ) {
        throw badRequest("InvalidRequest", "Task names must be non-blank and unique in the schedule.");
      }
      for (const task of body.Tasks) {
        const target = await callerObject(context, caller, task.ObjectRecId, "r", "Object");
        if (UPLOAD_ONLY_TYPES.includes(target.type as ObjectType)) {
          throw badRequest("NotExportable", "Media files are downloaded as they are, not exported.");
        }
      }
      const accountId = caller.account.recId;
      const known = await context.store.realtime.notificationEvents.existingUsers(
        accountId,
        body.RecipientUserRecIds,
      );
      if (known.length !== body.RecipientUserRecIds.length) throw notFound("User");
      const now = context.now();
      const saved = await schedules.save(
        accountId,
        object.recId,
        {
          recurrence,
          enabled: body.Enabled,
          tasks: body.Tasks.map((task, index) => ({
            name: names[index] as string,
            objectId: task.ObjectRecId,
            format: task.Format,
            enabled: task.Enabled,
          })),
          recipientUserIds: body.RecipientUserRecIds,
        },
        body.Enabled ? nextRunAfter(recurrence, now) : null,
        now,
      );
      if (!saved) throw notFound("Schedule");
      return scheduleBody(object, saved);
    },
  );

  api.post(
    "/Schedules/:recId/Run",
    { ...access("rw"), schema: { params: recIdParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const object = await schedule(request, "rw");
      const job = await schedules.get(caller.account.recId, object.recId);
      if (!job?.tasks.some((task) => task.enabled)) {
        throw conflict("ScheduleNotRunnable", "Set the schedule up with at least one enabled task first.");
      }
      const started = await startScheduleRun(runtime, job, { actorId: caller.user.recId });
      if (started === "running")
        throw conflict("ScheduleRunning", "The schedule's previous run has not finished.");
      if (typeof started !== "number") throw notFound("Schedule");
      return reply.status(202).send({ ScheduleRecId: object.recId, TaskRecId: started });
    },
  );

  api.put(
    "/Schedules/:recId/Enabled",
    { ...access("rw"), schema: { params: recIdParams, body: enabledBody } },
    async (request) => {
      const caller = callerOf(request);
      const object = await schedule(request, "rw");
      const body = request.body as { Enabled: boolean; TaskName?: string };
      const job = await schedules.get(caller.account.recId, object.recId);
      if (!job) throw conflict("ScheduleNotRunnable", "Set the schedule up first.");
      const now = context.now();
      const changed = await schedules.setEnabled(
        caller.account.recId,
        object.recId,
        {
          enabled: body.Enabled,
          taskName: body.TaskName?.trim() ?? null,
          nextRunAt: nextRunAfter(job.recurrence, now),
        },
        now,
      );
      if (changed === "notFound") throw notFound("Schedule");
      if (changed === "taskNotFound") throw notFound("Schedule task");
      if (changed.changed && !body.Enabled) {
        const event = body.TaskName === undefined ? "Disabled" : "TaskDisabled";
        await tellSchedule(runtime, changed.job, event, {
          actorId: caller.user.recId,
          ...(body.TaskName !== undefined && { taskName: body.TaskName.trim() }),
        });
      }
      return scheduleBody(object, changed.job);
    },
  );
}
