/**
 * The chat's staff side (§4.4), for internal support staff: /api/Admin/SupportChat/… Reads need Read
 * on the SupportSessions admin module, changes need Write (§6). Staff see the sessions of every
 * account by state (the Waiting queue first), read a transcript and its attachments, take a session
 * (the member gets an InternalUserStartTalking message: "now talking to"), archive it (a
 * SessionArchived message: the member is asked for a rating), and open or close the chat service (the
 * `open` / `close` events). Replies, files, StaffBusy and edits are in chat-admin-messages.ts; the
 * member's context and tickets made from a conversation in chat-admin-context.ts. Everything is
 * pushed on the chat hub.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { actingUser, audit } from "../admin/audit.ts";
import { SUPPORT_CHAT_OPEN_KEY, setSupportChatOpen } from "../chat/chat-state.ts";
import type { UpstreamContext } from "../context.ts";
import { sendStoredFile } from "../files/send-stored-file.ts";
import { conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { generateUid } from "../identity/secrets.ts";
import type { StaffMessageOutcome, StaffSessionChange } from "../store/types/realtime.ts";
import { registerChatAdminContextRoutes } from "./chat-admin-context.ts";
import { registerChatAdminMessageRoutes } from "./chat-admin-messages.ts";
import * as s from "./chat-admin-schemas.ts";
import { chatEventMessage, staffSessionBody } from "./chat-events.ts";
import { realtimeOf } from "./handle.ts";

/** Registers the staff chat routes under the application base. */
export function registerChatAdminRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { store } = context;
  const { chatStaff } = store.realtime;
  const read = [guards.session, guards.admin("SupportSessions", "Read")];
  const write = [guards.session, guards.admin("SupportSessions", "Write")];
  const publisher = () => realtimeOf(context).chat;

  /** The session named in the path (any account: staff only), or 404. */
  async function sessionOf(request: FastifyRequest) {
    const session = await chatStaff.getSessionForAdmin((request.params as { recId: number }).recId);
    if (!session) throw notFound("Support session");
    return session;
  }

  /** The refusals of a staff action, as HTTP errors. */
  function refused(outcome: Exclude<StaffSessionChange | StaffMessageOutcome, { session: unknown }>): never {
    if (outcome === "notFound") throw notFound("Support session");
    if (outcome === "archived") throw conflict("ChatSessionNotActive", "The support session is archived.");
    if (outcome === "takenByOther") {
      throw conflict("SupportSessionTaken", "Another member of staff handles this support session.");
    }
    if (outcome === "notTaken") throw conflict("SupportSessionNotTaken", "Take the support session first.");
    throw conflict("Conflict", "This UID is already used by another message.");
  }

  registerChatAdminMessageRoutes(api, context, { write, publisher, sessionOf, refused });
  registerChatAdminContextRoutes(api, context, { read, sessionOf, guards });

  api.get("/Admin/SupportChat/Status", { onRequest: read }, async () => ({
    IsOpen: (await store.config.get<boolean>(SUPPORT_CHAT_OPEN_KEY)) !== false,
  }));

  api.put(
    "/Admin/SupportChat/Status",
    { onRequest: write, schema: { body: s.statusBody } },
    async (request) => {
      const { IsOpen } = request.body as { IsOpen: boolean };
      const wasOpen = (await store.config.get<boolean>(SUPPORT_CHAT_OPEN_KEY)) !== false;
      await setSupportChatOpen(context, IsOpen);
      if (wasOpen !== IsOpen) {
        publisher().openOrClose(IsOpen);
        await audit(context, {
          action: IsOpen ? "SupportChatOpened" : "SupportChatClosed",
          message: `The support chat was ${IsOpen ? "opened" : "closed"}.`,
          actor: actingUser(callerOf(request)),
        });
      }
      return { IsOpen };
    },
  );

  api.get(
    "/Admin/SupportChat/Sessions",
    { onRequest: read, schema: { querystring: s.listQuery, response: { 200: s.sessionListAnswer } } },
    async (request) => {
      const query = request.query as {
        status: "Waiting" | "Active" | "Archived";
        page: number;
        pageSize: number;
      };
      const page = await chatStaff.listSessionsForAdmin({
        status: query.status,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { Items: page.items.map(staffSessionBody), Total: page.total };
    },
  );

  api.get(
    "/Admin/SupportChat/Sessions/:recId",
    { onRequest: read, schema: { params: s.sessionParams } },
    async (request) => {
      const session = await sessionOf(request);
      const messages = await store.chat.messages(session.accountId, session.recId);
      return { ...staffSessionBody(session), Messages: messages.map(chatEventMessage) };
    },
  );

  api.get(
    "/Admin/SupportChat/Sessions/:recId/File",
    { onRequest: read, schema: { params: s.sessionParams, querystring: s.fileQuery } },
    async (request, reply) => {
      const session = await sessionOf(request);
      const { id } = request.query as { id: string };
      const owner = await store.chat.sessionOfFile(session.accountId, id);
      const file = await store.files.get(session.accountId, id);
      const data = await store.files.content(session.accountId, id);
      if (owner?.recId !== session.recId || file?.itemType !== "ChatAttachment" || !data)
        throw notFound("File");
      // The served type comes from the bytes, never from the uploader's claim (send-stored-file.ts).
      return sendStoredFile(reply.header("Cache-Control", "private, no-store"), data, file.name);
    },
  );

  api.post(
    "/Admin/SupportChat/Sessions/:recId/Take",
    { onRequest: write, schema: { params: s.sessionParams, response: { 200: s.staffSessionSchema } } },
    async (request) => {
      const caller = callerOf(request);
      const session = await sessionOf(request);
      const staff = { userId: caller.user.recId, messageUid: generateUid() };
      const outcome = await chatStaff.take(session.accountId, session.recId, staff, context.now());
      if (typeof outcome === "string") refused(outcome);
      if (outcome.message) {
        // The bus publishes the message, then the session as taken (sessionUpdated).
        publisher().stored(outcome.message);
        await audit(context, {
          action: "SupportSessionTaken",
          message: `Support session ${session.recId} taken.`,
          actor: actingUser(caller),
          target: { accountId: session.accountId, recId: session.userId },
          details: { supportSessionId: session.recId },
        });
      }
      return staffSessionBody((await chatStaff.getSessionForAdmin(session.recId)) ?? session);
    },
  );

  api.post(
    "/Admin/SupportChat/Sessions/:recId/Archive",
    { onRequest: write, schema: { params: s.sessionParams, response: { 200: s.staffSessionSchema } } },
    async (request) => {
      const caller = callerOf(request);
      const session = await sessionOf(request);
      const outcome = await chatStaff.archive(
        session.accountId,
        session.recId,
        caller.user.recId,
        generateUid(),
        context.now(),
      );
      if (typeof outcome === "string") refused(outcome);
      // The bus publishes the message, then the session as archived (sessionUpdated).
      if (outcome.message) publisher().stored(outcome.message);
      await audit(context, {
        action: "SupportSessionArchived",
        message: `Support session ${session.recId} archived.`,
        actor: actingUser(caller),
        target: { accountId: session.accountId, recId: session.userId },
        details: { supportSessionId: session.recId },
      });
      return staffSessionBody((await chatStaff.getSessionForAdmin(session.recId)) ?? session);
    },
  );
}
