/**
 * Past support chats (§2.2 /supportsessions, §3 Support chat message and Rating): the shapes of
 * `GET SupportSessions` and `SupportSessions/{id}/Transcript`, and how each message type shows.
 */
import type { Tone } from "../common/list-parts.tsx";

/** A support session as listed. */
export interface SupportSession {
  RecId: number;
  Status: "Waiting" | "Active" | "Archived";
  Page: string | null;
  StartedAt: string | null;
  ArchivedAt: string | null;
  /** 1–5, null until rated. */
  Rating: number | null;
  Feedback: string | null;
}

/** §3 Support chat message types. */
export type ChatMessageType =
  | "Message"
  | "File"
  | "MessageEdited"
  | "MessageDeleted"
  | "SessionArchived"
  | "StaffBusy"
  | "Open"
  | "Close"
  | "InternalUserStartTalking"
  | "PleaseWait"
  | "PrivacyDisclaimer";

export interface TranscriptMessage {
  UID: string;
  Type: ChatMessageType;
  Text: string | null;
  UserName: string | null;
  IsInternal: boolean;
  Acknowledged: boolean;
  FileID: string | null;
  FileName: string | null;
  Date: string | null;
}

/** A session with its transcript and rating. */
export interface Transcript extends SupportSession {
  RatedAt: string | null;
  CanRate: boolean;
  Messages: TranscriptMessage[];
}

/** The ratings of §3 Rating, worst to best. */
export const RATINGS = [1, 2, 3, 4, 5] as const;

/** How a message shows: said by someone, a file, or a system notice with its text key. */
export type MessageView =
  | { kind: "said"; fromStaff: boolean; edited: boolean }
  | { kind: "file"; fromStaff: boolean }
  | { kind: "system"; textKey: string };

/** The view of one message (§4.4: staff-busy and 'now talking to' are system messages). */
export function messageView(message: TranscriptMessage): MessageView {
  switch (message.Type) {
    case "Message":
      return { kind: "said", fromStaff: message.IsInternal, edited: false };
    case "MessageEdited":
      return { kind: "said", fromStaff: message.IsInternal, edited: true };
    case "File":
      return { kind: "file", fromStaff: message.IsInternal };
    case "StaffBusy":
      return { kind: "system", textKey: "Chat_StaffBusy" };
    default:
      return { kind: "system", textKey: `Sessions_Message_${message.Type}` };
  }
}

/** The messages a transcript shows: deleted ones are left out. */
export function shownMessages(messages: readonly TranscriptMessage[]): TranscriptMessage[] {
  return messages.filter((message) => message.Type !== "MessageDeleted");
}

/** Where a chat file downloads from (§7 supportchat/file?id=). */
export function chatFilePath(fileId: string): string {
  return `supportchat/file?id=${encodeURIComponent(fileId)}`;
}

/** The tone of a session state. */
export function sessionTone(status: SupportSession["Status"]): Tone {
  if (status === "Active") return "info";
  if (status === "Waiting") return "warning";
  return "neutral";
}

/** A rating the upstream accepts: an integer 1–5. */
export function isValidRating(value: unknown): value is (typeof RATINGS)[number] {
  return typeof value === "number" && (RATINGS as readonly number[]).includes(value);
}
