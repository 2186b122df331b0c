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
