/**
 * The member side of the in-app support chat (§4.4, §7): supportchat/active, message, file (upload
 * and download) and SupportSessions/SaveRating. The chat needs InAppChatAccess and the SupportChat
 * feature (§6), and a member: staff who answer chats are refused here. Messages are stored once per UID: a resend returns the stored message, acknowledged.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { multiLineText, singleLineText } from "../../../schemas/text-rules.ts";
import { CHAT_ATTACHMENT_MAX_BYTES } from "../admin/constants.ts";
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import { assertValidFileName } from "../files/file-names.ts";
import { sendStoredFile } from "../files/send-stored-file.ts";
import { readSingleUpload } from "../files/single-upload.ts";
import { uploadBodyLimit } from "../http/body-limits.ts";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema, uidSchema } from "../http/schemas.ts";
import { generateUid } from "../identity/secrets.ts";
import { realtimeOf } from "../realtime/handle.ts";
import { CHAT_NOT_AVAILABLE, chatRoleOf } from "../realtime/principals.ts";
import type { ChatMessageRecord } from "../store/records-content.ts";
import type { NewChatMessage } from "../store/types/chat.ts";
import type { NewFileInput } from "../store/types/objects-files.ts";
import { SUPPORT_CHAT_OPEN_KEY } from "./chat-state.ts";

/** Longest chat message, in characters. */
export const MAX_CHAT_MESSAGE_LENGTH = 4000;

/** §8: the chat's own answer to a too-big attachment, the member's and the staff's alike. */
export const CHAT_FILE_TOO_LARGE = {
  code: "ChatFileTooLarge",
  message: `File is too big ; max size is ${CHAT_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`,
} as const;

const CLIENT_UID = /^[A-Za-z0-9-]{8,64}$/;
const clientUid = {
  type: "string",
  pattern: CLIENT_UID.source,
  description: "Client-made message UID; a resend with the same UID is stored once.",
} as const;

const messageBody = {
  type: "object",
  properties: {
    Page: { ...singleLineText, maxLength: 500, description: "The page the member is on." },
    Text: { ...multiLineText, minLength: 1, maxLength: MAX_CHAT_MESSAGE_LENGTH, description: "The message." },
    UID: clientUid,
  },
  required: ["Page", "Text"],
  additionalProperties: false,
} as const;

const fileQuery = {
  type: "object",
  properties: { id: uidSchema },
  required: ["id"],
  additionalProperties: false,
} as const;

const ratingBody = {
  type: "object",
  properties: {
    Feedback: { ...multiLineText, maxLength: 2000, description: "Free-text feedback." },
    Rating: {
      type: "integer",
      minimum: 1,
      maximum: 5,
      description: "Rating from 1 (poor) to 5 (excellent).",
    },
    SupportSessionRecId: recIdSchema,
  },
  required: ["Rating", "SupportSessionRecId"],
  additionalProperties: false,
} as const;

/** The message as §3 describes it; a stored message is acknowledged (§4.4). */
export function chatMessageBody(message: ChatMessageRecord) {
  return {
    UID: message.uid,
    Type: message.type,
    Text: message.text,
    UserName: message.authorName,
    IsInternal: message.isInternal,
    Acknowledged: true,
    FileID: message.fileUid,
    FileName: message.fileName,
    Date: new Date(message.createdAt).toISOString(),
  };
}

/** Registers the chat routes under the application base. */
export function registerChatRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { store } = context;

  // The member side is for members only, as on the chat hub (realtime/principals.ts): staff who
  // answer chats take part as staff through /api/Admin/SupportChat, never as a member (§6 roles).
  const chatAccess = async (request: FastifyRequest) => {
    if (chatRoleOf(callerOf(request)) !== "member") throw forbidden("ChatNotAvailable", CHAT_NOT_AVAILABLE);
  };
  const chat = [guards.session, chatAccess];

  const isOpen = async () => (await store.config.get<boolean>(SUPPORT_CHAT_OPEN_KEY)) !== false;

  /** Stores a member's message (§4.4: the session starts with the first one; the page follows the member). */
  async function post(
    caller: Caller,
    page: string,
    message: Omit<NewChatMessage, "authorUserId" | "isInternal">,
    attachment?: NewFileInput,
  ) {
    if (!(await isOpen())) throw conflict("ChatSessionNotActive", "The support chat is closed.");
    const stored = await store.chat.postMemberMessage(
      caller.account.recId,
      caller.user.recId,
      page,
      message,
      context.now(),
      attachment,
    );
    // A resend (already stored) is told again, as the hub's SendMessage does (realtime/chat-hub.ts).
    context.events.emit("chatMessage", {
      accountId: caller.account.recId,
      sessionId: stored.session.recId,
      message: stored.message,
    });
    return stored;
  }

  api.get("/supportchat/active", { onRequest: chat }, async (request) => {
    const caller = callerOf(request);
    const session = await store.chat.openSession(caller.account.recId, caller.user.recId);
    const messages = session ? await store.chat.messages(caller.account.recId, session.recId) : [];
    return { IsActive: await isOpen(), Messages: messages.map(chatMessageBody) };
  });

  api.post(
    "/supportchat/message",
    { onRequest: chat, schema: { body: messageBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body as { Page: string; Text: string; UID?: string };
      // §5: blank or whitespace-only messages are not sent.
      if (body.Text.trim() === "") throw badRequest("InvalidRequest", "The message is empty.");
      const stored = await post(caller, body.Page, {
        uid: body.UID ?? generateUid(),
        type: "Message",
        text: body.Text,
      });
      return reply.status(stored.created ? 201 : 200).send(chatMessageBody(stored.message));
    },
  );

  api.put(
    "/supportchat/file",
    { onRequest: chat, bodyLimit: uploadBodyLimit(CHAT_ATTACHMENT_MAX_BYTES) },
    async (request, reply) => {
      const caller = callerOf(request);
      const upload = await readSingleUpload(request, {
        maxBytes: CHAT_ATTACHMENT_MAX_BYTES,
        fieldNames: ["UID", "Page"],
        tooLarge: CHAT_FILE_TOO_LARGE,
      });
      const uid = upload.fields.UID;
      if (uid !== undefined && !CLIENT_UID.test(uid)) throw badRequest("InvalidRequest", "UID is not valid.");
      const name = assertValidFileName(upload.fileName);
      const stored = await post(
        caller,
        upload.fields.Page ?? "",
        { uid: uid ?? generateUid(), type: "File", text: "", fileName: name },
        {
          ownerUserId: caller.user.recId,
          itemType: "ChatAttachment",
          name,
          contentType: upload.contentType,
          data: upload.data,
        },
      );
      return reply.status(stored.created ? 201 : 200).send(chatMessageBody(stored.message));
    },
  );

  api.get(
    "/supportchat/file",
    { onRequest: chat, schema: { querystring: fileQuery } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.query as { id: string };
      const file = await store.files.get(caller.account.recId, id);
      if (file?.itemType !== "ChatAttachment") throw notFound("File");
      const session = await store.chat.sessionOfFile(caller.account.recId, id);
      if (!session || session.userId !== caller.user.recId) throw notFound("File");
      const data = await store.files.content(caller.account.recId, id);
      if (!data) throw notFound("File");
      // The served type comes from the bytes, never from the uploader's claim (send-stored-file.ts).
      return sendStoredFile(reply.header("Cache-Control", "private, no-store"), data, file.name);
    },
  );

  api.get(
    "/SupportSessions",
    { onRequest: [guards.session, guards.permission("SupportSessions", "r")] },
    async (request) => {
      const caller = callerOf(request);
      const sessions = await store.chat.listSessions(caller.account.recId, caller.user.recId);
      return sessions.map((session) => ({
        RecId: session.recId,
        Status: session.status,
        Page: session.page,
        StartedAt: new Date(session.startedAt).toISOString(),
        ArchivedAt: session.archivedAt === null ? null : new Date(session.archivedAt).toISOString(),
        Rating: session.rating,
        Feedback: session.feedback,
      }));
    },
  );

  api.post(
    "/SupportSessions/SaveRating",
    { onRequest: [guards.session], schema: { body: ratingBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body as { Feedback?: string; Rating: number; SupportSessionRecId: number };
      const outcome = await store.chat.saveRating(
        caller.account.recId,
        caller.user.recId,
        body.SupportSessionRecId,
        { rating: body.Rating, feedback: body.Feedback ?? "" },
        context.now(),
      );
      if (outcome === "notFound") throw notFound("Support session");
      if (outcome === "notArchived") throw conflict("Conflict", "The support session is still open.");
      if (outcome === "alreadyRated")
        throw conflict("AlreadyRated", "The support session was already rated.");
      // The staff see the rating and feedback at once (realtime/README.md, sessionUpdated).
      await realtimeOf(context).chat.sessionUpdated(body.SupportSessionRecId);
      return reply.status(204).send();
    },
  );
}
