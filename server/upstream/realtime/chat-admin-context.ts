/**
 * What an agent needs beside a conversation (§4.4 staff side), part of /api/Admin/SupportChat/: the
 * member's context — their account, who they are, the page they write from and their latest support
 * tickets (Read on SupportSessions) — and a support ticket made from the conversation, in the
 * member's account and requested by them, with the transcript as its description (Write on
 * SupportSessions and on Support, §6: it changes both screens' records). Registered by
 * chat-admin-routes.ts, which owns the shared helpers.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { actingUser, audit } from "../admin/audit.ts";
import { supportTickets } from "../admin/support.ts";
import { transcriptText } from "../chat/transcript.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { callerOf, type Guard, type Guards } from "../http/guards.ts";
import type { AdminTableSpec } from "../store/types/admin-records.ts";
import type { StaffSessionSummary } from "../store/types/realtime.ts";
import * as s from "./chat-admin-schemas.ts";

/** How many of the member's tickets the context lists. */
export const CONTEXT_TICKET_COUNT = 5;

/** What the context routes share with the session routes. */
export interface StaffContextHelpers {
  read: Guard[];
  guards: Guards;
  /** The session named in the path (any account: staff only), or 404. */
  sessionOf: (request: FastifyRequest) => Promise<StaffSessionSummary>;
}

/** /admin/support's tickets, also filtered by requester: the statuses read as staff see them there. */
const requesterTickets: AdminTableSpec = {
  ...supportTickets.spec,
  filters: {
    ...supportTickets.spec.filters,
    RequesterRecId: { sql: "t.owner_user_id", type: "int", op: "eq" },
  },
};

/** Registers the context and ticket routes. */
export function registerChatAdminContextRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  helpers: StaffContextHelpers,
): void {
  const { store } = context;
  const { read, guards, sessionOf } = helpers;
  const makeTicket = [
    guards.session,
    guards.admin("SupportSessions", "Write"),
    guards.admin("Support", "Write"),
  ];

  api.get(
    "/Admin/SupportChat/Sessions/:recId/Context",
    { onRequest: read, schema: { params: s.sessionParams, response: { 200: s.contextAnswer } } },
    async (request) => {
      const session = await sessionOf(request);
      const account = await store.accounts.get(session.accountId);
      const user = await store.users.get(session.accountId, session.userId);
      if (!account || !user) throw notFound("Support session");
      const role = user.roleId === null ? undefined : await store.roles.get(account.recId, user.roleId);
      const now = context.now();
      const tickets = await store.admin.records.list(
        requesterTickets,
        {
          limit: CONTEXT_TICKET_COUNT,
          offset: 0,
          sort: { field: "CreatedAt", descending: true },
          filters: { AccountRecId: account.recId, RequesterRecId: user.recId },
        },
        { now, actor: callerOf(request).user.recId },
      );
      return {
        Account: {
          RecId: account.recId,
          Name: account.name,
          Domain: account.domain,
          SubscriptionType: account.subscriptionType,
          IsDisabled: account.disabled,
        },
        User: {
          RecId: user.recId,
          FullName: user.fullName,
          Email: user.email,
          RoleName: role?.name ?? null,
          LanguageCode: user.languageCode,
          IsAccountOwner: role?.isOwner ?? false,
        },
        Page: session.page,
        Tickets: tickets.items.map((ticket) => ({
          RecId: ticket.RecId,
          Title: ticket.Name,
          Status: ticket.Status,
          CreatedAt: ticket.CreatedAt,
        })),
      };
    },
  );

  api.post(
    "/Admin/SupportChat/Sessions/:recId/Ticket",
    {
      onRequest: makeTicket,
      schema: { params: s.sessionParams, body: s.ticketBody, response: { 201: s.ticketAnswer } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body as { Title: string; Category: string };
      const title = body.Title.trim();
      if (title === "") throw badRequest("InvalidRequest", "The title is empty.");
      const session = await sessionOf(request);
      const messages = await store.chat.messages(session.accountId, session.recId);
      const ticket = await store.content.tickets.create(
        session.accountId,
        { title, description: transcriptText(messages), priority: "Normal", category: body.Category },
        session.userId,
        context.now(),
      );
      await audit(context, {
        action: "SupportSessionTicketCreated",
        message: `Support ticket ${ticket.recId} made from support session ${session.recId}.`,
        actor: actingUser(caller),
        target: { accountId: session.accountId, recId: session.userId },
        details: { supportSessionId: session.recId, ticketRecId: ticket.recId },
      });
      return reply.status(201).send({ RecId: ticket.recId, Title: ticket.title });
    },
  );
}
