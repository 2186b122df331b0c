/**
 * Store family of export jobs (§4.3 ExportReady / ExportFailed producers). Same rules as ./identity.ts:
 * async, atomic per method, every account-data method takes the caller's account id.
 */
import type { FileRecord } from "../records-content.ts";
import type { NewFileInput } from "./objects-files.ts";

export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** An export: a file made from an object for a user, by its own task or by a schedule run's. */
export interface ExportJob {
  recId: number;
  accountId: number;
  userId: number;
  taskId: number;
  /** Null once the object was purged. */
  objectId: number | null;
  objectName: string;
  objectType: string;
  format: ExportFormat;
  scheduleId: number | null;
  fileUid: string | null;
  fileExpiresAt: number | null;
  error: string | null;
  /** The task's status (Queued, Running, Succeeded, Failed, Cancelled). */
  taskStatus: string;
  createdAt: number;
  finishedAt: number | null;
}

/** What an export is made of. */
export interface NewExport {
  userId: number;
  objectId: number;
  objectName: string;
  objectType: string;
  format: ExportFormat;
  /** Run by a schedule: the run's task, else a new Export task is created with the export. */
  scheduleRun?: { scheduleId: number; taskId: number };
}

export interface ExportJobStoreFamily {
  /** Creates the export (and its Export task, unless it belongs to a schedule run) in one step. */
  create(accountId: number, input: NewExport, now: number): Promise<ExportJob>;
  get(accountId: number, recId: number): Promise<ExportJob | undefined>;
  /** A user's exports, newest first. */
  listForUser(
    accountId: number,
    userId: number,
    query: { offset: number; limit: number; search?: string },
  ): Promise<{ items: ExportJob[]; total: number }>;
  /** Stores the file and finishes the export in one step; "cancelled" when its task was cancelled. */
  complete(
    accountId: number,
    recId: number,
    file: NewFileInput,
    now: number,
  ): Promise<FileRecord | "cancelled">;
  fail(accountId: number, recId: number, error: string, now: number): Promise<void>;
  /** Exports of every account whose export or own task has not finished (resumed after a restart). */
  unfinishedForRecovery(): Promise<ExportJob[]>;
}
