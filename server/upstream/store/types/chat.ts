/**
 * Store family of the support chat's member side (migration 5): support sessions and their messages. The
 * staff side is in ./realtime.ts. Same rules as ./identity.ts: async, atomic per method, every account-data
 * method takes the caller's account id.
 */
import type { ChatMessageRecord, ChatMessageType, SupportSessionRecord } from "../records-content.ts";
import type { NewFileInput } from "./objects-files.ts";

/** A message to store in a chat session. */
export interface NewChatMessage {
  uid: string;
  authorUserId: number | null;
  isInternal: boolean;
  type: ChatMessageType;
  text: string;
  fileUid?: string | null;
  fileName?: string | null;
}

/** A member's message as stored: its session (as after the message), and what the call changed. */
export interface MemberMessageOutcome {
  session: SupportSessionRecord;
  message: ChatMessageRecord;
  /** False for a resend: the message was stored before (and nothing changed now). */
  created: boolean;
}

/** Support sessions and chat messages. */
export interface ChatStoreFamily {
  /** The user's open (Waiting or Active) session. */
  openSession(accountId: number, userId: number): Promise<SupportSessionRecord | undefined>;
  /** Returns the open session, starting one (Waiting) when there is none. */
  ensureOpenSession(
    accountId: number,
    userId: number,
    page: string,
    now: number,
  ): Promise<SupportSessionRecord>;
  getSession(accountId: number, recId: number): Promise<SupportSessionRecord | undefined>;
  /** A member's sessions, newest first. */
  listSessions(accountId: number, userId: number): Promise<SupportSessionRecord[]>;
  /**
   * Stores a message once per (author, UID); a resend returns the stored one with `created: false`.
   * With an attachment, the file is stored in the same step (and not again on a resend).
   */
  addMessage(
    accountId: number,
    sessionId: number,
    message: NewChatMessage,
    now: number,
    attachment?: NewFileInput,
  ): Promise<{ message: ChatMessageRecord; created: boolean }>;
  /**
   * A member's message in one step: a resend (same author and UID) answers with the stored message and
   * changes nothing; else the message goes to the open session, started (Waiting, on `page`) when there
   * is none, and a non-blank `page` becomes the session's page (§4.4: where the member is now).
   */
  postMemberMessage(
    accountId: number,
    userId: number,
    page: string,
    message: Omit<NewChatMessage, "authorUserId" | "isInternal">,
    now: number,
    attachment?: NewFileInput,
  ): Promise<MemberMessageOutcome>;
  /** The session whose messages carry the file. */
  sessionOfFile(accountId: number, fileUid: string): Promise<SupportSessionRecord | undefined>;
  messages(accountId: number, sessionId: number): Promise<ChatMessageRecord[]>;
  assignStaff(accountId: number, sessionId: number, staffUserId: number): Promise<void>;
  archive(accountId: number, sessionId: number, now: number): Promise<boolean>;
  /** Saves the member's rating of their own archived session. */
  saveRating(
    accountId: number,
    userId: number,
    recId: number,
    rating: { rating: number; feedback: string },
    now: number,
  ): Promise<"saved" | "notFound" | "notArchived" | "alreadyRated">;
}
