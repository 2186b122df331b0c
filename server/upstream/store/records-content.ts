/** Records of member data and content: notifications, objects, files, invoices, chat, themes. */

/** The server-side fields of a notification (§3), besides RecId, Date, IsNew and Code. */
export interface NotificationFields {
  AuthorFullName?: string;
  AuthorUserUID?: string;
  TeamName?: string;
  AlertName?: string;
  Message?: string;
  Dashboards?: { DashboardName?: string; DashboardRecId?: number; DashboardThumbnail?: string }[];
  DataConnectionName?: string;
  DataConnectionRecId?: number;
  DataCloneName?: string;
  DataCloneRecId?: number;
  WorkerTaskHistoryRecId?: number;
  DashboardName?: string;
  DashboardRecId?: number;
  DashboardThumbnail?: string;
  CommentText?: string;
  IsRelatedObjectDeleted?: boolean;
  IsDataCloneTrashed?: boolean;
  DataLoaderName?: string;
  ExportName?: string;
  ExportRecId?: number;
  FileUID?: string;
  InvoiceNumber?: string;
  ScheduleName?: string;
  ScheduleRecId?: number;
  ScheduleTaskName?: string;
  SubscriptionType?: string;
  SupportTicketName?: string;
  SupportTicketRecId?: number;
  BinderName?: string;
  Title?: string;
  Body?: string;
}

/** A notification of one user. */
export interface NotificationRecord {
  recId: number;
  accountId: number;
  userId: number;
  code: string;
  isNew: boolean;
  createdAt: number;
  fields: NotificationFields;
}

/** An object of a user-area type (§3). */
export interface ObjectRecord {
  recId: number;
  uid: string;
  accountId: number;
  type: string;
  name: string;
  ownerUserId: number | null;
  properties: Record<string, unknown>;
  createdAt: number;
  modifiedAt: number;
  deletedAt: number | null;
}

/** Kinds of stored files: the {fileSystemItemType} of the download path (§7). */
export const FILE_ITEM_TYPES = ["Export", "Media", "ChatAttachment"] as const;
/** A file kind. */
export type FileItemType = (typeof FILE_ITEM_TYPES)[number];

/** A stored file's metadata. */
export interface FileRecord {
  recId: number;
  uid: string;
  accountId: number;
  ownerUserId: number | null;
  itemType: FileItemType;
  name: string;
  contentType: string;
  size: number;
  relatedObjectId: number | null;
  createdAt: number;
  expiresAt: number | null;
}

/** One invoice line. */
export interface InvoiceLine {
  Description: string;
  Quantity: number;
  UnitPriceCents: number;
}

export interface InvoiceRecord {
  recId: number;
  accountId: number;
  number: string;
  issuedAt: number;
  dueAt: number;
  status: "Due" | "Paid" | "Failed" | "Void";
  currency: string;
  totalCents: number;
  lines: InvoiceLine[];
}

/** A support chat conversation (§4.4) and its rating (§3 Rating). */
export interface SupportSessionRecord {
  recId: number;
  accountId: number;
  userId: number;
  staffUserId: number | null;
  status: "Waiting" | "Active" | "Archived";
  page: string;
  startedAt: number;
  archivedAt: number | null;
  rating: number | null;
  feedback: string | null;
  ratedAt: number | null;
}

/** Types of chat messages (§3). */
export const CHAT_MESSAGE_TYPES = [
  "Message",
  "File",
  "MessageEdited",
  "MessageDeleted",
  "SessionArchived",
  "StaffBusy",
  "Open",
  "Close",
  "InternalUserStartTalking",
  "PleaseWait",
  "PrivacyDisclaimer",
] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/** A stored chat message. */
export interface ChatMessageRecord {
  recId: number;
  uid: string;
  accountId: number;
  sessionId: number;
  authorUserId: number | null;
  authorName: string;
  isInternal: boolean;
  type: ChatMessageType;
  text: string;
  fileUid: string | null;
  fileName: string | null;
  createdAt: number;
}

/** A widget theme (§3): Key and Value with the dashboard JSON and per-widget serialized properties. */
export interface WidgetThemeRecord {
  Key: string;
  Value: { Dashboard: string; Widgets: { Type: string; SerializedProperties: string }[] };
}

export interface LoginAnnouncementRecord {
  recId: number;
  title: string;
  body: string;
  startsAt: number;
  endsAt: number | null;
}
