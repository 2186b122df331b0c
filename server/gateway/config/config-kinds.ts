/**
 * What the configuration plane versions (DESIGN.md §3): every manifest kind and the texts of each of
 * the seven languages (§1), each one document. Texts are named `texts.<language>`.
 */
import { CONFIG_KIND_NAMES } from "../../../schemas/config-api.ts";
import type { ManifestKind } from "../manifests/manifest-set.ts";

/** The UI languages of §1, English (the source of truth for text keys) first. */
export const LANGUAGES = ["en", "de", "es", "fr", "nl", "pt", "it"] as const;

/** One UI language. */
export type Language = (typeof LANGUAGES)[number];

/** The document kind of one language's texts. */
export type TextsKind = `texts.${Language}`;

/** Every kind a change set may touch. */
export type ConfigKind = ManifestKind | TextsKind;

/** The texts kinds, in LANGUAGES order. */
export const TEXTS_KINDS: readonly TextsKind[] = LANGUAGES.map((language) => `texts.${language}` as const);

/** Every configuration kind: the manifests, then the texts (the API's enum, schemas/config-api.ts). */
export const CONFIG_KINDS: readonly ConfigKind[] = CONFIG_KIND_NAMES;

// The API's list and the plane's kinds are the same set: each type must accept the other.
type SameKinds<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _kindsAgree: SameKinds<(typeof CONFIG_KIND_NAMES)[number], ManifestKind | TextsKind> = true;
void _kindsAgree;

/** True for a kind the plane knows. */
export function isConfigKind(value: unknown): value is ConfigKind {
  return typeof value === "string" && (CONFIG_KINDS as readonly string[]).includes(value);
}

/** The language of a texts kind, or null for a manifest kind. */
export function languageOf(kind: ConfigKind): Language | null {
  return kind.startsWith("texts.") ? (kind.slice("texts.".length) as Language) : null;
}

/**
 * The kinds an account (white-label) layer may hold: its shell and its menus. An account layer
 * narrows and brands; routes, permissions, dialogs, screens, widget kinds and texts are the same for
 * everyone, so a tenant can never open a route or a screen, nor draw a widget kind, the operator layer
 * does not.
 */
export const ACCOUNT_LAYER_KINDS: readonly ConfigKind[] = ["shell", "menus"];

/**
 * The shell settings an account layer may change: its branding. Maintenance, signup, embedding,
 * external sites and languages are the product's, not a tenant's.
 */
export const ACCOUNT_SHELL_FIELDS: readonly string[] = ["productNameKey", "logo", "title", "theme"];

/** The manifest kinds without a sentence of their own in a change's summary (summary.ts). */
export const MANIFEST_LIKE_KINDS: readonly ConfigKind[] = ["permissions", "dialogs", "screens", "constants"];
