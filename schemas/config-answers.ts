/**
 * What the configuration API answers (server/gateway/config/README.md): the records the gateway's
 * store keeps and sends as they are, shared by the gateway and the operator studio's client so the
 * two never drift. Types only; the request bodies are schemas/config-api.ts.
 */
import type { CONFIG_KIND_NAMES } from "./config-api.ts";

/** Every kind a change set may edit: a manifest kind or `texts.<language>`. */
export type ConfigKindName = (typeof CONFIG_KIND_NAMES)[number];

/** One edit of a change set: a JSON Merge Patch of, or the whole replacement for, one layer document. */
export interface ConfigEdit {
  kind: ConfigKindName;
  /** The account layer it edits (AccountRecId); absent: the operator layer. */
  account?: number;
  /** A JSON Merge Patch of the layer's document… */
  merge?: { [key: string]: unknown };
  /** …or the whole document. Exactly one of the two. */
  document?: { [key: string]: unknown };
}

/**
 * A name as each language showed it when the message was written (a menu entry's text, a widget kind's
 * title): the reader's language, else English. Kept as it was, so an old version's summary still names
 * the entry as it was called then, not as it is called now.
 */
export type NameInLanguages = { en: string } & { [language: string]: string };

/**
 * One parameter of a TextMessage: a string or number as it is (a `count` picks the plural form), a
 * list of strings joined with ", ", a name in the reader's language, or messages of their own,
 * formatted in the same language (a list of them joined with ", ").
 */
export type MessageParam =
  | string
  | number
  | readonly string[]
  | NameInLanguages
  | TextMessage
  | readonly TextMessage[];

/**
 * A sentence in the reader's language: a text key of locales/ and its {{parameters}}. The studio
 * formats it with its own language's texts (core/texts/text-message.ts); logs and the audit trail
 * with English.
 */
export interface TextMessage {
  key: string;
  params: { [name: string]: MessageParam };
}

/** One sentence of a change's plain-language summary. */
export type SummarySentence = TextMessage;

/**
 * A version's summary as stored: versions written before summaries were text keys hold English
 * sentences, shown as they are.
 */
export type StoredSummary = (SummarySentence | string)[];

/** A validation problem: `pointer` is an RFC 6901 pointer into the kind's merged document. */
export interface ConfigProblem {
  kind: ConfigKindName | "content";
  /** The account whose layer it is in; absent for the operator layer. */
  account?: number;
  pointer: string;
  /** In English, for logs and the command line. */
  reason: string;
  /** The reason in the reader's language. */
  message: TextMessage;
}

/** A finding that does not stop a publication. */
export interface ConfigWarning {
  kind: ConfigKindName;
  pointer: string;
  /** In English, for logs. */
  reason: string;
  /** The reason in the reader's language. */
  message: TextMessage;
  /** Connected tabs it would affect. */
  tabs?: number;
}

/** Why a version exists. */
export type VersionOrigin = "publish" | "rollback" | "maintenance";

/** A published version without its content (lists): immutable once written. */
export interface VersionHeader {
  /** 1, 2, 3 … in publishing order; version 0 is the base alone and is never stored. */
  number: number;
  createdAt: number;
  author: string;
  comment: string;
  /** contentHash() of the content when it was written: a version whose content no longer matches is refused. */
  contentHash: string;
  /** The base (shipped files) it was validated against. */
  baseHash: string;
  origin: VersionOrigin;
  changeSetId: number | null;
  /** For a rollback: the version whose content it republishes. */
  restores: number | null;
  /** The plain-language summary of what it changed against the version before it. */
  summary: StoredSummary;
}

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

/** A reviewer's answer to a change set (the review workflow, server/gateway/config/README.md "Review"). */
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
