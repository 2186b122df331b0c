/**
 * Store family of import jobs (users, teams, background data; §4.3 producers). Same rules as ./identity.ts:
 * async, atomic per method, every account-data method takes the caller's account id.
 */
import type { UserRecord } from "../records.ts";
import type { NotificationRecord } from "../records-content.ts";
import type { DataColumn, DataValue } from "./data-tables.ts";
import type { NewUserInput } from "./identity.ts";
import type { TeamNotice } from "./realtime.ts";

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
