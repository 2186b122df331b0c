/**
 * The configuration store's rows as both stores hold them (sqlite-config-store.ts,
 * postgres-config-store.ts: the same tables and columns) and how they become the store's records, so
 * the two backends cannot drift apart in what they answer.
 */
import type { ConfigEdit } from "./change-set.ts";
import type {
  AuditRecord,
  ChangeSetRecord,
  ChangeSetReview,
  ChangeSetStatus,
  ReleaseRecord,
  VersionHeader,
  VersionRecord,
} from "./config-store.ts";

export interface VersionRow {
  number: number;
  created_at: number;
  author: string;
  comment: string;
  content?: string;
  content_hash: string;
  base_hash: string;
  origin: string;
  change_set_id: number | null;
  restores: number | null;
  summary: string;
}

export interface ChangeSetRow {
  id: number;
  created_at: number;
  updated_at: number;
  author: string;
  comment: string;
  base_version: number;
  edits: string;
  status: string;
  revision: number;
  approved_by: string | null;
  approved_at: number | null;
  scheduled_at: number | null;
  scheduled_accounts: string | null;
  published_version: number | null;
  failure: string | null;
  /** 0 or 1 in SQLite, a BOOLEAN in PostgreSQL. */
  system: number | boolean;
  review_requested_at: number | null;
  review: string | null;
}

export interface ReleaseRow {
  id: number;
  version: number;
  scope: string;
  accounts: string | null;
  at: number;
  actor: string;
}

export interface AuditRow {
  id: number;
  at: number;
  actor: string;
  address: string;
  action: string;
  target: string;
  details: string;
}

/** The version columns but its content: what a list of versions reads. */
export const VERSION_HEADER_COLUMNS =
  "number, created_at, author, comment, content_hash, base_hash, origin, change_set_id, restores, summary";

export const versionHeader = (row: VersionRow): VersionHeader => ({
  number: row.number,
  createdAt: row.created_at,
  author: row.author,
  comment: row.comment,
  contentHash: row.content_hash,
  baseHash: row.base_hash,
  origin: row.origin as VersionRecord["origin"],
  changeSetId: row.change_set_id,
  restores: row.restores,
  // Structured sentences; a version written before summaries were text keys holds English strings.
  summary: JSON.parse(row.summary) as VersionHeader["summary"],
});

export const changeSetOf = (row: ChangeSetRow): ChangeSetRecord => ({
  id: row.id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  author: row.author,
  comment: row.comment,
  baseVersion: row.base_version,
  edits: JSON.parse(row.edits) as ConfigEdit[],
  status: row.status as ChangeSetStatus,
  revision: row.revision,
  approvedBy: row.approved_by,
  approvedAt: row.approved_at,
  scheduledAt: row.scheduled_at,
  scheduledAccounts:
    row.scheduled_accounts === null ? null : (JSON.parse(row.scheduled_accounts) as number[]),
  publishedVersion: row.published_version,
  failure: row.failure,
  system: row.system === 1 || row.system === true,
  reviewRequestedAt: row.review_requested_at,
  review: row.review === null ? null : (JSON.parse(row.review) as ChangeSetReview),
});

export const releaseOf = (row: ReleaseRow): ReleaseRecord => ({
  id: row.id,
  version: row.version,
  scope: row.scope as ReleaseRecord["scope"],
  accounts: row.accounts === null ? null : (JSON.parse(row.accounts) as number[]),
  at: row.at,
  actor: row.actor,
});

export const auditOf = (row: AuditRow): AuditRecord => ({
  id: row.id,
  at: row.at,
  actor: row.actor,
  address: row.address,
  action: row.action,
  target: row.target,
  details: JSON.parse(row.details) as Record<string, unknown>,
});

/** The updatable fields of a change set. */
export type ChangeSetChanges = Partial<Omit<ChangeSetRecord, "id" | "createdAt" | "author" | "revision">>;

/** Column of each updatable change-set field, and how its value is stored (a flag as a boolean). */
const CHANGE_SET_COLUMNS: Record<string, [string, (value: unknown) => unknown]> = {
  updatedAt: ["updated_at", (v) => v],
  comment: ["comment", (v) => v],
  baseVersion: ["base_version", (v) => v],
  edits: ["edits", (v) => JSON.stringify(v)],
  status: ["status", (v) => v],
  approvedBy: ["approved_by", (v) => v],
  approvedAt: ["approved_at", (v) => v],
  scheduledAt: ["scheduled_at", (v) => v],
  scheduledAccounts: ["scheduled_accounts", (v) => (v === null ? null : JSON.stringify(v))],
  publishedVersion: ["published_version", (v) => v],
  failure: ["failure", (v) => v],
  system: ["system", (v) => Boolean(v)],
  reviewRequestedAt: ["review_requested_at", (v) => v],
  review: ["review", (v) => (v === null ? null : JSON.stringify(v))],
};

/** The [column, stored value] pairs of `changes`; throws on a field that is not updatable. */
export function changeSetAssignments(changes: ChangeSetChanges): [string, unknown][] {
  return Object.entries(changes).map(([field, value]) => {
    const column = CHANGE_SET_COLUMNS[field];
    if (!column) throw new Error(`not an updatable change-set field: ${field}`);
    return [column[0], column[1](value)];
  });
}
