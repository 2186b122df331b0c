/**
 * §4.1 step 8: before the legacy dashboard editor is left, the shell asks it — a message posted to
 * its frame, which closes its open dashboards and answers whether the navigation may go on. Only
 * an answer from that frame's window, from this origin (the legacy pages are served same-origin,
 * §2.3), naming the request, counts. A frame that never answers does not trap the user: after
 * LEGACY_LEAVE_ANSWER_TIMEOUT_MS the navigation goes on.
 */

/** The request the shell posts to the legacy page: `{ type, id }`. */
export const LEGACY_LEAVE_REQUEST = "tessera.confirmLeave";
/** The legacy page's answer: `{ type, id, leave: boolean }`. */
export const LEGACY_LEAVE_ANSWER = "tessera.leaveAnswer";
/** How long the shell waits for the legacy editor's answer before leaving anyway. */
export const LEGACY_LEAVE_ANSWER_TIMEOUT_MS = 5_000;

/** A message event as the answer check needs it. */
export interface LeaveAnswerEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

/** The answer `event` carries to request `id` from `frameWindow` of `ownOrigin`, or null when it is none. */
export function leaveAnswer(
  event: LeaveAnswerEvent,
  expected: { origin: string; source: unknown; id: string },
): boolean | null {
  if (event.origin !== expected.origin || event.source !== expected.source || expected.source == null)
    return null;
  const data = event.data;
  if (!data || typeof data !== "object") return null;
  const message = data as Record<string, unknown>;
  if (message.type !== LEGACY_LEAVE_ANSWER || message.id !== expected.id) return null;
  return typeof message.leave === "boolean" ? message.leave : null;
}

/** What asking needs from the page: the frame's window, this origin, and message listening. */
export interface LeaveAskContext {
  frameWindow: { postMessage(message: unknown, targetOrigin: string): void } | null;
  ownOrigin: string;
  listen(handler: (event: LeaveAnswerEvent) => void): () => void;
  newId(): string;
  timeoutMs?: number;
}

/** Asks the legacy page in the frame whether it may be left; resolves with its answer. */
export function askLegacyPageToLeave(context: LeaveAskContext): Promise<boolean> {
  const { frameWindow, ownOrigin } = context;
  if (!frameWindow) return Promise.resolve(true);
  const id = context.newId();
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const finish = (leave: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unlisten();
      resolve(leave);
    };
    const unlisten = context.listen((event) => {
      const answer = leaveAnswer(event, { origin: ownOrigin, source: frameWindow, id });
      if (answer !== null) finish(answer);
    });
    const timer = setTimeout(() => finish(true), context.timeoutMs ?? LEGACY_LEAVE_ANSWER_TIMEOUT_MS);
    frameWindow.postMessage({ type: LEGACY_LEAVE_REQUEST, id }, ownOrigin);
  });
}

/** Asks the legacy page in `frame` from the browser's window. */
export function askLegacyFrameToLeave(frame: HTMLIFrameElement | null): Promise<boolean> {
  return askLegacyPageToLeave({
    frameWindow: frame?.contentWindow ?? null,
    ownOrigin: window.location.origin,
    listen(handler) {
      window.addEventListener("message", handler);
      return () => window.removeEventListener("message", handler);
    },
    newId: () => crypto.randomUUID(),
  });
}
