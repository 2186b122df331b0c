/**
 * The studio's working state for the page's life (DESIGN.md §3 change sets): the served documents it
 * loaded, the change set open in the workspace, its draft and its last validation. Switching tabs or
 * leaving the screen keeps it; every edit is saved to the change set shortly after it is made (the
 * gateway keeps drafts), so nothing typed is lost to a reload. The pure rules are studio-model.ts.
 */

import i18next from "i18next";
import { castDraft } from "immer";
import { ApiError, errorBannerText, UNKNOWN_FAILURE_KEY } from "../../../../http/api-error.ts";
import { createStore } from "../../../../state/create-store.ts";
import {
  type ChangeSet,
  type ConfigEdit,
  type ConfigStatus,
  configApi,
  type ValidationReport,
  type VersionHeader,
} from "../config-client.ts";
import {
  type ConfigKindName,
  type Documents,
  type Draft,
  draftEdits,
  draftFromEdits,
  EMPTY_DRAFT,
  kindsOfEdits,
  type Language,
  textsKind,
  withDocument,
  withTexts,
} from "../studio-model.ts";

/** How long after the last edit the draft is saved (typing in a text field is not a save per key). */
export const AUTOSAVE_DELAY_MS = 800;

/** A stale base (409 with conflicts): the documents someone else published since the change set's base. */
export interface Conflict {
  conflicts: string[];
  since: { number: number; author: string; summary: VersionHeader["summary"] }[];
}

/** The studio's state. */
export interface StudioState {
  status: ConfigStatus | null;
  statusError: string | null;
  /** The served documents (at `loadedAt`), by kind, as loaded. */
  live: Documents;
  /** The version the live documents are of. */
  loadedAt: number | null;
  /** Kinds being loaded. */
  loading: ConfigKindName[];
  loadError: string | null;
  /** The change set open in the workspace (null: a new draft not yet saved). */
  changeSet: ChangeSet | null;
  comment: string;
  draft: Draft;
  /** The draft holds edits not yet saved. */
  dirty: boolean;
  saving: boolean;
  saveError: string | null;
  report: ValidationReport | null;
  validating: boolean;
  conflict: Conflict | null;
  /** The action running (publish, approve, …), for busy buttons. */
  busy: string | null;
  /** The last action's outcome, announced. */
  message: { tone: "success" | "error"; text: string } | null;
  /** Where a validation problem asked to go: the tab and the pointer the editor focuses. */
  focus: { kind: ConfigKindName; pointer: string } | null;
}

const INITIAL: StudioState = {
  status: null,
  statusError: null,
  live: {},
  loadedAt: null,
  loading: [],
  loadError: null,
  changeSet: null,
  comment: "",
  draft: EMPTY_DRAFT,
  dirty: false,
  saving: false,
  saveError: null,
  report: null,
  validating: false,
  conflict: null,
  busy: null,
  message: null,
  focus: null,
};

/** The store every studio panel reads. */
export const studioStore = createStore<StudioState>(INITIAL);

const set = (patch: Partial<StudioState>) =>
  studioStore.update((s) => {
    Object.assign(s, castDraft(patch));
  });

/** The text of a failed call in the UI language: its §8 code's text, else the service's message. */
export function failureText(error: unknown): string {
  const banner = errorBannerText(error, (key) => i18next.exists(key));
  if (!banner) return "";
  return banner.fallbackMessage && banner.key === UNKNOWN_FAILURE_KEY
    ? `${i18next.t(banner.key)} ${banner.fallbackMessage}`
    : i18next.t(banner.key);
}

function conflictOf(error: unknown): Conflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.details as { conflicts?: unknown; since?: unknown } | null;
  if (!body || !Array.isArray(body.conflicts)) return null;
  return { conflicts: body.conflicts as string[], since: (body.since ?? []) as Conflict["since"] };
}

/** Reads the configuration's status (serving, head, four eyes). */
export async function loadStatus(): Promise<ConfigStatus | null> {
  try {
    const status = await configApi.status();
    set({ status, statusError: null });
    return status;
  } catch (error) {
    set({ statusError: failureText(error) });
    return null;
  }
}

/** Loads the served documents of `kinds` not loaded yet (at the newest version). */
export async function ensureKinds(kinds: readonly ConfigKindName[]): Promise<void> {
  let head = studioStore.get().loadedAt;
  if (head === null) {
    const status = studioStore.get().status ?? (await loadStatus());
    if (!status) return;
    head = status.head;
    set({ loadedAt: head });
  }
  const { live, loading } = studioStore.get();
  const wanted = kinds.filter((kind) => !Object.hasOwn(live, kind) && !loading.includes(kind));
  if (wanted.length === 0) return;
  set({ loading: [...loading, ...wanted], loadError: null });
  try {
    const answers = await Promise.all(wanted.map((kind) => configApi.document(head, kind)));
    studioStore.update((s) => {
      wanted.forEach((kind, index) => {
        s.live[kind] = castDraft(answers[index]?.document);
      });
      s.loading = s.loading.filter((kind) => !wanted.includes(kind));
    });
  } catch (error) {
    studioStore.update((s) => {
      s.loading = s.loading.filter((kind) => !wanted.includes(kind));
      s.loadError = failureText(error);
    });
  }
}

/** The texts kinds of every language. */
export const ALL_TEXTS_KINDS = (languages: readonly Language[]): ConfigKindName[] => languages.map(textsKind);

let saveTimer: ReturnType<typeof setTimeout> | null = null;
let saving: Promise<void> | null = null;

function scheduleSave(): void {
  if (saveTimer !== null) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    saveTimer = null;
    void saveDraft();
  }, AUTOSAVE_DELAY_MS);
}

/** Replaces the draft's document of `kind` (an editor's onChange). */
export function editDocument(kind: ConfigKindName, document: unknown): void {
  studioStore.update((s) => {
    s.draft = castDraft(withDocument(s.draft as Draft, kind, document));
    s.dirty = true;
    s.message = null;
  });
  scheduleSave();
}

/** Sets texts of one language in the draft (an editor's onTextsChange). */
export function editTexts(language: Language, changes: Readonly<Record<string, string | null>>): void {
  studioStore.update((s) => {
    s.draft = castDraft(withTexts(s.live as Documents, s.draft as Draft, language, changes));
    s.dirty = true;
    s.message = null;
  });
  scheduleSave();
}

/** Sets the change set's comment (saved with the next save). */
export function editComment(comment: string): void {
  set({ comment, dirty: true });
  scheduleSave();
}

/**
 * Saves the draft: creates the change set on the first save, then updates it with the revision it
 * read. A save waits for one running before it; an empty new draft is not saved. Validates after.
 */
export async function saveDraft(): Promise<void> {
  if (saveTimer !== null) {
    clearTimeout(saveTimer);
    saveTimer = null;
  }
  while (saving) await saving;
  const state = studioStore.get();
  if (!state.dirty) return;
  const edits: ConfigEdit[] = draftEdits(state.live, state.draft);
  if (state.changeSet === null && edits.length === 0) {
    set({ dirty: false });
    return;
  }
  const run = (async () => {
    set({ saving: true, saveError: null });
    try {
      if (state.changeSet === null) {
        const base = state.loadedAt ?? state.status?.head ?? 0;
        const created = await configApi.createChangeSet(state.comment, base, edits);
        set({ changeSet: created.changeSet, report: created.validation, conflict: null });
      } else {
        const updated = await configApi.updateChangeSet(state.changeSet.id, {
          revision: state.changeSet.revision,
          comment: state.comment,
          edits,
        });
        set({ changeSet: updated.changeSet });
      }
      // Edits made while the call ran stay dirty and are saved next (compared outside immer's recipe:
      // inside it the draft is a proxy, never the object that was saved).
      const now = studioStore.get();
      set({ dirty: now.draft !== state.draft || now.comment !== state.comment, saving: false });
    } catch (error) {
      set({ saving: false, saveError: failureText(error) });
    }
  })();
  saving = run;
  await run;
  saving = null;
  if (studioStore.get().dirty) scheduleSave();
  else if (studioStore.get().saveError === null) await validate();
}

/** Validates the open change set against the newest version. */
export async function validate(): Promise<ValidationReport | null> {
  const { changeSet } = studioStore.get();
  if (!changeSet) return null;
  set({ validating: true });
  try {
    const report = await configApi.validateChangeSet(changeSet.id);
    set({ report, validating: false, conflict: null });
    return report;
  } catch (error) {
    set({ validating: false, conflict: conflictOf(error), message: errorMessage(error) });
    return null;
  }
}

const errorMessage = (error: unknown) => ({ tone: "error" as const, text: failureText(error) });

/** Opens a stored change set: its kinds are loaded and its edits make the draft. */
export async function openChangeSet(id: number): Promise<void> {
  await saveDraft();
  set({ busy: "open", message: null });
  try {
    const { changeSet } = await configApi.changeSet(id);
    // The newest version is the base the edits now apply on.
    const status = await loadStatus();
    if (status && status.head !== studioStore.get().loadedAt) set({ live: {}, loadedAt: status.head });
    await ensureKinds(kindsOfEdits(changeSet.edits));
    const live = studioStore.get().live;
    set({
      changeSet,
      comment: changeSet.comment,
      draft: draftFromEdits(live, changeSet.edits),
      dirty: false,
      report: null,
      conflict: null,
      busy: null,
      focus: null,
    });
    await validate();
  } catch (error) {
    set({ busy: null, message: errorMessage(error) });
  }
}

/**
 * Starts a new, empty draft (the open change set stays stored). `keepMessage`: the outcome of the
 * action that led here (a discard) stays announced.
 */
export async function newDraft(options: { keepMessage?: boolean } = {}): Promise<void> {
  await saveDraft();
  const status = await loadStatus();
  set({
    changeSet: null,
    comment: "",
    draft: EMPTY_DRAFT,
    dirty: false,
    report: null,
    conflict: null,
    ...(options.keepMessage ? {} : { message: null }),
    focus: null,
    ...(status && status.head !== studioStore.get().loadedAt ? { live: {}, loadedAt: status.head } : {}),
  });
}

/** Runs one change set action with a busy state and an announced outcome. */
export async function runAction<T>(
  name: string,
  action: () => Promise<T>,
  success: (result: T) => string,
): Promise<T | null> {
  set({ busy: name, message: null });
  try {
    const result = await action();
    set({ busy: null, message: { tone: "success", text: success(result) } });
    return result;
  } catch (error) {
    set({ busy: null, message: errorMessage(error), conflict: conflictOf(error) });
    return null;
  }
}

/** Replaces the open change set with the gateway's answer. */
export function setChangeSet(changeSet: ChangeSet): void {
  set({ changeSet });
}

/** Asks the editor of `kind` to show `pointer`. */
export function focusProblem(kind: ConfigKindName, pointer: string): void {
  set({ focus: { kind, pointer } });
}

/** After a publication or a rollback: the served documents are read again at the new head. */
export async function reloadServed(): Promise<void> {
  const kinds = Object.keys(studioStore.get().live) as ConfigKindName[];
  const status = await loadStatus();
  if (!status) return;
  set({ live: {}, loadedAt: status.head });
  await ensureKinds(kinds);
  const { changeSet, live } = studioStore.get();
  if (changeSet && (changeSet.status === "published" || changeSet.status === "cancelled")) {
    set({ changeSet: null, comment: "", draft: EMPTY_DRAFT, dirty: false, report: null });
  } else if (changeSet) {
    set({ draft: draftFromEdits(live, changeSet.edits) });
  }
}
