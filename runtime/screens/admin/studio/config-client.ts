/**
 * The operator studio's calls to the configuration API (server/gateway/config/README.md), through the
 * same client as every other call: the session cookie, the CSRF header on changes, §8 errors as
 * ApiError. The answer types mirror the README's table; the gateway validates every body.
 */

import type { JsonChange } from "../../../../core/json/json-merge.ts";
import type { ClientManifest } from "../../../../schemas/client-manifest.ts";
import type {
  AuditRecord,
  ChangeSetRecord,
  ChangeSetStatus,
  ConfigEdit,
  ConfigKindName,
  ConfigProblem,
  ConfigWarning,
  ReleaseRecord,
  SummarySentence,
  VersionHeader,
} from "../../../../schemas/config-answers.ts";
import type { ConfigPreviewBody } from "../../../../schemas/config-api.ts";
import { apiRequest } from "../../../http/api-client.ts";
import type { Language } from "./studio-model.ts";

// The records the API answers, shared with the gateway (schemas/config-answers.ts), by the names the studio uses.
export type { ChangeSetStatus, ConfigEdit, ConfigProblem, ConfigWarning, JsonChange, VersionHeader };
/** A change set as the gateway answers it. */
export type ChangeSet = ChangeSetRecord;
/** Which version is served to whom, from when. */
export type Release = ReleaseRecord;
/** One audited action. */
export type AuditEntry = AuditRecord;

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
  summary: SummarySentence[];
  diff: TargetDiff[];
  headVersion: number;
}

/** What `GET /gw/config` answers. */
export interface ConfigStatus {
  serving: number;
  canary: { version: number; accounts: number[] } | null;
  degraded: { version: number; serving: number; problems: ConfigProblem[] } | null;
  fourEyes: boolean;
  baseHash: string;
  head: number;
  /** The signed-in staff member as change sets name their `author` and reviewer. */
  you: string;
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
    apiRequest<{ from: number; to: number; summary: SummarySentence[]; diff: TargetDiff[] }>(
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
