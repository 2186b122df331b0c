/**
 * Tasks and task logs (§2.2 /tasks and /tasks/{recId}; §2.5 the task log viewer dialog): background
 * work (imports, exports, schedule runs) with status, progress and log lines (§9 severities 1 info,
 * 2 warning, 3 error). Members list and read them with Tasks at r; with rw they cancel a queued or
 * running task and delete a finished one. Tasks are created by the work that runs them, not here.
 * A related object in someone else's Personal tree is named only to that user.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import {
  isoTime,
  type ListQueryString,
  listQuerySchema,
  pageBody,
  toListQuery,
} from "../folders/list-query.ts";
import { conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams } from "../http/schemas.ts";
import { TASK_SORT_FIELDS, TASK_STATUSES, type TaskRecord, type TaskStatus } from "../store/types/tasks.ts";

/** Most log lines one call returns. */
export const MAX_LOG_LINES = 500;

const listQuery = listQuerySchema(TASK_SORT_FIELDS, "-CreatedAt", {
  status: { enum: TASK_STATUSES, description: "Only tasks in this state." },
});
const logQuery = {
  type: "object",
  properties: {
    after: {
      type: "integer",
      minimum: 0,
      default: 0,
      description: "Only lines after this line RecId (polling).",
    },
    limit: {
      type: "integer",
      minimum: 1,
      maximum: MAX_LOG_LINES,
      default: MAX_LOG_LINES,
      description: "Most lines.",
    },
  },
  additionalProperties: false,
} as const;

/** A task as the API returns it to `caller`. */
export function taskBody(task: TaskRecord, caller: Caller) {
  const related = task.relatedObjectPrivateTo === null || task.relatedObjectPrivateTo === caller.user.recId;
  return {
    RecId: task.recId,
    UID: task.uid,
    Name: task.name,
    Kind: task.kind,
    Status: task.status,
    Progress: task.progress,
    Message: task.message,
    OwnerFullName: task.ownerFullName,
    RelatedObjectRecId: related ? task.relatedObjectId : null,
    RelatedObjectType: related ? task.relatedObjectType : null,
    RelatedObjectName: related ? task.relatedObjectName : null,
    CreatedAt: isoTime(task.createdAt),
    StartedAt: isoTime(task.startedAt),
    FinishedAt: isoTime(task.finishedAt),
  };
}

/** Registers the task routes under the application base. */
export function registerTaskRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { tasks } = context.store.content;
  const read = [guards.session, guards.permission("Tasks", "r")];
  const write = [guards.session, guards.permission("Tasks", "rw")];
  const ids = (request: FastifyRequest) => ({
    caller: callerOf(request),
    recId: (request.params as { recId: number }).recId,
  });

  api.get("/Tasks", { onRequest: read, schema: { querystring: listQuery } }, async (request) => {
    const caller = callerOf(request);
    const query = request.query as ListQueryString & { status?: TaskStatus };
    const page = await tasks.list(caller.account.recId, {
      ...toListQuery(query),
      ...(query.status && { status: query.status }),
    });
    return pageBody(page, (task) => taskBody(task, caller));
  });

  api.get("/Tasks/:recId", { onRequest: read, schema: { params: recIdParams } }, async (request) => {
    const { caller, recId } = ids(request);
    const task = await tasks.get(caller.account.recId, recId);
    if (!task) throw notFound("Task");
    return taskBody(task, caller);
  });

  api.get(
    "/Tasks/:recId/Log",
    { onRequest: read, schema: { params: recIdParams, querystring: logQuery } },
    async (request) => {
      const { caller, recId } = ids(request);
      const { after, limit } = request.query as { after: number; limit: number };
      const task = await tasks.get(caller.account.recId, recId);
      if (!task) throw notFound("Task");
      const lines = await tasks.log(caller.account.recId, recId, after, limit);
      return {
        Status: task.status,
        Progress: task.progress,
        Lines: lines.map((line) => ({
          RecId: line.recId,
          Date: isoTime(line.at),
          Severity: line.severity,
          Message: line.message,
        })),
      };
    },
  );

  api.post("/Tasks/:recId/Cancel", { onRequest: write, schema: { params: recIdParams } }, async (request) => {
    const { caller, recId } = ids(request);
    const task = await tasks.cancel(caller.account.recId, recId, caller.user.fullName, context.now());
    if (task === "notFound") throw notFound("Task");
    if (task === "finished") throw conflict("TaskFinished", "The task has already finished.");
    return taskBody(task, caller);
  });

  api.delete(
    "/Tasks/:recId",
    { onRequest: write, schema: { params: recIdParams } },
    async (request, reply) => {
      const { caller, recId } = ids(request);
      const outcome = await tasks.delete(caller.account.recId, recId);
      if (outcome === "notFound") throw notFound("Task");
      if (outcome === "running") throw conflict("TaskStillRunning", "Cancel the task before deleting it.");
      return reply.status(204).send();
    },
  );
}
