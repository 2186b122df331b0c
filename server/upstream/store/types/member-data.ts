/**
 * Store families of the per-user member data (migration 3): notifications, login announcements and widget
 * themes. Same rules as ./identity.ts: async, atomic per method, every account-data method takes the caller's
 * account id.
 */
import type {
  LoginAnnouncementRecord,
  NotificationFields,
  NotificationRecord,
  WidgetThemeRecord,
} from "../records-content.ts";

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
