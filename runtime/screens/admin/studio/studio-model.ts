/**
 * The operator studio's model (DESIGN.md §3, server/gateway/config/README.md): the documents a change
 * set edits, held whole in the browser as the draft would publish them, and turned into the change
 * set's edits as JSON Merge Patches from the documents as served — the same patch the gateway builds
 * (core/json/json-merge.ts). Pure: the screen and the editors carry it out.
 */
import { createMergePatch } from "../../../../core/json/json-merge.ts";
import { mergePatch } from "../../../../core/json/prototype-pollution.ts";
import { CONFIG_KIND_NAMES, MANIFEST_KIND_NAMES } from "../../../../schemas/config-api.ts";
import { LANGUAGES } from "../../../i18n/i18n.ts";
import type { ConfigEdit } from "./config-client.ts";

/** A manifest kind (manifests/<kind>.json). */
export type ManifestKindName = (typeof MANIFEST_KIND_NAMES)[number];
/** Every kind a change set may edit: a manifest kind or `texts.<language>`. */
export type ConfigKindName = (typeof CONFIG_KIND_NAMES)[number];
/** One of the seven UI languages (§1), English first. */
export type Language = (typeof LANGUAGES)[number];
/** One language's texts: key → text. */
export type Texts = Readonly<Record<string, string>>;
/** The texts of every language. */
export type TextsByLanguage = Readonly<Record<Language, Texts>>;

export { LANGUAGES as STUDIO_LANGUAGES, MANIFEST_KIND_NAMES };

/** The texts kind of a language. */
export const textsKind = (language: Language): ConfigKindName => `texts.${language}` as ConfigKindName;

/**
 * What every kind editor receives. An editor never talks to the gateway: it shows `document` and
 * hands back the whole new document (or texts), and the workspace keeps the change set.
 */
export interface KindEditorProps<D = unknown> {
  /** The document as the draft would publish it (the served document with the draft's edits). */
  document: D;
  /** The document as served now (the change set's base: the newest version). */
  live: D;
  /** The texts of every language as the draft would publish them. */
  texts: TextsByLanguage;
  /** The texts of every language as served now. */
  liveTexts: TextsByLanguage;
  /** §6: without Write on the Configuration admin module every input is disabled. */
  readOnly: boolean;
  /** The whole new document of this kind. */
  onChange: (document: D) => void;
  /** Texts of one language set (a string) or taken out of the draft (null: a key the draft added). */
  onTextsChange: (language: Language, changes: Readonly<Record<string, string | null>>) => void;
  /** An RFC 6901 pointer into `document` to bring into view and focus (a validation problem's). */
  focusPointer: string | null;
}

/** The operator layer's documents by kind; only those loaded or touched are present. */
export type Documents = Partial<Record<ConfigKindName, unknown>>;

/** A draft: the operator layer documents it changes, whole, and the account layer edits it carries as they are. */
export interface Draft {
  documents: Documents;
  accountEdits: readonly ConfigEdit[];
}

/** An empty draft. */
export const EMPTY_DRAFT: Draft = { documents: {}, accountEdits: [] };

/** The draft's operator layer edits: one merge patch per document that differs from the served one. */
export function draftEdits(live: Documents, draft: Draft): ConfigEdit[] {
  const edits: ConfigEdit[] = [];
  for (const kind of CONFIG_KIND_NAMES) {
    if (!Object.hasOwn(draft.documents, kind)) continue;
    const patch = createMergePatch(live[kind], draft.documents[kind]);
    if (patch === undefined) continue;
    // A document is always an object, so its patch is one too.
    edits.push({ kind, merge: patch as Record<string, unknown> });
  }
  return [...edits, ...draft.accountEdits];
}

/**
 * The draft a stored change set's edits make of the served documents. Operator edits apply in order
 * on each kind (a merge patch or a whole document), as the gateway applies them; account edits stay
 * as they are.
 */
export function draftFromEdits(live: Documents, edits: readonly ConfigEdit[]): Draft {
  const documents: Documents = {};
  const accountEdits: ConfigEdit[] = [];
  for (const edit of edits) {
    if (edit.account !== undefined) {
      accountEdits.push(edit);
      continue;
    }
    const current = Object.hasOwn(documents, edit.kind) ? documents[edit.kind] : live[edit.kind];
    documents[edit.kind] = edit.document !== undefined ? edit.document : mergePatch(current, edit.merge);
  }
  return { documents, accountEdits };
}

/** The kinds a stored change set's edits need loaded before it can be opened. */
export function kindsOfEdits(edits: readonly ConfigEdit[]): ConfigKindName[] {
  return [...new Set(edits.filter((edit) => edit.account === undefined).map((edit) => edit.kind))];
}

/** The document of `kind` as the draft would publish it. */
export function draftDocument(live: Documents, draft: Draft, kind: ConfigKindName): unknown {
  return Object.hasOwn(draft.documents, kind) ? draft.documents[kind] : live[kind];
}

/** The draft with `kind` replaced by `document` (a document equal to the served one leaves the draft). */
export function withDocument(draft: Draft, kind: ConfigKindName, document: unknown): Draft {
  return { ...draft, documents: { ...draft.documents, [kind]: document } };
}

/**
 * The draft with texts of one language set or removed: a string sets the key, null removes it (only
 * a key the draft itself added goes: the served texts keep theirs, so null there restores the served text).
 */
export function withTexts(
  live: Documents,
  draft: Draft,
  language: Language,
  changes: Readonly<Record<string, string | null>>,
): Draft {
  const kind = textsKind(language);
  const served = (live[kind] ?? {}) as Record<string, string>;
  const next: Record<string, string> = {
    ...((draftDocument(live, draft, kind) ?? {}) as Record<string, string>),
  };
  for (const [key, value] of Object.entries(changes)) {
    if (value !== null) next[key] = value;
    else if (Object.hasOwn(served, key)) next[key] = served[key] as string;
    else delete next[key];
  }
  return withDocument(draft, kind, next);
}

/** The texts of every language from documents (a language not loaded is empty). */
export function textsOf(documents: (kind: ConfigKindName) => unknown): TextsByLanguage {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, (documents(textsKind(language)) ?? {}) as Texts]),
  ) as TextsByLanguage;
}

/** Whether the draft changes anything. */
export function isDraftEmpty(live: Documents, draft: Draft): boolean {
  return draftEdits(live, draft).length === 0;
}
