/**
 * Usage metrics (§2.2 /usagemetrics; role permission UsageMetrics at r): figures counted from the
 * account's own records at the time of the call — live objects per type, users, stored bytes
 * (media, export and other files, comment attachments) and sign-ins per day over the period.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { STORED_OBJECT_TYPES } from "../identity/object-types.ts";

/** Longest period, in days. */
export const MAX_USAGE_DAYS = 366;

const usageQuery = {
  type: "object",
  properties: {
    days: {
      type: "integer",
      minimum: 1,
      maximum: MAX_USAGE_DAYS,
      default: 30,
      description: "Period, in days.",
    },
  },
  additionalProperties: false,
} as const;

/** Registers the usage metrics route under the application base. */
export function registerUsageRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  api.get(
    "/UsageMetrics",
    {
      onRequest: [guards.session, guards.permission("UsageMetrics", "r")],
      schema: { querystring: usageQuery },
    },
    async (request) => {
      const caller = callerOf(request);
      const { days } = request.query as { days: number };
      const now = context.now();
      const metrics = await context.store.content.usage.metrics(caller.account.recId, now, days);
      const counts = new Map(metrics.objectsByType.map((entry) => [entry.type, entry.count]));
      const { mediaBytes, fileBytes, attachmentBytes } = metrics.storage;
      return {
        AccountName: caller.account.name,
        GeneratedAt: new Date(now).toISOString(),
        PeriodDays: days,
        ObjectsByType: STORED_OBJECT_TYPES.map((type) => ({ Type: type, Count: counts.get(type) ?? 0 })),
        Users: {
          Total: metrics.users.total,
          Enabled: metrics.users.enabled,
          ActiveInPeriod: metrics.users.activeInPeriod,
        },
        StorageBytes: {
          Media: mediaBytes,
          Files: fileBytes,
          Attachments: attachmentBytes,
          Total: mediaBytes + fileBytes + attachmentBytes,
        },
        SessionsPerDay: metrics.sessionsPerDay.map((day) => ({ Date: day.date, Count: day.count })),
      };
    },
  );
}
