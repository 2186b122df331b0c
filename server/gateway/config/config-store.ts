/**
 * The configuration store (DESIGN.md §3, §7): published versions, releases (which version is served to
 * whom), change sets and the audit trail. Versions, releases and audit entries are append-only — a
 * rollback is a new version, a promotion a new release. The interface is asynchronous so that the
 * PostgreSQL store of the scale-out mode can follow it; sqlite-config-store.ts is the embedded one.
 */
import type { ConfigEdit } from "./change-set.ts";

/** Why a version exists. */
export type VersionOrigin = "publish" | "rollback" | "maintenance";

/** One published version: immutable once written. */
export interface VersionRecord {
  /** 1, 2, 3 … in publishing order; version 0 is the base alone and is never stored. */
  number: number;
  createdAt: number;
  author: string;
  comment: string;
  /** The ConfigContent as stored (canonical JSON). */
  content: string;
  /** contentHash() of the content when it was written: a version whose content no longer matches is refused. */
  contentHash: string;
  /** The base (shipped files) it was validated against. */
  baseHash: string;
  origin: VersionOrigin;
  changeSetId: number | null;
  /** For a rollback: the version whose content it republishes. */
  restores: number | null;
  /** The plain-language summary of what it changed against the version before it. */
  summary: string[];
}

/** A version without its content (lists). */
export type VersionHeader = Omit<VersionRecord, "content">;

/** Which version is served to whom, from when: the newest `all` release serves everyone, a newer `canary` release its accounts. */
export interface ReleaseRecord {
  id: number;
  version: number;
  scope: "all" | "canary";
  /** The canary's accounts; null for `all`. */
  accounts: number[] | null;
  at: number;
  actor: string;
}

/** The life of a change set. */
export type ChangeSetStatus = "draft" | "approved" | "scheduled" | "published" | "cancelled" | "failed";

/** A reviewer's answer to a change set (the review workflow, README.md "Review"). */
export interface ChangeSetReview {
  /** The staff member who answered; never the author. */
  by: string;
  at: number;
  decision: "approved" | "refused";
  /** Why: required for a refusal, "" when an approval gave none. */
  comment: string;
}

/** A draft of edits, published as one unit. Drafts change; once published or cancelled they never do. */
export interface ChangeSetRecord {
  id: number;
  createdAt: number;
  updatedAt: number;
  author: string;
  comment: string;
  /** The version the edits were made against (optimistic concurrency). */
  baseVersion: number;
  edits: ConfigEdit[];
  status: ChangeSetStatus;
  /** Incremented on every change: an update names the revision it read. */
  revision: number;
  approvedBy: string | null;
  approvedAt: number | null;
  /** When a scheduled change set publishes (ms since the epoch). */
  scheduledAt: number | null;
  /** The accounts a scheduled publication goes to first (canary); null for everyone. */
  scheduledAccounts: number[] | null;
  publishedVersion: number | null;
  /** Why a scheduled publication failed (its problems, as text). */
  failure: string | null;
  /** Set by the gateway itself (maintenance windows): not subject to the four-eyes rule. */
  system: boolean;
  /** When a review was asked for and not answered yet; null otherwise. */
  reviewRequestedAt: number | null;
  /** The latest reviewer's answer still relevant to the edits (an approval of older edits is dropped). */
  review: ChangeSetReview | null;
}

/** One audited action. */
export interface AuditRecord {
  id: number;
  at: number;
  actor: string;
  /** The client address the action came from ("gateway" for the gateway's own scheduler). */
  address: string;
  action: string;
  /** What it acted on: `changeSet:12`, `version:7`, `maintenance`. */
  target: string;
  details: Record<string, unknown>;
}

/** Filters of the audit trail; every one optional. */
export interface AuditFilter {
  actor?: string;
  action?: string;
  target?: string;
  from?: number;
  to?: number;
  /** Newest first; at most this many (default 100, at most 1000). */
  limit?: number;
  /** Entries older than this id (paging). */
  before?: number;
}

/** A publication written at once: the version, its release and the change set's new state. */
export interface Publication {
  version: Omit<VersionRecord, "number">;
  release: Omit<ReleaseRecord, "id" | "version">;
  changeSet: { id: number; status: "published" } | null;
  audit: Omit<AuditRecord, "id" | "target"> & { target?: string };
}

export interface ConfigStore {
  /** Writes a publication in one transaction and returns the new version's number. */
  publish(publication: Publication): Promise<number>;
  /** Appends a release of an existing version (a promotion) with its audit entry. */
  release(release: Omit<ReleaseRecord, "id">, audit: Omit<AuditRecord, "id">): Promise<ReleaseRecord>;
  version(number: number): Promise<VersionRecord | null>;
  /** Every version, newest first, without content. */
  versions(): Promise<VersionHeader[]>;
  /** The newest version's number; 0 when none was ever published. */
  headVersion(): Promise<number>;
  /** Every release, oldest first. */
  releases(): Promise<ReleaseRecord[]>;

  createChangeSet(
    input: Pick<ChangeSetRecord, "author" | "comment" | "baseVersion" | "edits" | "system" | "createdAt">,
  ): Promise<ChangeSetRecord>;
  changeSet(id: number): Promise<ChangeSetRecord | null>;
  /** Change sets, newest first, optionally of some statuses. */
  changeSets(statuses?: readonly ChangeSetStatus[]): Promise<ChangeSetRecord[]>;
  /**
   * Applies `changes` when the stored revision is still `revision`; returns the updated record, or null
   * when someone changed it meanwhile.
   */
  updateChangeSet(
    id: number,
    revision: number,
    changes: Partial<Omit<ChangeSetRecord, "id" | "createdAt" | "author" | "revision">>,
  ): Promise<ChangeSetRecord | null>;

  appendAudit(entry: Omit<AuditRecord, "id">): Promise<AuditRecord>;
  audit(filter?: AuditFilter): Promise<AuditRecord[]>;
  close(): Promise<void>;
}
