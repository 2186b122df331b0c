/**
 * The specialised admin families (see ./types-admin.ts for the rules): support tickets and
 * projects seen by staff, jobs (data loader runs, task logs, account synchronisation, package
 * installation, deployments) and the system family (configuration, the embedded database's checks
 * and migrations, request log and analytics samples, stored files).
 */
import type { AdminChangeResult } from "./types-admin.ts";

/** A staff change of a ticket; Closed closes it, the other statuses are the staff workflow. */
export interface AdminTicketChange {
  name?: string;
  category?: string;
  priority?: string;
  status?: "New" | "Open" | "WaitingForCustomer" | "Resolved" | "Closed";
  assignedTo?: number | null;
}

/** A project run by staff for an account (the account's Project object plus staff fields). */
export interface AdminProjectInput {
  accountId: number;
  name: string;
  /** The member-side status (Planned, Active, OnHold, Completed, Cancelled). */
  status: string;
  managerUserId: number | null;
  description: string;
  startDate: string | null;
  dueDate: string | null;
  estimatedHours: number | null;
  isBillable: boolean;
}

/** Tickets and projects as staff change them. */
export interface AdminSupportStoreFamily {
  updateTicket(
    ticketId: number,
    change: AdminTicketChange,
    actor: number,
    now: number,
  ): Promise<AdminChangeResult>;
  createProject(input: AdminProjectInput, now: number): Promise<number>;
  updateProject(
    projectId: number,
    change: Partial<AdminProjectInput>,
    now: number,
  ): Promise<AdminChangeResult>;
  /** Moves a live object of `type` to the account's deleted items (members' Deleted root). */
  softDelete(objectId: number, type: string, now: number): Promise<AdminChangeResult>;
}

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

/** A configuration entry as stored: JSON value text plus its metadata. */
export interface AdminSettingInput {
  section: string;
  isSecret: boolean;
  /** JSON text of the value; undefined keeps the stored value. */
  valueJson: string | undefined;
  description: string | null;
}

/** Result of the embedded store's health check (Databases → Test). */
export interface EmbeddedDatabaseCheck {
  quickCheck: string;
  schemaVersion: number;
  sqliteVersion: string;
  sizeBytes: number;
  durationMs: number;
}

/** A sample behind log analytics: one request, query run or task. */
export interface AnalyticsSample {
  key: string;
  durationMs: number | null;
  isError: boolean;
  at: number;
}

/** The operator's system records. */
export interface AdminSystemStoreFamily {
  /** "exists" when creating a key that exists, "missing" when updating one that does not. */
  putSetting(
    key: string,
    input: AdminSettingInput,
    create: boolean,
    actor: number,
    now: number,
  ): Promise<"ok" | "exists" | "missing">;
  deleteSetting(key: string): Promise<boolean>;
  checkEmbedded(): Promise<EmbeddedDatabaseCheck>;
  /** Applies pending migrations (normally none: they run at start) and returns the schema version. */
  migrateEmbedded(now: number): Promise<{ applied: number[]; schemaVersion: number }>;
  /** The member accounts whose data the embedded store holds (every account but the operator's). */
  embeddedAccountIds(): Promise<number[]>;
  logRequest(
    entry: {
      at: number;
      method: string;
      route: string;
      status: number;
      durationMs: number;
      accountId: number | null;
    },
    keepSince: number,
  ): Promise<void>;
  analyticsSamples(
    groupBy: "requests" | "queries" | "tasks" | "accounts",
    window: { accountId?: number; from?: number; to?: number },
    limit: number,
  ): Promise<AnalyticsSample[]>;
  recordQueryRun(run: {
    queryId: number;
    name: string;
    actor: number;
    at: number;
    durationMs: number;
    ok: boolean;
    rowCount: number;
  }): Promise<void>;
  /** Delivery state of an outbox mail, as the mail relay reports it. */
  setMailDelivery(
    mailId: number,
    delivery: {
      status: "Queued" | "Sent" | "Failed" | "Bounced";
      attempts: number;
      queuedAt: number;
      sentAt: number | null;
      lastError: string | null;
    },
  ): Promise<void>;
  /** Records a received mail (the mail intake), in the inbox or, when filtered, in spam. */
  recordInboundMail(mail: {
    folder: "Inbox" | "Spam";
    from: string;
    to: string;
    subject: string;
    body: string;
    receivedAt: number;
    attachmentCount: number;
    handler: "DataByEmail" | "SupportReply" | "Unknown";
    accountId: number | null;
    status: "Received" | "Processed" | "Failed" | "Rejected";
    errorMessage: string | null;
    spamScore: number | null;
    spamReason: string | null;
  }): Promise<number>;
  /** Replaces the query tool's demo retail data (stores and their sales). */
  loadDemoRetailData(
    stores: readonly { country: string; region: string; city: string; channel: string }[],
    sales: readonly {
      storeIndex: number;
      date: string;
      product: string;
      quantity: number;
      revenue: number;
    }[],
  ): Promise<void>;
  /** The stored bytes of a package or system media file. */
  fileData(table: "package_items" | "system_media", id: number): Promise<Buffer | undefined>;
}
