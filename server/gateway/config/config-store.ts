/**
 * The configuration store (DESIGN.md §3, §7): published versions, releases (which version is served to
 * whom), change sets and the audit trail. Versions, releases and audit entries are append-only — a
 * rollback is a new version, a promotion a new release. The interface is asynchronous so that the
 * PostgreSQL store of the scale-out mode can follow it; sqlite-config-store.ts is the embedded one.
 */
import type {
  AuditRecord,
  ChangeSetRecord,
  ChangeSetReview,
  ChangeSetStatus,
  ReleaseRecord,
  VersionHeader,
  VersionOrigin,
} from "../../../schemas/config-answers.ts";

// The records are the API's answers (schemas/config-answers.ts): one shape for the store and the studio.
export type {
  AuditRecord,
  ChangeSetRecord,
  ChangeSetReview,
  ChangeSetStatus,
  ReleaseRecord,
  VersionHeader,
  VersionOrigin,
};

/** One published version: immutable once written. */
export interface VersionRecord extends VersionHeader {
  /** The ConfigContent as stored (canonical JSON). */
  content: string;
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
  /**
   * The change set published, at the revision the publisher read it: the store publishes it only
   * while it is still at that revision, so of two instances publishing one change set (or firing
   * one schedule) exactly one writes a version.
   */
  changeSet: { id: number; revision: number; status: "published" } | null;
  audit: Omit<AuditRecord, "id" | "target"> & { target?: string };
}

export interface ConfigStore {
  /**
   * Writes a publication in one transaction and returns the new version's number; null, writing
   * nothing, when its change set is no longer at the revision given (published, or changed, meanwhile).
   */
  publish(publication: Publication): Promise<number | null>;
  /**
   * Promotes a canary: appends a release of `release.version` to everyone, with its audit entry, only
   * while the newest release is that version's canary; null, writing nothing, when it is not (promoted,
   * or followed by another release, meanwhile), so of two instances promoting one canary exactly one
   * writes, and an instance that has not heard of a newer release cannot serve an older one to all.
   */
  promote(
    release: Omit<ReleaseRecord, "id" | "scope" | "accounts">,
    audit: Omit<AuditRecord, "id">,
  ): Promise<ReleaseRecord | null>;
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
