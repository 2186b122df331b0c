/**
 * When the console announces a waiting member with a desktop notification (§4.4 staff side): only
 * after the agent asked for notifications, only for members who started waiting after the queue
 * was first loaded (the queue on display is not news), and only while the agent is not looking at
 * the console — its tab hidden, or another window or tab focused.
 */
import { type ConsoleState, newlyWaiting, type StaffSession } from "./console-state.ts";

/** Whether the agent is looking at the console. */
export interface PageAttention {
  hidden: boolean;
  focused: boolean;
}

/** The sessions to announce for a change of the console from `previous` to `next`. */
export function sessionsToAnnounce(
  previous: ConsoleState,
  next: ConsoleState,
  page: PageAttention,
  enabled: boolean,
): StaffSession[] {
  if (!enabled || previous.queueStatus !== "ready") return [];
  if (!page.hidden && page.focused) return [];
  return newlyWaiting(previous, next).flatMap((id) => {
    const session = next.sessions[id];
    return session ? [session] : [];
  });
}

/** What the notification button offers in this browser. */
export type NoticePermission = "unsupported" | "default" | "granted" | "denied";
