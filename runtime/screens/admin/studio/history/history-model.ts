/**
 * The history panel's decisions (DESIGN.md §3 "published as a new immutable version with author and
 * diff … rollback to any version"; server/gateway/config/README.md): what each version row shows and
 * allows, what the open tabs did with each version, how the audit filters become the audit query,
 * and how a structural diff reads. Pure: history-panel.tsx and diff-view.tsx carry them out.
 */
import { CONFIG_KIND_NAMES } from "../../../../../schemas/config-api.ts";
import type {
  AuditEntry,
  ClientCounts,
  ConfigStatus,
  JsonChange,
  Release,
  VersionHeader,
} from "../config-client.ts";
import type { ConfigKindName } from "../studio-model.ts";
import { kindLabelKey } from "../workspace/readable-pointer.ts";

export type { Release };

/** A mark on a version row. */
export type VersionBadge =
  /** Served to everyone (or to everyone outside the canary). */
  | { kind: "serving" }
  /** Served to these accounts first. */
  | { kind: "canary"; accounts: readonly number[] }
  /** A rollback: this version's content is that of `version`. */
  | { kind: "restores"; version: number }
  /** The gateway's own maintenance switch. */
  | { kind: "maintenance" }
  /** The newest release to everyone, skipped at boot because it no longer validates (last known good). */
  | { kind: "skipped" }
  /** Released to some accounts only, and the canary ended without a promotion. */
  | { kind: "canaryOnly" };

/** Why a version cannot be rolled back to. */
export type RollbackRefusal =
  /** §6: without Write on the Configuration admin module. */
  | "readOnly"
  /** The newest version already has this content (the gateway would answer 409). */
  | "sameAsHead";

/** One row of the versions list. Version 0 is the release's base, never stored. */
export interface VersionRow {
  number: number;
  origin: VersionHeader["origin"] | "base";
  author: string;
  /** ms since the epoch; null for the base. */
  createdAt: number | null;
  comment: string;
  summary: VersionHeader["summary"];
  badges: readonly VersionBadge[];
  /** Its releases, oldest first. */
  releases: readonly Release[];
  contentHash: string | null;
  /** The version whose content a rollback restored. */
  restores: number | null;
}

/** What a row's actions may do. */
export interface VersionActions {
  rollback: { enabled: true } | { enabled: false; reason: RollbackRefusal };
  /** Shown only for the canary being served. */
  promote: { shown: boolean; enabled: boolean };
}

/**
 * The rows of the versions list, newest first, with the base (version 0) last when `withBase`: the
 * badges come from what is served now (`status`) and from the releases.
 */
export function versionRows(
  versions: readonly VersionHeader[],
  status: Pick<ConfigStatus, "serving" | "canary" | "degraded">,
  releases: readonly Release[],
  withBase = true,
): VersionRow[] {
  const byVersion = new Map<number, Release[]>();
  for (const release of [...releases].sort((a, b) => a.at - b.at || a.id - b.id)) {
    const list = byVersion.get(release.version) ?? [];
    list.push(release);
    byVersion.set(release.version, list);
  }
  const badgesOf = (number: number, header: VersionHeader | null): VersionBadge[] => {
    const badges: VersionBadge[] = [];
    if (status.serving === number) badges.push({ kind: "serving" });
    if (status.canary?.version === number) badges.push({ kind: "canary", accounts: status.canary.accounts });
    if (status.degraded?.version === number) badges.push({ kind: "skipped" });
    const own = byVersion.get(number) ?? [];
    if (
      status.canary?.version !== number &&
      own.length > 0 &&
      own.every((release) => release.scope === "canary")
    ) {
      badges.push({ kind: "canaryOnly" });
    }
    if (header?.origin === "rollback" && header.restores !== null)
      badges.push({ kind: "restores", version: header.restores });
    if (header?.origin === "maintenance") badges.push({ kind: "maintenance" });
    return badges;
  };
  const rows: VersionRow[] = [...versions]
    .sort((a, b) => b.number - a.number)
    .map((header) => ({
      number: header.number,
      origin: header.origin,
      author: header.author,
      createdAt: header.createdAt,
      comment: header.comment,
      summary: header.summary,
      badges: badgesOf(header.number, header),
      releases: byVersion.get(header.number) ?? [],
      contentHash: header.contentHash,
      restores: header.origin === "rollback" ? header.restores : null,
    }));
  if (withBase) {
    rows.push({
      number: 0,
      origin: "base",
      author: "",
      createdAt: null,
      comment: "",
      summary: [],
      badges: badgesOf(0, null),
      releases: [],
      contentHash: null,
      restores: null,
    });
  }
  return rows;
}

/**
 * What a row allows. A rollback publishes the row's content as a new version, so it is refused for
 * content the newest version (`head`) already has (equal content hashes); the base is the empty
 * content, whose hash is that of any rollback to version 0. Promotion is for the canary being served.
 */
export function versionActions(
  row: VersionRow,
  rows: readonly VersionRow[],
  status: Pick<ConfigStatus, "canary" | "head">,
  readOnly: boolean,
): VersionActions {
  const head = rows.find((candidate) => candidate.number === status.head);
  const hash =
    row.number === 0
      ? (rows.find((candidate) => candidate.restores === 0)?.contentHash ?? null)
      : row.contentHash;
  const sameAsHead =
    row.number === status.head || (hash !== null && head?.contentHash != null && head.contentHash === hash);
  const rollback: VersionActions["rollback"] = readOnly
    ? { enabled: false, reason: "readOnly" }
    : sameAsHead
      ? { enabled: false, reason: "sameAsHead" }
      : { enabled: true };
  const shown = status.canary?.version === row.number;
  return { rollback, promote: { shown, enabled: shown && !readOnly } };
}

/** A rollback's comment, as the gateway takes it (schemas/config-api.ts). */
export const ROLLBACK_COMMENT_MAX_LENGTH = 2000;

/** Two versions to compare: the diff goes from `from` to `to`. */
export interface Comparison {
  from: number;
  to: number;
}

/** A version against the one before it (the gateway's own default); the base against itself is nothing. */
export function comparisonFor(version: number): Comparison | null {
  return version > 0 ? { from: version - 1, to: version } : null;
}

/** The comparison shown first: the newest version against the one before it. */
export function defaultComparison(rows: readonly VersionRow[]): Comparison | null {
  const newest = rows.reduce((max, row) => Math.max(max, row.number), 0);
  return comparisonFor(newest);
}

/** Whether a comparison can be asked for: two different versions that exist. */
export function isComparable(comparison: Comparison, rows: readonly VersionRow[]): boolean {
  const known = new Set(rows.map((row) => row.number));
  return comparison.from !== comparison.to && known.has(comparison.from) && known.has(comparison.to);
}

// ——— open tabs ———

/** Interval between two reads of the open tabs' reports while the panel is visible. */
export const CLIENTS_REFRESH_MS = 5_000;

/** A rejection reason and how many tabs gave it. */
export interface ReasonCount {
  reason: string;
  count: number;
}

/** What the open tabs did with one version. */
export interface ClientVersionRow {
  version: number;
  /** Tabs that applied it when it was pushed. */
  applied: number;
  /** Tabs that refused it, and why (most frequent first). */
  rejected: number;
  reasons: readonly ReasonCount[];
  /** Tabs showing it now. */
  showing: number;
  /** Older than the version served to everyone. */
  older: boolean;
}

/** The open tabs, summed up for the clients table. */
export interface ClientsView {
  tabs: number;
  /** Tabs showing an older version than the one served to their account (canary included). */
  behind: number;
  rows: readonly ClientVersionRow[];
  /** Builds the tabs run, most frequent first. */
  builds: readonly { build: string; count: number }[];
}

const byCountThenName =
  <T extends { count: number }>(name: (item: T) => string) =>
  (a: T, b: T) =>
    b.count - a.count || name(a).localeCompare(name(b), "en");

/** The clients table of the gateway's counts; `serving` is the version served to everyone. */
export function clientsView(counts: ClientCounts, serving: number): ClientsView {
  return {
    tabs: counts.tabs,
    behind: counts.behind,
    rows: [...counts.versions]
      .sort((a, b) => b.version - a.version)
      .map((entry) => ({
        version: entry.version,
        applied: entry.applied,
        rejected: entry.rejected,
        reasons: Object.entries(entry.reasons)
          .map(([reason, count]) => ({ reason, count }))
          .sort(byCountThenName((item) => item.reason)),
        showing: entry.showing,
        older: entry.version < serving,
      })),
    builds: Object.entries(counts.builds)
      .map(([build, count]) => ({ build, count }))
      .sort(byCountThenName((item) => item.build)),
  };
}

// ——— audit ———

/** Every action the audit records (server/gateway/config/README.md, Audit). */
export const AUDIT_ACTIONS = [
  "changeSet.create",
  "changeSet.update",
  "changeSet.requestReview",
  "changeSet.approve",
  "changeSet.refuse",
  "changeSet.schedule",
  "changeSet.cancel",
  "changeSet.failed",
  "version.publish",
  "version.canary",
  "version.promote",
  "version.rollback",
  "maintenance.on",
  "maintenance.off",
] as const;

/** An audited action the panel names. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Entries read per page of the audit log (the gateway allows up to 1000). */
export const AUDIT_PAGE_SIZE = 50;

/** The audit filters as typed: dates are the date inputs' `YYYY-MM-DD` in the user's time zone. */
export interface AuditFilterForm {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}

/** No filter: the newest entries. */
export const EMPTY_AUDIT_FILTER: AuditFilterForm = { actor: "", action: "", target: "", from: "", to: "" };

/** The audit query, or the filter field that cannot be sent and why. */
export type AuditQueryResult =
  | { ok: true; query: Record<string, string | number> }
  | { ok: false; field: "from" | "to"; reason: "invalidDate" }
  | { ok: false; field: "to"; reason: "toBeforeFrom" }
  | { ok: false; field: "action"; reason: "unknownAction" };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant a calendar day starts (or, with `end`, its last millisecond) in the user's time zone;
 * null for text that is not a real date (2024-02-30).
 */
export function dayBound(text: string, end: boolean): Date | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = end ? new Date(year, month - 1, day, 23, 59, 59, 999) : new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/**
 * A target as the audit stores it (`version:7`, `changeSet:12`, `maintenance`) from what an operator
 * types: "Version 7", "v7", "change set 12", "#12"… (the gateway matches targets exactly).
 */
export function normaliseAuditTarget(text: string): string {
  const trimmed = text.trim();
  const version = /^(?:version|v)\s*[:#]?\s*(\d+)$/i.exec(trimmed);
  if (version) return `version:${Number(version[1])}`;
  const changeSet = /^(?:change\s*-?\s*set|cs|#)\s*[:#]?\s*(\d+)$/i.exec(trimmed);
  if (changeSet) return `changeSet:${Number(changeSet[1])}`;
  if (/^maintenance$/i.test(trimmed)) return "maintenance";
  return trimmed;
}

/**
 * The query of `GET /gw/config/audit` for the filters and a page: days as RFC 3339 instants, the
 * whole of the `to` day included; empty filters left out.
 */
export function auditQuery(
  filter: AuditFilterForm,
  page: { limit?: number; before?: number } = {},
): AuditQueryResult {
  const query: Record<string, string | number> = {};
  const actor = filter.actor.trim();
  if (actor) query.actor = actor;
  if (filter.action) {
    if (!(AUDIT_ACTIONS as readonly string[]).includes(filter.action))
      return { ok: false, field: "action", reason: "unknownAction" };
    query.action = filter.action;
  }
  const target = normaliseAuditTarget(filter.target);
  if (target) query.target = target;
  const from = filter.from.trim() ? dayBound(filter.from.trim(), false) : undefined;
  if (from === null) return { ok: false, field: "from", reason: "invalidDate" };
  const to = filter.to.trim() ? dayBound(filter.to.trim(), true) : undefined;
  if (to === null) return { ok: false, field: "to", reason: "invalidDate" };
  if (from && to && to.getTime() < from.getTime()) return { ok: false, field: "to", reason: "toBeforeFrom" };
  if (from) query.from = from.toISOString();
  if (to) query.to = to.toISOString();
  query.limit = page.limit ?? AUDIT_PAGE_SIZE;
  if (page.before !== undefined) query.before = page.before;
  return { ok: true, query };
}

/** The audit log after a page arrived. */
export interface AuditLog {
  entries: readonly AuditEntry[];
  /** The `before` of the next page; null when the last page was short (nothing older). */
  before: number | null;
}

/** The log with `page` appended (newest first, each entry once); a first page replaces the log. */
export function appendAuditPage(
  log: AuditLog | null,
  page: readonly AuditEntry[],
  pageSize = AUDIT_PAGE_SIZE,
): AuditLog {
  const seen = new Set((log?.entries ?? []).map((entry) => entry.id));
  const entries = [...(log?.entries ?? []), ...page.filter((entry) => !seen.has(entry.id))];
  const oldest = entries.reduce<number | null>((min, e) => (min === null || e.id < min ? e.id : min), null);
  return { entries, before: page.length < pageSize || oldest === null ? null : oldest };
}

/** What an audit target names. */
export type AuditTargetView =
  | { kind: "version"; number: number }
  | { kind: "changeSet"; id: number }
  | { kind: "maintenance" }
  | { kind: "other"; text: string };

/** The audit entry's target, read. */
export function auditTargetView(target: string): AuditTargetView {
  const match = /^(version|changeSet):(\d+)$/.exec(target);
  if (match?.[1] === "version") return { kind: "version", number: Number(match[2]) };
  if (match?.[1] === "changeSet") return { kind: "changeSet", id: Number(match[2]) };
  if (target === "maintenance") return { kind: "maintenance" };
  return { kind: "other", text: target };
}

/** The text key naming an audited action; null for an action the panel does not know (shown as sent). */
export function auditActionKey(action: string): string | null {
  return (AUDIT_ACTIONS as readonly string[]).includes(action)
    ? `StudioHistory_Action_${action.replace(".", "_")}`
    : null;
}

// ——— structural diff ———

/** The layer document a diff target names: `operator/<kind>` or `account:<id>/<kind>`. */
export type DiffTargetView =
  | { layer: "operator"; kind: string }
  | { layer: "account"; account: number; kind: string }
  | { layer: "other"; text: string };

/** The diff target, read. */
export function diffTargetView(target: string): DiffTargetView {
  const operator = /^operator\/(.+)$/.exec(target);
  if (operator?.[1]) return { layer: "operator", kind: operator[1] };
  const account = /^account:(\d+)\/(.+)$/.exec(target);
  if (account?.[1] && account[2]) return { layer: "account", account: Number(account[1]), kind: account[2] };
  return { layer: "other", text: target };
}

/** The text key naming a kind (the workspace's own names, readable-pointer.ts); null for a kind not known. */
export function kindText(kind: string): string | null {
  return (CONFIG_KIND_NAMES as readonly string[]).includes(kind)
    ? kindLabelKey(kind as ConfigKindName)
    : null;
}

/** How a change is marked, in words and by icon (never by colour alone). */
export type ChangeMark = "added" | "removed" | "changed";

/** A value longer than this many lines is shown folded. */
export const LARGE_VALUE_LINES = 12;
/** A value longer than this many characters is shown folded. */
export const LARGE_VALUE_CHARS = 800;

/** A value as indented JSON; absent (undefined) is null. */
export function prettyJson(value: unknown): string | null {
  if (value === undefined) return null;
  return JSON.stringify(value, null, 2) ?? null;
}

/** One side of a change, ready to show. */
export interface ValueView {
  text: string;
  lines: number;
  /** Shown folded at first. */
  large: boolean;
}

function valueView(value: unknown): ValueView | null {
  const text = prettyJson(value);
  if (text === null) return null;
  const lines = text.split("\n").length;
  return { text, lines, large: lines > LARGE_VALUE_LINES || text.length > LARGE_VALUE_CHARS };
}

/** One row of a diff table. */
export interface ChangeView {
  mark: ChangeMark;
  pointer: string;
  before: ValueView | null;
  after: ValueView | null;
}

const MARKS: Record<JsonChange["op"], ChangeMark> = { add: "added", remove: "removed", replace: "changed" };

/** A change of the structural diff as a row: what was there, what is there now. */
export function changeView(change: JsonChange): ChangeView {
  return {
    mark: MARKS[change.op],
    pointer: change.pointer,
    before: change.op === "add" ? null : valueView(change.before),
    after: change.op === "remove" ? null : valueView(change.after),
  };
}
