/**
 * The content of one configuration version and how it is materialised (DESIGN.md §3 resolution):
 * base (the shipped manifests/ and locales/) → operator layer → account layers. Each layer holds, per
 * kind, the JSON Merge Patch (RFC 7386) from the layer below to its own document, so a new release's
 * base still shows through wherever the operator changed nothing.
 */
import { createHash } from "node:crypto";
import {
  ForbiddenKeyError,
  findForbiddenKey,
  isJsonObject,
  type JsonObject,
  mergePatch,
} from "../../../core/json/prototype-pollution.ts";
import type { ConfigProblem, TextMessage } from "../../../schemas/config-answers.ts";
import type { ManifestSet } from "../manifests/manifest-set.ts";
import { problemMessage } from "../manifests/problem-messages.ts";
import { type ConfigKind, isConfigKind, LANGUAGES, type Language, languageOf } from "./config-kinds.ts";

/** One language's texts: text key → text. */
export type Texts = Readonly<Record<string, string>>;

/** The shipped configuration: the manifest files and the seven locale files, already valid. */
export interface BaseConfiguration {
  manifests: ManifestSet;
  texts: Readonly<Record<Language, Texts>>;
  /** Content hash of the base: a new release changes it. */
  hash: string;
}

/** The patches of one layer, by kind. */
export type LayerPatches = Partial<Record<ConfigKind, JsonObject>>;

/** What a version stores: the operator layer and the account layers (by AccountRecId, decimal). */
export interface ConfigContent {
  operator: LayerPatches;
  accounts: Record<string, LayerPatches>;
}

/** The content of version 0: the base alone. */
export const EMPTY_CONTENT: ConfigContent = Object.freeze({ operator: {}, accounts: {} }) as ConfigContent;

/** Every document of every kind, as one layer sees it. */
export type ConfigDocuments = Record<ConfigKind, JsonObject>;

/** A validation problem (schemas/config-answers.ts: the API answers it as it is). */
export type { ConfigProblem };

/** JSON with object keys sorted: the same content always has the same bytes and hash. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (!isJsonObject(item)) return item;
    const sorted: JsonObject = {};
    for (const key of Object.keys(item).sort()) {
      Object.defineProperty(sorted, key, {
        value: item[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return sorted;
  });
}

/** sha256 (base64url) of the canonical bytes: the content hash every version records. */
export function contentHash(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("base64url");
}

/** The base's documents, one per kind. */
export function baseDocuments(base: BaseConfiguration): ConfigDocuments {
  const documents: Partial<ConfigDocuments> = {};
  for (const [kind, document] of Object.entries(base.manifests)) {
    documents[kind as ConfigKind] = document as unknown as JsonObject;
  }
  for (const language of LANGUAGES) documents[`texts.${language}`] = base.texts[language] as JsonObject;
  return documents as ConfigDocuments;
}

/**
 * The documents below with one layer's patches applied. A patch naming `__proto__`, `constructor` or
 * `prototype`, a patch that is not an object or a kind the plane does not know is a problem, and that
 * kind keeps the document below (the caller refuses the whole version anyway).
 */
export function applyLayerPatches(
  below: ConfigDocuments,
  patches: LayerPatches,
  account?: number,
): { documents: ConfigDocuments; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const documents = { ...below };
  const at = account === undefined ? {} : { account };
  for (const kind of Object.keys(patches)) {
    if (!isConfigKind(kind)) {
      problems.push({
        kind: "content",
        ...at,
        pointer: `/${kind}`,
        reason: "unknown kind",
        message: problemMessage("UnknownKind", { kind }),
      });
      continue;
    }
    const patch = patches[kind];
    if (!isJsonObject(patch)) {
      problems.push({
        kind,
        ...at,
        pointer: "",
        reason: "a layer patch must be a JSON object",
        message: problemMessage("PatchNotObject"),
      });
      continue;
    }
    try {
      const merged = mergePatch(below[kind], patch);
      if (!isJsonObject(merged)) {
        problems.push({
          kind,
          ...at,
          pointer: "",
          reason: "the merged document is not an object",
          message: problemMessage("MergedNotObject"),
        });
        continue;
      }
      documents[kind] = merged;
    } catch (error) {
      if (!(error instanceof ForbiddenKeyError)) throw error;
      problems.push({
        kind,
        ...at,
        pointer: error.pointer,
        reason: "forbidden key (prototype pollution)",
        message: problemMessage("ForbiddenKey"),
      });
    }
  }
  return { documents, problems };
}

/**
 * A stored content, checked for shape (not yet for validity): the reason, in English and as a message,
 * when it is not one.
 */
export function parseContent(
  text: string,
): { content: ConfigContent } | { reason: string; message: TextMessage } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = (error as Error).message;
    return { reason: `not JSON: ${detail}`, message: problemMessage("NotJson", { detail }) };
  }
  const forbidden = findForbiddenKey(value);
  if (forbidden !== null)
    return { reason: `forbidden key at ${forbidden}`, message: problemMessage("ForbiddenKey") };
  if (!isJsonObject(value) || !isJsonObject(value.operator) || !isJsonObject(value.accounts)) {
    return {
      reason: "not a configuration content ({operator, accounts})",
      message: problemMessage("NotContent"),
    };
  }
  for (const [account, layer] of Object.entries(value.accounts)) {
    if (!/^[1-9][0-9]{0,15}$/.test(account) || !isJsonObject(layer)) {
      return {
        reason: `account layer "${account}" is not an object keyed by AccountRecId`,
        message: problemMessage("AccountLayerNotObject", { account }),
      };
    }
  }
  return { content: value as unknown as ConfigContent };
}

/** A manifest set of documents that passed validation (the caller vouches for them). */
export function manifestSetOf(documents: ConfigDocuments): ManifestSet {
  const set: Record<string, unknown> = {};
  for (const [kind, document] of Object.entries(documents)) {
    if (languageOf(kind as ConfigKind) === null) set[kind] = document;
  }
  return set as unknown as ManifestSet;
}

/** The texts of documents that passed validation. */
export function textsOf(documents: ConfigDocuments): Record<Language, Texts> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, documents[`texts.${language}`] as Texts]),
  ) as Record<Language, Texts>;
}
