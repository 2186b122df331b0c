/**
 * Custom notifications sent by staff (§4.3 Custom: the Title and Body as sent): POST
 * /api/Admin/Notifications/Custom, for staff with Write on the Support or the Accounts admin module.
 * To every enabled user of one account, or to the listed users of it; each gets a notification record
 * and a `notificationAdded` push. An unknown account or user answers 404 and nothing is stored.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { multiLineText, singleLineText } from "../../../schemas/text-rules.ts";
import { actingUser, audit } from "../admin/audit.ts";
import type { UpstreamContext } from "../context.ts";
import { forbidden, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import { adminGrants } from "../identity/admin-modules.ts";
import { sendCustomNotification } from "./account-events.ts";

/** Most users one custom notification may name. */
export const MAX_CUSTOM_RECIPIENTS = 1000;

const customBody = {
  type: "object",
  properties: {
    AccountRecId: recIdSchema,
    UserRecIds: {
      type: "array",
      items: recIdSchema,
      minItems: 1,
      maxItems: MAX_CUSTOM_RECIPIENTS,
      uniqueItems: true,
      description: "Only these users of the account (every enabled user when absent).",
    },
    Title: { ...singleLineText, minLength: 1, maxLength: 200, description: "Notification title." },
    Body: { ...multiLineText, minLength: 1, maxLength: 4000, description: "Notification text." },
  },
  required: ["AccountRecId", "Title", "Body"],
  additionalProperties: false,
} as const;

/** Registers the staff notification routes under the application base. */
export function registerNotificationAdminRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  /** 403 unless the staff member holds Write on Support or on Accounts. */
  const supportOrAccountsWrite = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    if (!caller.isStaff) throw forbidden("StaffOnly", "This is for staff only.");
    const permissions = caller.adminPermissions;
    if (!adminGrants(permissions, "Support", "Write") && !adminGrants(permissions, "Accounts", "Write")) {
      throw forbidden(
        "AdminPermissionDenied",
        "This needs Write on the Support or the Accounts admin module.",
      );
    }
  };

  api.post(
    "/Admin/Notifications/Custom",
    { onRequest: [guards.session, supportOrAccountsWrite], schema: { body: customBody } },
    async (request, reply) => {
      const body = request.body as {
        AccountRecId: number;
        UserRecIds?: number[];
        Title: string;
        Body: string;
      };
      if (!(await context.store.accounts.get(body.AccountRecId))) throw notFound("Account");
      if (body.UserRecIds) {
        const known = await context.store.realtime.notificationEvents.existingUsers(
          body.AccountRecId,
          body.UserRecIds,
        );
        if (known.length !== body.UserRecIds.length) throw notFound("User");
      }
      const stored = await sendCustomNotification(context, {
        accountId: body.AccountRecId,
        userIds: body.UserRecIds,
        title: body.Title,
        body: body.Body,
      });
      await audit(context, {
        action: "CustomNotificationSent",
        message: `Custom notification "${body.Title}" sent to ${stored.length} user(s).`,
        actor: actingUser(callerOf(request)),
        details: { accountId: body.AccountRecId, recipients: stored.map((n) => n.userId) },
      });
      return reply.status(201).send({ Count: stored.length, RecIds: stored.map((n) => n.recId) });
    },
  );
}
