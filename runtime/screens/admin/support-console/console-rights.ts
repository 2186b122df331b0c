/**
 * What the support agent may do in the console (§6) and which part of a conversation shows for a
 * session (§4.4 staff side): Read on SupportSessions opens the console and every conversation,
 * Write acts in them; a ticket from a conversation needs Write on Support as well.
 */
import { type AccessSubject, canWriteAdminModule } from "../../../../core/access/access-profile.ts";
import { CHAT_STAFF_MODULE } from "../../../chat/chat-rules.ts";
import type { StaffSession } from "./console-state.ts";

/** The admin module of support tickets (§2.4 /admin/support). */
export const TICKET_STAFF_MODULE = "Support";

/** §6: what the signed-in staff member may change; without Write every action shows disabled. */
export interface ConsoleRights {
  /** Take, reply, busy, archive, open or close the chat service. */
  act: boolean;
  createTicket: boolean;
}

/** The rights of a profile (none without one). */
export function consoleRights(subject: AccessSubject | null): ConsoleRights {
  const act = subject !== null && canWriteAdminModule(subject, CHAT_STAFF_MODULE);
  return { act, createTicket: act && canWriteAdminModule(subject, TICKET_STAFF_MODULE) };
}

/**
 * What a conversation offers: `take` while the member waits; `mine` (the composer) while this
 * staff member talks to them; `other` while someone else does; `archived` once it ended.
 */
export type ConversationMode = "take" | "mine" | "other" | "archived";

/** The mode of a session for the staff member `myUserId`. */
export function conversationMode(
  session: Pick<StaffSession, "Status" | "StaffUserRecId">,
  myUserId: number | null,
): ConversationMode {
  if (session.Status === "Archived") return "archived";
  if (session.Status === "Waiting") return "take";
  return myUserId !== null && session.StaffUserRecId === myUserId ? "mine" : "other";
}
