/**
 * Publishing the support chat (§4.4) on its hub: each event goes to the member's connections (their
 * user group: only their account, only them) and to the staff group. Every newly stored message is
 * announced on the event bus as `chatMessage` — by the member calls of chat/routes.ts, the hub
 * methods and the staff calls alike — and published here under the target its type calls for,
 * followed by the session as it is after the message (`sessionUpdated`, staff only), so the staff's
 * queue shows the new session, its count, latest time, first message and page without a reload.
 */
import { chatMessageBody } from "../chat/routes.ts";
import type { UpstreamContext } from "../context.ts";
import type { Hub } from "../hubs/index.ts";
import type { ChatMessageRecord, ChatMessageType, SupportSessionRecord } from "../store/records-content.ts";
import type { StaffSessionSummary } from "../store/types/realtime.ts";
import type { StaffSessionBody } from "./chat-admin-schemas.ts";
import { type SessionPrincipal, STAFF_GROUP, userGroup } from "./principals.ts";
import { type ChatEventMessage, ChatHubTarget } from "./targets.ts";

/** The event target of a stored message by its type; anything else is a `message`. */
const TARGET_BY_TYPE: Partial<Record<ChatMessageType, string>> = {
  MessageEdited: ChatHubTarget.Edited,
  MessageDeleted: ChatHubTarget.Deleted,
  SessionArchived: ChatHubTarget.SessionArchived,
  StaffBusy: ChatHubTarget.StaffBusy,
};

/** The message as chat events and method results carry it. */
export function chatEventMessage(message: ChatMessageRecord): ChatEventMessage {
  return { ...chatMessageBody(message), SupportSessionRecId: message.sessionId };
}

/**
 * A session as the staff calls and the staff-only `sessionUpdated` event show it (the closed shape of
 * chat-admin-schemas.ts `staffSessionSchema`; realtime/README.md documents it). Page is where the
 * member sent their latest message from.
 */
export function staffSessionBody(session: StaffSessionSummary): StaffSessionBody {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    RecId: session.recId,
    AccountRecId: session.accountId,
    AccountName: session.accountName,
    UserRecId: session.userId,
    UserFullName: session.userFullName,
    Status: session.status,
    Page: session.page,
    StaffUserRecId: session.staffUserId,
    StaffFullName: session.staffFullName,
    StartedAt: new Date(session.startedAt).toISOString(),
    ArchivedAt: iso(session.archivedAt),
    MessageCount: session.messageCount,
    LastMessageAt: iso(session.lastMessageAt),
    Rating: session.rating,
    Feedback: session.feedback,
    FirstMessage: session.firstMessage,
  };
}

/** Publishes chat events on one chat hub. */
export class ChatPublisher {
  /** Publications under way: each reads the session from the store before it sends. */
  readonly #pending = new Set<Promise<void>>();

  constructor(
    private readonly context: UpstreamContext,
    private readonly hub: Hub<SessionPrincipal>,
  ) {}

  /** Sends `target` with the message to the session's member and to the staff. */
  publish(
    session: Pick<SupportSessionRecord, "accountId" | "userId">,
    target: string,
    message: ChatMessageRecord,
  ) {
    const body = chatEventMessage(message);
    this.hub.sendToGroup(userGroup(session.accountId, session.userId), target, body);
    this.hub.sendToGroup(STAFF_GROUP, target, body);
  }

  /**
   * Publishes a stored or changed (edited, deleted) message under its type's target, then the
   * session as it is now to the staff (an edit or deletion can change its first message).
   */
  async publishChange(
    session: Pick<SupportSessionRecord, "accountId" | "userId">,
    message: ChatMessageRecord,
  ): Promise<void> {
    this.publish(session, TARGET_BY_TYPE[message.type] ?? ChatHubTarget.Message, message);
    await this.sessionUpdated(message.sessionId);
  }

  /** Announces a newly stored message on the bus (and so, through `listen`, on the hub). */
  stored(message: ChatMessageRecord): void {
    this.context.events.emit("chatMessage", {
      accountId: message.accountId,
      sessionId: message.sessionId,
      message,
    });
  }

  /** Tells the staff how a session is now (read after the change, so it carries the change). */
  async sessionUpdated(sessionId: number): Promise<void> {
    const summary = await this.context.store.realtime.chatStaff.getSessionForAdmin(sessionId);
    if (summary) this.hub.sendToGroup(STAFF_GROUP, ChatHubTarget.SessionUpdated, staffSessionBody(summary));
  }

  /** Opens or closes the chat for everyone connected (§4.4 open / close events). */
  openOrClose(open: boolean): number {
    return this.hub.sendToAll(open ? ChatHubTarget.Open : ChatHubTarget.Close);
  }

  /** Publishes every message announced on the bus; returns the unsubscribe. */
  listen(): () => void {
    return this.context.events.on("chatMessage", ({ accountId, sessionId, message }) => {
      const publication = this.context.store.chat
        .getSession(accountId, sessionId)
        .then((session) => (session ? this.publishChange(session, message) : undefined))
        .catch((error: unknown) => this.context.log.error({ err: error }, "chat event not published"))
        .finally(() => this.#pending.delete(publication));
      this.#pending.add(publication);
    });
  }

  /**
   * Settles once the publications under way have sent (a stopping instance waits for it, within its
   * grace, before its backplane closes: a message stored as the instance stops still reaches the
   * other instances).
   */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}
