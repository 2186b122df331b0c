/**
 * Store families for member data and content. Same rules as ./types.ts: async, atomic per method,
 * every account-data method takes the caller's account id.
 */
import type {
  ChatMessageRecord,
  ChatMessageType,
  FileItemType,
  FileRecord,
  InvoiceRecord,
  LoginAnnouncementRecord,
  NotificationFields,
  NotificationRecord,
  ObjectRecord,
  SupportSessionRecord,
  WidgetThemeRecord,
} from "./records-content.ts";

/** Notifications of one user. */
export interface NotificationStoreFamily {
  /** Newest first. */
  list(accountId: number, userId: number, limit: number): Promise<NotificationRecord[]>;
  add(
    accountId: number,
    userId: number,
    code: string,
    fields: NotificationFields,
    now: number,
  ): Promise<NotificationRecord>;
  /** Marks the caller's own notifications among `recIds` read; ids of others are ignored. */
  markRead(accountId: number, userId: number, recIds: number[]): Promise<number>;
  clear(accountId: number, userId: number): Promise<number>;
}

/** Login announcements (system-wide) and who has seen them. */
/** Who an announcement may be shown to: one user of one account, in their language. */
export interface AnnouncementAudience {
  accountId: number;
  userId: number;
  languageCode: string;
}

/** Login announcements (§4.2), targeted by account and language, shown once per user. */
export interface AnnouncementStoreFamily {
  /** The newest announcement running at `now`. */
  current(now: number): Promise<LoginAnnouncementRecord | undefined>;
  /**
   * The newest announcement running at `now` for this user's audience (for everyone, or targeted at
   * their account and/or language) that they have not seen yet.
   */
  pendingFor(audience: AnnouncementAudience, now: number): Promise<LoginAnnouncementRecord | undefined>;
  /** Whether announcement `recId` runs at `now` for the audience (seen or not). */
  runsFor(audience: AnnouncementAudience, recId: number, now: number): Promise<boolean>;
  seen(accountId: number, userId: number, announcementId: number): Promise<boolean>;
  markSeen(accountId: number, userId: number, announcementId: number, now: number): Promise<void>;
  create(input: Omit<LoginAnnouncementRecord, "recId">, now: number): Promise<number>;
}

/** Widget themes: the system's plus the account's own (same Key: the account's wins). */
export interface WidgetThemeStoreFamily {
  list(accountId: number): Promise<WidgetThemeRecord[]>;
  put(accountId: number | null, theme: WidgetThemeRecord): Promise<void>;
}

/** Objects of the user-area types. */
export interface ObjectStoreFamily {
  get(accountId: number, recId: number): Promise<ObjectRecord | undefined>;
  list(accountId: number, type: string): Promise<ObjectRecord[]>;
  create(
    accountId: number,
    input: { type: string; name: string; ownerUserId: number | null; properties?: Record<string, unknown> },
    now: number,
  ): Promise<ObjectRecord>;
  markDeleted(accountId: number, recId: number, now: number): Promise<boolean>;
}

/** A file to store. */
export interface NewFileInput {
  ownerUserId: number | null;
  itemType: FileItemType;
  name: string;
  contentType: string;
  data: Buffer;
  relatedObjectId?: number | null;
  expiresAt?: number | null;
}

/** Stored files. */
export interface FileStoreFamily {
  create(accountId: number, input: NewFileInput, now: number): Promise<FileRecord>;
  get(accountId: number, uid: string): Promise<FileRecord | undefined>;
  content(accountId: number, uid: string): Promise<Buffer | undefined>;
}

/** Invoices. */
export interface InvoiceStoreFamily {
  getByNumber(accountId: number, number: string): Promise<InvoiceRecord | undefined>;
  list(accountId: number): Promise<InvoiceRecord[]>;
  create(
    accountId: number,
    input: Omit<InvoiceRecord, "recId" | "accountId" | "totalCents">,
  ): Promise<InvoiceRecord>;
  /** Admin read (Invoices module): an invoice of any account. */
  getByNumberForAdmin(number: string): Promise<InvoiceRecord | undefined>;
}

/** Cached connector results (smart view parameters, document columns). */
export interface DataCacheStoreFamily {
  get(accountId: number, key: string, now: number): Promise<string | undefined>;
  put(accountId: number, key: string, value: string, now: number, ttlMs: number): Promise<void>;
}

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
