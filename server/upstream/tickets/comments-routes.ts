/**
 * Comments on support tickets (§3 Comment) from members: add one (JSON, or multipart with file[]
 * attachments) to an open ticket, and download attachments. Internal comments — staff notes — and
 * their attachments are never listed or served here (404 like a missing one). Adding needs
 * SupportTickets at rw, downloading at r.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { uploadBodyLimit } from "../http/body-limits.ts";
import { conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams, recIdSchema, uidSchema } from "../http/schemas.ts";
import {
  commentBody,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  readCommentInput,
  sendAttachment,
} from "../objects/comment-input.ts";
import { ticketAttachmentUrl, ticketChanged } from "./bodies.ts";

const attachmentParams = {
  type: "object",
  properties: { recId: recIdSchema, uid: uidSchema },
  required: ["recId", "uid"],
  additionalProperties: false,
} as const;

export function registerTicketCommentRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { tickets, comments } = context.store.content;

  api.post(
    "/SupportTickets/:recId/Comments",
    {
      onRequest: [guards.session, guards.permission("SupportTickets", "rw")],
      schema: { params: recIdParams },
      bodyLimit: uploadBodyLimit(MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { recId } = request.params as { recId: number };
      const ticket = await tickets.get(caller.account.recId, recId);
      if (!ticket) throw notFound("Ticket");
      if (ticket.status === "Closed") throw conflict("TicketClosed", "The ticket is closed.");
      const input = await readCommentInput(request, caller.user.recId);
      const comment = await comments.add(
        caller.account.recId,
        recId,
        { ...input, isInternal: false },
        context.now(),
      );
      await ticketChanged(context, caller, ticket);
      return reply.status(201).send(commentBody(comment, ticketAttachmentUrl(recId)));
    },
  );

  api.get(
    "/SupportTickets/:recId/Attachments/:uid",
    {
      onRequest: [guards.session, guards.permission("SupportTickets", "r")],
      schema: { params: attachmentParams },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { recId, uid } = request.params as { recId: number; uid: string };
      const ticket = await tickets.get(caller.account.recId, recId);
      if (!ticket) throw notFound("Attachment");
      const attachment = await comments.attachment(caller.account.recId, recId, uid, false);
      if (!attachment) throw notFound("Attachment");
      return sendAttachment(reply, attachment);
    },
  );
}
