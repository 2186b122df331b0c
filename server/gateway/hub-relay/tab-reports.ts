/**
 * What each tab says it runs (its `report` frame) and what it did with the manifest versions the
 * gateway pushed (`applied`, `rejected`): kept per open tab, in memory only, for the operators'
 * view (`HubRelayControl.tabReports`). A tab that never sent one of these frames costs one null
 * field; the build, the renderer and dialog lists and the schema digests are pooled, so tabs of one
 * build share them.
 */
import type { ReportFrame, SchemaDigests } from "./browser-frames.ts";
import { type Interned, InternPool } from "./intern-pool.ts";
import type { Tab } from "./tab.ts";

/** A manifest version a tab refused, and its reason. */
export interface TabRejection {
  readonly version: number;
  readonly reason: string;
}

/** One open tab as the operators see it. */
export interface TabReport {
  /** The account of the tab's session (the impersonated one while impersonating); null while not known. */
  readonly accountRecId: number | null;
  /** From the tab's last report; null (empty lists) until it sent one. */
  readonly build: string | null;
  readonly manifestVersion: number | null;
  readonly renderers: readonly string[];
  readonly dialogs: readonly string[];
  /**
   * The build's schema digest of each manifest kind it has; null until the tab reported them (a build
   * older than the digests never does: every schema is unknown to it).
   */
  readonly schemas: SchemaDigests | null;
  /** The version of the tab's last `applied` frame. */
  readonly applied: number | null;
  /** The tab's last `rejected` frame. */
  readonly rejected: TabRejection | null;
  /** When the gateway accepted the tab's socket, in ms since the epoch. */
  readonly connectedAt: number;
}

/** An `applied` (`ok`) or `rejected` frame, as the configuration plane counts them. */
export interface TabAcknowledgement {
  /** The account of the tab's session when the frame was handled; null when not known. */
  readonly accountRecId: number | null;
  readonly version: number;
  readonly ok: boolean;
  /** The tab's reason, for a rejection only. */
  readonly reason?: string;
}

/** What one tab told the relay; created by the first such frame, dropped when the tab closes. */
export class TabRecord {
  build: Interned<string> | null = null;
  manifestVersion: number | null = null;
  renderers: Interned<readonly string[]> | null = null;
  dialogs: Interned<readonly string[]> | null = null;
  schemas: Interned<SchemaDigests> | null = null;
  applied: number | null = null;
  rejected: TabRejection | null = null;
}

/** The lists of a tab that never reported. */
const NO_NAMES: readonly string[] = Object.freeze([]);

/** The records of every tab, and the pools their reports share. */
export class TabReports {
  readonly #builds = new InternPool<string>();
  readonly #lists = new InternPool<readonly string[]>();
  readonly #schemaSets = new InternPool<SchemaDigests>();

  /** Replaces the tab's report. */
  report(tab: Tab, frame: ReportFrame): void {
    const record = recordOf(tab);
    // Acquired before the old ones are released: a tab reporting the same again keeps the entries.
    const build = this.#builds.acquire(frame.build, frame.build);
    const renderers = this.#acquireList(frame.renderers);
    const dialogs = this.#acquireList(frame.dialogs);
    const schemas = frame.schemas ? this.#acquireSchemas(frame.schemas) : null;
    this.#releaseReport(record);
    record.build = build;
    record.manifestVersion = frame.manifestVersion;
    record.renderers = renderers;
    record.dialogs = dialogs;
    record.schemas = schemas;
  }

  applied(tab: Tab, version: number): void {
    recordOf(tab).applied = version;
  }

  rejected(tab: Tab, version: number, reason: string): void {
    recordOf(tab).rejected = { version, reason };
  }

  /** Drops what the tab told (it closed). */
  forget(tab: Tab): void {
    if (tab.record === null) return;
    this.#releaseReport(tab.record);
    tab.record = null;
  }

  /** The tab as the operators see it. */
  snapshot(tab: Tab, accountRecId: number | null): TabReport {
    const record = tab.record;
    return {
      accountRecId,
      build: record?.build?.value ?? null,
      manifestVersion: record?.manifestVersion ?? null,
      renderers: record?.renderers?.value ?? NO_NAMES,
      dialogs: record?.dialogs?.value ?? NO_NAMES,
      schemas: record?.schemas?.value ?? null,
      applied: record?.applied ?? null,
      rejected: record?.rejected ?? null,
      connectedAt: tab.connectedAt,
    };
  }

  /** Distinct builds, distinct lists and distinct sets of schema digests the open tabs hold. */
  get pooled(): { builds: number; lists: number; schemaSets: number } {
    return { builds: this.#builds.size, lists: this.#lists.size, schemaSets: this.#schemaSets.size };
  }

  #acquireList(names: readonly string[]): Interned<readonly string[]> {
    // A comma never occurs in a reported name (browser-frames.ts), so the joined names are a unique key.
    return this.#lists.acquire(names.join(","), Object.freeze(names));
  }

  #acquireSchemas(schemas: SchemaDigests): Interned<SchemaDigests> {
    // Kinds and digests hold neither "=" nor "," (browser-frames.ts): the sorted pairs are a unique key.
    const entries = Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : 1));
    const key = entries.map(([kind, digest]) => `${kind}=${digest}`).join(",");
    return this.#schemaSets.acquire(key, Object.freeze(Object.fromEntries(entries)));
  }

  #releaseReport(record: TabRecord): void {
    if (record.build) this.#builds.release(record.build);
    if (record.renderers) this.#lists.release(record.renderers);
    if (record.dialogs) this.#lists.release(record.dialogs);
    if (record.schemas) this.#schemaSets.release(record.schemas);
    record.build = null;
    record.renderers = null;
    record.dialogs = null;
    record.schemas = null;
  }
}

function recordOf(tab: Tab): TabRecord {
  if (tab.record === null) tab.record = new TabRecord();
  return tab.record;
}
