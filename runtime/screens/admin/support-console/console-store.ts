/**
 * What the support agent's console calls (§4.4 staff side; the staff endpoints of
 * server/upstream/realtime/README.md) and what it hears on the chat hub. One console per screen:
 * the queue (waiting and active sessions) loads at start and after every dropped connection, and
 * each open tab's transcript with it, so whatever the hub could not deliver meanwhile is read back;
 * the reducer merges lines by UID, so nothing shows twice. Replies go out under a client UID and are
 * sent again on a failure that may not have reached the server — the upstream stores a UID once.
 */

import {
  attachmentProblem,
  type ChatErrorText,
  canSendMessage,
  newMessageUid,
  uploadErrorText,
} from "../../../chat/chat-rules.ts";
import type { apiRequest } from "../../../http/api-client.ts";
import { ApiError } from "../../../http/api-error.ts";
import type { HubClient } from "../../../realtime/hub-client.ts";
import { createStore, type Store } from "../../../state/create-store.ts";
import {
  type ConsoleAction,
  type ConsoleState,
  consoleReducer,
  initialConsoleState,
  type StaffMessageIn,
  type StaffSession,
} from "./console-state.ts";

/** The staff chat calls, relative to the application base. */
export const CONSOLE_PATHS = {
  status: "Admin/SupportChat/Status",
  sessions: (status: "Waiting" | "Active") => `Admin/SupportChat/Sessions?status=${status}&pageSize=200`,
  session: (id: number) => `Admin/SupportChat/Sessions/${id}`,
  take: (id: number) => `Admin/SupportChat/Sessions/${id}/Take`,
  messages: (id: number) => `Admin/SupportChat/Sessions/${id}/Messages`,
  message: (id: number, uid: string) =>
    `Admin/SupportChat/Sessions/${id}/Messages/${encodeURIComponent(uid)}`,
  file: (id: number) => `Admin/SupportChat/Sessions/${id}/File`,
  busy: (id: number) => `Admin/SupportChat/Sessions/${id}/Busy`,
  archive: (id: number) => `Admin/SupportChat/Sessions/${id}/Archive`,
  context: (id: number) => `Admin/SupportChat/Sessions/${id}/Context`,
  ticket: (id: number) => `Admin/SupportChat/Sessions/${id}/Ticket`,
} as const;

/** The upstream's SupportSessionTaken code: another member of staff took the session first. */
export const SUPPORT_SESSION_TAKEN_CODE = 4030;

/** Chat hub events that carry a message of a session. */
const MESSAGE_EVENTS = ["message", "edited", "deleted", "sessionArchived", "staffBusy"] as const;

/** Attempts of one reply before it shows as failed (with its retry button). */
export const REPLY_ATTEMPTS = 6;
/** Pause before the second attempt; doubled for each further one. */
export const REPLY_RETRY_BASE_MS = 250;

/** What a console needs from its page. */
export interface ConsoleIo {
  request: typeof apiRequest;
  hub: HubClient;
  /** The signed-in staff member: their replies, their queue column. */
  me: { userId: number | null; fullName: string | null };
  /** Waits `ms` (tests drive it). */
  sleep?: (ms: number) => Promise<void>;
}

/** The outcome of taking a session; any other failure is thrown (an ApiError the screen shows, §8). */
export type TakeOutcome = "taken" | "takenByOther";

/** A support console: its state, and what an agent can do. */
export interface SupportConsole {
  readonly store: Store<ConsoleState>;
  /** Loads the queue and listens on the hub; returns the stop. */
  start(): () => void;
  reload(): Promise<void>;
  /** Reads one open conversation's transcript again (after it failed). */
  retryTranscript(sessionId: number): Promise<void>;
  open(sessionId: number): void;
  show(sessionId: number | null): void;
  close(sessionId: number): void;
  setDraft(sessionId: number, text: string): void;
  take(sessionId: number): Promise<TakeOutcome>;
  /** §5 mirrored for staff: blank is not sent. Returns whether it was sent. */
  reply(sessionId: number, text: string): boolean;
  retry(sessionId: number, uid: string): void;
  /** Resolves with the error to show, or null. */
  upload(sessionId: number, file: Blob, name: string): Promise<ChatErrorText | null>;
  edit(sessionId: number, uid: string, text: string): Promise<void>;
  remove(sessionId: number, uid: string): Promise<void>;
  busy(sessionId: number): Promise<void>;
  archive(sessionId: number): Promise<void>;
  setServiceOpen(open: boolean): Promise<void>;
  /** Resolves once every reply sent so far was stored or refused (tests, and closing a tab). */
  settled(): Promise<void>;
}

/** Checked before use: a session from the server. */
export function isStaffSession(value: unknown): value is StaffSession {
  if (typeof value !== "object" || value === null) return false;
  const session = value as Record<string, unknown>;
  return (
    typeof session.RecId === "number" &&
    typeof session.StartedAt === "string" &&
    (session.Status === "Waiting" || session.Status === "Active" || session.Status === "Archived")
  );
}

/** Checked before use: a message from the server. */
export function isStaffMessage(value: unknown): value is StaffMessageIn {
  if (typeof value !== "object" || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    typeof message.UID === "string" &&
    typeof message.Type === "string" &&
    typeof message.IsInternal === "boolean"
  );
}

/** A refusal that another attempt cannot change (the server answered with a client error). */
function isFinal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.aborted ||
      (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429))
  );
}

/** Creates the console of one screen. */
export function createSupportConsole(io: ConsoleIo): SupportConsole {
  const store = createStore<ConsoleState>(initialConsoleState());
  const sleep = io.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const inFlight = new Set<Promise<unknown>>();
  let generation = 0;
  /** Sessions the hub announced while the queue was being read, or null when no read is under way. */
  let heard: StaffSession[] | null = null;

  const dispatch = (action: ConsoleAction) => {
    const next = consoleReducer(store.get(), action);
    // The reducer produced the next immutable state: it replaces the current one.
    store.update(() => next);
  };
  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  async function loadTranscript(sessionId: number): Promise<void> {
    try {
      const body = (await io.request<Record<string, unknown>>(CONSOLE_PATHS.session(sessionId))) ?? {};
      if (!isStaffSession(body)) throw new Error("not a session");
      const messages = Array.isArray(body.Messages) ? body.Messages.filter(isStaffMessage) : [];
      dispatch({ type: "transcriptLoaded", session: body, messages });
    } catch {
      dispatch({ type: "transcriptFailed", sessionId });
    }
  }

  async function reload(): Promise<void> {
    const mine = ++generation;
    dispatch({ type: "queueLoadStarted" });
    heard = [];
    // Waiting before Active: a session taken between the two reads is then in the second list,
    // never in neither (a take moves it from Waiting to Active).
    const lists = (async () => {
      const waiting = await io.request<{ Items?: unknown }>(CONSOLE_PATHS.sessions("Waiting"));
      const active = await io.request<{ Items?: unknown }>(CONSOLE_PATHS.sessions("Active"));
      return [waiting, active];
    })();
    const status = io.request<{ IsOpen?: unknown }>(CONSOLE_PATHS.status).then(
      (body) => {
        if (typeof body?.IsOpen === "boolean") dispatch({ type: "serviceStatus", open: body.IsOpen });
      },
      () => undefined,
    );
    const transcripts = store.get().tabs.map(loadTranscript);
    try {
      const answers = await lists;
      if (mine !== generation) return;
      const sessions = answers.flatMap((answer) =>
        Array.isArray(answer?.Items) ? answer.Items.filter(isStaffSession) : [],
      );
      dispatch({ type: "queueLoaded", sessions, heard: heard ?? [] });
    } catch {
      if (mine === generation) dispatch({ type: "queueLoadFailed" });
    } finally {
      if (mine === generation) heard = null;
    }
    await Promise.all([status, ...transcripts]);
    if (mine === generation) dispatch({ type: "reloaded" });
  }

  /** Sends a reply under its UID until the server stores or refuses it. */
  async function deliver(sessionId: number, uid: string, text: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const stored = await io.request(CONSOLE_PATHS.messages(sessionId), {
          method: "POST",
          body: { Text: text, UID: uid },
        });
        if (isStaffMessage(stored)) dispatch({ type: "messageReceived", message: stored });
        return;
      } catch (error) {
        if (isFinal(error) || attempt >= REPLY_ATTEMPTS) {
          dispatch({ type: "replyFailed", sessionId, uid });
          return;
        }
        await sleep(REPLY_RETRY_BASE_MS * 2 ** (attempt - 1));
      }
    }
  }

  const act = async (path: string, body?: unknown) => {
    const answer = await io.request(path, { method: "POST", body: body ?? {} });
    if (isStaffSession(answer)) dispatch({ type: "sessionUpdated", session: answer });
    return answer;
  };

  return {
    store,
    reload,
    start() {
      let dropped = false;
      const offs = [
        ...MESSAGE_EVENTS.map((target) =>
          io.hub.on("chat", target, (message) => {
            if (isStaffMessage(message)) dispatch({ type: "messageReceived", message });
          }),
        ),
        io.hub.on("chat", "sessionUpdated", (session) => {
          if (!isStaffSession(session)) return;
          heard?.push(session);
          dispatch({ type: "sessionUpdated", session });
        }),
        io.hub.on("chat", "open", () => dispatch({ type: "serviceStatus", open: true })),
        io.hub.on("chat", "close", () => dispatch({ type: "serviceStatus", open: false })),
        io.hub.status.subscribe((status) => {
          if (status === "connected") {
            // Back after a drop: what the hub could not deliver meanwhile is read back.
            if (dropped) void reload();
            dropped = false;
          } else if (status !== "connecting") {
            dropped = true;
            dispatch({ type: "connectionLost" });
          }
        }),
      ];
      void reload();
      return () => {
        generation += 1;
        for (const off of offs) off();
      };
    },
    open(sessionId) {
      const known = store.get().tabs.includes(sessionId);
      dispatch({ type: "conversationOpened", sessionId });
      if (!known) void loadTranscript(sessionId);
    },
    show: (sessionId) => dispatch({ type: "conversationShown", sessionId }),
    close: (sessionId) => dispatch({ type: "conversationClosed", sessionId }),
    setDraft: (sessionId, text) => dispatch({ type: "draftChanged", sessionId, text }),
    retryTranscript: loadTranscript,
    async take(sessionId) {
      try {
        await act(CONSOLE_PATHS.take(sessionId));
        return "taken";
      } catch (error) {
        if (error instanceof ApiError && error.code === SUPPORT_SESSION_TAKEN_CODE) return "takenByOther";
        throw error;
      } finally {
        if (store.get().tabs.includes(sessionId)) void loadTranscript(sessionId);
      }
    },
    reply(sessionId, text) {
      if (!canSendMessage(text)) return false;
      const uid = newMessageUid();
      dispatch({ type: "replyStarted", sessionId, uid, text, userName: io.me.fullName });
      void track(deliver(sessionId, uid, text));
      return true;
    },
    retry(sessionId, uid) {
      const line = store.get().conversations[sessionId]?.messages.find((m) => m.uid === uid);
      if (!line?.own || line.acknowledged || line.type !== "Message") return;
      dispatch({ type: "replyDiscarded", sessionId, uid });
      dispatch({ type: "replyStarted", sessionId, uid, text: line.text, userName: line.userName });
      void track(deliver(sessionId, uid, line.text));
    },
    async upload(sessionId, file, name) {
      const problem = attachmentProblem(file.size);
      if (problem) return problem;
      const uid = newMessageUid();
      dispatch({ type: "replyStarted", sessionId, uid, text: "", fileName: name, userName: io.me.fullName });
      const body = new FormData();
      body.append("UID", uid);
      body.append("file[]", file, name);
      try {
        const stored = await track(io.request(CONSOLE_PATHS.file(sessionId), { method: "PUT", body }));
        if (isStaffMessage(stored)) dispatch({ type: "messageReceived", message: stored });
        return null;
      } catch (error) {
        dispatch({ type: "replyDiscarded", sessionId, uid });
        return uploadErrorText(error);
      }
    },
    async edit(sessionId, uid, text) {
      const stored = await io.request(CONSOLE_PATHS.message(sessionId, uid), {
        method: "PUT",
        body: { Text: text },
      });
      if (isStaffMessage(stored)) dispatch({ type: "messageReceived", message: stored });
    },
    async remove(sessionId, uid) {
      const stored = await io.request(CONSOLE_PATHS.message(sessionId, uid), { method: "DELETE" });
      if (isStaffMessage(stored)) dispatch({ type: "messageReceived", message: stored });
    },
    async busy(sessionId) {
      const stored = await io.request(CONSOLE_PATHS.busy(sessionId), {
        method: "POST",
        body: { UID: newMessageUid() },
      });
      if (isStaffMessage(stored)) dispatch({ type: "messageReceived", message: stored });
    },
    async archive(sessionId) {
      await act(CONSOLE_PATHS.archive(sessionId));
      void loadTranscript(sessionId);
    },
    async setServiceOpen(open) {
      const answer = await io.request<{ IsOpen?: unknown }>(CONSOLE_PATHS.status, {
        method: "PUT",
        body: { IsOpen: open },
      });
      if (typeof answer?.IsOpen === "boolean") dispatch({ type: "serviceStatus", open: answer.IsOpen });
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
