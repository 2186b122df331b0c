/**
 * Past support chats of a member (§2.2 /supportsessions; SupportSessions at r): one session with its
 * transcript and rating. The list itself is `GET SupportSessions` (chat/routes.ts). Members see only
 * their own sessions: another member's or another account's session is 404 like a missing one.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { isoTime } from "../folders/list-query.ts";
import { notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams } from "../http/schemas.ts";

/** Registers the transcript route under the application base. */
export function registerSupportSessionRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { chat } = context.store;
  api.get(
    "/SupportSessions/:recId/Transcript",
    {
      onRequest: [guards.session, guards.permission("SupportSessions", "r")],
      schema: { params: recIdParams },
    },
    async (request) => {
      const caller = callerOf(request);
      const { recId } = request.params as { recId: number };
      const session = await chat.getSession(caller.account.recId, recId);
      if (!session || session.userId !== caller.user.recId) throw notFound("Support session");
      const messages = await chat.messages(caller.account.recId, recId);
      return {
        RecId: session.recId,
        Status: session.status,
        Page: session.page,
        StartedAt: isoTime(session.startedAt),
        ArchivedAt: isoTime(session.archivedAt),
        Rating: session.rating,
        Feedback: session.feedback,
        RatedAt: isoTime(session.ratedAt),
        CanRate: session.status === "Archived" && session.rating === null,
        Messages: messages.map((message) => ({
          UID: message.uid,
          Type: message.type,
          Text: message.text,
          UserName: message.authorName,
          IsInternal: message.isInternal,
          Acknowledged: true,
          FileID: message.fileUid,
          FileName: message.fileName,
          Date: isoTime(message.createdAt),
        })),
      };
    },
  );
}
