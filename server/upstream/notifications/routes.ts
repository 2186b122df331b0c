/**
 * Notifications/ (§7): list, mark read, clear all — always the caller's own, in the caller's
 * account (§4.3: an entry is new until the dropdown opens; clear-all empties the list).
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import { notificationBody } from "./service.ts";

/** The list returns at most this many, newest first. */
export const NOTIFICATION_LIST_LIMIT = 200;

const markReadBody = {
  type: "object",
  properties: {
    NotificationRecIds: {
      type: "array",
      items: recIdSchema,
      minItems: 1,
      maxItems: 1000,
      description: "Notifications to mark read.",
    },
  },
  required: ["NotificationRecIds"],
  additionalProperties: false,
} as const;

/** Registers the notification routes under the application base. */
export function registerNotificationRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { notifications } = context.store;
  const signedIn = [guards.session];

  api.get("/Notifications/", { onRequest: signedIn }, async (request) => {
    const caller = callerOf(request);
    const list = await notifications.list(caller.account.recId, caller.user.recId, NOTIFICATION_LIST_LIMIT);
    return list.map(notificationBody);
  });

  api.put(
    "/Notifications/",
    { onRequest: signedIn, schema: { body: markReadBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { NotificationRecIds } = request.body as { NotificationRecIds: number[] };
      // Ids of other users' notifications are ignored: the answer is the same, nothing leaks.
      await notifications.markRead(caller.account.recId, caller.user.recId, NotificationRecIds);
      return reply.status(204).send();
    },
  );

  api.delete("/Notifications/", { onRequest: signedIn }, async (request, reply) => {
    const caller = callerOf(request);
    await notifications.clear(caller.account.recId, caller.user.recId);
    return reply.status(204).send();
  });
}
