/**
 * The operator studio's calls to the configuration API (server/gateway/config/README.md), through the
 * same client as every other call: the session cookie, the CSRF header on changes, §8 errors as
 * ApiError. The answer types mirror the README's table; the gateway validates every body.
 */

import type { ClientManifest } from "../../../../schemas/client-manifest.ts";
import type { ConfigPreviewBody } from "../../../../schemas/config-api.ts";
import { apiRequest } from "../../../http/api-client.ts";
import type { ConfigKindName, Language } from "./studio-model.ts";

/** One edit of a change set: a merge patch of, or the whole replacement for, one layer document. */
export interface ConfigEdit {
  kind: ConfigKindName;
  /** An account layer (AccountRecId); absent: the operator layer. */
  account?: number;
  merge?: Record<string, unknown>;
  document?: Record<string, unknown>;
}

/** The life of a change set. */
export type ChangeSetStatus = "draft" | "approved" | "scheduled" | "published" | "cancelled" | "failed";

/** A change set as the gateway answers it. */
export interface ChangeSet {
  id: number;
  createdAt: number;
  updatedAt: number;
  author: string;
  comment: string;
  baseVersion: number;
  edits: ConfigEdit[];
  status: ChangeSetStatus;
  revision: number;
  approvedBy: string | null;
  approvedAt: number | null;
  scheduledAt: number | null;
  scheduledAccounts: number[] | null;
  publishedVersion: number | null;
  failure: string | null;
  system: boolean;
  /** The review the author asked for, if any (review workflow). */
  reviewRequestedAt?: number | null;
  /** The last reviewer's answer: refused with a comment, or approved with an optional one. */
  review?: { by: string; at: number; decision: "approved" | "refused"; comment: string } | null;
}

/** A validation problem: `pointer` is an RFC 6901 pointer into the kind's merged document. */
export interface ConfigProblem {
  kind: ConfigKindName;
  account?: number;
  pointer: string;
  reason: string;
}

/** A finding that does not stop a publication. */
export interface ConfigWarning {
  kind: ConfigKindName;
  pointer: string;
  reason: string;
  tabs?: number;
}

/** One change between two documents (core/json/json-merge.ts). */
export interface JsonChange {
  op: "add" | "remove" | "replace";
  pointer: string;
  before?: unknown;
  after?: unknown;
}

/** The structural diff of one layer document: `target` is `operator/<kind>` or `account:<id>/<kind>`. */
export interface TargetDiff {
  target: string;
  changes: JsonChange[];
}

/** The validation report of a change set or loose edits. */
export interface ValidationReport {
  valid: boolean;
  problems: ConfigProblem[];
  warnings: ConfigWarning[];
  summary: string[];
  diff: TargetDiff[];
  headVersion: number;
}

/** A published version without its content. */
export interface VersionHeader {
  number: number;
  createdAt: number;
  author: string;
  comment: string;
  contentHash: string;
  baseHash: string;
  origin: "publish" | "rollback" | "maintenance";
  changeSetId: number | null;
  restores: number | null;
  summary: string[];
}

/** What `GET /gw/config` answers. */
export interface ConfigStatus {
  serving: number;
  canary: { version: number; accounts: number[] } | null;
  degraded: { version: number; serving: number; problems: ConfigProblem[] } | null;
  fourEyes: boolean;
  baseHash: string;
  head: number;
}

/** One audited action. */
export interface AuditEntry {
  id: number;
  at: number;
  actor: string;
  address: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
}

/** Per version, what the open tabs did with it. */
export interface ClientCounts {
  tabs: number;
  versions: {
    version: number;
    applied: number;
    rejected: number;
    reasons: Record<string, number>;
    showing: number;
  }[];
  behind: number;
  builds: Record<string, number>;
}

/** Which version is served to whom, from when. */
export interface Release {
  id: number;
  version: number;
  scope: "all" | "canary";
  accounts: number[] | null;
  at: number;
  actor: string;
}

/** An entry the previewed user does not get, and the gate that hides it (the core's decision). */
export interface HiddenEntry {
  kind: "route" | "menuLink" | "adminMenuLink" | "dialog" | "screen";
  id: string;
  reason: string;
  details?: Record<string, unknown>;
  /** The text key naming the entry (its title or link text). */
  labelKey?: string;
}

/** What a preview answers. */
export interface PreviewAnswer {
  manifest: ClientManifest;
  texts: Record<string, string>;
  hidden: HiddenEntry[];
  user?: { recId: number; name: string; email: string; accountRecId: number };
}

const gw = { base: "gateway" } as const;
const enc = encodeURIComponent;

/** The configuration API, one function per call. */
export const configApi = {
  status: (signal?: AbortSignal) => apiRequest<ConfigStatus>("config", { ...gw, signal }),
  versions: (signal?: AbortSignal) =>
    apiRequest<{ versions: VersionHeader[] }>("config/versions", { ...gw, signal }),
  /** The merged document of `kind` (base + operator layer) at version `n`. */
  document: <T = unknown>(n: number, kind: ConfigKindName, signal?: AbortSignal) =>
    apiRequest<{ version: VersionHeader | { number: 0; origin: "base" }; document: T }>(
      `config/versions/${n}?kind=${enc(kind)}`,
      { ...gw, signal },
    ),
  version: (n: number, signal?: AbortSignal) =>
    apiRequest<{ version: VersionHeader | { number: 0; origin: "base" }; content: unknown }>(
      `config/versions/${n}`,
      { ...gw, signal },
    ),
  diff: (to: number, from: number, signal?: AbortSignal) =>
    apiRequest<{ from: number; to: number; summary: string[]; diff: TargetDiff[] }>(
      `config/versions/${to}/diff?from=${from}`,
      { ...gw, signal },
    ),
  rollback: (n: number, comment: string) =>
    apiRequest<{ version: number }>(`config/versions/${n}/rollback`, {
      ...gw,
      method: "POST",
      body: { comment },
    }),
  promote: (n: number) =>
    apiRequest<{ version: number }>(`config/versions/${n}/promote`, { ...gw, method: "POST", body: {} }),
  releases: (signal?: AbortSignal) =>
    apiRequest<{ releases: Release[] }>("config/releases", { ...gw, signal }),
  changeSets: (signal?: AbortSignal) =>
    apiRequest<{ changeSets: ChangeSet[] }>("config/changesets", { ...gw, signal }),
  changeSet: (id: number, signal?: AbortSignal) =>
    apiRequest<{ changeSet: ChangeSet }>(`config/changesets/${id}`, { ...gw, signal }),
  createChangeSet: (comment: string, baseVersion: number, edits: ConfigEdit[]) =>
    apiRequest<{ changeSet: ChangeSet; validation: ValidationReport }>("config/changesets", {
      ...gw,
      method: "POST",
      body: { comment, baseVersion, edits },
    }),
  updateChangeSet: (
    id: number,
    body: { revision: number; comment?: string; baseVersion?: number; edits?: ConfigEdit[] },
  ) => apiRequest<{ changeSet: ChangeSet }>(`config/changesets/${id}`, { ...gw, method: "PUT", body }),
  validateChangeSet: (id: number) =>
    apiRequest<ValidationReport>(`config/changesets/${id}/validate`, { ...gw, method: "POST", body: {} }),
  approve: (id: number, revision: number, comment?: string) =>
    apiRequest<{ changeSet: ChangeSet }>(`config/changesets/${id}/approve`, {
      ...gw,
      method: "POST",
      body: comment ? { revision, comment } : { revision },
    }),
  requestReview: (id: number, revision: number) =>
    apiRequest<{ changeSet: ChangeSet }>(`config/changesets/${id}/request-review`, {
      ...gw,
      method: "POST",
      body: { revision },
    }),
  refuse: (id: number, revision: number, comment: string) =>
    apiRequest<{ changeSet: ChangeSet }>(`config/changesets/${id}/refuse`, {
      ...gw,
      method: "POST",
      body: { revision, comment },
    }),
  /** Now (201 `{version}`), at a time (202 `{scheduledAt}`), or to some accounts first (a canary). */
  publish: (id: number, options: { at?: string; accounts?: number[] } = {}) =>
    apiRequest<{ version?: number; scheduledAt?: number }>(`config/changesets/${id}/publish`, {
      ...gw,
      method: "POST",
      body: options,
    }),
  cancel: (id: number) =>
    apiRequest<{ changeSet: ChangeSet }>(`config/changesets/${id}/cancel`, {
      ...gw,
      method: "POST",
      body: {},
    }),
  validateEdits: (edits: ConfigEdit[], baseVersion?: number) =>
    apiRequest<ValidationReport>("config/validate", {
      ...gw,
      method: "POST",
      body: baseVersion === undefined ? { edits } : { edits, baseVersion },
    }),
  preview: (body: ConfigPreviewBody, signal?: AbortSignal) =>
    apiRequest<PreviewAnswer>("config/preview", { ...gw, method: "POST", body, signal }),
  audit: (query: Record<string, string | number | undefined>, signal?: AbortSignal) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== "") search.set(key, String(value));
    }
    const qs = search.toString();
    return apiRequest<{ entries: AuditEntry[] }>(`config/audit${qs ? `?${qs}` : ""}`, { ...gw, signal });
  },
  clients: (signal?: AbortSignal) => apiRequest<ClientCounts>("config/clients", { ...gw, signal }),
  maintenance: (signal?: AbortSignal) =>
    apiRequest<{
      enabled: boolean;
      pagePath: string;
      scheduled: { changeSet: number; comment: string; at: number }[];
    }>("config/maintenance", { ...gw, signal }),
  setMaintenance: (body: {
    enabled: boolean;
    messages?: Partial<Record<Language, string>>;
    startsAt?: string;
    endsAt?: string;
  }) =>
    apiRequest<{ version?: number; scheduled?: unknown }>("config/maintenance", {
      ...gw,
      method: "PUT",
      body,
    }),
};
