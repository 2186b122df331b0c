/**
 * A support conversation as plain text, for the ticket staff make from it (§4.4 staff side, §2.4
 * /admin/support): one line per message a person wrote, "2026-12-02 10:14 Sofia Support: text", in
 * UTC; a file as its name; deleted messages and the system's own (taken, busy, archived) left out.
 */
import type { ChatMessageRecord } from "../store/records-content.ts";

/** `YYYY-MM-DD HH:MM` in UTC: the transcript is read by staff in any time zone. */
function minuteOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace("T", " ");
}

/** The text a message contributes, or null when it is not part of the conversation. */
function said(message: ChatMessageRecord): string | null {
  if (message.type === "Message" || message.type === "MessageEdited") return message.text;
  if (message.type === "File") return message.fileName ?? "";
  return null;
}

/** The transcript of `messages` (oldest first), one line each; a multi-line message keeps its lines. */
export function transcriptText(messages: readonly ChatMessageRecord[]): string {
  const lines: string[] = [];
  for (const message of messages) {
    const text = said(message);
    if (text === null) continue;
    const author = message.authorName === "" ? "?" : message.authorName;
    lines.push(`${minuteOf(message.createdAt)} ${author}: ${text}`);
  }
  return lines.join("\n");
}
