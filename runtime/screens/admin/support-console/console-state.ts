/**
 * The support agent's console (§4.4 staff side) as a pure reducer: the queue of waiting and active
 * sessions (staff session lists and `sessionUpdated`), the conversations open as tabs with their
 * messages (transcripts and chat hub events merged by UID, so a message seen twice — an event and a
 * reload after a dropped connection — is one line), the replies this console sent until the server
 * accepts them, each tab's unread count and draft, and the chat service's open flag.
 */
import { produce } from "immer";
import type { SupportChatMessageType } from "../../../../schemas/payloads/support-chat.ts";

/** A session as the staff calls and the `sessionUpdated` event carry it. */
export interface StaffSession {
  RecId: number;
  AccountRecId: number;
  AccountName: string | null;
  UserRecId: number;
  UserFullName: string | null;
  Status: "Waiting" | "Active" | "Archived";
  /** The in-app page of the member's latest message. */
  Page: string | null;
  StaffUserRecId: number | null;
  StaffFullName: string | null;
  StartedAt: string;
  ArchivedAt: string | null;
  MessageCount: number;
  LastMessageAt: string | null;
  Rating: number | null;
  Feedback: string | null;
  /** The member's first text (or first file name). */
  FirstMessage?: string | null;
}

/** A message as transcripts, hub events and reply answers carry it (§3, plus its session). */
export interface StaffMessageIn {
  UID: string;
  Type: SupportChatMessageType;
  Text?: string | null;
  UserName?: string | null;
  IsInternal: boolean;
  FileID?: string | null;
  FileName?: string | null;
  Date?: string | null;
  SupportSessionRecId?: number;
}

/** One line of a conversation. */
export interface ConsoleMessage {
  uid: string;
  /** The original kind: an edited message stays a Message, a deleted one keeps its place. */
  type: SupportChatMessageType;
  text: string;
  userName: string | null;
  isInternal: boolean;
  fileId: string | null;
  fileName: string | null;
  date: string | null;
  edited: boolean;
  deleted: boolean;
  /** Sent from this console; unacknowledged until the server stored it. */
  own: boolean;
  acknowledged: boolean;
  failed: boolean;
}

/** A session open as a tab. */
export interface Conversation {
  sessionId: number;
  status: "loading" | "ready" | "error";
  messages: ConsoleMessage[];
  /** Messages from the member that arrived while another tab (or none) showed. */
  unread: number;
  /** The reply being typed, kept while another tab shows. */
  draft: string;
}

/** Everything the console renders, in one immutable value the reducer replaces. */
export interface ConsoleState {
  queueStatus: "loading" | "ready" | "error";
  /** Waiting and active sessions by id (archived ones leave the queue). */
  sessions: Record<number, StaffSession>;
  /** Every session ever seen here, archived ones too: the tabs still show them. */
  known: Record<number, StaffSession>;
  /** The open tabs, in the order they were opened. */
  tabs: number[];
  /** The tab that shows, or null for the queue alone. */
  shown: number | null;
  conversations: Record<number, Conversation>;
  /** The chat service (§4.4 open / close), null until known. */
  serviceOpen: boolean | null;
  /** The realtime connection dropped: what shows may be stale until the reload after it. */
  stale: boolean;
}

/** What happens to the console. */
export type ConsoleAction =
  | { type: "queueLoadStarted" }
  | {
      type: "queueLoaded";
      sessions: readonly StaffSession[];
      /** Sessions the hub announced while the lists were read: they may be newer than the lists. */
      heard?: readonly StaffSession[];
    }
  | { type: "queueLoadFailed" }
  | { type: "sessionUpdated"; session: StaffSession }
  | { type: "messageReceived"; message: StaffMessageIn }
  | { type: "conversationOpened"; sessionId: number }
  | { type: "conversationShown"; sessionId: number | null }
  | { type: "conversationClosed"; sessionId: number }
  | { type: "transcriptLoaded"; session: StaffSession; messages: readonly StaffMessageIn[] }
  | { type: "transcriptFailed"; sessionId: number }
  | { type: "draftChanged"; sessionId: number; text: string }
  | {
      type: "replyStarted";
      sessionId: number;
      uid: string;
      text: string;
      fileName?: string;
      userName: string | null;
    }
  | { type: "replyFailed"; uid: string; sessionId: number }
  | { type: "replyDiscarded"; uid: string; sessionId: number }
  | { type: "serviceStatus"; open: boolean }
  | { type: "connectionLost" }
  | { type: "reloaded" };

/** A console before its first answer. */
export function initialConsoleState(): ConsoleState {
  return {
    queueStatus: "loading",
    sessions: {},
    known: {},
    tabs: [],
    shown: null,
    conversations: {},
    serviceOpen: null,
    stale: false,
  };
}

/** Types that change an earlier message rather than add one. */
const CHANGES: readonly SupportChatMessageType[] = ["MessageEdited", "MessageDeleted"];

function toLine(message: StaffMessageIn): ConsoleMessage {
  const deleted = message.Type === "MessageDeleted";
  return {
    uid: message.UID,
    type: CHANGES.includes(message.Type) ? "Message" : message.Type,
    text: deleted ? "" : (message.Text ?? ""),
    userName: message.UserName ?? null,
    isInternal: message.IsInternal,
    fileId: deleted ? null : (message.FileID ?? null),
    fileName: deleted ? null : (message.FileName ?? null),
    date: message.Date ?? null,
    edited: message.Type === "MessageEdited",
    deleted,
    own: false,
    acknowledged: true,
    failed: false,
  };
}

/**
 * A server message merged into the line this console holds for its UID (if any). An edit or
 * deletion of a message this console never saw is added in its changed form: a transcript lists an
 * edited message under MessageEdited. The original never undoes a change that arrived first (a
 * transcript read before the edit, or events out of order), and a deletion is final.
 */
function merged(previous: ConsoleMessage | undefined, message: StaffMessageIn): ConsoleMessage {
  const line = toLine(message);
  if (!previous) return line;
  const change = CHANGES.includes(message.Type);
  if (previous.deleted || (!change && previous.edited)) {
    return { ...previous, acknowledged: true, failed: false, date: previous.date ?? line.date };
  }
  return {
    ...line,
    // A change keeps what it does not carry: a deleted file message stays a File line.
    type: change ? previous.type : line.type,
    date: previous.date ?? line.date,
    own: previous.own,
  };
}

/** Adds or updates a server message in a conversation; returns whether a line was added. */
function receive(conversation: Conversation, message: StaffMessageIn): boolean {
  const at = conversation.messages.findIndex((line) => line.uid === message.UID);
  if (at >= 0) {
    conversation.messages[at] = merged(conversation.messages[at], message);
    return false;
  }
  conversation.messages.push(merged(undefined, message));
  return true;
}

function conversationFor(draft: ConsoleState, sessionId: number): Conversation {
  let conversation = draft.conversations[sessionId];
  if (!conversation) {
    conversation = { sessionId, status: "loading", messages: [], unread: 0, draft: "" };
    draft.conversations[sessionId] = conversation;
  }
  return conversation;
}

const STATUS_ORDER: Record<StaffSession["Status"], number> = { Waiting: 0, Active: 1, Archived: 2 };

/**
 * Whether `a` is an earlier state of the same session than `b`: a session only moves forward
 * (waiting → active → archived), gains messages, and is rated once.
 */
export function isOlder(a: StaffSession, b: StaffSession): boolean {
  if (STATUS_ORDER[a.Status] !== STATUS_ORDER[b.Status])
    return STATUS_ORDER[a.Status] < STATUS_ORDER[b.Status];
  if (a.MessageCount !== b.MessageCount) return a.MessageCount < b.MessageCount;
  return a.Rating === null && b.Rating !== null;
}

/** Keeps a session in the queue while it waits or is active; an archived one leaves it. */
function placeSession(draft: ConsoleState, session: StaffSession): void {
  draft.known[session.RecId] = session;
  if (session.Status === "Archived") delete draft.sessions[session.RecId];
  else draft.sessions[session.RecId] = session;
}

/** The staff console as data. */
export function consoleReducer(state: ConsoleState, action: ConsoleAction): ConsoleState {
  return produce(state, (draft) => {
    switch (action.type) {
      case "queueLoadStarted":
        if (draft.queueStatus === "error") draft.queueStatus = "loading";
        return;
      case "queueLoaded": {
        // The server's lists replace the queue; sessions only the tabs show stay known. What the hub
        // announced meanwhile is applied again where it is not older than the lists' copy: a session
        // that started, or changed, after its list was read.
        draft.sessions = {};
        for (const session of action.sessions) placeSession(draft, session);
        const listed = new Map(action.sessions.map((session) => [session.RecId, session]));
        for (const session of action.heard ?? []) {
          const inList = listed.get(session.RecId);
          if (!inList || !isOlder(session, inList)) placeSession(draft, session);
        }
        draft.queueStatus = "ready";
        return;
      }
      case "queueLoadFailed":
        draft.queueStatus = "error";
        return;
      case "sessionUpdated":
        placeSession(draft, action.session);
        return;
      case "messageReceived": {
        const sessionId = action.message.SupportSessionRecId;
        if (typeof sessionId !== "number") return;
        const conversation = draft.conversations[sessionId];
        // Sessions without a tab are followed through the queue (sessionUpdated), not line by line.
        if (!conversation) return;
        const added = receive(conversation, action.message);
        if (added && !action.message.IsInternal && draft.shown !== sessionId) conversation.unread += 1;
        return;
      }
      case "conversationOpened": {
        const conversation = conversationFor(draft, action.sessionId);
        if (!draft.tabs.includes(action.sessionId)) draft.tabs.push(action.sessionId);
        draft.shown = action.sessionId;
        conversation.unread = 0;
        return;
      }
      case "conversationShown": {
        draft.shown =
          action.sessionId !== null && draft.tabs.includes(action.sessionId) ? action.sessionId : null;
        const conversation = draft.shown === null ? undefined : draft.conversations[draft.shown];
        if (conversation) conversation.unread = 0;
        return;
      }
      case "conversationClosed": {
        draft.tabs = draft.tabs.filter((id) => id !== action.sessionId);
        delete draft.conversations[action.sessionId];
        if (draft.shown === action.sessionId) draft.shown = draft.tabs.at(-1) ?? null;
        return;
      }
      case "transcriptLoaded": {
        const sessionId = action.session.RecId;
        if (!draft.tabs.includes(sessionId)) return;
        placeSession(draft, action.session);
        const conversation = conversationFor(draft, sessionId);
        // The server's transcript gives the lines their order. A line it does not list stays after
        // it: an own reply it does not hold yet, or a message stored after it was read (the server
        // never forgets one) whose event overtook the answer.
        const before = new Map(conversation.messages.map((line) => [line.uid, line]));
        const listed = new Set(action.messages.map((message) => message.UID));
        const later = conversation.messages.filter((line) => !listed.has(line.uid));
        conversation.messages = [];
        let missed = 0;
        for (const message of action.messages) {
          const previous = before.get(message.UID);
          conversation.messages.push(merged(previous, message));
          if (!previous && !message.IsInternal && conversation.status === "ready") missed += 1;
        }
        conversation.messages.push(...later);
        if (draft.shown !== sessionId) conversation.unread += missed;
        conversation.status = "ready";
        return;
      }
      case "transcriptFailed": {
        const conversation = draft.conversations[action.sessionId];
        if (conversation && conversation.status === "loading") conversation.status = "error";
        return;
      }
      case "draftChanged": {
        const conversation = draft.conversations[action.sessionId];
        if (conversation) conversation.draft = action.text;
        return;
      }
      case "replyStarted": {
        const conversation = draft.conversations[action.sessionId];
        if (!conversation) return;
        conversation.messages.push({
          uid: action.uid,
          type: action.fileName === undefined ? "Message" : "File",
          text: action.text,
          userName: action.userName,
          isInternal: true,
          fileId: null,
          fileName: action.fileName ?? null,
          date: null,
          edited: false,
          deleted: false,
          own: true,
          acknowledged: false,
          failed: false,
        });
        if (action.fileName === undefined) conversation.draft = "";
        return;
      }
      case "replyFailed": {
        const line = draft.conversations[action.sessionId]?.messages.find((m) => m.uid === action.uid);
        if (line && !line.acknowledged) line.failed = true;
        return;
      }
      case "replyDiscarded": {
        const conversation = draft.conversations[action.sessionId];
        if (conversation)
          conversation.messages = conversation.messages.filter((m) => m.uid !== action.uid || m.acknowledged);
        return;
      }
      case "serviceStatus":
        draft.serviceOpen = action.open;
        return;
      case "connectionLost":
        draft.stale = true;
        return;
      case "reloaded":
        draft.stale = false;
        return;
    }
  });
}

function byStart(a: StaffSession, b: StaffSession): number {
  return a.StartedAt < b.StartedAt ? -1 : a.StartedAt > b.StartedAt ? 1 : a.RecId - b.RecId;
}

/** The queue as the console lists it: waiting oldest first, then active by me and by others. */
export function queueOf(
  state: ConsoleState,
  myUserId: number | null,
): { waiting: StaffSession[]; mine: StaffSession[]; others: StaffSession[] } {
  const sessions = Object.values(state.sessions).sort(byStart);
  return {
    waiting: sessions.filter((s) => s.Status === "Waiting"),
    mine: sessions.filter((s) => s.Status === "Active" && s.StaffUserRecId === myUserId),
    others: sessions.filter((s) => s.Status === "Active" && s.StaffUserRecId !== myUserId),
  };
}

/** How many members wait: the count the tab title carries. */
export function waitingCount(state: ConsoleState): number {
  return Object.values(state.sessions).filter((s) => s.Status === "Waiting").length;
}

/** Ids of the sessions in `next` that wait and did not wait in `previous`: who to announce. */
export function newlyWaiting(previous: ConsoleState, next: ConsoleState): number[] {
  return Object.values(next.sessions)
    .filter((s) => s.Status === "Waiting" && previous.sessions[s.RecId]?.Status !== "Waiting")
    .map((s) => s.RecId);
}

/** Seconds a session has waited at `now` (ms), never negative. */
export function waitingSeconds(session: Pick<StaffSession, "StartedAt">, now: number): number {
  const started = Date.parse(session.StartedAt);
  return Number.isNaN(started) ? 0 : Math.max(0, Math.floor((now - started) / 1000));
}

/** Replies of this console the server has not acknowledged (nor refused), oldest first. */
export function pendingReplies(conversation: Conversation): ConsoleMessage[] {
  return conversation.messages.filter((line) => line.own && !line.acknowledged && !line.failed);
}
