/**
 * The comments panel and the reply action of /admin/support: every comment of the ticket, internal
 * ones included (§3 Comment internal flag), their attachments, and staff replies — a public reply
 * sets the ticket WaitingForCustomer and tells the requester; an internal note changes nothing for
 * them and is never shown to members.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { sendStoredFile } from "../files/send-stored-file.ts";
import { notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { recIdSchema, uidSchema } from "../http/schemas.ts";
import { flag, longText, nonBlank } from "./fields.ts";
import type { AdminCall } from "./resource.ts";
import { adminCall, keyParams } from "./resource-kit.ts";
import { auditChange } from "./resource-routes.ts";
import { supportTickets, tellRequester } from "./support.ts";

const attachmentParams = {
  type: "object",
  properties: { key: recIdSchema, uid: uidSchema },
  required: ["key", "uid"],
  additionalProperties: false,
} as const;

const replyBody = {
  type: "object",
  properties: { Text: nonBlank(longText(10_000)), IsInternal: flag() },
  required: ["Text"],
  additionalProperties: false,
} as const;

/** The comment in its §3 shape (title, date, text, image url, attachments, internal flag). */
function commentBody(
  ticketId: number,
  comment: Awaited<ReturnType<UpstreamContext["store"]["content"]["comments"]["list"]>>[number],
) {
  return {
    RecId: comment.recId,
    Title: comment.title,
    Date: new Date(comment.createdAt).toISOString(),
    Text: comment.text,
    ImageUrl: comment.imageUrl,
    Internal: comment.isInternal,
    AuthorFullName: comment.authorFullName,
    Attachments: comment.attachments.map((attachment) => ({
      FileName: attachment.fileName,
      FileUID: attachment.uid,
      Size: attachment.size,
      File: `Admin/Support/${ticketId}/Attachments/${attachment.uid}`,
    })),
  };
}

/** Registers the comment calls of /admin/support. */
export function registerSupportCommentRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { store } = context;
  const read = [guards.session, guards.admin("Support", "Read")];
  const write = [guards.session, guards.admin("Support", "Write")];
  const params = keyParams("int");
  const load = async (call: AdminCall, key: number) => {
    const row = await store.admin.records.get(supportTickets.spec, key, call.at);
    if (!row) throw notFound("Support ticket");
    return row;
  };

  api.get("/Admin/Support/:key/Comments", { onRequest: read, schema: { params } }, async (request) => {
    const ticket = await load(adminCall(request, context), (request.params as { key: number }).key);
    const comments = await store.content.comments.list(
      ticket.AccountRecId as number,
      ticket.RecId as number,
      true,
    );
    return comments.map((comment) => commentBody(ticket.RecId as number, comment));
  });

  api.post(
    "/Admin/Support/:key/Comments",
    { onRequest: write, schema: { params, body: replyBody } },
    async (request, reply) => {
      const call = adminCall(request, context);
      const ticket = await load(call, (request.params as { key: number }).key);
      const body = request.body as { Text: string; IsInternal?: boolean | null };
      const internal = body.IsInternal === true;
      const comment = await store.content.comments.add(
        ticket.AccountRecId as number,
        ticket.RecId as number,
        {
          authorUserId: call.caller.user.recId,
          title: "",
          text: body.Text.trim(),
          imageUrl: null,
          isInternal: internal,
          attachments: [],
        },
        call.at.now,
      );
      // A public answer waits for the customer; an internal note changes nothing for them.
      if (!internal && (ticket.Status === "New" || ticket.Status === "Open")) {
        await store.admin.support.updateTicket(
          ticket.RecId as number,
          { status: "WaitingForCustomer" },
          call.caller.user.recId,
          call.at.now,
        );
      }
      if (!internal) await tellRequester(context, call, ticket);
      await auditChange(
        call,
        "AdminSupportReply",
        `Ticket ${String(ticket.RecId)}: ${internal ? "internal note" : "reply"}.`,
        { TicketRecId: ticket.RecId },
      );
      return reply.status(201).send(commentBody(ticket.RecId as number, comment));
    },
  );

  api.get(
    "/Admin/Support/:key/Attachments/:uid",
    { onRequest: read, schema: { params: attachmentParams } },
    async (request, reply) => {
      const { key, uid } = request.params as { key: number; uid: string };
      const ticket = await load(adminCall(request, context), key);
      const found = await store.content.comments.attachment(ticket.AccountRecId as number, key, uid, true);
      if (!found) throw notFound("Attachment");
      // Typed by its bytes, never by the uploader's claim (send-stored-file.ts).
      return sendStoredFile(
        reply.header("Cache-Control", "private, no-store"),
        found.data,
        found.meta.fileName,
      );
    },
  );
}
