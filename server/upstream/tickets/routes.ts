/**
 * Support tickets, member side (§2.2 /supporttickets; §6: creating a ticket needs SupportTickets):
 * list with paging, search, sort and a status filter; read one with its comments (internal comments
 * are never shown to members, §3 Comment); create; update title, description, priority and
 * category; close. Reads need SupportTickets at r, changes at rw. The ticket's author is notified
 * when someone else changes it (§4.3 SupportTicketUpdated).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { type ListQueryString, nonBlank, pageBody, toListQuery } from "../folders/list-query.ts";
import { conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams } from "../http/schemas.ts";
import { commentBody } from "../objects/comment-input.ts";
import type { TicketFields, TicketRecord } from "../store/types/tickets.ts";
import {
  createTicketBody,
  ticketAttachmentUrl,
  ticketBody,
  ticketChanged,
  ticketListQuery,
  updateTicketBody,
} from "./bodies.ts";
import { registerTicketCommentRoutes } from "./comments-routes.ts";
import { registerSupportSessionRoutes } from "./support-sessions-routes.ts";

/** Registers the support ticket routes under the application base. */
export function registerTicketRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { tickets, comments } = context.store.content;
  const read = [guards.session, guards.permission("SupportTickets", "r")];
  const write = [guards.session, guards.permission("SupportTickets", "rw")];
  const ids = (request: FastifyRequest) => ({
    caller: callerOf(request),
    recId: (request.params as { recId: number }).recId,
  });
  const refusal = (outcome: "notFound" | "closed") =>
    outcome === "closed" ? conflict("TicketClosed", "The ticket is closed.") : notFound("Ticket");

  api.get(
    "/SupportTickets",
    { onRequest: read, schema: { querystring: ticketListQuery } },
    async (request) => {
      const query = request.query as ListQueryString & { status?: TicketRecord["status"] };
      const page = await tickets.list(callerOf(request).account.recId, {
        ...toListQuery(query),
        ...(query.status && { status: query.status }),
      });
      return pageBody(page, ticketBody);
    },
  );

  api.get("/SupportTickets/:recId", { onRequest: read, schema: { params: recIdParams } }, async (request) => {
    const { caller, recId } = ids(request);
    const ticket = await tickets.get(caller.account.recId, recId);
    if (!ticket) throw notFound("Ticket");
    const list = await comments.list(caller.account.recId, recId, false);
    return {
      ...ticketBody(ticket),
      Comments: list.map((c) => commentBody(c, ticketAttachmentUrl(recId))),
    };
  });

  api.post(
    "/SupportTickets",
    { onRequest: write, schema: { body: createTicketBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body as {
        Title: string;
        Description: string;
        Priority?: TicketFields["priority"];
        Category?: string;
      };
      const input: TicketFields = {
        title: nonBlank(body.Title, "title"),
        description: body.Description.trim(),
        priority: body.Priority ?? "Normal",
        category: body.Category ?? "Question",
      };
      const ticket = await tickets.create(caller.account.recId, input, caller.user.recId, context.now());
      return reply.status(201).send({ ...ticketBody(ticket), Comments: [] });
    },
  );

  api.put(
    "/SupportTickets/:recId",
    { onRequest: write, schema: { params: recIdParams, body: updateTicketBody } },
    async (request) => {
      const { caller, recId } = ids(request);
      const body = request.body as {
        Title?: string;
        Description?: string;
        Priority?: TicketFields["priority"];
        Category?: string;
      };
      const change: Partial<TicketFields> = {
        ...(body.Title !== undefined && { title: nonBlank(body.Title, "title") }),
        ...(body.Description !== undefined && { description: body.Description.trim() }),
        ...(body.Priority !== undefined && { priority: body.Priority }),
        ...(body.Category !== undefined && { category: body.Category }),
      };
      const ticket = await tickets.update(caller.account.recId, recId, change, context.now());
      if (typeof ticket === "string") throw refusal(ticket);
      await ticketChanged(context, caller, ticket);
      return ticketBody(ticket);
    },
  );

  api.post(
    "/SupportTickets/:recId/Close",
    { onRequest: write, schema: { params: recIdParams } },
    async (request) => {
      const { caller, recId } = ids(request);
      const ticket = await tickets.close(caller.account.recId, recId, caller.user.recId, context.now());
      if (typeof ticket === "string") throw refusal(ticket);
      await ticketChanged(context, caller, ticket);
      return ticketBody(ticket);
    },
  );

  registerTicketCommentRoutes(api, context, guards);
  registerSupportSessionRoutes(api, context, guards);
}
