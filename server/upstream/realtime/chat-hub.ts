/**
 * The support chat hub at /hubs/supportchat (§7 "Support chat hub events", §4.4). Members with the
 * chat (InAppChatAccess and the SupportChat feature, §6) and support staff (SupportSessions module)
 * connect; anyone else with a valid session gets 403 on negotiate and connect (401 stays "no
 * session"). Members invoke SendMessage (stored once per UID and acknowledged, like POST
 * supportchat/message), EditMessage and DeleteMessage; each invocation re-checks the session and the
 * rights. Staff answer through /api/Admin/SupportChat (chat-admin-routes.ts) and receive every event.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isMultiLineText, isSingleLineText } from "../../../schemas/text-rules.ts";
import type { Caller } from "../auth/session-service.ts";
import { SUPPORT_CHAT_OPEN_KEY } from "../chat/chat-state.ts";
import { MAX_CHAT_MESSAGE_LENGTH } from "../chat/routes.ts";
import type { UpstreamContext } from "../context.ts";
import {
  accessTokenOf,
  CONFLICTING,
  type Hub,
  type HubBackplane,
  type HubConnection,
  HubMethodError,
  registerHub,
} from "../hubs/index.ts";
import type { MessageChange } from "../store/types/realtime.ts";
import type { ChatPublisher } from "./chat-events.ts";
import { chatEventMessage } from "./chat-events.ts";
import { CHAT_NOT_AVAILABLE, chatRoleOf, SessionPrincipal, STAFF_GROUP, userGroup } from "./principals.ts";
import { ChatHubMethod } from "./targets.ts";

/** A client-made message UID, as POST supportchat/message accepts it. */
export const CHAT_MESSAGE_UID = /^[A-Za-z0-9-]{8,64}$/;
const MAX_PAGE_LENGTH = 500;

/** A message text: what POST supportchat/message accepts (§5 non-blank, the multi-line text rule). */
function text(value: unknown, name: string): string {
  if (
    typeof value !== "string" ||
    value.trim() === "" ||
    value.length > MAX_CHAT_MESSAGE_LENGTH ||
    !isMultiLineText(value)
  ) {
    // The text itself is never repeated (schemas/text-rules.ts).
    throw new HubMethodError(
      `${name} must be a non-blank text of at most ${MAX_CHAT_MESSAGE_LENGTH} characters, without control characters other than tab and line breaks, nor direction overrides.`,
    );
  }
  return value;
}

function uid(value: unknown): string {
  if (typeof value !== "string" || !CHAT_MESSAGE_UID.test(value)) {
    throw new HubMethodError("uid must be 8 to 64 letters, digits or dashes.");
  }
  return value;
}

/** The outcome of an edit or delete as a method result, or the error for the client. */
export function changedMessage(change: MessageChange) {
  if (change === "notFound") throw new HubMethodError("Message not found.");
  if (change === "sessionArchived") throw new HubMethodError("The support session is closed.");
  if (change === "notEditable") throw new HubMethodError("This message cannot be edited or deleted.");
  return change;
}

/** Mounts the chat hub in its own scope (its 403 check must not apply to other routes). */
export async function registerChatHub(
  app: FastifyInstance,
  context: UpstreamContext,
  publisher: () => ChatPublisher,
  backplane?: HubBackplane,
): Promise<Hub<SessionPrincipal>> {
  const { store } = context;
  const admitted = new WeakMap<FastifyRequest, SessionPrincipal>();

  /** The member behind an invocation, as of now. */
  async function member(connection: HubConnection<SessionPrincipal>): Promise<Caller> {
    if (connection.principal.role !== "member") {
      throw new HubMethodError("Staff answer through the staff endpoints (/api/Admin/SupportChat).");
    }
    const caller = await connection.principal.reauthenticate(context);
    if (typeof caller === "string") throw new HubMethodError("The session has ended; sign in again.");
    if (chatRoleOf(caller) !== "member") throw new HubMethodError(CHAT_NOT_AVAILABLE);
    return caller;
  }

  /** The member's open session, for edits and deletions. */
  async function openSession(caller: Caller) {
    const session = await store.chat.openSession(caller.account.recId, caller.user.recId);
    if (!session) throw new HubMethodError("Message not found.");
    return session;
  }

  let hub: Hub<SessionPrincipal> | undefined;
  await app.register(async (scope) => {
    // 401 without a session is the hub's own answer; a session without the chat gets 403 here.
    scope.addHook("onRequest", async (request, reply) => {
      const token = accessTokenOf(request);
      if (token === null || token === CONFLICTING) return;
      const caller = await context.sessions.authenticate(token);
      // A preview's read-only session has no chat: sending a message changes data.
      if (typeof caller === "string" || caller.session.readOnly) return;
      const role = chatRoleOf(caller);
      if (role === null)
        return reply.code(403).header("cache-control", "no-store").send({ error: CHAT_NOT_AVAILABLE });
      admitted.set(request, new SessionPrincipal(caller, token, role));
    });
    hub = registerHub<SessionPrincipal>(scope, {
      path: "/hubs/supportchat",
      backplane,
      authenticate: async (request) => admitted.get(request) ?? null,
      onConnect: (connection) => {
        const { principal } = connection;
        const group =
          principal.role === "staff" ? STAFF_GROUP : userGroup(principal.accountId, principal.userId);
        hub?.addToGroup(connection.id, group);
      },
      methods: {
        [ChatHubMethod.SendMessage]: async (connection, [page, body, messageUid]) => {
          const caller = await member(connection);
          if (typeof page !== "string" || page.length > MAX_PAGE_LENGTH || !isSingleLineText(page)) {
            throw new HubMethodError(`page must be one line of at most ${MAX_PAGE_LENGTH} characters.`);
          }
          const message = { uid: uid(messageUid), text: text(body, "text") };
          if ((await store.config.get<boolean>(SUPPORT_CHAT_OPEN_KEY)) === false) {
            throw new HubMethodError("The support chat is closed.");
          }
          const stored = await store.chat.postMemberMessage(
            caller.account.recId,
            caller.user.recId,
            page,
            { ...message, type: "Message" },
            context.now(),
          );
          // A resend (already stored) is told again: the client had no answer, maybe because the
          // instance that stored it stopped, or was killed, before telling anyone. Clients merge by UID.
          publisher().stored(stored.message);
          return chatEventMessage(stored.message);
        },
        [ChatHubMethod.EditMessage]: async (connection, [messageUid, body]) => {
          const caller = await member(connection);
          const [id, newText] = [uid(messageUid), text(body, "text")];
          const session = await openSession(caller);
          const change = changedMessage(
            await store.realtime.chatStaff.editMessage(
              caller.account.recId,
              session.recId,
              caller.user.recId,
              id,
              newText,
              context.now(),
            ),
          );
          if (change.changed) await publisher().publishChange(session, change.message);
          return chatEventMessage(change.message);
        },
        [ChatHubMethod.DeleteMessage]: async (connection, [messageUid]) => {
          const caller = await member(connection);
          const id = uid(messageUid);
          const session = await openSession(caller);
          const change = changedMessage(
            await store.realtime.chatStaff.deleteMessage(
              caller.account.recId,
              session.recId,
              caller.user.recId,
              id,
              context.now(),
            ),
          );
          if (change.changed) await publisher().publishChange(session, change.message);
          return chatEventMessage(change.message);
        },
      },
    });
  });
  if (!hub) throw new Error("the chat hub was not registered");
  return hub;
}
