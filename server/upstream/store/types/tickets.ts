/**
 * Store families of support and work records (§2.2 Support, Plugins and tasks): comments with attachments (§3
 * Comment), support tickets, tasks with their log lines, and media files. Same rules as ./types.ts:
 * async, atomic per method, every method takes the caller's account id.
 */
import type { Readable } from "node:stream";
import type { ContentScope, LibraryObject, ListQuery, Page } from "./types-content-library.ts";

/** A comment attachment's metadata (§3: FileName, and file or previewUrl). */
export interface AttachmentMeta {
  uid: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** A comment (§3: title, date, text, optional image url, attachments, internal flag). */
export interface CommentRecord {
  recId: number;
  objectId: number;
  authorUserId: number | null;
  authorFullName: string | null;
  authorUid: string | null;
  title: string;
  text: string;
  imageUrl: string | null;
  isInternal: boolean;
  createdAt: number;
  attachments: AttachmentMeta[];
}

/** A comment to add, with its attachments' contents. */
export interface NewComment {
  authorUserId: number;
  title: string;
  text: string;
  imageUrl: string | null;
  isInternal: boolean;
  attachments: { fileName: string; contentType: string; data: Buffer }[];
}

/** Comments on objects and tickets. The caller checks the object is visible first. */
export interface CommentStoreFamily {
  /** Oldest first; internal comments only when asked (never for members). */
  list(accountId: number, objectId: number, includeInternal: boolean): Promise<CommentRecord[]>;
  /** Adds the comment and its attachments in one step and touches the object's modified time. */
  add(accountId: number, objectId: number, comment: NewComment, now: number): Promise<CommentRecord>;
  attachment(
    accountId: number,
    objectId: number,
    uid: string,
    includeInternal: boolean,
  ): Promise<{ meta: AttachmentMeta; data: Buffer } | undefined>;
}

/** Ticket states, priorities and sort fields. */
export const TICKET_STATUSES = ["Open", "Closed"] as const;
export const TICKET_PRIORITIES = ["Low", "Normal", "High", "Urgent"] as const;
export const TICKET_CATEGORIES = ["Question", "Problem", "FeatureRequest", "Billing"] as const;
export const TICKET_SORT_FIELDS = ["Title", "Status", "Priority", "CreatedAt", "ModifiedAt"] as const;

/** A support ticket (an object of type SupportTicket with its ticket fields). */
export interface TicketRecord {
  recId: number;
  uid: string;
  title: string;
  description: string;
  status: (typeof TICKET_STATUSES)[number];
  priority: (typeof TICKET_PRIORITIES)[number];
  category: string;
  createdByUserId: number | null;
  createdByFullName: string | null;
  createdAt: number;
  modifiedAt: number;
  closedAt: number | null;
  closedByFullName: string | null;
  commentCount: number;
}

/** Editable ticket fields. */
export interface TicketFields {
  title: string;
  description: string;
  priority: TicketRecord["priority"];
  category: string;
}

/** Support tickets of an account. */
export interface TicketStoreFamily {
  list(
    accountId: number,
    query: ListQuery & { status?: TicketRecord["status"] },
  ): Promise<Page<TicketRecord>>;
  get(accountId: number, recId: number): Promise<TicketRecord | undefined>;
  create(
    accountId: number,
    fields: TicketFields,
    createdByUserId: number,
    now: number,
  ): Promise<TicketRecord>;
  update(
    accountId: number,
    recId: number,
    change: Partial<TicketFields>,
    now: number,
  ): Promise<TicketRecord | "notFound" | "closed">;
  close(
    accountId: number,
    recId: number,
    userId: number,
    now: number,
  ): Promise<TicketRecord | "notFound" | "closed">;
}

/** Task states and sort fields; log severities follow §9 (1 info, 2 warning, 3 error). */
export const TASK_STATUSES = ["Queued", "Running", "Succeeded", "Failed", "Cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_SORT_FIELDS = ["Name", "Status", "CreatedAt", "StartedAt", "FinishedAt"] as const;

/** A task (an object of type Task with its run state). */
export interface TaskRecord {
  recId: number;
  uid: string;
  name: string;
  kind: string;
  status: TaskStatus;
  progress: number;
  message: string;
  ownerUserId: number | null;
  ownerFullName: string | null;
  relatedObjectId: number | null;
  relatedObjectName: string | null;
  relatedObjectType: string | null;
  /** The user whose Personal tree holds the related object (its name is theirs to see), or null. */
  relatedObjectPrivateTo: number | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

/** One line of a task's log. */
export interface TaskLogLine {
  recId: number;
  at: number;
  severity: 1 | 2 | 3;
  message: string;
}

/** Tasks and their logs. */
export interface TaskStoreFamily {
  list(accountId: number, query: ListQuery & { status?: TaskStatus }): Promise<Page<TaskRecord>>;
  get(accountId: number, recId: number): Promise<TaskRecord | undefined>;
  /** Lines after `afterRecId`, oldest first. */
  log(accountId: number, recId: number, afterRecId: number, limit: number): Promise<TaskLogLine[]>;
  /** A new task (or run state for an existing Task object, `objectId`), for producers such as workers. */
  create(
    accountId: number,
    input: {
      name: string;
      kind: string;
      ownerUserId: number | null;
      relatedObjectId: number | null;
      objectId?: number;
    },
    now: number,
  ): Promise<TaskRecord>;
  /** Progress reported by the producer, with an optional log line. */
  report(
    accountId: number,
    recId: number,
    change: { status?: TaskStatus; progress?: number; message?: string },
    line: { severity: 1 | 2 | 3; message: string } | null,
    now: number,
  ): Promise<TaskRecord | undefined>;
  /** Cancels a queued or running task, logging who did it. */
  cancel(
    accountId: number,
    recId: number,
    byFullName: string,
    now: number,
  ): Promise<TaskRecord | "notFound" | "finished">;
  /** Deletes a finished task with its log. */
  delete(accountId: number, recId: number): Promise<"deleted" | "notFound" | "running">;
}

/** A stored media file's metadata. */
export interface MediaRecord {
  objectId: number;
  uid: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: number;
}

/** An uploaded file written to staging, not yet part of the library. */
export interface StagedFile {
  stagingId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** Media files: contents live outside the database and are streamed in and out. */
export interface MediaStoreFamily {
  /** Streams `source` into staging; rejects (and leaves nothing) when it fails or exceeds `maxBytes`. */
  stage(source: Readable, fileName: string, contentType: string, maxBytes: number): Promise<StagedFile>;
  /** Turns staged files into Media objects of one folder in one step; staging is consumed either way. */
  commit(
    scope: ContentScope,
    folderId: number,
    files: StagedFile[],
    now: number,
  ): Promise<LibraryObject[] | "folderNotFound">;
  /** Removes staged files that will not be committed. */
  discard(files: StagedFile[]): Promise<void>;
  get(accountId: number, objectId: number): Promise<MediaRecord | undefined>;
  /** The content as a stream. */
  open(accountId: number, objectId: number): Promise<Readable | undefined>;
}
