/**
 * How the console shows the lines of a conversation (§4.4 staff side, §5): who wrote each, which
 * lines are system events told in one short sentence, which replies are the agent's own (editable
 * and deletable while the conversation is theirs), and where a staff member downloads an attachment.
 */
import { apiUrl } from "../../../http/api-client.ts";
import type { ConsoleMessage, StaffSession } from "./console-state.ts";

/** The staff download of an attachment: `GET Admin/SupportChat/Sessions/{id}/File?id={fileId}`. */
export function staffFileUrl(sessionId: number, fileId: string): string {
  return apiUrl("app", `Admin/SupportChat/Sessions/${sessionId}/File?id=${encodeURIComponent(fileId)}`);
}

/** A text of locales/ and its values. */
export interface LineText {
  key: string;
  params?: Record<string, string>;
}

/** The sentence of a system line; null for a message or file, which show as written. */
export function systemLineText(line: Pick<ConsoleMessage, "type" | "userName">): LineText | null {
  const name = line.userName?.trim() || null;
  switch (line.type) {
    case "Message":
    case "File":
      return null;
    case "InternalUserStartTalking":
      return name
        ? { key: "SupportConsole_LineTalking", params: { name } }
        : { key: "SupportConsole_LineTalkingNoName" };
    case "StaffBusy":
      return { key: "SupportConsole_LineStaffBusy" };
    case "SessionArchived":
      return name
        ? { key: "SupportConsole_LineArchived", params: { name } }
        : { key: "SupportConsole_LineArchivedNoName" };
    case "PleaseWait":
      return { key: "SupportConsole_LinePleaseWait" };
    case "PrivacyDisclaimer":
      return { key: "SupportConsole_LinePrivacy" };
    case "Open":
      return { key: "Chat_ServiceOpened" };
    case "Close":
      return { key: "Chat_ServiceClosed" };
    default:
      return { key: "SupportConsole_LineOther" };
  }
}

/** Who wrote a message: the staff member's name, or the member's (the session's when the line has none). */
export function lineAuthor(
  line: Pick<ConsoleMessage, "isInternal" | "userName">,
  session: Pick<StaffSession, "UserFullName"> | undefined,
): string | null {
  const name = line.userName?.trim() || null;
  return line.isInternal ? name : (name ?? session?.UserFullName ?? null);
}

/**
 * A reply of this staff member in a conversation they hold: sent from this console, or (after a
 * reload, which carries no sender id) a staff text or file under their name. Deleted lines and
 * replies not yet stored offer nothing.
 */
export function isOwnReply(
  line: ConsoleMessage,
  session: Pick<StaffSession, "Status" | "StaffUserRecId"> | undefined,
  me: { userId: number | null; fullName: string | null },
): boolean {
  if (session?.Status !== "Active" || me.userId === null) return false;
  if (session.StaffUserRecId !== me.userId) return false;
  if (line.deleted || !line.acknowledged || !line.isInternal) return false;
  if (line.type !== "Message" && line.type !== "File") return false;
  return line.own || (me.fullName !== null && line.userName === me.fullName);
}

/** What an own reply offers: only a text can be edited (§4.4: an edit carries a new text). */
export function replyActions(line: Pick<ConsoleMessage, "type">): { edit: boolean; remove: boolean } {
  return { edit: line.type === "Message", remove: true };
}

/** The delivery state a reply shows: sending until stored, failed with its retry, else nothing. */
export function deliveryState(line: Pick<ConsoleMessage, "own" | "acknowledged" | "failed">) {
  if (!line.own || line.acknowledged) return null;
  return line.failed ? "failed" : "sending";
}
