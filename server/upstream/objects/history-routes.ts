/**
 * Schedule and alert history (§2.2 Automation: /scheduleshistory and /alertshistory): one entry per
 * schedule run or alert evaluation, for the schedules and alerts the caller sees, newest first by
 * default; `objectRecId` narrows to one schedule or alert. Needs the Schedules or Alerts permission
 * at r and the Schedules or AutomationAlert feature.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { areaGuard, contentScope } from "../folders/areas.ts";
import {
  isoTime,
  type ListQueryString,
  listQuerySchema,
  pageBody,
  toListQuery,
} from "../folders/list-query.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import { HISTORY_SORT_FIELDS, type HistoryEntry } from "../store/types/library.ts";

const historyParams = {
  type: "object",
  properties: { area: { enum: ["Schedules", "Alerts"], description: "Schedules or Alerts." } },
  required: ["area"],
  additionalProperties: false,
} as const;
const historyQuery = listQuerySchema(HISTORY_SORT_FIELDS, "-StartedAt", {
  objectRecId: { ...recIdSchema, description: "Only the history of this schedule or alert." },
});

/** A history entry as the API returns it. */
export function historyBody(area: "Schedules" | "Alerts", entry: HistoryEntry) {
  const owner =
    area === "Schedules"
      ? { ScheduleRecId: entry.objectId, ScheduleName: entry.objectName }
      : { AlertRecId: entry.objectId, AlertName: entry.objectName };
  return {
    RecId: entry.recId,
    ...owner,
    IsRelatedObjectDeleted: entry.objectDeleted,
    Status: entry.status,
    StartedAt: isoTime(entry.startedAt),
    FinishedAt: isoTime(entry.finishedAt),
    Message: entry.message,
    TaskRecId: entry.taskId,
  };
}

export function registerHistoryRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  api.get(
    "/Content/:area/History",
    {
      onRequest: [guards.session, areaGuard("r")],
      schema: { params: historyParams, querystring: historyQuery },
    },
    async (request) => {
      const { area } = request.params as { area: "Schedules" | "Alerts" };
      const query = request.query as ListQueryString & { objectRecId?: number };
      const page = await context.store.content.history.list(contentScope(callerOf(request), area), {
        ...toListQuery(query),
        ...(query.objectRecId !== undefined && { objectId: query.objectRecId }),
      });
      return pageBody(page, (entry) => historyBody(area, entry));
    },
  );
}
