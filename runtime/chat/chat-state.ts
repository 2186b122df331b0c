/**
 * The support chat of this page (§4.4) as a pure reducer: what the server sent (supportchat/active,
 * hub events, method results), what this page sent (unacknowledged until the server accepts it),
 * the open/close events, the 'now talking to' and staff-busy system messages, the unread marker,
 * the panel and its pinned sidebar, the own message being edited, and the rating asked for once a
 * session is archived.
 */
import { produce } from "immer";
import type { SupportChatMessageType } from "../../schemas/payloads/support-chat.ts";

/** A message as the server sends it (§3; events and method results also carry the session). */
export interface ChatMessageIn {
  UID: string;
  Type: SupportChatMessageType;
  Text?: string | null;
  UserName?: string | null;
  IsInternal: boolean;
  FileID?: string | null;
  FileName?: string | null;
  SupportSessionRecId?: number;
}

/** One line of the conversation. */
export type ChatEntry =
  | {
      kind: "message";
      uid: string;
      type: SupportChatMessageType;
      text: string;
      userName: string | null;
      isInternal: boolean;
      acknowledged: boolean;
      fileId: string | null;
      fileName: string | null;
      /** Sent from this page: the server has not accepted it when unacknowledged. */
      own: boolean;
      failed: boolean;
      /** Its text was changed after it was sent (a MessageEdited arrived or was listed). */
      edited: boolean;
    }
  | { kind: "nowTalkingTo"; id: string; userName: string };

/** Everything the chat panel renders, in one immutable value the reducer replaces. */
export interface ChatState {
  status: "idle" | "loading" | "ready" | "error";
  /** Support is available (server open/close events; a dropped connection makes it inactive). */
  active: boolean;
  entries: ChatEntry[];
  /** The internal user the member is talking to (§4.4 'now talking to'). */
  talkingTo: string | null;
  unread: boolean;
  panelOpen: boolean;
  pinned: boolean;
  /** The archived session waiting for its rating, whether the dialog shows, and whether it was offered. */
  archivedSession: number | null;
  ratingOpen: boolean;
  ratingOffered: boolean;
  /** The UID of the own message whose text is being edited: one at a time (Escape closes it, not the panel). */
  editing: string | null;
  /**
   * Messages heard from the hub while supportchat/active was being read, in arrival order: its answer
   * may have been read before them, and they are applied again on top of it.
   */
  heardWhileLoading: ChatMessageIn[];
}

/** What happens to the chat. */
export type ChatAction =
  | { type: "loadStarted" }
  | { type: "loaded"; active: boolean; messages: readonly ChatMessageIn[] }
  | { type: "loadFailed" }
  | { type: "received"; message: ChatMessageIn }
  | { type: "serviceOpened" }
  | { type: "serviceClosed" }
  | { type: "connectionLost" }
  | { type: "sendStarted"; uid: string; text: string; fileName?: string; userName: string | null }
  | { type: "sendFailed"; uid: string }
  | { type: "sendRetried"; uid: string }
  | { type: "sendDiscarded"; uid: string }
  | { type: "panelOpened" }
  | { type: "panelClosed" }
  | { type: "pinned"; pinned: boolean }
  | { type: "editOpened"; uid: string }
  | { type: "editClosed" }
  | { type: "ratingShown" }
  | { type: "ratingDismissed" }
  | { type: "ratingSubmitted" }
  | { type: "reset" };

/** A page without a chat yet. */
export function initialChatState(pinned = false): ChatState {
  return {
    status: "idle",
    active: false,
    entries: [],
    talkingTo: null,
    unread: false,
    panelOpen: false,
    pinned,
    archivedSession: null,
    ratingOpen: false,
    ratingOffered: false,
    editing: null,
    heardWhileLoading: [],
  };
}

/** Messages the internal user writes (text or file) — the ones a 'now talking to' line introduces. */
const SPOKEN: readonly SupportChatMessageType[] = ["Message", "File"];

type Draft = ChatState;

function indexOf(draft: Draft, uid: string): number {
  return draft.entries.findIndex((entry) => entry.kind === "message" && entry.uid === uid);
}

/** Types that change an earlier message rather than add one. */
const CHANGES: readonly SupportChatMessageType[] = ["MessageEdited", "MessageDeleted"];

/**
 * Adds or updates a server message; returns whether it was new. An edit of a message this page
 * never saw shows as the message, with its edited text (supportchat/active lists an edited message
 * under MessageEdited); a deletion of one stays absent.
 */
function receive(draft: Draft, message: ChatMessageIn): boolean {
  const at = indexOf(draft, message.UID);
  if (message.Type === "MessageDeleted") {
    if (at >= 0) draft.entries.splice(at, 1);
    if (draft.editing === message.UID) draft.editing = null;
    return false;
  }
  if (message.Type === "MessageEdited" && at >= 0) {
    const entry = draft.entries[at];
    if (entry?.kind === "message") {
      entry.text = message.Text ?? "";
      entry.edited = true;
    }
    return false;
  }
  const entry: ChatEntry = {
    kind: "message",
    uid: message.UID,
    type: message.Type === "MessageEdited" ? "Message" : message.Type,
    text: message.Text ?? "",
    userName: message.UserName ?? null,
    isInternal: message.IsInternal,
    acknowledged: true,
    fileId: message.FileID ?? null,
    fileName: message.FileName ?? null,
    own: false,
    failed: false,
    edited: message.Type === "MessageEdited",
  };
  if (message.Type === "SessionArchived" && typeof message.SupportSessionRecId === "number") {
    draft.archivedSession = message.SupportSessionRecId;
  }
  if (at >= 0) {
    // The server accepted it (or sent it again): acknowledged, whatever this page had; an edit it
    // saw stays marked (a resend's answer may carry the original type).
    const previous = draft.entries[at];
    const before = previous?.kind === "message" ? previous : null;
    draft.entries[at] = {
      ...entry,
      own: before?.own === true,
      edited: entry.edited || before?.edited === true,
    };
    return false;
  }
  const name = entry.userName;
  if (message.Type === "InternalUserStartTalking" && name) draft.talkingTo = name;
  else if (message.IsInternal && SPOKEN.includes(entry.type) && name && name !== draft.talkingTo) {
    // §4.4: a message from a new internal user first inserts a 'now talking to' line.
    draft.entries.push({ kind: "nowTalkingTo", id: `talking-${message.UID}`, userName: name });
    draft.talkingTo = name;
  }
  draft.entries.push(entry);
  return true;
}

/** Opens the rating dialog once per archived session, when the chat shows. */
function offerRating(draft: Draft): void {
  if (draft.archivedSession === null || draft.ratingOffered || !draft.panelOpen) return;
  draft.ratingOpen = true;
  draft.ratingOffered = true;
}

/** §4.4 as data. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  return produce(state, (draft) => {
    switch (action.type) {
      case "loadStarted":
        draft.status = "loading";
        draft.heardWhileLoading = [];
        return;
      case "loaded": {
        // What this page sent and the server has not confirmed stays, after the server's list.
        const pending = draft.entries
          .filter((entry) => entry.kind === "message" && entry.own && !entry.acknowledged)
          .map((entry) => ({ ...entry }));
        const heard = draft.heardWhileLoading.map((message) => ({ ...message }));
        draft.entries = [];
        draft.talkingTo = null;
        draft.heardWhileLoading = [];
        for (const message of action.messages) receive(draft, message);
        // The list may have been read before what the hub said meanwhile: a message it lacks was
        // stored after it (the server forgets none), and a change may be newer than the list.
        const listed = new Set(action.messages.map((message) => message.UID));
        for (const message of heard)
          if (CHANGES.includes(message.Type) || !listed.has(message.UID)) receive(draft, message);
        for (const entry of pending)
          if (entry.kind === "message" && indexOf(draft, entry.uid) < 0) draft.entries.push(entry);
        if (draft.editing !== null && indexOf(draft, draft.editing) < 0) draft.editing = null;
        draft.active = action.active;
        draft.status = "ready";
        return;
      }
      case "loadFailed":
        draft.status = "error";
        draft.heardWhileLoading = [];
        return;
      case "received": {
        if (draft.status === "loading") draft.heardWhileLoading.push(action.message);
        const added = receive(draft, action.message);
        if (action.message.Type === "SessionArchived" && added) {
          // §4.4: the rating dialog opens — at once when the chat shows, else when it is next opened
          // (every tab of the user hears the event; none is interrupted by a modal over other work).
          draft.ratingOffered = false;
          offerRating(draft);
        }
        // §4.4: a new message while the chat is closed sets the unread marker.
        if (added && !draft.panelOpen) draft.unread = true;
        return;
      }
      case "serviceOpened":
        draft.active = true;
        return;
      case "serviceClosed":
      case "connectionLost":
        draft.active = false;
        return;
      case "sendStarted":
        draft.entries.push({
          kind: "message",
          uid: action.uid,
          type: action.fileName === undefined ? "Message" : "File",
          text: action.text,
          userName: action.userName,
          isInternal: false,
          acknowledged: false,
          fileId: null,
          fileName: action.fileName ?? null,
          own: true,
          failed: false,
          edited: false,
        });
        return;
      case "sendFailed":
      case "sendRetried": {
        const entry = draft.entries[indexOf(draft, action.uid)];
        if (entry?.kind === "message" && !entry.acknowledged) entry.failed = action.type === "sendFailed";
        return;
      }
      case "sendDiscarded":
        draft.entries = draft.entries.filter(
          (e) => e.kind !== "message" || e.uid !== action.uid || e.acknowledged,
        );
        return;
      case "panelOpened":
        draft.panelOpen = true;
        draft.unread = false;
        offerRating(draft);
        return;
      case "panelClosed":
        draft.panelOpen = false;
        draft.editing = null;
        return;
      case "pinned":
        draft.pinned = action.pinned;
        return;
      case "editOpened":
        draft.editing = indexOf(draft, action.uid) >= 0 ? action.uid : null;
        return;
      case "editClosed":
        draft.editing = null;
        return;
      case "ratingShown":
        draft.ratingOpen = draft.archivedSession !== null;
        return;
      case "ratingDismissed":
        draft.ratingOpen = false;
        return;
      case "ratingSubmitted":
        // §4.4: submitting clears the messages and the unread flag (the service and the panel stay).
        return {
          ...initialChatState(state.pinned),
          status: state.status,
          active: state.active,
          panelOpen: state.panelOpen,
        };
      case "reset":
        return initialChatState(state.pinned);
    }
  });
}

/** Entries of the conversation that were sent from this page and await the server. */
export function unacknowledgedUids(state: ChatState): string[] {
  return state.entries.flatMap((entry) =>
    entry.kind === "message" && entry.own && !entry.acknowledged && !entry.failed ? [entry.uid] : [],
  );
}
