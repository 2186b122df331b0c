/**
 * The support chat of a member (§4.4, §5, §7) and what it calls: `supportchat/active` when it starts
 * and after a dropped connection; messages sent with the chat hub's SendMessage under a client UID —
 * through the hub client's outbox, so one sent while disconnected goes out after the reconnect, and a
 * resend is stored once; the member's own messages changed with EditMessage and DeleteMessage the
 * same way (each idempotent: a resend changes nothing more); attachments with PUT supportchat/file; the rating with
 * SupportSessions/SaveRating. Hub events go through the pure reducer. `createMemberChat` is that
 * wiring over any hub client and HTTP layer; the page's one chat (`chatStore` and the functions
 * below) is an instance of it that follows the session's realtime client.
 */
import i18next from "i18next";
import { supportChatMessageTypes } from "../../schemas/payloads/support-chat.ts";
import { apiRequest } from "../http/api-client.ts";
import { errorBannerText } from "../http/api-error.ts";
import type { HubClient } from "../realtime/hub-client.ts";
import { realtimeClient } from "../session/realtime-session.ts";
import { sessionStore } from "../session/session-store.ts";
import { showBanner } from "../state/banner-store.ts";
import { createStore, type Store } from "../state/create-store.ts";
import {
  attachmentProblem,
  type ChatErrorText,
  canSendMessage,
  changeableMessages,
  hasChatAccess,
  hubFailureAsApiError,
  type MessageChanges,
  messagePage,
  newMessageUid,
  uploadErrorText,
} from "./chat-rules.ts";
import {
  type ChatAction,
  type ChatMessageIn,
  type ChatState,
  chatReducer,
  initialChatState,
} from "./chat-state.ts";

/** The calls of §7. */
export const CHAT_PATHS = {
  active: "supportchat/active",
  file: "supportchat/file",
  rating: "SupportSessions/SaveRating",
} as const;

const PINNED_KEY = "tessera.chat.pinned";

function storedPinned(): boolean {
  try {
    return globalThis.localStorage?.getItem(PINNED_KEY) === "true";
  } catch {
    return false;
  }
}

/** A chat message as events and method results carry it (§3), checked before use. */
export function isChatMessage(value: unknown): value is ChatMessageIn {
  if (typeof value !== "object" || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    typeof message.UID === "string" &&
    (supportChatMessageTypes as readonly unknown[]).includes(message.Type) &&
    typeof message.IsInternal === "boolean"
  );
}

const MESSAGE_EVENTS = ["message", "edited", "deleted", "sessionArchived", "staffBusy"] as const;

/** What a member's chat needs from its page. */
export interface MemberChatIo {
  /** The realtime client messages go through; without one, a message fails at once. */
  hub: HubClient | null;
  request: typeof apiRequest;
  /** The in-app page a message is sent from. */
  page: () => string;
  /** The member's name on their own lines until the server's copy replaces them. */
  myName: () => string | null;
  /** The store it drives (default: a new one). */
  store?: Store<ChatState>;
  /** Told of a failed supportchat/active (the page shows a banner). */
  onLoadFailed?: (error: unknown) => void;
  /** Told of a refused or failed edit or deletion (the page shows a banner). */
  onChangeFailed?: (error: unknown) => void;
}

/** A member's chat: its state, and what the member can do. */
export interface MemberChat {
  readonly store: Store<ChatState>;
  /** Listens on the hub and loads supportchat/active; returns the stop. */
  start(): () => void;
  /** Listens on the hub (events, and a reload after every dropped connection); returns the stop. */
  listen(): () => void;
  /** Stops listening; what is still under way changes the store no more. */
  stop(): void;
  /** GET supportchat/active: active or not, and the open session's messages. */
  load(): Promise<void>;
  /** §4.4, §5: sends a message unless it is blank; it shows at once, unacknowledged. Returns whether it was sent. */
  send(text: string): boolean;
  /** Sends a refused message again under its UID (the server stores it once). */
  retry(uid: string): void;
  /**
   * Changes the text of one of the member's own text messages in the open session (§5: a blank text
   * is not sent; an unchanged one changes nothing). Resolves with whether the server took it.
   */
  edit(uid: string, text: string): Promise<boolean>;
  /** Deletes one of the member's own text or file messages in the open session; resolves with whether the server took it. */
  remove(uid: string): Promise<boolean>;
  /** §5: uploads an attachment (≤ CHAT_ATTACHMENT_MAX_BYTES); resolves with the error to show, or null. */
  upload(file: Blob, name: string): Promise<ChatErrorText | null>;
  /** §4.4: submits the rating of the archived session; submitting clears the conversation. Throws on failure. */
  submitRating(rating: number, feedback: string): Promise<void>;
  /** Panel, sidebar, rating dialog and editor state. */
  readonly panel: {
    open(): void;
    close(): void;
    pin(pinned: boolean): void;
    showRating(): void;
    dismissRating(): void;
    /** Opens the editor of one own message (closing any other). */
    openEdit(uid: string): void;
    closeEdit(): void;
  };
}

/** Creates a member's chat over `io`; nothing is called before `start` or `load`. */
export function createMemberChat(io: MemberChatIo): MemberChat {
  const store = io.store ?? createStore(initialChatState());
  let loadGeneration = 0;
  let stopped = false;
  const offs: (() => void)[] = [];

  const dispatch = (action: ChatAction) => {
    // A stopped chat (the session passed to someone else) leaves the store to its successor.
    if (stopped) return;
    const next = chatReducer(store.get(), action);
    // The reducer already produced the next immutable state: it replaces the current one.
    store.update(() => next);
  };

  async function load(): Promise<void> {
    const generation = ++loadGeneration;
    dispatch({ type: "loadStarted" });
    try {
      const body = (await io.request<{ IsActive?: unknown; Messages?: unknown }>(CHAT_PATHS.active)) ?? {};
      if (generation !== loadGeneration) return;
      const messages = Array.isArray(body.Messages) ? body.Messages.filter(isChatMessage) : [];
      dispatch({ type: "loaded", active: body.IsActive === true, messages });
    } catch (error) {
      if (generation !== loadGeneration) return;
      dispatch({ type: "loadFailed" });
      io.onLoadFailed?.(error);
    }
  }

  function invokeSend(uid: string, text: string): void {
    if (!io.hub) {
      dispatch({ type: "sendFailed", uid });
      return;
    }
    io.hub.invoke("chat", "SendMessage", io.page(), text, uid).then(
      (result) => {
        if (isChatMessage(result)) dispatch({ type: "received", message: result });
      },
      () => dispatch({ type: "sendFailed", uid }),
    );
  }

  /** Invokes a change of an own message the rules allow; its result goes through the reducer. */
  async function change(
    uid: string,
    kind: keyof MessageChanges,
    invoke: (hub: HubClient) => Promise<unknown>,
  ): Promise<boolean> {
    const hub = io.hub;
    if (!hub || changeableMessages(store.get().entries).get(uid)?.[kind] !== true) return false;
    try {
      const result = await invoke(hub);
      if (isChatMessage(result)) dispatch({ type: "received", message: result });
      return true;
    } catch (error) {
      if (!stopped) io.onChangeFailed?.(error);
      return false;
    }
  }

  function stop(): void {
    stopped = true;
    loadGeneration += 1;
    for (const off of offs.splice(0)) off();
  }

  function listen(): () => void {
    const hub = io.hub;
    if (!hub) return stop;
    let dropped = false;
    offs.push(
      ...MESSAGE_EVENTS.map((target) =>
        hub.on("chat", target, (message) => {
          if (isChatMessage(message)) dispatch({ type: "received", message });
        }),
      ),
      hub.on("chat", "open", () => dispatch({ type: "serviceOpened" })),
      hub.on("chat", "close", () => dispatch({ type: "serviceClosed" })),
      hub.status.subscribe((status) => {
        if (status === "connected") {
          // Back after a drop: the server's state, and what was missed, replace what this page guessed.
          if (dropped) void load();
          dropped = false;
        } else if (status !== "connecting") {
          // §4.4: a dropped realtime connection makes the chat inactive.
          dropped = true;
          dispatch({ type: "connectionLost" });
        }
      }),
    );
    return stop;
  }

  return {
    store,
    listen,
    stop,
    load,
    start() {
      const stop = listen();
      void load();
      return stop;
    },
    send(text) {
      if (!canSendMessage(text)) return false;
      const uid = newMessageUid();
      dispatch({ type: "sendStarted", uid, text, userName: io.myName() });
      invokeSend(uid, text);
      return true;
    },
    retry(uid) {
      const entry = store
        .get()
        .entries.find((candidate) => candidate.kind === "message" && candidate.uid === uid);
      if (entry?.kind !== "message" || entry.acknowledged) return;
      dispatch({ type: "sendRetried", uid });
      invokeSend(uid, entry.text);
    },
    async edit(uid, text) {
      if (!canSendMessage(text)) return false;
      const entry = store.get().entries.find((e) => e.kind === "message" && e.uid === uid);
      if (entry?.kind === "message" && entry.text === text) return true;
      return change(uid, "edit", (hub) => hub.invoke("chat", "EditMessage", uid, text));
    },
    remove(uid) {
      return change(uid, "remove", (hub) => hub.invoke("chat", "DeleteMessage", uid));
    },
    async upload(file, name) {
      const problem = attachmentProblem(file.size);
      if (problem) return problem;
      const uid = newMessageUid();
      dispatch({ type: "sendStarted", uid, text: "", fileName: name, userName: io.myName() });
      const body = new FormData();
      body.append("UID", uid);
      body.append("Page", io.page());
      body.append("file[]", file, name);
      try {
        const stored = await io.request(CHAT_PATHS.file, { method: "PUT", body });
        if (isChatMessage(stored)) dispatch({ type: "received", message: stored });
        return null;
      } catch (error) {
        dispatch({ type: "sendDiscarded", uid });
        return uploadErrorText(error);
      }
    },
    async submitRating(rating, feedback) {
      const session = store.get().archivedSession;
      if (session === null) return;
      await io.request(CHAT_PATHS.rating, {
        method: "POST",
        body: { Feedback: feedback, Rating: rating, SupportSessionRecId: session },
      });
      dispatch({ type: "ratingSubmitted" });
    },
    panel: {
      open: () => dispatch({ type: "panelOpened" }),
      close: () => dispatch({ type: "panelClosed" }),
      pin: (pinned) => dispatch({ type: "pinned", pinned }),
      showRating: () => dispatch({ type: "ratingShown" }),
      dismissRating: () => dispatch({ type: "ratingDismissed" }),
      openEdit: (uid) => dispatch({ type: "editOpened", uid }),
      closeEdit: () => dispatch({ type: "editClosed" }),
    },
  };
}

/** The chat of this page. */
export const chatStore = createStore(initialChatState(storedPinned()));

let request: typeof apiRequest = apiRequest;
let page = (): string => messagePage(globalThis.location ?? { pathname: "/", search: "" });

/** Replaces the HTTP call and the page reader (tests). */
export function setChatIo(next: { request?: typeof apiRequest; page?: () => string }): void {
  if (next.request) request = next.request;
  if (next.page) page = next.page;
}

function showErrorBanner(error: unknown): void {
  const text = errorBannerText(hubFailureAsApiError(error), (key) => i18next.exists(key));
  if (text) showBanner({ kind: "error", textKey: text.key });
}

/** The page's chat over `hub`, driving `chatStore`; the HTTP call and page are read at each use. */
function pageChat(hub: HubClient | null): MemberChat {
  return createMemberChat({
    hub,
    store: chatStore,
    request: ((path, options) => request(path, options)) as typeof apiRequest,
    page: () => page(),
    myName: () => sessionStore.get().config?.User.FullName ?? null,
    onLoadFailed: showErrorBanner,
    onChangeFailed: showErrorBanner,
  });
}

let current = pageChat(null);

/** GET supportchat/active: active or not, and the open session's messages. */
export function loadChat(): Promise<void> {
  return current.load();
}

/** §4.4, §5: sends a message unless it is blank; it shows at once, unacknowledged. Returns whether it was sent. */
export function sendChatMessage(text: string): boolean {
  return current.send(text);
}

/** Sends a refused message again under its UID (the server stores it once). */
export function retryChatMessage(uid: string): void {
  current.retry(uid);
}

/** §5: changes an own text message's text unless it is blank; a refusal shows in the banner. Resolves with whether it changed. */
export function editChatMessage(uid: string, text: string): Promise<boolean> {
  return current.edit(uid, text);
}

/** Deletes an own text or file message; a refusal shows in the banner. Resolves with whether it went. */
export function deleteChatMessage(uid: string): Promise<boolean> {
  return current.remove(uid);
}

/** §5: uploads an attachment (≤ CHAT_ATTACHMENT_MAX_BYTES); resolves with the error to show, or null. */
export function uploadChatFile(file: Blob, name: string): Promise<ChatErrorText | null> {
  return current.upload(file, name);
}

/** §4.4: submits the rating of the archived session; submitting clears the conversation. Throws on failure. */
export function submitChatRating(rating: number, feedback: string): Promise<void> {
  return current.submitRating(rating, feedback);
}

/** Panel, sidebar, rating dialog and editor state. */
export const chatPanel = {
  open: () => current.panel.open(),
  close: () => current.panel.close(),
  pin(pinned: boolean) {
    current.panel.pin(pinned);
    try {
      globalThis.localStorage?.setItem(PINNED_KEY, String(pinned));
    } catch {
      // Storage refused (private mode): pinned for this page only.
    }
  },
  showRating: () => current.panel.showRating(),
  dismissRating: () => current.panel.dismissRating(),
  openEdit: (uid: string) => current.panel.openEdit(uid),
  closeEdit: () => current.panel.closeEdit(),
};

/** Makes the page's chat listen on a hub client (without loading); returns the unsubscribe. */
export function attachChat(hub: HubClient): () => void {
  current.stop();
  current = pageChat(hub);
  return current.listen();
}

let started = false;

/**
 * Follows the session's hub client while the signed-in user has the member chat (§6). The access is
 * read when the client changes — the session store holds the new user's profile by then — so a page
 * whose session passes to a user without the chat (sign-in as someone else, the end of an
 * impersonation) stops listening and makes no member chat call.
 */
function follow(next: HubClient | null): void {
  current.stop();
  chatStore.update(() => chatReducer(chatStore.get(), { type: "reset" }));
  const hub = next !== null && hasChatAccess(sessionStore.get().profile) ? next : null;
  current = pageChat(hub);
  if (hub) current.start();
}

/** Starts following the session's realtime client (the chat button calls it for users with the chat). */
export function startChat(): void {
  if (started) return;
  started = true;
  follow(realtimeClient.get());
  realtimeClient.subscribe(follow);
}
