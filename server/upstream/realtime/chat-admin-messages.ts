/**
 * Staff messages in a support session (§4.4 staff side), part of /api/Admin/SupportChat/ with Write
 * on the SupportSessions admin module: reply and send a file (each stored once per UID), report that
 * all staff is busy (a StaffBusy message), and edit or delete one's own replies and files. Each change
 * is pushed on the chat hub to the member and the staff. Registered by chat-admin-routes.ts, which
 * owns the shared helpers.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { CHAT_ATTACHMENT_MAX_BYTES } from "../admin/constants.ts";
import { CHAT_FILE_TOO_LARGE } from "../chat/routes.ts";
import type { UpstreamContext } from "../context.ts";
import { assertValidFileName } from "../files/file-names.ts";
import { readSingleUpload } from "../files/single-upload.ts";
import { uploadBodyLimit } from "../http/body-limits.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guard } from "../http/guards.ts";
import { generateUid } from "../identity/secrets.ts";
import type { NewFileInput } from "../store/types/objects-files.ts";
import type {
  MessageChange,
  StaffMessageInput,
  StaffMessageOutcome,
  StaffSessionSummary,
} from "../store/types/realtime.ts";
import * as s from "./chat-admin-schemas.ts";
import { type ChatPublisher, chatEventMessage } from "./chat-events.ts";
import { CHAT_MESSAGE_UID } from "./chat-hub.ts";

/** What the message routes share with the session routes. */
export interface StaffChatHelpers {
  write: Guard[];
  publisher: () => ChatPublisher;
  /** The session named in the path (any account: staff only), or 404. */
  sessionOf: (request: FastifyRequest) => Promise<StaffSessionSummary>;
  /** Turns a refused staff action into its HTTP error. */
  refused: (outcome: Exclude<StaffMessageOutcome, { session: unknown }>) => never;
}

/** Registers the staff message routes. */
export function registerChatAdminMessageRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  helpers: StaffChatHelpers,
): void {
  const { chatStaff } = context.store.realtime;
  const { write, publisher, sessionOf, refused } = helpers;

  /** Stores a staff message (or finds its resend) and answers 201 (new) or 200 (resent). */
  const post = async (
    request: FastifyRequest,
    session: StaffSessionSummary,
    message: StaffMessageInput,
    attachment?: NewFileInput,
  ) => {
    const outcome = await chatStaff.staffMessage(
      session.accountId,
      session.recId,
      callerOf(request).user.recId,
      message,
      context.now(),
      attachment,
    );
    if (typeof outcome === "string") return refused(outcome);
    if (outcome.created) publisher().stored(outcome.message);
    return { status: outcome.created ? 201 : 200, body: chatEventMessage(outcome.message) };
  };

  /** Answers an edit or deletion, publishing it when something changed. */
  const changed = async (change: MessageChange, session: StaffSessionSummary) => {
    if (change === "notFound") throw notFound("Message");
    if (change === "sessionArchived")
      throw conflict("ChatSessionNotActive", "The support session is archived.");
    if (change === "notEditable") {
      throw conflict("ChatMessageNotEditable", "This message cannot be edited or deleted.");
    }
    if (change.changed) await publisher().publishChange(session, change.message);
    return chatEventMessage(change.message);
  };

  api.post(
    "/Admin/SupportChat/Sessions/:recId/Messages",
    { onRequest: write, schema: { params: s.sessionParams, body: s.replyBody } },
    async (request, reply) => {
      const body = request.body as { Text: string; UID?: string };
      if (body.Text.trim() === "") throw badRequest("InvalidRequest", "The message is empty.");
      const session = await sessionOf(request);
      const message = { uid: body.UID ?? generateUid(), type: "Message", text: body.Text } as const;
      const answer = await post(request, session, message);
      return reply.status(answer.status).send(answer.body);
    },
  );

  api.post(
    "/Admin/SupportChat/Sessions/:recId/Busy",
    {
      onRequest: write,
      // The body is optional: no body is an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { params: s.sessionParams, body: s.busyBody },
    },
    async (request, reply) => {
      const session = await sessionOf(request);
      const uid = (request.body as { UID?: string }).UID ?? generateUid();
      const answer = await post(request, session, { uid, type: "StaffBusy", text: "" });
      return reply.status(answer.status).send(answer.body);
    },
  );

  // Exactly the member's PUT supportchat/file (chat/routes.ts): one file of at most 2 MB (§9) and
  // an optional UID; the file is stored in the member's account, where their download finds it.
  api.put(
    "/Admin/SupportChat/Sessions/:recId/File",
    {
      onRequest: write,
      bodyLimit: uploadBodyLimit(CHAT_ATTACHMENT_MAX_BYTES),
      schema: { params: s.sessionParams },
    },
    async (request, reply) => {
      const session = await sessionOf(request);
      const upload = await readSingleUpload(request, {
        maxBytes: CHAT_ATTACHMENT_MAX_BYTES,
        fieldNames: ["UID"],
        tooLarge: CHAT_FILE_TOO_LARGE,
      });
      const uid = upload.fields.UID;
      if (uid !== undefined && !CHAT_MESSAGE_UID.test(uid)) {
        throw badRequest("InvalidRequest", "UID is not valid.");
      }
      const name = assertValidFileName(upload.fileName);
      const answer = await post(
        request,
        session,
        { uid: uid ?? generateUid(), type: "File", text: "", fileName: name },
        {
          ownerUserId: callerOf(request).user.recId,
          itemType: "ChatAttachment",
          name,
          contentType: upload.contentType,
          data: upload.data,
        },
      );
      return reply.status(answer.status).send(answer.body);
    },
  );

  api.put(
    "/Admin/SupportChat/Sessions/:recId/Messages/:uid",
    { onRequest: write, schema: { params: s.messageParams, body: s.editBody } },
    async (request) => {
      const session = await sessionOf(request);
      const { uid } = request.params as { uid: string };
      const { Text } = request.body as { Text: string };
      if (Text.trim() === "") throw badRequest("InvalidRequest", "The message is empty.");
      const staffId = callerOf(request).user.recId;
      const now = context.now();
      return changed(
        await chatStaff.editMessage(session.accountId, session.recId, staffId, uid, Text, now),
        session,
      );
    },
  );

  api.delete(
    "/Admin/SupportChat/Sessions/:recId/Messages/:uid",
    { onRequest: write, schema: { params: s.messageParams } },
    async (request) => {
      const session = await sessionOf(request);
      const { uid } = request.params as { uid: string };
      const staffId = callerOf(request).user.recId;
      const now = context.now();
      return changed(
        await chatStaff.deleteMessage(session.accountId, session.recId, staffId, uid, now),
        session,
      );
    },
  );
}
