/**
 * Admin family of jobs (§2.4, rules in ./admin-records.ts): data loader runs, task logs, account
 * synchronisation, package installation and deployments.
 */
import type { AdminChangeResult } from "./admin-records.ts";

/** One log line (severity 1 info, 2 warning, 3 error, §9). */
export interface AdminLogLine {
  at: number;
  severity: number;
  message: string;
}

/** An object of a package (package.json "Objects"). */
export interface PackageObject {
  Type: string;
  Name: string;
  Properties: Record<string, unknown>;
}

/** What installing or synchronising did in one account. */
export interface ObjectCopyResult {
  accountId: number;
  added: number;
  updated: number;
  removed: number;
  skipped: number;
}

/** Jobs staff start or stop. */
export interface AdminJobStoreFamily {
  setLoaderSettings(
    loaderId: number,
    change: { isEnabled?: boolean; priority?: string },
    now: number,
  ): Promise<AdminChangeResult>;
  /** Queues a DataLoad task for the loader; "blocked" when disabled or a run is queued or running. */
  queueLoaderRun(loaderId: number, actor: number, now: number): Promise<AdminChangeResult>;
  /** Cancels the loader's queued or running run; "blocked" when there is none. */
  cancelLoaderRun(loaderId: number, now: number): Promise<AdminChangeResult>;
  /** Log lines of a task, of a loader's latest run, or of a deployment, oldest first. */
  logLines(kind: "task" | "loader" | "deployment", id: number): Promise<AdminLogLine[] | undefined>;
  /**
   * Copies the synchronisation's object types from source to target (AddAndUpdate; Mirror also
   * deletes target objects the source lacks) and records the outcome; "blocked" when disabled.
   */
  runAccountSync(
    syncId: number,
    now: number,
  ): Promise<{ result: "ok"; copy: ObjectCopyResult } | { result: "missing" | "blocked" }>;
  /** Installs package objects into accounts (same type and name: updated with overwrite, else skipped). */
  installPackage(
    objects: readonly PackageObject[],
    accountIds: readonly number[],
    overwrite: boolean,
    now: number,
  ): Promise<ObjectCopyResult[]>;
  /** Creates a Pending deployment with its first log line. */
  createDeployment(
    input: { packageId: number; environmentId: number; notes: string | null; logLine: string },
    actor: number,
    now: number,
  ): Promise<number>;
}
