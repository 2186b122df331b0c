/**
 * Store families of the jobs area (the producers of the §4.3 events): data table
 * rows, export and import jobs, and the staff-side billing and connector changes. Schedules and
 * alerts are in ./types-jobs-automation.ts. Same rules as ./types.ts: async, atomic per method,
 * every account-data method takes the account id; cross-account reads for staff and for the
 * restart recovery are named `…ForAdmin` and `…ForRecovery`.
 */
import type { UserRecord } from "./records.ts";
import type { FileRecord, InvoiceRecord, NotificationRecord } from "./records-content.ts";
import type { NewUserInput } from "./types.ts";
import type { NewFileInput } from "./types-content.ts";
import type { AutomationStores } from "./types-jobs-automation.ts";
import type { TeamNotice } from "./types-realtime.ts";

/** Column types of a data table. */
export const DATA_COLUMN_TYPES = ["Text", "Number", "Boolean", "Date"] as const;
export type DataColumnType = (typeof DATA_COLUMN_TYPES)[number];
/** A column of a data table. */
export interface DataColumn {
  name: string;
  type: DataColumnType;
}
/** One cell; dates are ISO 8601 text. */
export type DataValue = string | number | boolean | null;
/** Aggregates an alert can watch. */
export const AGGREGATES = ["Count", "Sum", "Avg", "Min", "Max"] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/** The rows of DataTable objects. */
export interface DataTableStoreFamily {
  /** Columns and row count; undefined when the object is not a data table of the account. */
  describe(
    accountId: number,
    objectId: number,
  ): Promise<{ columns: DataColumn[]; rowCount: number } | undefined>;
  /** Rows in insertion order. */
  rows(accountId: number, objectId: number, offset: number, limit: number): Promise<DataValue[][]>;
  /** The aggregate of one column (null over no values). */
  aggregate(
    accountId: number,
    objectId: number,
    column: number,
    aggregate: Aggregate,
  ): Promise<number | null>;
  /** Replaces the columns and rows of a data table (the demo seed). */
  define(
    accountId: number,
    objectId: number,
    columns: DataColumn[],
    rows: DataValue[][],
    now: number,
  ): Promise<void>;
}

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

/** Import kinds, named as their §4.3 codes are (UserImport…, TeamImport…, BackgroundDataImport…). */
export type ImportKind = "User" | "Team" | "BackgroundData";

/** An import of one CSV file. */
export interface ImportJob {
  taskId: number;
  accountId: number;
  userId: number;
  kind: ImportKind;
  dataTableId: number | null;
  fileName: string;
  /** The CSV, kept until the import finished. */
  content: string | null;
  appliedAt: number | null;
  finishedAt: number | null;
}

/** A team to create from an import. */
export interface ImportedTeam {
  name: string;
  memberUserIds: number[];
}

/** Why applying an import changed nothing. */
export type ImportRefusal =
  | "cancelled"
  | { emailTaken: string }
  | { teamNameTaken: string }
  | "columnsChanged"
  | "tableGone";

/** Imports: each applies all of its file or nothing, marked applied in the same step. */
export interface ImportJobStoreFamily {
  /** Creates the import and its task (kind UserImport, TeamImport or DataImport) in one step. */
  create(
    accountId: number,
    input: Omit<ImportJob, "taskId" | "accountId" | "appliedAt" | "finishedAt"> & { taskName: string },
    now: number,
  ): Promise<ImportJob>;
  get(accountId: number, taskId: number): Promise<ImportJob | undefined>;
  applyUsers(
    accountId: number,
    taskId: number,
    users: NewUserInput[],
    now: number,
  ): Promise<UserRecord[] | ImportRefusal>;
  /** Creates the teams; their members get `notice` (AddedToTeam) in the same step. */
  applyTeams(
    accountId: number,
    taskId: number,
    teams: ImportedTeam[],
    notice: TeamNotice,
    now: number,
  ): Promise<NotificationRecord[] | ImportRefusal>;
  /** Appends rows; `columns` are set when the table had none and must still match otherwise. */
  applyData(
    accountId: number,
    taskId: number,
    input: { dataTableId: number; columns: DataColumn[]; defineColumns: boolean; rows: DataValue[][] },
    now: number,
  ): Promise<number | ImportRefusal>;
  /** Marks the import finished and drops its content. */
  finish(accountId: number, taskId: number, now: number): Promise<void>;
  unfinishedForRecovery(): Promise<ImportJob[]>;
}

/** A connection named by a connector change, with its account. */
export interface ConnectionUse {
  accountId: number;
  recId: number;
  name: string;
  ownerUserId: number | null;
}

/** Staff-side changes behind the account events of §4.3. */
export interface BillingJobStoreFamily {
  /** Issues the next numbered invoice of the account's plan (Due). */
  issueInvoiceForAdmin(
    accountId: number,
    now: number,
    dueInMs: number,
  ): Promise<InvoiceRecord | "accountNotFound" | "noPlan">;
  /** Marks a Due invoice Failed. */
  failPaymentForAdmin(invoiceNumber: string): Promise<InvoiceRecord | "notFound" | "notDue">;
  /** Whether an active subscription template has this subscription type. */
  subscriptionTypeExists(subscriptionType: string): Promise<boolean>;
  /** Marks a catalogue connector Deprecated; returns the live connections using it, in every account. */
  deprecateConnectorForAdmin(
    code: string,
    now: number,
  ): Promise<ConnectionUse[] | "notFound" | "alreadyDeprecated">;
}

/** Every family of the jobs area. */
export interface JobStores extends AutomationStores {
  dataTables: DataTableStoreFamily;
  exports: ExportJobStoreFamily;
  imports: ImportJobStoreFamily;
  billing: BillingJobStoreFamily;
}
