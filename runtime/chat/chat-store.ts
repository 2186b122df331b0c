/**
 * The support chat of this page (§4.4, §5, §7) and what it calls: `supportchat/active` when the
 * session's hub client appears and after a dropped connection; messages sent with the chat hub's
 * SendMessage under a client UID — through the hub client's outbox, so one sent while disconnected
 * goes out after the reconnect, and a resend is stored once; attachments with PUT supportchat/file;
 * the rating with SupportSessions/SaveRating. Hub events go through the pure reducer.
 */
import i18next from "i18next";
import { supportChatMessageTypes } from "../../schemas/payloads/support-chat.ts";
import { apiRequest } from "../http/api-client.ts";
import { errorBannerText } from "../http/api-error.ts";
import type { HubClient } from "../realtime/hub-client.ts";
import { realtimeClient } from "../session/realtime-session.ts";
import { sessionStore } from "../session/session-store.ts";
import { showBanner } from "../state/banner-store.ts";
import { createStore } from "../state/create-store.ts";
import {
  attachmentProblem,
  type ChatErrorText,
  canSendMessage,
  hasChatAccess,
  messagePage,
  newMessageUid,
  uploadErrorText,
} from "./chat-rules.ts";
import { type ChatAction, type ChatMessageIn, chatReducer, initialChatState } from "./chat-state.ts";

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

/** The chat of this page. */
export const chatStore = createStore(initialChatState(storedPinned()));

let request: typeof apiRequest = apiRequest;
let client: HubClient | null = null;
let page = (): string => messagePage(globalThis.location ?? { pathname: "/", search: "" });

/** Replaces the HTTP call and the page reader (tests). */
export function setChatIo(next: { request?: typeof apiRequest; page?: () => string }): void {
  if (next.request) request = next.request;
  if (next.page) page = next.page;
}

function dispatch(action: ChatAction): void {
  const next = chatReducer(chatStore.get(), action);
  // The reducer already produced the next immutable state: it replaces the current one.
  chatStore.update(() => next);
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

let loadGeneration = 0;

/** GET supportchat/active: active or not, and the open session's messages. */
export async function loadChat(): Promise<void> {
  const generation = ++loadGeneration;
  dispatch({ type: "loadStarted" });
  try {
    const body = (await request<{ IsActive?: unknown; Messages?: unknown }>(CHAT_PATHS.active)) ?? {};
    if (generation !== loadGeneration) return;
    const messages = Array.isArray(body.Messages) ? body.Messages.filter(isChatMessage) : [];
    dispatch({ type: "loaded", active: body.IsActive === true, messages });
  } catch (error) {
    if (generation !== loadGeneration) return;
    dispatch({ type: "loadFailed" });
    const text = errorBannerText(error, (key) => i18next.exists(key));
    if (text) showBanner({ kind: "error", textKey: text.key });
  }
}

function invokeSend(uid: string, text: string): void {
  if (!client) {
    dispatch({ type: "sendFailed", uid });
    return;
  }
  client.invoke("chat", "SendMessage", page(), text, uid).then(
    (result) => {
      if (isChatMessage(result)) dispatch({ type: "received", message: result });
    },
    () => dispatch({ type: "sendFailed", uid }),
  );
}

const myName = () => sessionStore.get().config?.User.FullName ?? null;

/** §4.4, §5: sends a message unless it is blank; it shows at once, unacknowledged. Returns whether it was sent. */
export function sendChatMessage(text: string): boolean {
  if (!canSendMessage(text)) return false;
  const uid = newMessageUid();
  dispatch({ type: "sendStarted", uid, text, userName: myName() });
  invokeSend(uid, text);
  return true;
}

/** Sends a refused message again under its UID (the server stores it once). */
export function retryChatMessage(uid: string): void {
  const entry = chatStore
    .get()
    .entries.find((candidate) => candidate.kind === "message" && candidate.uid === uid);
  if (entry?.kind !== "message" || entry.acknowledged) return;
  dispatch({ type: "sendRetried", uid });
  invokeSend(uid, entry.text);
}

/** §5: uploads an attachment (≤ CHAT_ATTACHMENT_MAX_BYTES); resolves with the error to show, or null. */
export async function uploadChatFile(file: Blob, name: string): Promise<ChatErrorText | null> {
  const problem = attachmentProblem(file.size);
  if (problem) return problem;
  const uid = newMessageUid();
  dispatch({ type: "sendStarted", uid, text: "", fileName: name, userName: myName() });
  const body = new FormData();
  body.append("UID", uid);
  body.append("Page", page());
  body.append("file[]", file, name);
  try {
    const stored = await request(CHAT_PATHS.file, { method: "PUT", body });
    if (isChatMessage(stored)) dispatch({ type: "received", message: stored });
    return null;
  } catch (error) {
    dispatch({ type: "sendDiscarded", uid });
    return uploadErrorText(error);
  }
}

/** §4.4: submits the rating of the archived session; submitting clears the conversation. Throws on failure. */
export async function submitChatRating(rating: number, feedback: string): Promise<void> {
  const session = chatStore.get().archivedSession;
  if (session === null) return;
  await request(CHAT_PATHS.rating, {
    method: "POST",
    body: { Feedback: feedback, Rating: rating, SupportSessionRecId: session },
  });
  dispatch({ type: "ratingSubmitted" });
}

/** Panel, sidebar and rating dialog state. */
export const chatPanel = {
  open: () => dispatch({ type: "panelOpened" }),
  close: () => dispatch({ type: "panelClosed" }),
  pin(pinned: boolean) {
    dispatch({ type: "pinned", pinned });
    try {
      globalThis.localStorage?.setItem(PINNED_KEY, String(pinned));
    } catch {
      // Storage refused (private mode): pinned for this page only.
    }
  },
  showRating: () => dispatch({ type: "ratingShown" }),
  dismissRating: () => dispatch({ type: "ratingDismissed" }),
};

const MESSAGE_EVENTS = ["message", "edited", "deleted", "sessionArchived", "staffBusy"] as const;

/** Listens on a hub client; returns the unsubscribe. */
export function attachChat(hub: HubClient): () => void {
  let dropped = false;
  const offs = [
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
        if (dropped) void loadChat();
        dropped = false;
      } else if (status !== "connecting") {
        // §4.4: a dropped realtime connection makes the chat inactive.
        dropped = true;
        dispatch({ type: "connectionLost" });
      }
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

let detach: (() => void) | null = null;
let started = false;

/**
 * Follows the session's hub client while the signed-in user has the member chat (§6). The access is
 * read when the client changes — the session store holds the new user's profile by then — so a page
 * whose session passes to a user without the chat (sign-in as someone else, the end of an
 * impersonation) stops listening and makes no member chat call.
 */
function follow(next: HubClient | null): void {
  detach?.();
  detach = null;
  loadGeneration += 1;
  dispatch({ type: "reset" });
  client = next !== null && hasChatAccess(sessionStore.get().profile) ? next : null;
  if (!client) return;
  detach = attachChat(client);
  void loadChat();
}

/** Starts following the session's realtime client (the chat button calls it for users with the chat). */
export function startChat(): void {
  if (started) return;
  started = true;
  follow(realtimeClient.get());
  realtimeClient.subscribe(follow);
}
