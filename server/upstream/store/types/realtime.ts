/**
 * Store families of the realtime area: team membership (whose changes notify the members, §4.3),
 * notifications produced by events (§4.3), and the chat's staff side (§4.4). Same rules as
 * ./identity.ts: async, each method atomic (one transaction), every account-data method takes the
 * account id; the cross-account reads of the staff side are named `…ForAdmin`.
 */
import type { NotificationCode } from "../../../../schemas/payloads/notification-record.ts";
import type {
  ChatMessageRecord,
  NotificationFields,
  NotificationRecord,
  SupportSessionRecord,
} from "../records-content.ts";
import type { NewFileInput } from "./objects-files.ts";

/** A notification to store for one user (the account is given by the entry or the call). */
export interface NotificationDraft {
  accountId: number;
  userId: number;
  code: NotificationCode;
  fields: NotificationFields;
}

/** What every recipient of a team change gets, except the user who made it. */
export interface TeamNotice {
  code: NotificationCode;
  fields: NotificationFields;
  exceptUserId: number | null;
}

/** A team member as team details show it. */
export interface TeamMember {
  recId: number;
  uid: string;
  fullName: string;
  email: string;
}

/** A team with its members. */
export interface TeamDetail {
  recId: number;
  accountId: number;
  name: string;
  createdAt: number;
  members: TeamMember[];
}

/** A team change and the notifications it stored in the same transaction. */
export interface TeamChange {
  team: TeamDetail;
  notifications: NotificationRecord[];
}

/** Teams and their members (§5 teams; §4.3 AddedToTeam / RemovedFromTeam). */
export interface TeamDirectoryStoreFamily {
  list(accountId: number): Promise<TeamDetail[]>;
  get(accountId: number, teamId: number): Promise<TeamDetail | undefined>;
  /** "unknownUser" when a member id is not a user of the account; StoreConflictError("name") on a taken name. */
  create(
    accountId: number,
    input: { name: string; memberUserIds: number[] },
    now: number,
    notice: TeamNotice,
  ): Promise<TeamChange | "unknownUser">;
  /** StoreConflictError("name") on a taken name. */
  rename(accountId: number, teamId: number, name: string): Promise<TeamDetail | undefined>;
  /** Deletes the team; every former member but the actor gets the notice. */
  delete(
    accountId: number,
    teamId: number,
    now: number,
    notice: TeamNotice,
  ): Promise<TeamChange | "notFound">;
  /** Adds users (already members are left alone and not notified). */
  addMembers(
    accountId: number,
    teamId: number,
    userIds: number[],
    now: number,
    notice: TeamNotice,
  ): Promise<TeamChange | "notFound" | "unknownUser">;
  /** "notFound" when the team does not exist or the user is not a member. */
  removeMember(
    accountId: number,
    teamId: number,
    userId: number,
    now: number,
    notice: TeamNotice,
  ): Promise<TeamChange | "notFound">;
}

/** A user of an account with the permission string of their role (to pick notification recipients). */
export interface MemberRole {
  userId: number;
  permissions: string;
}

/** Notification fields that point at a related object (§4.3 "deleted" and "expired" variants). */
export const RELATED_OBJECT_FIELDS = [
  "ExportRecId",
  "ScheduleRecId",
  "DashboardRecId",
  "DataCloneRecId",
  "DataConnectionRecId",
  "SupportTicketRecId",
] as const;
/** A field naming a related object. */
export type RelatedObjectField = (typeof RELATED_OBJECT_FIELDS)[number];

/** Notifications produced by events. */
export interface NotificationEventStoreFamily {
  /** Stores every draft whose user belongs to its account, all or none; returns what was stored. */
  addMany(drafts: NotificationDraft[], now: number): Promise<NotificationRecord[]>;
  /** The enabled users of an account with their role's permission string ("" without a role). */
  memberRoles(accountId: number): Promise<MemberRole[]>;
  /** The ids among `userIds` that are users of the account. */
  existingUsers(accountId: number, userIds: number[]): Promise<number[]>;
  /** Flags IsRelatedObjectDeleted on the account's notifications pointing at the object. */
  flagRelatedObjectDeleted(accountId: number, field: RelatedObjectField, recId: number): Promise<number>;
  /** Sets IsDataCloneTrashed on the account's notifications pointing at the data. */
  flagDataTrashed(accountId: number, dataRecId: number, trashed: boolean): Promise<number>;
}

/** A support session as the staff queue lists it. */
export interface StaffSessionSummary extends SupportSessionRecord {
  accountName: string;
  userFullName: string;
  staffFullName: string | null;
  messageCount: number;
  lastMessageAt: number | null;
  /**
   * The member's first message of the session that is not deleted: its text, or the file name when
   * it is a file; null when the member sent none.
   */
  firstMessage: string | null;
}

/** A staff message: a reply, an attachment (with its file name) or "all staff is busy". */
export type StaffMessageInput =
  | { uid: string; type: "Message" | "StaffBusy"; text: string }
  | { uid: string; type: "File"; text: ""; fileName: string };

/** The outcome of a change to a chat message. */
export type MessageChange =
  | { message: ChatMessageRecord; changed: boolean }
  | "notFound"
  | "notEditable"
  | "sessionArchived";

/** The outcome of a staff action on a session. */
export type StaffSessionChange =
  | { session: SupportSessionRecord; message: ChatMessageRecord | null }
  | "notFound"
  | "archived"
  | "takenByOther"
  | "notTaken";

/** The outcome of a staff message: stored (or found, for a resent UID) or refused. */
export type StaffMessageOutcome =
  | { session: SupportSessionRecord; message: ChatMessageRecord; created: boolean }
  | Exclude<StaffSessionChange, { session: SupportSessionRecord }>
  /** The staff member already used the UID for a message of another session. */
  | "uidTaken";

/** The chat's staff side, and message edits for members and staff alike. */
export interface ChatStaffStoreFamily {
  /** Sessions of every account in a state, oldest first (the staff queue). */
  listSessionsForAdmin(query: {
    status: SupportSessionRecord["status"];
    limit: number;
    offset: number;
  }): Promise<{ items: StaffSessionSummary[]; total: number }>;
  /** A session of any account (staff only). */
  getSessionForAdmin(recId: number): Promise<StaffSessionSummary | undefined>;
  /** Assigns the staff member and stores the InternalUserStartTalking message, unless already theirs. */
  take(
    accountId: number,
    sessionId: number,
    staff: { userId: number; messageUid: string },
    now: number,
  ): Promise<StaffSessionChange>;
  /**
   * Stores a staff message in a session the staff member may write to: a reply or a file (with its
   * attachment, stored in the session's account in the same step) only in a session they took,
   * StaffBusy also in one nobody took. A resend of the UID answers with the stored message.
   */
  staffMessage(
    accountId: number,
    sessionId: number,
    staffUserId: number,
    message: StaffMessageInput,
    now: number,
    attachment?: NewFileInput,
  ): Promise<StaffMessageOutcome>;
  /** Archives the session and stores the SessionArchived message. */
  archive(
    accountId: number,
    sessionId: number,
    staffUserId: number,
    messageUid: string,
    now: number,
  ): Promise<StaffSessionChange>;
  /** Edits the author's own text message in a session that is not archived. */
  editMessage(
    accountId: number,
    sessionId: number,
    authorUserId: number,
    uid: string,
    text: string,
    now: number,
  ): Promise<MessageChange>;
  /** Deletes (blanks) the author's own message and its attachment; deleting again changes nothing. */
  deleteMessage(
    accountId: number,
    sessionId: number,
    authorUserId: number,
    uid: string,
    now: number,
  ): Promise<MessageChange>;
}

/** The realtime area's store families. */
export interface RealtimeStores {
  teams: TeamDirectoryStoreFamily;
  notificationEvents: NotificationEventStoreFamily;
  chatStaff: ChatStaffStoreFamily;
}
