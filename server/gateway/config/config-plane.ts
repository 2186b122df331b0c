/**
 * The configuration plane (DESIGN.md §3): drafts, validation, approval, publication now or at a time,
 * canaries and promotion, rollback, the last known good configuration, and what is served to whom.
 *
 * What is served is two deployments at most: the newest `all` release and, when the newest release
 * is a canary, that canary for its accounts. Each swap happens in one turn of the event loop, so a
 * reader sees a whole version or the one before, never half of a change set.
 */

import type { FastifyBaseLogger } from "fastify";
import { accessSubjectOf } from "../../../core/access/access-profile.ts";
import { type JsonChange, jsonEqual, structuralDiff } from "../../../core/json/json-merge.ts";
import { isJsonObject, type JsonObject } from "../../../core/json/prototype-pollution.ts";
import type { ConfigWarning, SummarySentence } from "../../../schemas/config-answers.ts";
import { SCHEMA_DIGESTS } from "../../../schemas/generated/schema-digests.ts";
import type { ManifestKind } from "../manifests/manifest-set.ts";
import { problemMessage } from "../manifests/problem-messages.ts";
import { applyEdits, type ConfigEdit, conflictingTargets, editTarget } from "./change-set.ts";
import {
  applyLayerPatches,
  type BaseConfiguration,
  baseDocuments,
  type ConfigContent,
  type ConfigDocuments,
  type ConfigProblem,
  canonicalJson,
  contentHash,
  EMPTY_CONTENT,
  parseContent,
} from "./config-content.ts";
import { ConfigPlaneError } from "./config-errors.ts";
import { type ConfigKind, type Language, languageOf } from "./config-kinds.ts";
import type {
  AuditFilter,
  AuditRecord,
  ChangeSetRecord,
  ConfigStore,
  VersionHeader,
  VersionOrigin,
} from "./config-store.ts";
import { type Deployment, deploy, type ServedConfiguration, type ServedTexts } from "./deployment.ts";
import { englishText } from "./english-text.ts";
import { kindTextKey, summariseAccounts, summariseDocuments } from "./summary.ts";
import { type MaterialisedConfiguration, materialise } from "./validate-config.ts";

/** How a publication reaches open browsers: urgent ones apply at once, others at the next navigation. */
export type PublishUrgency = "normal" | "urgent";

/** What a publication announces (the hub relay's `manifestPublished`). */
export interface PublishedEvent {
  version: number;
  urgency: PublishUrgency;
  /** The accounts whose browsers get it; null for every account. */
  accounts: ReadonlySet<number> | null;
}

/**
 * What this instance changed in the shared store, for the other instances (the fan-out): the version
 * published or promoted, or null when only the schedule changed (scheduled, cancelled, failed).
 */
export interface StoreChange {
  version: number | null;
}

/** What a connected tab reported (the hub relay's tab reports). */
export interface ClientReport {
  accountRecId: number | null;
  build: string | null;
  manifestVersion: number | null;
  renderers: readonly string[];
  dialogs: readonly string[];
  /**
   * The build's schema digest of each manifest kind; null when the tab did not report them (an older
   * build: every schema is unknown to it).
   */
  schemas: Readonly<Partial<Record<ManifestKind, string>>> | null;
  applied: number | null;
  rejected: { version: number; reason: string } | null;
}

/** Who acts, and from where (the audit's who and where). */
export interface Actor {
  name: string;
  address: string;
}

/** A finding that does not stop a publication (schemas/config-answers.ts). */
export type { ConfigWarning };

/** The outcome of validating a change set against the newest version. */
export interface ValidationReport {
  valid: boolean;
  problems: ConfigProblem[];
  warnings: ConfigWarning[];
  summary: SummarySentence[];
  diff: { target: string; changes: JsonChange[] }[];
  /** The version the edits were applied on. */
  headVersion: number;
}

/** Why the served configuration is not the newest published one. */
export interface DegradedState {
  /** The newest version that could not be served. */
  version: number;
  /** The version served instead (0: the base alone). */
  serving: number;
  problems: ConfigProblem[];
}

export interface ConfigPlaneOptions {
  store: ConfigStore;
  base: BaseConfiguration;
  log: FastifyBaseLogger;
  /** The four-eyes rule: every publication needs an approval by another staff member. */
  fourEyes?: boolean;
  /** The clock and timers of the schedule; the real ones by default. */
  clock?: ConfigClock;
  /**
   * Shell settings derived from elsewhere (the upstream's configuration): a change set may not change
   * them, so a setting never has two switches.
   */
  derivedShellFields?: readonly string[];
  /**
   * The permission strings of every role the upstream holds (one list per distinct role), for the
   * warning on entries no role can see; null when they cannot be read (no warning then).
   */
  rolePermissionSets?: () => Promise<readonly (readonly string[])[] | null>;
  /** The connected tabs' reports, for the warnings and the client view. */
  clientReports?: () => readonly ClientReport[];
}

/** Time as the plane reads it, and the one timer it arms (the schedule): replaceable in tests. */
export interface ConfigClock {
  /** ms since the epoch. */
  now(): number;
  /** Calls `run` after `delayMs`; returns the handle `cancel` takes. */
  schedule(run: () => void, delayMs: number): unknown;
  cancel(handle: unknown): void;
}

/** The real clock; a timer never keeps the process alive. */
export const SYSTEM_CLOCK: ConfigClock = {
  now: () => Date.now(),
  schedule: (run, delayMs) => setTimeout(run, delayMs).unref(),
  cancel: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Most text bodies of older deployments kept for tabs that still ask for them. */
export const RETAINED_TEXT_BODIES = 64;
/** The longest timer Node arms (about 24.8 days); a later schedule re-arms on expiry. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The configuration plane of one gateway. */
export class ConfigPlane {
  readonly #store: ConfigStore;
  readonly #base: BaseConfiguration;
  readonly #log: FastifyBaseLogger;
  readonly #fourEyes: boolean;
  readonly #clock: ConfigClock;
  readonly #clientReports: () => readonly ClientReport[];
  readonly #derivedShellFields: readonly string[];
  readonly #rolePermissionSets: () => Promise<readonly (readonly string[])[] | null>;
  #all: Deployment;
  #canary: { deployment: Deployment; accounts: ReadonlySet<number> } | null = null;
  #degraded: DegradedState | null = null;
  readonly #texts = new Map<string, ServedTexts>();
  /**
   * The shipped texts, always served: the build names their addresses in every page (its preload and
   * the boot's first texts), whatever version is published since.
   */
  readonly #baseTexts: Readonly<Record<Language, ServedTexts>>;
  readonly #contents = new Map<number, ConfigContent>();
  readonly #listeners = new Set<(event: PublishedEvent) => void>();
  readonly #storeListeners = new Set<(change: StoreChange) => void>();
  #timer: unknown;
  #maintenanceEnd: number | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  /** The catch-up run waiting to start (requests arriving meanwhile share it); null when none waits. */
  #catchUpWaiting: Promise<void> | null = null;
  #catchUpRunning: Promise<void> = Promise.resolve();

  private constructor(options: ConfigPlaneOptions, all: Deployment) {
    this.#store = options.store;
    this.#base = options.base;
    this.#log = options.log;
    this.#fourEyes = options.fourEyes === true;
    this.#clock = options.clock ?? SYSTEM_CLOCK;
    this.#clientReports = options.clientReports ?? (() => []);
    this.#derivedShellFields = options.derivedShellFields ?? [];
    this.#rolePermissionSets = options.rolePermissionSets ?? (async () => null);
    this.#all = all;
    this.#baseTexts = all.texts;
    this.#remember(all);
  }

  /**
   * Opens the plane: serves the newest `all` release that validates against the current base (a new
   * release may have changed it), else the base alone, and reports what it skipped as degraded; then
   * the canary if the newest release is one and it validates; then arms the schedule.
   */
  static async open(options: ConfigPlaneOptions): Promise<ConfigPlane> {
    const baseDeployment = deployBase(options.base);
    const plane = new ConfigPlane(options, baseDeployment);
    await plane.#restore();
    await plane.#armSchedule();
    return plane;
  }

  async #restore(): Promise<void> {
    const releases = await this.#store.releases();
    const allVersions = [
      ...new Set(releases.filter((r) => r.scope === "all").map((r) => r.version)),
    ].reverse();
    let firstFailure: { version: number; problems: ConfigProblem[] } | null = null;
    for (const version of allVersions) {
      const loaded = await this.#loadDeployment(version);
      if ("deployment" in loaded) {
        this.#all = loaded.deployment;
        this.#remember(loaded.deployment);
        break;
      }
      firstFailure ??= { version, problems: loaded.problems };
      this.#log.error({ version, problems: loaded.problems }, "configuration version refused at boot");
    }
    const newest = releases.at(-1);
    if (newest?.scope === "canary") {
      const loaded = await this.#loadDeployment(newest.version);
      if ("deployment" in loaded) {
        this.#canary = { deployment: loaded.deployment, accounts: new Set(newest.accounts ?? []) };
        this.#remember(loaded.deployment);
      } else {
        firstFailure ??= { version: newest.version, problems: loaded.problems };
      }
    }
    if (firstFailure) this.#degraded = { ...firstFailure, serving: this.#all.version };
  }

  /** A stored version, checked (content hash, shape) and validated against the current base. */
  async #loadDeployment(
    version: number,
  ): Promise<{ deployment: Deployment } | { problems: ConfigProblem[] }> {
    const record = await this.#store.version(version);
    if (!record) {
      return {
        problems: [
          {
            kind: "content",
            pointer: "",
            reason: `version ${version} is missing`,
            message: problemMessage("VersionMissing", { version }),
          },
        ],
      };
    }
    const parsed = parseContent(record.content);
    if ("reason" in parsed) {
      return { problems: [{ kind: "content", pointer: "", reason: parsed.reason, message: parsed.message }] };
    }
    const hash = contentHash(parsed.content);
    if (hash !== record.contentHash) {
      return {
        problems: [
          {
            kind: "content",
            pointer: "",
            reason: "content does not match its recorded hash",
            message: problemMessage("HashMismatch"),
          },
        ],
      };
    }
    const result = materialise(this.#base, parsed.content);
    if (!result.configuration) return { problems: result.problems };
    this.#contents.set(version, parsed.content);
    return { deployment: deploy(version, hash, parsed.content, result.configuration) };
  }

  #remember(deployment: Deployment): void {
    for (const [language, texts] of Object.entries(deployment.texts)) {
      const key = `${language}/${texts.digest}`;
      this.#texts.delete(key);
      this.#texts.set(key, texts);
    }
    const pinned = new Set<string>();
    for (const live of [this.#all, this.#canary?.deployment]) {
      if (!live) continue;
      for (const [language, texts] of Object.entries(live.texts)) pinned.add(`${language}/${texts.digest}`);
    }
    for (const key of this.#texts.keys()) {
      if (this.#texts.size <= RETAINED_TEXT_BODIES + pinned.size) break;
      if (!pinned.has(key)) this.#texts.delete(key);
    }
  }

  /** What an account's users get (null: a visitor without a session). */
  servedFor(accountRecId: number | null): ServedConfiguration {
    const deployment =
      accountRecId !== null && this.#canary?.accounts.has(accountRecId) ? this.#canary.deployment : this.#all;
    return (accountRecId === null ? undefined : deployment.accounts.get(accountRecId)) ?? deployment.served;
  }

  /** A language's texts by digest, if this gateway served them recently. */
  texts(language: string, digest: string): ServedTexts | null {
    const base = this.#baseTexts[language as Language];
    if (base?.digest === digest) return base;
    return this.#texts.get(`${language}/${digest}`) ?? null;
  }

  /** Listens to publications (the hub relay's push, the manifest caches). */
  onPublished(listener: (event: PublishedEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Listens to what this instance changes in the store (the fan-out tells the other instances). */
  onStoreChanged(listener: (change: StoreChange) => void): () => void {
    this.#storeListeners.add(listener);
    return () => this.#storeListeners.delete(listener);
  }

  #storeChanged(version: number | null = null): void {
    for (const listener of this.#storeListeners) {
      try {
        listener({ version });
      } catch (error) {
        this.#log.error({ err: error }, "configuration: a store change listener failed");
      }
    }
  }

  /**
   * Serves what the store releases now, when another instance may have changed it (its fan-out
   * message, or the resynchronisation after Redis returns): the newest `all` release and the canary,
   * each checked and validated as at boot, announced to this instance's browsers as a publication of
   * its own is; then arms the schedule for what was scheduled elsewhere. A version that does not
   * validate here is not served (the one before stays) and is reported as degraded. True when what
   * is served changed.
   */
  async synchronise(): Promise<boolean> {
    const changed = await this.#exclusive(async () => {
      if (this.#closed) return false;
      const releases = await this.#store.releases();
      const newestAll = releases.findLast((release) => release.scope === "all");
      const newest = releases.at(-1);
      const previous = this.#all;
      const previousCanary = this.#canary;
      let next = this.#all;
      if (
        newestAll &&
        newestAll.version !== this.#all.version &&
        newestAll.version !== this.#degraded?.version
      ) {
        const loaded = await this.#loadDeployment(newestAll.version);
        if ("deployment" in loaded) {
          next = loaded.deployment;
        } else {
          this.#log.error(
            { version: newestAll.version, problems: loaded.problems },
            "configuration: a version published elsewhere is refused here",
          );
          this.#degraded = {
            version: newestAll.version,
            serving: this.#all.version,
            problems: loaded.problems,
          };
        }
      }
      let canary: { deployment: Deployment; accounts: ReadonlySet<number> } | null = null;
      if (newest?.scope === "canary") {
        const accounts = new Set(newest.accounts ?? []);
        if (
          previousCanary?.deployment.version === newest.version &&
          sameMembers(previousCanary.accounts, accounts)
        ) {
          canary = previousCanary;
        } else {
          const loaded =
            newest.version === next.version
              ? { deployment: next }
              : await this.#loadDeployment(newest.version);
          if ("deployment" in loaded) canary = { deployment: loaded.deployment, accounts };
          else
            this.#log.error(
              { version: newest.version, problems: loaded.problems },
              "configuration: a canary published elsewhere is refused here",
            );
        }
      }
      if (next === previous && canary === previousCanary) return false;
      this.#all = next;
      this.#canary = canary;
      if (
        next !== previous &&
        this.#degraded?.version !== undefined &&
        this.#degraded.version <= next.version
      )
        this.#degraded = null;
      this.#remember(next);
      if (canary) this.#remember(canary.deployment);
      if (next !== previous) {
        this.#announce({ version: next.version, urgency: urgencyOf(previous, next), accounts: null });
      }
      if (canary && canary !== previousCanary) {
        this.#announce({
          version: canary.deployment.version,
          urgency: urgencyOf(previous, canary.deployment),
          accounts: canary.accounts,
        });
      }
      if (next === previous && !canary && previousCanary) {
        // The canary went (a newer release for everyone): its accounts go back to what all are served.
        this.#announce({
          version: next.version,
          urgency: urgencyOf(previousCanary.deployment, next),
          accounts: previousCanary.accounts,
        });
      }
      return true;
    });
    await this.#armSchedule();
    return changed;
  }

  /**
   * Reads the store again for a request naming a version or texts this instance does not serve yet:
   * with several instances (DESIGN.md §7) a tab hears of a publication from the instance its socket
   * is on, and its next request may reach one whose fan-out message is still on the way. Requests
   * wait for a run that starts after they arrived, and the ones arriving before it starts share it,
   * so a burst of tabs costs one read of the store. A failed read leaves what is served as it was.
   */
  catchUp(): Promise<void> {
    if (this.#catchUpWaiting) return this.#catchUpWaiting;
    const waiting = this.#catchUpRunning.then(() => {
      this.#catchUpWaiting = null;
      this.#catchUpRunning = this.synchronise().then(
        () => {},
        (error: unknown) =>
          this.#log.warn({ err: error }, "configuration: catching up with the store failed"),
      );
      return this.#catchUpRunning;
    });
    this.#catchUpWaiting = waiting;
    return waiting;
  }

  /** What is served, and whether it is degraded: the config API and /readyz. */
  status(): {
    serving: number;
    canary: { version: number; accounts: number[] } | null;
    degraded: DegradedState | null;
    fourEyes: boolean;
    baseHash: string;
  } {
    return {
      serving: this.#all.version,
      canary: this.#canary
        ? {
            version: this.#canary.deployment.version,
            accounts: [...this.#canary.accounts].sort((a, b) => a - b),
          }
        : null,
      degraded: this.#degraded,
      fourEyes: this.#fourEyes,
      baseHash: this.#base.hash,
    };
  }

  // ——— history ———

  versions(): Promise<VersionHeader[]> {
    return this.#store.versions();
  }

  /** One version's content and the documents it serves, without restoring it. */
  async version(
    number: number,
  ): Promise<{ header: VersionHeader | null; content: ConfigContent; documents: ConfigDocuments }> {
    const content = await this.#content(number);
    const header =
      number === 0 ? null : ((await this.#store.versions()).find((v) => v.number === number) ?? null);
    return {
      header,
      content,
      documents: applyLayerPatches(baseDocuments(this.#base), content.operator).documents,
    };
  }

  /** The structural diff and summary between two versions. */
  async compare(
    from: number,
    to: number,
  ): Promise<{ summary: SummarySentence[]; diff: ValidationReport["diff"] }> {
    const a = await this.#content(from);
    const b = await this.#content(to);
    return this.#describe(a, b);
  }

  releases() {
    return this.#store.releases();
  }

  audit(filter?: AuditFilter): Promise<AuditRecord[]> {
    return this.#store.audit(filter);
  }

  changeSets(): Promise<ChangeSetRecord[]> {
    return this.#store.changeSets();
  }

  async changeSet(id: number): Promise<ChangeSetRecord> {
    const record = await this.#store.changeSet(id);
    if (!record) throw new ConfigPlaneError(404, "ConfigNotFound", `There is no change set ${id}.`);
    return record;
  }

  /** The version new change sets are based on (see #head). */
  async headVersion(): Promise<number> {
    return (await this.#head()).version;
  }

  /**
   * What new edits apply on: the newest version, or — when the newest cannot be read (a corrupt
   * store) — the last good one being served, so that operators can always publish a repair.
   */
  async #head(): Promise<{ version: number; content: ConfigContent }> {
    const version = await this.#store.headVersion();
    try {
      return { version, content: await this.#content(version) };
    } catch (error) {
      if (!(error instanceof ConfigPlaneError) || error.code !== "ConfigInvalid") throw error;
      return { version: this.#all.version, content: this.#all.content };
    }
  }

  async #content(number: number): Promise<ConfigContent> {
    if (number === 0) return EMPTY_CONTENT;
    const cached = this.#contents.get(number);
    if (cached) return cached;
    const record = await this.#store.version(number);
    if (!record) throw new ConfigPlaneError(404, "ConfigNotFound", `There is no version ${number}.`);
    const parsed = parseContent(record.content);
    if ("reason" in parsed) {
      throw new ConfigPlaneError(409, "ConfigInvalid", `Version ${number} cannot be read: ${parsed.reason}.`);
    }
    if (contentHash(parsed.content) !== record.contentHash) {
      throw new ConfigPlaneError(409, "ConfigInvalid", `Version ${number} does not match its recorded hash.`);
    }
    this.#contents.set(number, parsed.content);
    return parsed.content;
  }

  /** Summary and structural diff of the change from one content to another. */
  #describe(
    before: ConfigContent,
    after: ConfigContent,
  ): { summary: SummarySentence[]; diff: ValidationReport["diff"] } {
    const baseDocs = baseDocuments(this.#base);
    const a = applyLayerPatches(baseDocs, before.operator).documents;
    const b = applyLayerPatches(baseDocs, after.operator).documents;
    const diff: ValidationReport["diff"] = [];
    for (const kind of Object.keys(b) as ConfigKind[]) {
      const changes = structuralDiff(a[kind], b[kind]);
      if (changes.length > 0) diff.push({ target: `operator/${kind}`, changes });
    }
    for (const account of new Set([...Object.keys(before.accounts), ...Object.keys(after.accounts)])) {
      const x = applyLayerPatches(a, before.accounts[account] ?? {}).documents;
      const y = applyLayerPatches(b, after.accounts[account] ?? {}).documents;
      for (const kind of ["shell", "menus"] as const) {
        const changes = structuralDiff(x[kind], y[kind]);
        if (
          changes.length > 0 &&
          !jsonEqual(before.accounts[account]?.[kind], after.accounts[account]?.[kind])
        ) {
          diff.push({ target: `account:${account}/${kind}`, changes });
        }
      }
    }
    return { summary: [...summariseDocuments(a, b), ...summariseAccounts(before, after)], diff };
  }

  // ——— drafts ———

  async createChangeSet(
    actor: Actor,
    input: { comment: string; baseVersion: number; edits: ConfigEdit[] },
  ): Promise<ChangeSetRecord> {
    await this.#content(input.baseVersion);
    const record = await this.#store.createChangeSet({
      ...input,
      author: actor.name,
      system: false,
      createdAt: this.#clock.now(),
    });
    await this.#audit(actor, "changeSet.create", `changeSet:${record.id}`, {
      baseVersion: input.baseVersion,
      targets: input.edits.map(editTarget),
    });
    return record;
  }

  /**
   * Replaces a draft's edits or comment. Once the edits (or their base) change, an approval is void —
   * the approval and an approving review go; a refusal stays (it is what the author is answering) and
   * so does a pending review request (the author still wants the new edits reviewed).
   */
  async updateChangeSet(
    actor: Actor,
    id: number,
    input: { revision: number; comment?: string; baseVersion?: number; edits?: ConfigEdit[] },
  ): Promise<ChangeSetRecord> {
    const record = await this.changeSet(id);
    if (record.status !== "draft" && record.status !== "approved") {
      throw new ConfigPlaneError(
        409,
        "ConfigWrongState",
        `Change set ${id} is ${record.status}; it can no longer change.`,
      );
    }
    if (input.baseVersion !== undefined) await this.#content(input.baseVersion);
    const changes: Parameters<ConfigStore["updateChangeSet"]>[2] = { updatedAt: this.#clock.now() };
    if (input.comment !== undefined) changes.comment = input.comment;
    if (input.baseVersion !== undefined) changes.baseVersion = input.baseVersion;
    if (input.edits !== undefined) changes.edits = input.edits;
    if (input.edits !== undefined || input.baseVersion !== undefined) {
      Object.assign(changes, { status: "draft", approvedBy: null, approvedAt: null });
      if (record.review?.decision === "approved") changes.review = null;
    }
    const updated = await this.#store.updateChangeSet(id, input.revision, changes);
    if (!updated) {
      throw new ConfigPlaneError(
        409,
        "ConfigStaleBase",
        `Change set ${id} was changed meanwhile; read it again.`,
        {
          revision: (await this.changeSet(id)).revision,
        },
      );
    }
    await this.#audit(actor, "changeSet.update", `changeSet:${id}`, {
      revision: updated.revision,
      targets: updated.edits.map(editTarget),
    });
    return updated;
  }

  async cancelChangeSet(actor: Actor, id: number): Promise<ChangeSetRecord> {
    return this.#exclusive(async () => {
      const record = await this.changeSet(id);
      if (!["draft", "approved", "scheduled", "failed"].includes(record.status)) {
        throw new ConfigPlaneError(409, "ConfigWrongState", `Change set ${id} is ${record.status}.`);
      }
      const updated = await this.#store.updateChangeSet(id, record.revision, {
        status: "cancelled",
        updatedAt: this.#clock.now(),
      });
      if (!updated)
        throw new ConfigPlaneError(409, "ConfigStaleBase", `Change set ${id} was changed meanwhile.`);
      await this.#audit(actor, "changeSet.cancel", `changeSet:${id}`, { was: record.status });
      await this.#armSchedule();
      if (record.status === "scheduled") this.#storeChanged();
      return updated;
    });
  }

  /** Validates the edits of a change set (or loose edits) as they would apply on the newest version. */
  async validate(
    edits: readonly ConfigEdit[],
    baseVersion?: number,
    system = false,
  ): Promise<ValidationReport> {
    return (await this.#evaluate(edits, baseVersion, system)).report;
  }

  /** validate(), and what publishing needs of it: the new content and its materialised configuration. */
  async #evaluate(
    edits: readonly ConfigEdit[],
    baseVersion: number | undefined,
    system: boolean,
  ): Promise<{
    report: ValidationReport;
    head: ConfigContent;
    content: ConfigContent;
    configuration: MaterialisedConfiguration | null;
  }> {
    const { version: headVersion, content: head } = await this.#head();
    if (baseVersion !== undefined && !system) {
      const conflicts = conflictingTargets(edits, await this.#content(baseVersion), head);
      if (conflicts.length > 0) {
        throw new ConfigPlaneError(
          409,
          "ConfigStaleBase",
          "What this change set edits changed since its base version.",
          {
            baseVersion,
            headVersion,
            conflicts,
            since: (await this.#store.versions())
              .filter((v) => v.number > baseVersion)
              .map((v) => ({ number: v.number, author: v.author, summary: v.summary })),
          },
        );
      }
    }
    const applied = applyEdits(this.#base, head, edits);
    const result = applied.problems.length > 0 ? null : materialise(this.#base, applied.content);
    const problems = applied.problems.length > 0 ? applied.problems : [...(result?.problems ?? [])];
    problems.push(...this.#derivedFieldProblems(head, applied.content));
    const described = this.#describe(head, applied.content);
    const configuration = problems.length === 0 ? (result?.configuration ?? null) : null;
    return {
      report: {
        valid: problems.length === 0,
        problems,
        warnings: result?.configuration
          ? [
              ...this.#warnings(result.configuration.set, edits),
              ...(await this.#unseenWarnings(result.configuration.set)),
            ]
          : [],
        summary: described.summary,
        diff: described.diff,
        headVersion,
      },
      head,
      content: applied.content,
      configuration,
    };
  }

  /**
   * A navigation panel entry or a route whose role permission no role of any account holds (§6: without
   * it the entry is hidden and the route sends home): publishable, but likely a mistake.
   */
  async #unseenWarnings(set: Deployment["configuration"]["set"]): Promise<ConfigWarning[]> {
    let roles: readonly (readonly string[])[] | null;
    try {
      roles = await this.#rolePermissionSets();
    } catch (error) {
      this.#log.warn({ err: error }, "configuration: the roles could not be read for the warnings");
      return [];
    }
    if (!roles || roles.length === 0) return [];
    const catalogue = {
      rolePermissions: set.permissions.rolePermissions,
      features: set.permissions.features,
    };
    const subjects = roles.map((permissions) =>
      accessSubjectOf(
        {
          rolePermissions: permissions,
          adminPermissions: [],
          isAdmin: true,
          impersonating: false,
          sessionFlag: () => "Included",
          configValue: () => "Included",
        },
        catalogue,
      ),
    );
    const held = (key: string, level: "r" | "rw") =>
      subjects.some((subject) => {
        const own = subject.permissions.get(key);
        return own !== undefined && (level === "r" || own === "rw");
      });
    const warnings: ConfigWarning[] = [];
    for (const [s, section] of set.menus.main.sections.entries()) {
      for (const [l, link] of section.links.entries()) {
        if (!held(link.key, "r")) {
          warnings.push({
            kind: "menus",
            pointer: `/main/sections/${s}/links/${l}/key`,
            reason: `no role of any account holds ${link.key}: nobody sees the entry "${link.id}"`,
            message: problemMessage("EntryUnseen", { permission: link.key, entry: link.id }),
          });
        }
      }
    }
    for (const [index, route] of set.routes.routes.entries()) {
      const permission = route.access?.permission;
      const level = route.access?.permissionLevel ?? "r";
      if (permission && !held(permission, level)) {
        warnings.push({
          kind: "routes",
          pointer: `/routes/${index}/access/permission`,
          reason: `no role of any account holds ${permission}_${level}: nobody can open ${route.path}`,
          message: problemMessage("RouteUnseen", { permission: `${permission}_${level}`, path: route.path }),
        });
      }
    }
    return warnings;
  }

  /** A change set may not touch a shell setting whose one switch is elsewhere. */
  #derivedFieldProblems(head: ConfigContent, next: ConfigContent): ConfigProblem[] {
    const problems: ConfigProblem[] = [];
    const layers: [number | undefined, JsonObject | undefined, JsonObject | undefined][] = [
      [undefined, head.operator.shell, next.operator.shell],
      ...Object.keys({ ...head.accounts, ...next.accounts }).map(
        (account): [number, JsonObject | undefined, JsonObject | undefined] => [
          Number(account),
          head.accounts[account]?.shell,
          next.accounts[account]?.shell,
        ],
      ),
    ];
    for (const field of this.#derivedShellFields) {
      for (const [account, before, after] of layers) {
        if (jsonEqual(before?.[field], after?.[field])) continue;
        problems.push({
          kind: "shell",
          ...(account === undefined ? {} : { account }),
          pointer: `/${field}`,
          reason: "this setting is the upstream's configuration (/admin/configuration), not a shell edit",
          message: problemMessage("DerivedShellSetting"),
        });
      }
    }
    return problems;
  }

  /**
   * Publishable findings: a screen renderer kind or dialog component the builds of connected
   * browsers do not know, and a manifest kind the edits touch whose schema their builds do not have
   * (another digest, or none reported: a build older than the digests), with how many tabs that would
   * affect.
   */
  #warnings(set: Deployment["configuration"]["set"], edits: readonly ConfigEdit[]): ConfigWarning[] {
    const reports = this.#clientReports().filter((r) => r.build !== null);
    if (reports.length === 0) return [];
    const warnings: ConfigWarning[] = [];
    const unknownTo = (name: string, field: "renderers" | "dialogs") =>
      reports.filter((report) => !report[field].includes(name)).length;
    const seen = new Set<string>();
    for (const [index, route] of set.routes.routes.entries()) {
      const kind = route.screen?.kind;
      if (typeof kind !== "string" || seen.has(`r:${kind}`)) continue;
      seen.add(`r:${kind}`);
      const tabs = unknownTo(kind, "renderers");
      if (tabs > 0) {
        warnings.push({
          kind: "routes",
          pointer: `/routes/${index}/screen/kind`,
          reason: `renderer kind "${kind}" is unknown to the build of ${tabs} connected tab(s)`,
          message: problemMessage("RendererUnknown", { renderer: kind, count: tabs }),
          tabs,
        });
      }
    }
    for (const [index, dialog] of set.dialogs.dialogs.entries()) {
      const component = dialog.component;
      if (typeof component !== "string" || seen.has(`d:${component}`)) continue;
      seen.add(`d:${component}`);
      const tabs = unknownTo(component, "dialogs");
      if (tabs > 0) {
        warnings.push({
          kind: "dialogs",
          pointer: `/dialogs/${index}/component`,
          reason: `dialog component "${component}" is unknown to the build of ${tabs} connected tab(s)`,
          message: problemMessage("DialogComponentUnknown", { component, count: tabs }),
          tabs,
        });
      }
    }
    // The gateway's digests are the generated module of its own release; a tab's build reports its own.
    const touched = new Set(edits.map((edit) => edit.kind).filter((kind) => languageOf(kind) === null));
    for (const [kind, digest] of Object.entries(SCHEMA_DIGESTS) as [ManifestKind, string][]) {
      if (!touched.has(kind)) continue;
      const tabs = reports.filter((report) => report.schemas?.[kind] !== digest).length;
      if (tabs > 0) {
        warnings.push({
          kind,
          pointer: "",
          reason: `the schema version of ${kind} is unknown to the build of ${tabs} connected tab(s)`,
          message: problemMessage("SchemaVersionUnknown", {
            kind: { key: kindTextKey(kind), params: {} },
            count: tabs,
          }),
          tabs,
        });
      }
    }
    return warnings;
  }

  /**
   * The author (or anyone with Write) asks for a review of a draft: the reviewers' queue shows it until
   * someone approves or refuses it. Asking again while one is pending renews the request.
   */
  async requestReview(actor: Actor, id: number, revision: number, comment = ""): Promise<ChangeSetRecord> {
    const record = await this.#reviewable(id, revision, ["draft"]);
    const updated = await this.#store.updateChangeSet(id, revision, {
      reviewRequestedAt: this.#clock.now(),
      updatedAt: this.#clock.now(),
    });
    if (!updated) throw staleChangeSet(id, (await this.changeSet(id)).revision);
    await this.#audit(actor, "changeSet.requestReview", `changeSet:${id}`, {
      revision,
      comment,
      renewed: record.reviewRequestedAt !== null,
    });
    return updated;
  }

  /** Four eyes: another staff member approves a valid draft; authors never approve their own. */
  async approve(actor: Actor, id: number, revision: number, comment = ""): Promise<ChangeSetRecord> {
    const record = await this.#reviewable(id, revision, ["draft"], actor);
    const report = await this.validate(record.edits, record.baseVersion);
    if (!report.valid) {
      throw new ConfigPlaneError(422, "ConfigInvalid", "The change set is invalid.", {
        problems: report.problems,
      });
    }
    const at = this.#clock.now();
    const updated = await this.#store.updateChangeSet(id, revision, {
      status: "approved",
      approvedBy: actor.name,
      approvedAt: at,
      review: { by: actor.name, at, decision: "approved", comment },
      reviewRequestedAt: null,
      updatedAt: at,
    });
    if (!updated) throw staleChangeSet(id, (await this.changeSet(id)).revision);
    await this.#audit(actor, "changeSet.approve", `changeSet:${id}`, { revision, comment });
    return updated;
  }

  /**
   * A reviewer sends a draft (or an approved change set: the approval goes) back to its author with
   * the reason. Authors never refuse their own, as they never approve it: the answer is another's.
   */
  async refuse(actor: Actor, id: number, revision: number, comment: string): Promise<ChangeSetRecord> {
    if (comment.trim() === "") {
      throw new ConfigPlaneError(400, "ConfigBadRequest", "A refusal needs a comment saying why.", {
        pointer: "/comment",
      });
    }
    const record = await this.#reviewable(id, revision, ["draft", "approved"], actor);
    const at = this.#clock.now();
    const updated = await this.#store.updateChangeSet(id, revision, {
      status: "draft",
      approvedBy: null,
      approvedAt: null,
      review: { by: actor.name, at, decision: "refused", comment },
      reviewRequestedAt: null,
      updatedAt: at,
    });
    if (!updated) throw staleChangeSet(id, (await this.changeSet(id)).revision);
    await this.#audit(actor, "changeSet.refuse", `changeSet:${id}`, {
      revision,
      comment,
      was: record.status,
    });
    return updated;
  }

  /**
   * The change set a review action applies to: in one of `statuses`, at the `revision` the caller
   * read, and — for an answer (`reviewer` given) — not the reviewer's own.
   */
  async #reviewable(
    id: number,
    revision: number,
    statuses: readonly ChangeSetRecord["status"][],
    reviewer?: Actor,
  ): Promise<ChangeSetRecord> {
    const record = await this.changeSet(id);
    if (reviewer && record.author === reviewer.name) {
      throw new ConfigPlaneError(
        403,
        "ConfigApprovalRequired",
        "Authors cannot approve or refuse their own change sets.",
      );
    }
    if (!statuses.includes(record.status)) {
      throw new ConfigPlaneError(409, "ConfigWrongState", `Change set ${id} is ${record.status}.`);
    }
    if (record.revision !== revision) throw staleChangeSet(id, record.revision);
    return record;
  }

  // ——— publishing ———

  /**
   * Publishes a change set now, or schedules it (`at` in the future, surviving a restart); with
   * `accounts`, to those accounts first (a canary, promoted later with promote()).
   */
  async publish(
    actor: Actor,
    id: number,
    options: { at?: number; accounts?: readonly number[] } = {},
  ): Promise<{ version: number } | { scheduledAt: number }> {
    return this.#exclusive(async () => {
      const record = await this.changeSet(id);
      if (record.status !== "draft" && record.status !== "approved" && record.status !== "scheduled") {
        throw new ConfigPlaneError(409, "ConfigWrongState", `Change set ${id} is ${record.status}.`);
      }
      this.#checkApproval(record);
      const accounts =
        options.accounts && options.accounts.length > 0
          ? [...new Set(options.accounts)].sort((a, b) => a - b)
          : null;
      if (options.at !== undefined && options.at > this.#clock.now()) {
        const report = await this.validate(record.edits, record.baseVersion, record.system);
        if (!report.valid)
          throw new ConfigPlaneError(422, "ConfigInvalid", "The change set is invalid.", {
            problems: report.problems,
          });
        const updated = await this.#store.updateChangeSet(id, record.revision, {
          status: "scheduled",
          scheduledAt: options.at,
          scheduledAccounts: accounts,
          updatedAt: this.#clock.now(),
        });
        if (!updated)
          throw new ConfigPlaneError(409, "ConfigStaleBase", `Change set ${id} changed meanwhile.`);
        await this.#audit(actor, "changeSet.schedule", `changeSet:${id}`, {
          at: new Date(options.at).toISOString(),
          accounts,
        });
        await this.#armSchedule();
        this.#storeChanged();
        return { scheduledAt: options.at };
      }
      const version = await this.#publishNow(actor, record, accounts);
      await this.#armSchedule();
      return { version };
    });
  }

  #checkApproval(record: ChangeSetRecord): void {
    if (!this.#fourEyes || record.system) return;
    if (record.status !== "approved" && !(record.status === "scheduled" && record.approvedBy !== null)) {
      throw new ConfigPlaneError(
        403,
        "ConfigApprovalRequired",
        "Another staff member with Configuration Write must approve it first.",
      );
    }
    if (record.approvedBy === record.author) {
      throw new ConfigPlaneError(
        403,
        "ConfigApprovalRequired",
        "Authors cannot approve their own change sets.",
      );
    }
  }

  async #publishNow(actor: Actor, record: ChangeSetRecord, accounts: number[] | null): Promise<number> {
    const { report, head, content, configuration } = await this.#evaluate(
      record.edits,
      record.baseVersion,
      record.system,
    );
    if (!report.valid || !configuration) {
      throw new ConfigPlaneError(422, "ConfigInvalid", "The change set is invalid; nothing was published.", {
        problems: report.problems,
      });
    }
    if (jsonEqual(content, head)) {
      throw new ConfigPlaneError(
        409,
        "ConfigWrongState",
        "The change set changes nothing in the newest version.",
      );
    }
    return this.#record(actor, {
      content,
      configuration,
      comment: record.comment,
      origin: record.system ? "maintenance" : "publish",
      changeSet: { id: record.id, revision: record.revision },
      restores: null,
      accounts,
      summary: report.summary,
    });
  }

  /** Writes a new version and serves it (to everyone or to the canary's accounts), then announces it. */
  async #record(
    actor: Actor,
    input: {
      content: ConfigContent;
      /** Its materialised configuration when the caller validated it already. */
      configuration?: MaterialisedConfiguration;
      comment: string;
      origin: VersionOrigin;
      /** The change set and the revision it was read at: the store publishes it only while it still is. */
      changeSet: { id: number; revision: number } | null;
      restores: number | null;
      accounts: number[] | null;
      summary: SummarySentence[];
    },
  ): Promise<number> {
    const result = materialise(this.#base, input.content);
    if (!result.configuration) {
      throw new ConfigPlaneError(
        422,
        "ConfigInvalid",
        "The configuration is invalid; nothing was published.",
        {
          problems: result.problems,
        },
      );
    }
    const hash = contentHash(input.content);
    const at = this.#clock.now();
    const number = await this.#store.publish({
      version: {
        createdAt: at,
        author: actor.name,
        comment: input.comment,
        content: canonicalJson(input.content),
        contentHash: hash,
        baseHash: this.#base.hash,
        origin: input.origin,
        changeSetId: input.changeSet?.id ?? null,
        restores: input.restores,
        summary: input.summary,
      },
      release: { scope: input.accounts ? "canary" : "all", accounts: input.accounts, at, actor: actor.name },
      changeSet: input.changeSet ? { ...input.changeSet, status: "published" } : null,
      audit: {
        at,
        actor: actor.name,
        address: actor.address,
        action:
          input.origin === "rollback"
            ? "version.rollback"
            : input.accounts
              ? "version.canary"
              : "version.publish",
        details: {
          changeSet: input.changeSet?.id ?? null,
          restores: input.restores,
          accounts: input.accounts,
          // The audit trail is in English, like the logs.
          summary: input.summary.map(englishText),
        },
      },
    });
    if (number === null) throw await this.#publishedElsewhere(input.changeSet?.id ?? 0);
    this.#contents.set(number, input.content);
    const deployment = deploy(number, hash, input.content, result.configuration);
    const previous = this.#all;
    if (input.accounts) {
      this.#canary = { deployment, accounts: new Set(input.accounts) };
    } else {
      this.#all = deployment;
      this.#canary = null;
      this.#degraded = null;
    }
    this.#remember(deployment);
    this.#announce({
      version: number,
      urgency: urgencyOf(previous, deployment),
      accounts: input.accounts ? new Set(input.accounts) : null,
    });
    this.#storeChanged(number);
    return number;
  }

  /**
   * The store refused a change set's publication: it is no longer at the revision read — another
   * instance (or operator) published it, or changed it, meanwhile. The answer says which; what the
   * other published is served here too as soon as the plane has read it (synchronise()).
   */
  async #publishedElsewhere(id: number): Promise<ConfigPlaneError> {
    // Queued behind the publication under way (the plane runs one change of the served state at a time).
    void this.synchronise().catch((error: unknown) =>
      this.#log.error({ err: error }, "configuration: reading what was published elsewhere failed"),
    );
    const now = await this.#store.changeSet(id);
    if (now?.status === "published") {
      return new ConfigPlaneError(
        409,
        "ConfigWrongState",
        `Change set ${id} was published meanwhile, as version ${now.publishedVersion}; nothing more was published.`,
        { publishedVersion: now.publishedVersion, revision: now.revision },
      );
    }
    return staleChangeSet(id, now?.revision ?? 0);
  }

  /** The refusal of a promotion the store did not write: another instance released meanwhile. */
  async #promotedElsewhere(version: number): Promise<ConfigPlaneError> {
    // Queued behind this change, as for a publication made elsewhere.
    void this.synchronise().catch((error: unknown) =>
      this.#log.error({ err: error }, "configuration: reading what was released elsewhere failed"),
    );
    const newest = (await this.#store.releases()).at(-1);
    if (newest?.scope === "all" && newest.version === version) {
      return new ConfigPlaneError(
        409,
        "ConfigWrongState",
        `Version ${version} was promoted meanwhile; nothing more was released.`,
      );
    }
    return new ConfigPlaneError(
      409,
      "ConfigWrongState",
      `Version ${version} is no longer the canary being served: version ${newest?.version ?? 0} was released since.`,
    );
  }

  #announce(event: PublishedEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.#log.error({ err: error }, "configuration: a publication listener failed");
      }
    }
  }

  /** Serves the canary's version to everyone. */
  async promote(actor: Actor, version: number): Promise<{ version: number }> {
    return this.#exclusive(async () => {
      const canary = this.#canary;
      if (!canary || canary.deployment.version !== version) {
        throw new ConfigPlaneError(
          409,
          "ConfigWrongState",
          `Version ${version} is not the canary being served.`,
        );
      }
      const at = this.#clock.now();
      const written = await this.#store.promote(
        { version, at, actor: actor.name },
        {
          at,
          actor: actor.name,
          address: actor.address,
          action: "version.promote",
          target: `version:${version}`,
          details: { from: [...canary.accounts] },
        },
      );
      if (written === null) throw await this.#promotedElsewhere(version);
      const previous = this.#all;
      this.#all = canary.deployment;
      this.#canary = null;
      this.#degraded = null;
      this.#announce({ version, urgency: urgencyOf(previous, canary.deployment), accounts: null });
      this.#storeChanged(version);
      return { version };
    });
  }

  /** Publishes an earlier version's content again, as a new version (history stays append-only). */
  async rollback(actor: Actor, version: number, comment: string): Promise<{ version: number }> {
    return this.#exclusive(async () => {
      const content = await this.#content(version);
      const { content: head } = await this.#head();
      if (jsonEqual(content, head)) {
        throw new ConfigPlaneError(
          409,
          "ConfigWrongState",
          `The newest version already has the content of version ${version}.`,
        );
      }
      const described = this.#describe(head, content);
      const number = await this.#record(actor, {
        content,
        comment: comment || `Roll back to version ${version}`,
        origin: "rollback",
        changeSet: null,
        restores: version,
        accounts: null,
        summary: described.summary,
      });
      await this.#armSchedule();
      return { version: number };
    });
  }

  /**
   * Maintenance (§1), now or for a window: a change set the gateway itself owns (no four eyes: it is an
   * operational switch, and audited like any publication), its messages in the languages given.
   */
  async setMaintenance(
    actor: Actor,
    input: {
      enabled: boolean;
      messages?: Partial<Record<Language, string>>;
      startsAt?: number;
      endsAt?: number;
    },
  ): Promise<{ version?: number; scheduled?: { on?: number; off?: number } }> {
    const edits = (enabled: boolean): ConfigEdit[] => {
      const list: ConfigEdit[] = [{ kind: "shell", merge: { maintenance: { enabled } } }];
      if (enabled) {
        for (const [language, message] of Object.entries(input.messages ?? {})) {
          if (typeof message === "string") {
            const key = this.#all.configuration.set.shell.maintenance.messageKey;
            list.push({ kind: `texts.${language as Language}`, merge: { [key]: message } as JsonObject });
          }
        }
      }
      return list;
    };
    const make = async (enabled: boolean, at?: number) => {
      const headVersion = await this.#store.headVersion();
      const record = await this.#store.createChangeSet({
        author: actor.name,
        comment: enabled ? "Maintenance on" : "Maintenance off",
        baseVersion: headVersion,
        edits: edits(enabled),
        system: true,
        createdAt: this.#clock.now(),
      });
      await this.#audit(actor, enabled ? "maintenance.on" : "maintenance.off", "maintenance", {
        changeSet: record.id,
        at: at === undefined ? null : new Date(at).toISOString(),
        messages: enabled ? Object.keys(input.messages ?? {}) : [],
      });
      return this.publish(actor, record.id, at === undefined ? {} : { at });
    };
    const now = this.#clock.now();
    if (input.startsAt !== undefined && input.startsAt > now) {
      if (!input.enabled)
        throw new ConfigPlaneError(400, "ConfigBadRequest", "A maintenance window switches maintenance on.");
      const on = await make(true, input.startsAt);
      const off = input.endsAt !== undefined ? await make(false, input.endsAt) : undefined;
      return {
        scheduled: {
          ...("scheduledAt" in on ? { on: on.scheduledAt } : {}),
          ...(off && "scheduledAt" in off ? { off: off.scheduledAt } : {}),
        },
      };
    }
    const current = this.#all.configuration.set.shell.maintenance.enabled;
    const wantsMessages = input.enabled && Object.keys(input.messages ?? {}).length > 0;
    let version: number | undefined;
    if (current !== input.enabled || wantsMessages) {
      const result = await make(input.enabled);
      if ("version" in result) version = result.version;
    }
    if (input.enabled && input.endsAt !== undefined && input.endsAt > now) {
      const off = await make(false, input.endsAt);
      return { version, scheduled: "scheduledAt" in off ? { off: off.scheduledAt } : {} };
    }
    return { version };
  }

  /** Whether maintenance is on for anyone (the gate's check on every request). */
  anyMaintenance(): boolean {
    return (
      this.#all.configuration.set.shell.maintenance.enabled ||
      this.#canary?.deployment.configuration.set.shell.maintenance.enabled === true
    );
  }

  /** When a scheduled "maintenance off" publishes, if one is scheduled. */
  maintenanceEndsAt(): number | null {
    return this.#maintenanceEnd;
  }

  /** Whether maintenance is on for an account's users (§1). */
  maintenanceFor(accountRecId: number | null): { enabled: boolean; pagePath: string } {
    const { maintenance } = this.servedFor(accountRecId).set.shell;
    return { enabled: maintenance.enabled, pagePath: maintenance.pagePath };
  }

  // ——— schedule ———

  async #armSchedule(): Promise<void> {
    if (this.#timer !== undefined) this.#clock.cancel(this.#timer);
    this.#timer = undefined;
    if (this.#closed) return;
    const scheduled = await this.#store.changeSets(["scheduled"]);
    const ends = scheduled.filter(
      (c) =>
        c.system &&
        c.edits.some(
          (e) =>
            e.kind === "shell" && isJsonObject(e.merge?.maintenance) && e.merge.maintenance.enabled === false,
        ),
    );
    this.#maintenanceEnd =
      ends.length > 0 ? Math.min(...ends.map((c) => c.scheduledAt ?? Number.POSITIVE_INFINITY)) : null;
    const next = Math.min(...scheduled.map((c) => c.scheduledAt ?? Number.POSITIVE_INFINITY));
    if (!Number.isFinite(next)) return;
    const delay = Math.max(0, Math.min(next - this.#clock.now(), MAX_TIMER_MS));
    this.#timer = this.#clock.schedule(() => void this.runDue(), delay);
  }

  /** Publishes every scheduled change set that is due (the timer calls it; tests may too). */
  async runDue(): Promise<number[]> {
    const published: number[] = await this.#exclusive(async () => {
      const versions: number[] = [];
      const due = (await this.#store.changeSets(["scheduled"]))
        .filter((c) => (c.scheduledAt ?? Number.POSITIVE_INFINITY) <= this.#clock.now())
        .sort((a, b) => (a.scheduledAt ?? 0) - (b.scheduledAt ?? 0) || a.id - b.id);
      for (const record of due) {
        const actor = { name: record.author, address: "gateway" };
        try {
          this.#checkApproval(record);
          versions.push(await this.#publishNow(actor, record, record.scheduledAccounts));
        } catch (error) {
          const reason =
            error instanceof ConfigPlaneError
              ? `${error.message} ${JSON.stringify(error.details)}`
              : (error as Error).message;
          // At the revision read when it was due: when another instance's scheduler published it
          // meanwhile (every instance runs the schedule), the row has moved on and nothing failed.
          const failed = await this.#store.updateChangeSet(record.id, record.revision, {
            status: "failed",
            failure: reason.slice(0, 4000),
            updatedAt: this.#clock.now(),
          });
          if (!failed) {
            this.#log.info({ changeSet: record.id }, "configuration: a scheduled publication ran elsewhere");
            continue;
          }
          this.#log.error({ changeSet: record.id, reason }, "configuration: a scheduled publication failed");
          await this.#audit(actor, "changeSet.failed", `changeSet:${record.id}`, {
            reason: reason.slice(0, 1000),
          });
          this.#storeChanged();
        }
      }
      return versions;
    });
    await this.#armSchedule();
    return published;
  }

  // ——— preview and clients ———

  /** The configuration a change set (or a version) would serve, for a preview. */
  async previewConfiguration(
    source: { changeSet: number } | { version: number },
    accountRecId: number | null,
  ): Promise<{
    set: Deployment["configuration"]["set"];
    /** The operator layer's set: what the account's layer narrowed (the preview's account override). */
    operatorSet: Deployment["configuration"]["set"];
    texts: Deployment["configuration"]["texts"];
    configVersion: number;
  }> {
    let content: ConfigContent;
    let configVersion: number;
    if ("changeSet" in source) {
      const record = await this.changeSet(source.changeSet);
      const { version: headVersion, content: head } = await this.#head();
      const applied = applyEdits(this.#base, head, record.edits);
      if (applied.problems.length > 0) {
        throw new ConfigPlaneError(422, "ConfigInvalid", "The change set is invalid.", {
          problems: applied.problems,
        });
      }
      content = applied.content;
      configVersion = headVersion + 1;
    } else {
      content = await this.#content(source.version);
      configVersion = source.version;
    }
    const result = materialise(this.#base, content);
    if (!result.configuration) {
      throw new ConfigPlaneError(422, "ConfigInvalid", "That configuration is invalid.", {
        problems: result.problems,
      });
    }
    const set =
      (accountRecId !== null ? result.configuration.accounts.get(accountRecId) : undefined) ??
      result.configuration.set;
    return { set, operatorSet: result.configuration.set, texts: result.configuration.texts, configVersion };
  }

  /** Per version: tabs that applied it, rejected it (with reasons), and tabs still on older versions. */
  clients(): {
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
  } {
    const reports = this.#clientReports();
    const byVersion = new Map<
      number,
      { applied: number; rejected: number; reasons: Record<string, number>; showing: number }
    >();
    const entry = (version: number) => {
      const found = byVersion.get(version) ?? { applied: 0, rejected: 0, reasons: {}, showing: 0 };
      byVersion.set(version, found);
      return found;
    };
    let behind = 0;
    const builds: Record<string, number> = {};
    for (const report of reports) {
      if (report.applied !== null) entry(report.applied).applied += 1;
      if (report.rejected) {
        const e = entry(report.rejected.version);
        e.rejected += 1;
        e.reasons[report.rejected.reason] = (e.reasons[report.rejected.reason] ?? 0) + 1;
      }
      const showing = report.applied ?? report.manifestVersion;
      if (showing !== null) entry(showing).showing += 1;
      if (showing !== null && showing < this.servedFor(report.accountRecId).configVersion) behind += 1;
      if (report.build) builds[report.build] = (builds[report.build] ?? 0) + 1;
    }
    return {
      tabs: reports.length,
      versions: [...byVersion]
        .map(([version, counts]) => ({ version, ...counts }))
        .sort((a, b) => b.version - a.version),
      behind,
      builds,
    };
  }

  // ——— internals ———

  async #audit(
    actor: Actor,
    action: string,
    target: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.#store.appendAudit({
      at: this.#clock.now(),
      actor: actor.name,
      address: actor.address,
      action,
      target,
      details,
    });
  }

  /** Runs changes of the served state one after another (two publishes never interleave). */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Records a read of the audit-relevant kind (preview, export) — reads of history are not audited. */
  async recordAction(
    actor: Actor,
    action: string,
    target: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.#audit(actor, action, target, details);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== undefined) this.#clock.cancel(this.#timer);
    await this.#queue;
  }
}

/** Someone changed the change set since the caller read it: they read it again (its revision given). */
function staleChangeSet(id: number, revision: number): ConfigPlaneError {
  return new ConfigPlaneError(409, "ConfigStaleBase", `Change set ${id} changed since you read it.`, {
    revision,
  });
}

function sameMembers(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((member) => b.has(member));
}

/** The deployment of the base alone (version 0). */
function deployBase(base: BaseConfiguration): Deployment {
  const result = materialise(base, EMPTY_CONTENT);
  if (!result.configuration) {
    // loadBaseConfiguration validated the same documents; reaching this is a defect, not bad input.
    throw new Error(`the base configuration is invalid: ${JSON.stringify(result.problems.slice(0, 5))}`);
  }
  return deploy(0, contentHash(EMPTY_CONTENT), EMPTY_CONTENT, result.configuration);
}

/**
 * Urgent when browsers must not wait for their next navigation: maintenance switched, or a route
 * withdrawn (a user on it is sent home at once).
 */
function urgencyOf(before: Deployment, after: Deployment): PublishUrgency {
  const a = before.configuration.set;
  const b = after.configuration.set;
  if (a.shell.maintenance.enabled !== b.shell.maintenance.enabled) return "urgent";
  const paths = new Set(b.routes.routes.map((route) => route.id));
  if (a.routes.routes.some((route) => !paths.has(route.id))) return "urgent";
  return "normal";
}
